package opoly_test

import (
	"fmt"
	"testing"

	"boardroom/engine"
	"boardroom/engine/opoly"
	"boardroom/engine/opoly/projectopoly"
	"boardroom/engine/opoly/technopoly"
	"boardroom/engine/opoly/unipoly"

	"github.com/stretchr/testify/require"
)

// TestLentRentTableAsComputed checks the table of charges a game keeps up
// to date group by group for its lent views (the bots' reserve reads it)
// against the table computed from the view's cells alone, at every step
// of four-player bot games of the three property games: purchases,
// buildings, mortgages, trades and bankruptcies all change it.
func TestLentRentTableAsComputed(t *testing.T) {
	for _, def := range []engine.Definition{unipoly.Definition{}, projectopoly.Definition{}, technopoly.Definition{}} {
		for seed := uint64(1); seed <= 4; seed++ {
			g, err := def.New(engine.Setup{Seats: 4, Seed: seed})
			require.NoError(t, err)
			require.True(t, engine.SetQuiet(g, true))
			bots := make([]engine.Bot, 4)
			for i := range bots {
				bots[i] = def.NewBot(i, seed*7+uint64(i))
			}
			shared := 0
			for step := 0; step < 5000; step++ {
				p := g.Prompt()
				if len(p.Waiting) == 0 {
					break
				}
				w := p.Waiting[0].Seat
				v := engine.PeekView(g, w).(*opoly.View)
				read, fresh, lent := opoly.RentTables(v)
				require.Equal(t, fresh, read, "%s seed %d step %d", def.Info().ID, seed, step)
				if lent {
					shared++
				}
				_, err := g.Apply(w, bots[w].Choose(v, g.Legal(w)))
				require.NoError(t, err, "%s seed %d step %d", def.Info().ID, seed, step)
			}
			require.Positive(t, shared, fmt.Sprintf("%s seed %d: the lent views read the game's table", def.Info().ID, seed))
		}
	}
}

// TestReserveFromLentTableAsCopied checks every seat's reserve read from a
// lent view's table of charges (the cells the bot may land on, and the
// highest charge by owner, kept once per cells version) against the
// reserve from the bot's own copy of the charges, at every step of
// four-player bot games of the three property games.
func TestReserveFromLentTableAsCopied(t *testing.T) {
	for _, def := range []engine.Definition{unipoly.Definition{}, projectopoly.Definition{}, technopoly.Definition{}} {
		for seed := uint64(1); seed <= 4; seed++ {
			g, err := def.New(engine.Setup{Seats: 4, Seed: seed})
			require.NoError(t, err)
			require.True(t, engine.SetQuiet(g, true))
			bots := make([]engine.Bot, 4)
			for i := range bots {
				bots[i] = def.NewBot(i, seed*7+uint64(i))
			}
			lent := 0
			for step := 0; step < 5000; step++ {
				p := g.Prompt()
				if len(p.Waiting) == 0 {
					break
				}
				w := p.Waiting[0].Seat
				v := engine.PeekView(g, w).(*opoly.View)
				read, copied, fromTable := opoly.Reserves(v)
				require.Equal(t, copied, read, "%s seed %d step %d", def.Info().ID, seed, step)
				if fromTable {
					lent++
				}
				_, err := g.Apply(w, engine.ChooseAction(bots[w], v, g, w))
				require.NoError(t, err, "%s seed %d step %d", def.Info().ID, seed, step)
			}
			require.Positive(t, lent, "%s seed %d: reserves read the game's table", def.Info().ID, seed)
		}
	}
}
