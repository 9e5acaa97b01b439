package opoly_test

import (
	"encoding/json"
	"fmt"
	"testing"

	"boardroom/engine"
	"boardroom/engine/opoly"
	"boardroom/engine/opoly/projectopoly"
	"boardroom/engine/opoly/technopoly"
	"boardroom/engine/opoly/unipoly"
	"boardroom/engine/sim"

	"github.com/stretchr/testify/require"
)

// TestViewsKeptStayAsPublished plays bot games of the three property games
// with snapshot views, keeps every view the acting seat was shown and
// requires each, at the game's end, to read as it did when it was shown:
// what a view holds is published, never written again, though the state
// behind it writes its own lists in place (the received properties, the
// bundles offered) and carves the rest from the game's blocks (the
// received properties' views, the roll-off, the estates, the held cards).
// Projectopoly's games must show the receive phase and the roll-off.
func TestViewsKeptStayAsPublished(t *testing.T) {
	received, rollOffs := 0, 0
	for _, def := range []engine.Definition{unipoly.Definition{}, projectopoly.Definition{}, technopoly.Definition{}} {
		for seed := uint64(1); seed <= 6; seed++ {
			g, err := def.New(engine.Setup{Seats: 4, Seed: seed})
			require.NoError(t, err)
			bots := make([]engine.Bot, 4)
			for i := range bots {
				bots[i] = def.NewBot(i, seed*17+uint64(i))
			}
			type kept struct {
				v    *opoly.View
				json []byte
			}
			var views []kept
			for step := 0; step < 3000; step++ {
				p := g.Prompt()
				if len(p.Waiting) == 0 {
					break
				}
				w := p.Waiting[0].Seat
				v := g.View(w)
				ov := v.(*opoly.View)
				if ov.Received != nil {
					received++
				}
				if step == 0 && len(ov.RollOff) > 0 {
					rollOffs++
				}
				b, err := json.Marshal(ov)
				require.NoError(t, err)
				views = append(views, kept{ov, b})
				_, err = g.Apply(w, bots[w].Choose(v, g.Legal(w)))
				require.NoError(t, err)
			}
			for i, k := range views {
				b, err := json.Marshal(k.v)
				require.NoError(t, err)
				require.JSONEq(t, string(k.json), string(b), "%s seed %d: view %d rewritten", def.Info().ID, seed, i)
			}
		}
	}
	require.Positive(t, received, "no receive phase shown")
	require.Positive(t, rollOffs, "no roll-off shown")
}

// TestSimResultsKeptAsPlayed plays games one after another on one
// simulator's worker and requires each result's lists (turn order,
// placements, levels) to read at the end as when its game ended: the
// worker reuses its own lists (bots, lazy choosers, the game's loop) from
// game to game, never the results'.
func TestSimResultsKeptAsPlayed(t *testing.T) {
	for _, def := range []engine.Definition{unipoly.Definition{}, projectopoly.Definition{}, technopoly.Definition{}} {
		opts, err := def.ValidateOptions(4, nil)
		require.NoError(t, err)
		cfg := sim.Config{Def: def, Players: 4, Seed: 7, Options: opts, MaxRounds: 100, CheckAtEnd: true}
		var w sim.Worker
		var results []sim.GameResult
		var copies []string
		finished := 0
		for i := range 12 {
			res := w.Play(cfg, i)
			require.NoError(t, res.Err)
			if res.Finished {
				finished++
				require.Len(t, res.Placements, 4)
			}
			require.Len(t, res.Order, 4)
			results = append(results, res)
			copies = append(copies, fmt.Sprint(res.Order, res.Placements, res.Levels))
		}
		for i, res := range results {
			require.Equal(t, copies[i], fmt.Sprint(res.Order, res.Placements, res.Levels), "%s game %d", def.Info().ID, i)
		}
		require.Positive(t, finished, def.Info().ID)
	}
}
