package technopoly_test

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"flag"
	"fmt"
	"hash"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"boardroom/engine"
	"boardroom/engine/opoly/technopoly"

	"github.com/stretchr/testify/require"
)

var updateGolden = flag.Bool("update", false, "rewrite testdata/playout_golden.txt")

// goldenCase is one recorded bot-only game.
type goldenCase struct {
	seats int
	seed  uint64
	end   string // roundLimit option; "" for the default (off)
	news  bool   // the Tech News deck
}

var goldenCases = []goldenCase{
	{4, 1, "40", false}, {2, 2, "", false}, {3, 3, "", true}, {4, 4, "", false},
	{2, 5, "20", true}, {3, 6, "", false}, {4, 7, "", true},
}

func (c goldenCase) name() string {
	return fmt.Sprintf("seats%d-seed%d-%s-news=%v", c.seats, c.seed, c.end, c.news)
}

// goldenHashes plays case c with the bots and hashes, separately, the final
// snapshot, every event (all fields), and the trace of everything a player
// could observe at each step: the prompt, the legal actions with their
// template bounds, every seat's and a spectator's View, and the action
// chosen. Any change of rules, events, views, legal lists or bot decisions
// changes at least one hash.
func goldenHashes(t *testing.T, c goldenCase) string {
	def := technopoly.Definition{}
	opts := map[string]string{}
	if c.end != "" {
		opts["roundLimit"] = c.end
	}
	if c.news {
		opts["techNewsDeck"] = "on"
	}
	g, err := def.New(engine.Setup{Seats: c.seats, Seed: c.seed, Options: opts})
	require.NoError(t, err)
	bots := make([]engine.Bot, c.seats)
	for i := range bots {
		bots[i] = def.NewBot(i, c.seed*31+uint64(i))
	}
	events, trace := sha256.New(), sha256.New()
	put := func(h hash.Hash, x any) {
		b, err := json.Marshal(x)
		require.NoError(t, err)
		h.Write(b)
		h.Write([]byte{'\n'})
	}
	steps := 0
	for ; steps < 100000; steps++ {
		p := g.Prompt()
		put(trace, p)
		for _, w := range p.Waiting {
			enc, err := engine.EncodeAction(w.Default)
			require.NoError(t, err)
			trace.Write(enc)
		}
		if len(p.Waiting) == 0 {
			break
		}
		w := p.Waiting[0].Seat
		legal := g.Legal(w)
		for _, a := range legal {
			enc, err := engine.EncodeAction(a)
			require.NoError(t, err)
			trace.Write(enc)
			if tp, ok := a.(engine.Template); ok {
				put(trace, tp.Param())
			}
		}
		for v := engine.Spectator; v < c.seats; v++ {
			put(trace, g.View(v))
		}
		a := bots[w].Choose(g.View(w), legal)
		enc, err := engine.EncodeAction(a)
		require.NoError(t, err)
		trace.Write(enc)
		ev, err := g.Apply(w, a)
		require.NoError(t, err, "step %d", steps)
		put(events, ev)
		require.NoError(t, g.(engine.Checker).CheckInvariants())
	}
	put(trace, g.Outcome())
	snap, err := g.Snapshot()
	require.NoError(t, err)
	sum := sha256.Sum256(snap)
	return fmt.Sprintf("%s steps=%d round=%d snapshot=%s events=%s trace=%s", c.name(), steps, g.Round(),
		hex.EncodeToString(sum[:8]), hex.EncodeToString(events.Sum(nil)[:8]), hex.EncodeToString(trace.Sum(nil)[:8]))
}

// TestPlayoutGolden keeps bot-only Technopoly games byte-identical across
// refactors of the core. Run with -update only when a rule, event or bot change is meant.
func TestPlayoutGolden(t *testing.T) {
	path := filepath.Join("testdata", "playout_golden.txt")
	var got []string
	for _, c := range goldenCases {
		got = append(got, goldenHashes(t, c))
	}
	text := strings.Join(got, "\n") + "\n"
	if *updateGolden {
		require.NoError(t, os.MkdirAll("testdata", 0o755))
		require.NoError(t, os.WriteFile(path, []byte(text), 0o644))
	}
	want, err := os.ReadFile(path)
	require.NoError(t, err)
	require.Equal(t, string(want), text)
}
