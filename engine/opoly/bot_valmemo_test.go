package opoly_test

import (
	"testing"

	"boardroom/engine"
	"boardroom/engine/opoly"
	"boardroom/engine/opoly/projectopoly"
	"boardroom/engine/opoly/technopoly"
	"boardroom/engine/opoly/unipoly"

	"github.com/stretchr/testify/require"
)

// TestLentValuationsAsWorkedOut: the lots' and trades' worths the bots and
// the auditor read from a game's memo (valMemo) are those a fresh bot
// works out, at every step of bot games of the three games: the memo is
// emptied when the cells (or the seats out) change. Each step values the
// same two trades (the active seat asking the next seat for its first
// property, with money and a jail card, and the reverse) so that a memo
// kept past a change of the cells is read with the old worths.
func TestLentValuationsAsWorkedOut(t *testing.T) {
	lots := 0 // Technopoly has no auctions of lots
	for _, def := range []engine.Definition{unipoly.Definition{}, projectopoly.Definition{}, technopoly.Definition{}} {
		for seed := uint64(1); seed <= 3; seed++ {
			g, err := def.New(engine.Setup{Seats: 4, Seed: seed})
			require.NoError(t, err)
			require.True(t, engine.SetQuiet(g, true))
			bots := make([]engine.Bot, 4)
			for i := range bots {
				bots[i] = def.NewBot(i, seed*7+uint64(i))
			}
			kept := 0
			for step := 0; step < 5000; step++ {
				p := g.Prompt()
				if len(p.Waiting) == 0 {
					break
				}
				w := p.Waiting[0].Seat
				v := engine.PeekView(g, w).(*opoly.View)
				if a := v.Auction; a != nil && a.Kind != "unit" && a.Kind != "top" {
					read, again, fresh := opoly.LotValues(v)
					require.Equal(t, fresh, read, "%s seed %d step %d", def.Info().ID, seed, step)
					require.Equal(t, fresh, again, "%s seed %d step %d", def.Info().ID, seed, step)
					lots++
				}
				from, to := v.Active, (v.Active+1)%len(v.Players)
				if from >= 0 && len(v.Players[to].Props) > 0 && len(v.Players[from].Props) > 0 {
					for _, o := range []opoly.TradeOffer{
						{From: from, To: to, ToCells: v.Players[to].Props[:1], Money: 30, FromCards: []int{0}},
						{From: to, To: from, FromCells: v.Players[to].Props[:1], ToCells: v.Players[from].Props[:1], Money: -10},
					} {
						read, fresh, ok := opoly.DealValues(v, &o)
						require.Equal(t, fresh, read, "%s seed %d step %d: %+v", def.Info().ID, seed, step, o)
						if ok {
							kept++
						}
					}
				}
				_, err := g.Apply(w, engine.ChooseAction(bots[w], v, g, w))
				require.NoError(t, err, "%s seed %d step %d", def.Info().ID, seed, step)
			}
			require.Positive(t, kept, "%s seed %d: trades valued from the memo", def.Info().ID, seed)
		}
	}
	require.Positive(t, lots, "auctions valued")
}
