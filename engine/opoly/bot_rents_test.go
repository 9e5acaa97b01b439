package opoly_test

import (
	"fmt"
	"testing"

	"boardroom/engine"
	"boardroom/engine/opoly"
	"boardroom/engine/opoly/opolytest"

	"github.com/stretchr/testify/require"
)

// TestLentRentTableAsComputed checks the table of charges a game keeps up
// to date group by group for its lent views (the bots' reserve reads it)
// against the table computed from the view's cells alone, at every step
// of four-player bot games of the three property games: purchases,
// buildings, mortgages, trades and bankruptcies all change it.
func TestLentRentTableAsComputed(t *testing.T) {
	shared := 0
	botSteps(t, 4, false, func(s opolytest.BotStep) {
		read, fresh, lent := opoly.RentTables(s.View)
		require.Equal(t, fresh, read, s.At())
		if lent {
			shared++
		}
	}, func(def engine.Definition, seed uint64) {
		require.Positive(t, shared, fmt.Sprintf("%s seed %d: the lent views read the game's table", def.Info().ID, seed))
		shared = 0
	})
}

// TestReserveFromLentTableAsCopied checks every seat's reserve read from a
// lent view's table of charges (the cells the bot may land on, and the
// highest charge by owner, kept once per cells version) against the
// reserve from the bot's own copy of the charges, at every step of
// four-player bot games of the three property games.
func TestReserveFromLentTableAsCopied(t *testing.T) {
	lent := 0
	botSteps(t, 4, true, func(s opolytest.BotStep) {
		read, copied, fromTable := opoly.Reserves(s.View)
		require.Equal(t, copied, read, s.At())
		if fromTable {
			lent++
		}
	}, func(def engine.Definition, seed uint64) {
		require.Positive(t, lent, "%s seed %d: reserves read the game's table", def.Info().ID, seed)
		lent = 0
	})
}

// TestFarChargeKeptAsFresh: the highest charge of a cell another player
// owns (rentMemo.farFrom, the reserve's far part), whose owners' highest
// charges are worked out again only for the owners publish marks (a cell
// of theirs changed or left them), is the one worked out afresh from every
// owner's cells, for every seat at every step of bot games of the three
// property games. It fails with either mark left out.
func TestFarChargeKeptAsFresh(t *testing.T) {
	steps := keptAsFresh(t, 12, func(s opolytest.BotStep) ([]int64, []int64, bool) {
		return opoly.FarBothWays(s.View)
	})
	require.Positive(t, steps)
}

// TestChargeKeysKeptAsFresh: the fingerprint of the charges of the cells
// a seat does not own (chargeKeys, which publish keeps for the cells it
// works the charges out again for) is the one worked out afresh from the
// table of charges and the cells' owners, for every seat at every step of
// bot games of the three property games.
func TestChargeKeysKeptAsFresh(t *testing.T) {
	steps := keptAsFresh(t, 6, func(s opolytest.BotStep) ([]uint64, []uint64, bool) {
		return opoly.ChargeKeysBothWays(s.View)
	})
	require.Positive(t, steps)
}

// TestNearChargeFromMasksAsWalked: the reserve's nearest charge read from
// the masks of the cells that charge something and are not the seat's
// (nearCharge) is the one read square by square, for every seat from
// every square at every step of bot games of the three property games
// (the squares that wrap past the board's start among them).
func TestNearChargeFromMasksAsWalked(t *testing.T) {
	steps := keptAsFresh(t, 4, func(s opolytest.BotStep) ([]int64, []int64, bool) {
		return opoly.NearBothWays(s.View)
	})
	require.Positive(t, steps)
}

// TestKeptReserveAsFresh: a bot that keeps its last reserve and least
// reserve while only cells of its own change (bot.reserveOf and
// leastReserve, by the charges of the cells it does not own) has the ones
// worked out afresh, for every seat at every step of bot games of the
// three property games; the shortcuts are taken in every game.
func TestKeptReserveAsFresh(t *testing.T) {
	var k opoly.ReserveKeeper
	botSteps(t, 6, true, func(s opolytest.BotStep) {
		if kept, fresh, ok := k.Reserves(s.View); ok {
			require.Equal(t, fresh, kept, s.At())
		}
	}, func(def engine.Definition, seed uint64) {
		require.Positive(t, k.Shortcuts, "%s seed %d: reserves kept while only the bot's own cells changed", def.Info().ID, seed)
		k = opoly.ReserveKeeper{}
	})
}
