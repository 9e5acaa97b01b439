package opoly_test

import (
	"testing"

	"boardroom/engine"
	"boardroom/engine/opoly"
	"boardroom/engine/opoly/opolytest"

	"github.com/stretchr/testify/require"
)

// TestOwnViewsAsLentViews: at every step of bot games of the three games,
// every seat's own view (what its bot reads, Game.ownView) holds what its
// lent view (engine.PeekView) holds, but for its players, which it reads
// in place (Seats, PlayerCash, PlayerPos, PlayerOut, PlayerProps: each
// the lent view's Players), and the parts the bot does not read, left
// empty (an auction's Committed; the debt in a debt's phase: its lists,
// which the debtor's bot reads, are the lent view's,
// TestBotChoosesTheSameFromParts). A trade's offer is shown to its
// parties alone, the own view's count of a player's mortgages
// (mortgagesOf, the published count) is what the cells show, and its
// seats out (outSeats, worked out once a state) what the players show.
// It fails with a player's properties read from another seat, with the
// round not written, with another seat's mortgage count, with the seats
// out kept for the game, and with the offer shown to every seat.
func TestOwnViewsAsLentViews(t *testing.T) {
	steps, outs, offers := 0, 0, 0
	botSteps(t, 2, true, func(s opolytest.BotStep) {
		g := s.G.(*opoly.Game)
		for seat := range len(s.View.Players) {
			own := opoly.OwnView(g, seat)
			lent := engine.ViewOf[opoly.View](engine.PeekView(g, seat))
			require.Nil(t, own.Players, s.At())
			require.Equal(t, len(lent.Players), own.Seats(), s.At())
			for i, p := range lent.Players {
				require.Equal(t, p.Cash, own.PlayerCash(i), "%s: seat %d's player %d", s.At(), seat, i)
				require.Equal(t, p.Position, own.PlayerPos(i), "%s: seat %d's player %d", s.At(), seat, i)
				require.Equal(t, p.Out, own.PlayerOut(i), "%s: seat %d's player %d", s.At(), seat, i)
				require.Equal(t, p.Props, own.PlayerProps(i), "%s: seat %d's player %d", s.At(), seat, i)
				require.Equal(t, p.Cash, lent.PlayerCash(i)) // a whole view reads its Players
				mortgaged := 0
				for _, c := range p.Props {
					if lent.Cells[c].Mortgaged {
						mortgaged++
					}
				}
				n, ok := opoly.MortgagesOf(own, i)
				require.True(t, ok, s.At())
				require.Equal(t, mortgaged, n, "%s: seat %d's player %d's mortgages", s.At(), seat, i)
				_, ok = opoly.MortgagesOf(lent, i)
				require.False(t, ok, "a whole view does not count them")
			}
			require.Equal(t, opoly.OutSeats(lent), opoly.OutSeats(own), "%s: seat %d's seats out", s.At(), seat)
			if opoly.OutSeats(lent) != 0 {
				outs++
			}
			require.Equal(t, lent.CellsVersion, own.CellsVersion, s.At())
			require.Same(t, lent.Rules, own.Rules, s.At())
			require.Same(t, lent.Board, own.Board, s.At())
			w := *lent
			w.Players, w.Dice, w.Doubles, w.MustRoll, w.TimeUp, w.Over = nil, [2]int{}, 0, false, false, false
			w.LastCard, w.LastAuction, w.Decks, w.Awaiting, w.Supply = nil, nil, nil, nil, nil
			if w.Phase == opoly.PhaseDebt {
				w.Debt = nil
			}
			if w.Auction != nil {
				au := *w.Auction
				au.Committed = nil
				w.Auction = &au
			}
			require.Equal(t, encode(t, &w), encode(t, own), "%s: seat %d", s.At(), seat)
			if own.Trade != nil && own.Trade.Offer != nil {
				offers++
			}
		}
		steps++
	}, nil)
	require.Positive(t, steps)
	require.Positive(t, outs, "players out seen")
	require.Positive(t, offers, "trades and takeovers seen by their parties")
}
