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

// TestProposeWithoutAnOfferIsTradeKeys: whether a seat may propose a trade,
// worked out without an offer or a template's key (mayPropose where no
// offer was rejected this turn), is what tradeKey's templates say, at
// every step of bot games of the three property games, for every seat,
// with the seats' cash set to amounts around zero and the money step, with
// and without gifts, transfer fees and a step of money, and with seats
// shown without properties or holding a card. Both answers occur.
func TestProposeWithoutAnOfferIsTradeKeys(t *testing.T) {
	cashes := [][]int64{{0}, {1}, {9}, {10}, {15}, {0, 10}, {10, 0}, {40, 5, 0, 25}, {-10, 30}, {500}}
	seen := map[bool]int{}
	for _, def := range []engine.Definition{unipoly.Definition{}, projectopoly.Definition{}, technopoly.Definition{}} {
		for seed := uint64(1); seed <= 2; seed++ {
			g, err := def.New(engine.Setup{Seats: 4, Seed: seed})
			require.NoError(t, err)
			require.True(t, engine.SetQuiet(g, true))
			bots := make([]engine.Bot, 4)
			for i := range bots {
				bots[i] = def.NewBot(i, seed*7+uint64(i))
			}
			for step := 0; step < 3000; step++ {
				p := g.Prompt()
				if len(p.Waiting) == 0 {
					break
				}
				if step%11 == 0 {
					for seat := 0; seat < 4; seat++ {
						for _, cash := range cashes {
							for _, rules := range []struct {
								noGifts    bool
								pct, mstep int64
							}{{false, 0, 1}, {true, 0, 1}, {true, 10, 10}, {false, 50, 10}, {true, 10, 1}} {
								for _, hc := range [][2]uint8{{0, 0}, {15, 0}, {15, 1}, {15, 6}, {14, 0}, {1 << seat, 0}} {
									fast, ref, ok := opoly.ProposeBothWays(g, seat, cash, hc[0], hc[1], rules.noGifts, rules.pct, rules.mstep)
									if !ok {
										continue
									}
									require.Equal(t, ref, fast, "%s seed %d step %d seat %d cash %v rules %+v hidden, cards %v", def.Info().ID, seed, step, seat, cash, rules, hc)
									seen[ref]++
								}
							}
						}
					}
				}
				w := p.Waiting[0].Seat
				_, err := g.Apply(w, bots[w].Choose(engine.PeekView(g, w), g.Legal(w)))
				require.NoError(t, err)
			}
		}
	}
	require.Positive(t, seen[true])
	require.Positive(t, seen[false])
}
