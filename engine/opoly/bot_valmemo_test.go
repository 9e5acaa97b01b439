package opoly_test

import (
	"testing"

	"boardroom/engine"
	"boardroom/engine/opoly"
	"boardroom/engine/opoly/opolytest"

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
	lots, kept := 0, 0 // Technopoly has no auctions of lots
	botSteps(t, 3, true, func(s opolytest.BotStep) {
		v := s.View
		if a := v.Auction; a != nil && a.Kind != "unit" && a.Kind != "top" {
			read, again, fresh := opoly.LotValues(v)
			require.Equal(t, fresh, read, s.At())
			require.Equal(t, fresh, again, s.At())
			lots++
		}
		from, to := v.Active, (v.Active+1)%len(v.Players)
		if from >= 0 && len(v.Players[to].Props) > 0 && len(v.Players[from].Props) > 0 {
			for _, o := range []opoly.TradeOffer{
				{From: from, To: to, ToCells: v.Players[to].Props[:1], Money: 30, FromCards: []int{0}},
				{From: to, To: from, FromCells: v.Players[to].Props[:1], ToCells: v.Players[from].Props[:1], Money: -10},
			} {
				read, fresh, ok := opoly.DealValues(v, &o)
				require.Equal(t, fresh, read, "%s: %+v", s.At(), o)
				if ok {
					kept++
				}
			}
		}
	}, func(def engine.Definition, seed uint64) {
		require.Positive(t, kept, "%s seed %d: trades valued from the memo", def.Info().ID, seed)
		kept = 0
	})
	require.Positive(t, lots, "auctions valued")
}

// TestLotValuesKeptAsWorkedOut: the lots' worths a game's memo keeps past
// changes of the cells (keyed by the state of the lot's group, the
// landings and the rules) are those a fresh bot works out, at every step
// of bot games of the three games, for the properties of the board's first
// groups (as many as the memo keeps, so that most are read from an entry
// of earlier cells) and for every seat. It fails with the owners, the
// levels, the mortgages or the landings left out of the key.
func TestLotValuesKeptAsWorkedOut(t *testing.T) {
	steps, kept := 0, 0
	botSteps(t, 3, true, func(s opolytest.BotStep) {
		v := s.View
		var lots []int
		for gi := range v.Board.Groups {
			cells := v.Board.Groups[gi].Cells
			if len(lots)+len(cells) > opoly.LotWays {
				break
			}
			for _, c := range cells {
				if v.Board.Cells[c].Kind.Property() {
					lots = append(lots, c)
				}
			}
		}
		read, fresh, k := opoly.LotValuesOf(v, lots)
		require.Equal(t, fresh, read, s.At())
		steps, kept = steps+1, kept+k
	}, nil)
	require.Positive(t, steps)
	require.Greater(t, kept, steps, "lots read from entries of earlier cells")
}

// TestProposerLendsItsValuation checks that a standard bot's proposal
// leaves what its search worked out of the trade in the game's memo of
// valuations (valMemo), which the answerer and the auditor read, and that
// it is what tradeDeltas works out afresh, at the answer of every
// proposal in four-player bot games of the three property games. It fails
// when the proposer keeps its valuation to itself.
func TestProposerLendsItsValuation(t *testing.T) {
	var n pendingDeals
	botSteps(t, 8, true, n.look(t, false), nil)
	n.require(t, "every proposal's valuation kept for its answer")
}

// pendingDeals counts the pending deals of one kind (trades or takeover
// requests) at whose answer the bots' steps were looked at, and those whose
// valuation the game's memo kept (PendingDealKept), checking each kept one
// against tradeDeltas worked out afresh.
type pendingDeals struct{ pending, kept int }

func (n *pendingDeals) look(t *testing.T, takeover bool) func(opolytest.BotStep) {
	return func(s opolytest.BotStep) {
		if s.View.Phase != opoly.PhaseTrade || s.View.Trade == nil || s.View.Trade.Offer == nil || s.View.Trade.Takeover != takeover {
			return
		}
		n.pending++
		k, fresh, ok := opoly.PendingDealKept(s.View)
		if ok {
			require.Equal(t, fresh, k, s.At())
			n.kept++
		}
	}
}

func (n *pendingDeals) require(t *testing.T, msg string) {
	require.Positive(t, n.pending)
	require.Equal(t, n.pending, n.kept, msg)
}
