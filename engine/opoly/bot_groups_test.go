package opoly_test

import (
	"testing"

	"boardroom/engine"
	"boardroom/engine/opoly"
	"boardroom/engine/opoly/opolytest"

	"github.com/stretchr/testify/require"
)

// TestGroupMemoKeptAsCells checks what the game keeps of each group for
// the bots' trade search as its cells change (groupMemo: the owners, the
// bank, buildings and stamp of each group, the fingerprint of the whole
// groups' owners) and the bot's cells read from its Props, against the
// same summed up from the view's cells, for every seat at every step of
// four-player bot games of the three property games: purchases, builds,
// mortgages, trades and bankruptcies all change them. It fails when
// publish leaves a changed group out.
func TestGroupMemoKeptAsCells(t *testing.T) {
	lent := 0
	botSteps(t, 6, true, func(s opolytest.BotStep) {
		for seat := range 4 {
			kept, fresh, ok := opoly.GroupMemoBoth(engine.PeekView(s.G, seat), seat)
			if ok {
				require.Equal(t, fresh, kept, "%s seat %d", s.At(), seat)
				lent++
			}
		}
	}, nil)
	require.Positive(t, lent)
}

// TestGroupWorthsKeptAsFresh checks the worths of the groups to the seats
// that the game keeps for the bots' valuations of trades (the worths
// before a trade: groupMemo.worthOf), kept until a cell of the group
// changes or a seat leaves the game, against the same worked out afresh
// from the view's cells, at every step of four-player bot games of the
// three property games. It fails when a changed group's worths are kept.
func TestGroupWorthsKeptAsFresh(t *testing.T) {
	compared := keptAsFresh(t, 8, func(s opolytest.BotStep) ([]int64, []int64, bool) {
		return opoly.GroupWorthsKept(s.View)
	})
	require.Positive(t, compared)
}

// TestDealsFromGroupMemoAsFromCells checks the valuations of trades
// outside a search (the answerer's, the auditor's, Technopoly's
// takeovers), which read the worths before the trade and the owners of
// the other groups from the game's memo of the groups and copy the traded
// groups' cells alone to the bot's scratch board, against the same trades
// valued from a view that lends nothing, for the awaited seat's own bot at
// every step of four-player bot games of the three property games. It
// fails when the scratch board keeps a traded group's cells of an earlier
// valuation, or the memo's owners are read for a traded group.
func TestDealsFromGroupMemoAsFromCells(t *testing.T) {
	valued := 0
	botSteps(t, 6, true, func(s opolytest.BotStep) {
		lent, plain := opoly.DealsBothWays(s.Bot, s.View, s.Seat)
		require.Equal(t, plain, lent, s.At())
		valued += len(lent)
	}, nil)
	require.Positive(t, valued)
}

// TestStreetsOwnedWholeAsWalk checks the street groups each seat owns
// whole as the game's memo of the groups gives them on a lent view
// (View.StreetsOwnedWhole; Projectopoly's advice reads them at every step
// of the bot's turns) against a walk over every street group's cells, for
// every seat at every step of four-player bot games of the three property
// games. It fails when the memo's owners are not summed up again.
func TestStreetsOwnedWholeAsWalk(t *testing.T) {
	whole := 0
	botSteps(t, 6, true, func(s opolytest.BotStep) {
		for seat := range 4 {
			v := engine.ViewOf[opoly.View](engine.PeekView(s.G, seat))
			var walk uint64
			for gi := range v.Board.Groups {
				if grp := &v.Board.Groups[gi]; grp.Kind == opoly.KindStreet && v.OwnsGroup(seat, gi) {
					walk |= 1 << uint(gi)
				}
			}
			require.Equal(t, walk, v.StreetsOwnedWhole(seat), "%s seat %d", s.At(), seat)
			if walk != 0 {
				whole++
			}
		}
	}, nil)
	require.Positive(t, whole, "some seat owned a street group whole")
}
