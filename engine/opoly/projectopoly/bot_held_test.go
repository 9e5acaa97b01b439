package projectopoly

import (
	"testing"

	"boardroom/engine"
	"boardroom/engine/opoly"
	"boardroom/engine/opoly/opolytest"

	"github.com/stretchr/testify/require"
)

// TestBlockedAndWholeFromPropsAsWalk checks what the advice reads of the
// bot's groups from its own properties (held, blockedOf) against a walk
// over the cells (blocked, View.OwnsGroup), for every seat at every step of
// four-player bot games, reading the lent views the simulator's bots read:
// the blocked unmortgaged properties, and the street groups owned whole.
func TestBlockedAndWholeFromPropsAsWalk(t *testing.T) {
	blockedSeen, wholeSeen := 0, 0
	opolytest.PlayBotGames(t, []engine.Definition{Definition{}}, opolytest.BotGames{Seeds: 4, Lazy: true, Look: func(s opolytest.BotStep) {
		for seat := 0; seat < 4; seat++ {
			v := engine.ViewOf[opoly.View](engine.PeekView(s.G, seat))
			walk := blockedWalk(v, seat)
			require.Equal(t, walk, blockedOf(v, seat), "%s seat %d", s.At(), seat)
			n, _ := held(v, seat)
			for gi := range v.Board.Groups {
				grp := &v.Board.Groups[gi]
				require.Equal(t, v.OwnsGroup(seat, gi), int(n[gi]) == len(grp.Cells), "%s seat %d group %d", s.At(), seat, gi)
				if v.OwnsGroup(seat, gi) {
					wholeSeen++
				}
			}
			if walk != 0 {
				blockedSeen++
			}
		}
	}})
	require.Positive(t, blockedSeen, "some seat held a blocked property")
	require.Positive(t, wholeSeen, "some seat owned a group whole")
}

// TestBlockedKeptAsWalk checks the blocked properties the advice keeps in
// the bot's memory while the cells do not change (blockedKept) against the
// walk over the cells, for every seat (each with a memory of its own, kept
// from step to step as a bot's) at every step of four-player bot games. It
// fails when the kept set outlives the cells it was worked out from.
func TestBlockedKeptAsWalk(t *testing.T) {
	var mem [4]opoly.AdviceMemory
	kept := 0
	opolytest.PlayBotGames(t, []engine.Definition{Definition{}}, opolytest.BotGames{Seeds: 4, Lazy: true, Look: func(s opolytest.BotStep) {
		if s.Step == 0 {
			mem = [4]opoly.AdviceMemory{}
		}
		for seat := 0; seat < 4; seat++ {
			v := engine.ViewOf[opoly.View](engine.PeekView(s.G, seat))
			walk := blockedWalk(v, seat)
			require.Equal(t, walk, keptBlocked(&mem[seat], v, seat, untold), "%s seat %d", s.At(), seat)
			if walk != 0 {
				kept++
			}
		}
	}})
	require.Positive(t, kept, "some seat held a blocked property")
}

// blockedWalk is seat's blocked unmortgaged properties by a walk over
// every cell (blocked), the reference the advice's sets are checked
// against.
func blockedWalk(v *opoly.View, seat int) uint64 {
	var walk uint64
	for c := range v.Cells {
		if v.Cells[c].Owner == seat && blocked(v, seat, c) && !v.Cells[c].Mortgaged {
			walk |= 1 << uint(c)
		}
	}
	return walk
}
