package allinthegame

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"flag"
	"fmt"
	"path/filepath"
	"testing"

	"boardroom/engine"
	"boardroom/engine/enginetest"
	"boardroom/internal/golden"

	"github.com/stretchr/testify/require"
)

var updateGolden = flag.Bool("update", false, "rewrite testdata/playout_golden.txt")

// TestGoldenBotPlayouts plays bot-only games and compares, per game, the
// final dollars and rounds plus a hash of every event, prompt, legal list,
// view and chosen action with testdata/playout_golden.txt. Any change of
// rules, events, views or bot decisions shows here; run with -update after
// a deliberate change. (The file predates enginetest.Digest, whose lines
// other games use; it keeps its own.)
func TestGoldenBotPlayouts(t *testing.T) {
	var lines []string
	for _, c := range []struct {
		seats int
		seed  uint64
		opts  map[string]string
	}{{2, 1, nil}, {3, 2, nil}, {4, 3, nil}, {4, 4, basic}, {3, 5, map[string]string{OptInnovation: "off"}}} {
		setup := engine.Setup{Seats: c.seats, Seed: c.seed, Options: c.opts}
		h := sha256.New()
		put := func(x any) {
			b, err := json.Marshal(x)
			require.NoError(t, err)
			h.Write(b)
		}
		encode := func(a engine.Action) {
			enc, _ := engine.EncodeAction(a)
			h.Write(enc)
		}
		g, err := enginetest.PlayBots(Definition{}, setup, enginetest.Bots(Definition{}, setup), 20000, func(st *enginetest.BotStep) error {
			if st.Step > 0 {
				put(st.Last)
			}
			if st.Done {
				return nil
			}
			put(st.Prompt)
			for _, a := range st.Legal {
				encode(a)
			}
			for v := engine.Spectator; v < c.seats; v++ {
				put(st.Game.View(v))
			}
			encode(st.Action)
			return nil
		})
		require.NoError(t, err, "seed %d", c.seed)
		lines = append(lines, fmt.Sprintf("seats=%d seed=%d opts=%v rounds=%d dollars=%v hash=%s",
			c.seats, c.seed, c.opts, g.Round(), g.(*Game).s.Dollars, hex.EncodeToString(h.Sum(nil))[:16]))
	}
	golden.Check(t, filepath.Join("testdata", "playout_golden.txt"), lines, *updateGolden)
}
