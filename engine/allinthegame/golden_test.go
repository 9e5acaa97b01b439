package allinthegame

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"boardroom/engine"

	"github.com/stretchr/testify/require"
)

var updateGolden = flag.Bool("update", false, "rewrite testdata/playout_golden.txt")

// TestGoldenBotPlayouts plays bot-only games and compares, per game, the
// final dollars and rounds plus a hash of every event, prompt, legal list,
// view and chosen action with testdata/playout_golden.txt. Any change of
// rules, events, views or bot decisions shows here; run with -update after
// a deliberate change.
func TestGoldenBotPlayouts(t *testing.T) {
	var lines []string
	for _, c := range []struct {
		seats int
		seed  uint64
		opts  map[string]string
	}{{2, 1, nil}, {3, 2, nil}, {4, 3, nil}, {4, 4, basic}, {3, 5, map[string]string{OptInnovation: "off"}}} {
		g := newGame(t, c.seats, c.opts, c.seed)
		def := Definition{}
		bots := make([]engine.Bot, c.seats)
		for i := range bots {
			bots[i] = def.NewBot(i, c.seed*31+uint64(i))
		}
		h := sha256.New()
		put := func(x any) {
			b, err := json.Marshal(x)
			require.NoError(t, err)
			h.Write(b)
		}
		for steps := 0; !g.Outcome().Finished; steps++ {
			require.Less(t, steps, 20000)
			p := g.Prompt()
			put(p)
			seat := p.Waiting[0].Seat
			legal := g.Legal(seat)
			for _, a := range legal {
				enc, _ := engine.EncodeAction(a)
				h.Write(enc)
			}
			for v := -1; v < c.seats; v++ {
				put(g.View(v))
			}
			a := bots[seat].Choose(g.View(seat), legal)
			enc, _ := engine.EncodeAction(a)
			h.Write(enc)
			evs, err := g.Apply(seat, a)
			require.NoError(t, err)
			put(evs)
		}
		lines = append(lines, fmt.Sprintf("seats=%d seed=%d opts=%v rounds=%d dollars=%v hash=%s",
			c.seats, c.seed, c.opts, g.Round(), g.s.Dollars, hex.EncodeToString(h.Sum(nil))[:16]))
	}
	got := strings.Join(lines, "\n") + "\n"
	path := filepath.Join("testdata", "playout_golden.txt")
	if *updateGolden {
		require.NoError(t, os.MkdirAll("testdata", 0o755))
		require.NoError(t, os.WriteFile(path, []byte(got), 0o644))
	}
	want, err := os.ReadFile(path)
	require.NoError(t, err, "run with -update to create it")
	require.Equal(t, string(want), got)
}
