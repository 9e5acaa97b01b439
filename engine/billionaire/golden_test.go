package billionaire

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

	"github.com/stretchr/testify/require"
)

var updateGolden = flag.Bool("update", false, "rewrite testdata/playout_golden.txt")

type goldenCase struct {
	seats  int
	seed   uint64
	rounds string
}

var goldenCases = []goldenCase{{2, 1, "25"}, {3, 2, "25"}, {4, 3, "25"}, {4, 4, "10"}, {2, 5, "5"}}

// goldenHashes plays case c with the bots (every awaited seat of a
// simultaneous prompt in seat order) and hashes the final snapshot, every
// event, and the trace of what players could observe: prompts with their
// defaults, legal actions, every View and each chosen action.
func goldenHashes(t *testing.T, c goldenCase) string {
	def := Definition{}
	gi, err := def.New(engine.Setup{Seats: c.seats, Seed: c.seed, Options: map[string]string{OptRounds: c.rounds}})
	require.NoError(t, err)
	g := gi.(*Game)
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
	for ; steps < 100000 && !g.Outcome().Finished; steps++ {
		p := g.Prompt()
		put(trace, p)
		for _, w := range p.Waiting {
			enc, err := engine.EncodeAction(w.Default)
			require.NoError(t, err)
			trace.Write(enc)
		}
		w := p.Waiting[0].Seat
		legal := g.Legal(w)
		for _, a := range legal {
			enc, err := engine.EncodeAction(a)
			require.NoError(t, err)
			trace.Write(enc)
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
		require.NoError(t, g.CheckInvariants())
	}
	put(trace, g.Outcome())
	snap, err := g.Snapshot()
	require.NoError(t, err)
	sum := sha256.Sum256(snap)
	return fmt.Sprintf("seats%d-seed%d-rounds%s steps=%d round=%d snapshot=%s events=%s trace=%s", c.seats, c.seed, c.rounds,
		steps, g.Round(), hex.EncodeToString(sum[:8]), hex.EncodeToString(events.Sum(nil)[:8]), hex.EncodeToString(trace.Sum(nil)[:8]))
}

// TestPlayoutGolden keeps bot-only games byte-identical across refactors.
// Run with -update only when a rule, event, view or bot change is meant.
func TestPlayoutGolden(t *testing.T) {
	path := filepath.Join("testdata", "playout_golden.txt")
	var got []string
	for _, c := range goldenCases {
		got = append(got, goldenHashes(t, c))
	}
	text := strings.Join(got, "\n") + "\n"
	if *updateGolden {
		require.NoError(t, os.WriteFile(path, []byte(text), 0o644))
	}
	want, err := os.ReadFile(path)
	require.NoError(t, err)
	require.Equal(t, string(want), text)
}
