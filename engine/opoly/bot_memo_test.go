package opoly_test

import (
	"testing"

	"boardroom/engine"
	"boardroom/engine/opoly"
	"boardroom/engine/opoly/opolytest"
	"boardroom/engine/opoly/projectopoly"
	"boardroom/engine/opoly/technopoly"
	"boardroom/engine/opoly/unipoly"

	"github.com/stretchr/testify/require"
)

// TestTradeMemoValuesAsWithout checks the bot's trade-search memo (group
// worths of the board as it is, and of a group after a trade, shared
// between candidates) against valuing every offer from scratch: along bot
// games of the three property games, every trade of one or two of a
// partner's properties for money, for one of the bot's or for two, valued
// in a row as one search, must give the same numbers as alone, and leave
// the search's board as it was.
func TestTradeMemoValuesAsWithout(t *testing.T) {
	for _, def := range []engine.Definition{unipoly.Definition{}, projectopoly.Definition{}, technopoly.Definition{}} {
		g, err := def.New(engine.Setup{Seats: 4, Seed: 5})
		require.NoError(t, err)
		bots := make([]engine.Bot, 4)
		for i := range bots {
			bots[i] = def.NewBot(i, uint64(40+i))
		}
		checked := 0
		for step := 0; step < 1500; step++ {
			p := g.Prompt()
			if len(p.Waiting) == 0 {
				break
			}
			w := p.Waiting[0].Seat
			if step%15 == 0 {
				v := (*engine.ViewOf[opoly.View](g.View(w)))
				offers := tradesOf(&v, w)
				memo, plain, restored := opoly.TradeDeltasBothWays(w, &v, offers)
				require.Equal(t, plain, memo, "%s step %d", def.Info().ID, step)
				require.True(t, restored, "%s step %d: the search's board changed", def.Info().ID, step)
				checked += len(offers)
			}
			_, err := g.Apply(w, bots[w].Choose(g.View(w), g.Legal(w)))
			require.NoError(t, err)
		}
		require.Greater(t, checked, 500, def.Info().ID)
	}
}

// tradesOf lists trades seat could propose: one or two properties of a
// partner (in board order) against nothing, one or two of seat's.
func tradesOf(v *opoly.View, seat int) []opoly.TradeOffer {
	var out []opoly.TradeOffer
	mine := v.Players[seat].Props
	sets := func(props []int) [][]int {
		var s [][]int
		for i, a := range props {
			s = append(s, []int{a})
			if i+1 < len(props) {
				s = append(s, []int{a, props[i+1]})
			}
		}
		return s
	}
	gives := append([][]int{nil}, sets(mine)...)
	for to := range v.Players {
		if to == seat || v.Players[to].Out {
			continue
		}
		for _, take := range sets(v.Players[to].Props) {
			for _, give := range gives {
				out = append(out, opoly.TradeOffer{From: seat, To: to, FromCells: give, ToCells: take})
			}
		}
	}
	return out
}

// TestGroupAfterAsBoard checks the trade search's valuation of a group
// after a trade (groupAfter: both sides' worths in one pass over the
// group's cells as the view holds them, the traded cells read as moved)
// against the group valued by groupWorth on a board where the trade was
// carried out, for every group, every two seats and every move of their
// cells of the group, buildings cleared or not, at every fifth step of
// four-player bot games of the three property games: full groups, built
// and mortgaged streets, prospects, counted and dice groups, the bank
// holding a cell. It fails when a count, a rival, a refund or the owner
// after is read otherwise than on the board.
func TestGroupAfterAsBoard(t *testing.T) {
	valued := 0
	botSteps(t, 3, true, func(s opolytest.BotStep) {
		if s.Step%5 != 0 {
			return
		}
		fast, board := opoly.GroupAftersBoth(s.View)
		require.Equal(t, board, fast, s.At())
		valued += len(fast)
	}, nil)
	require.Greater(t, valued, 10000)
}
