package opoly_test

import (
	"testing"

	"boardroom/engine"
	"boardroom/engine/enginetest"
	"boardroom/engine/opoly/projectopoly"
	"boardroom/engine/opoly/technopoly"
	"boardroom/engine/opoly/unipoly"

	"github.com/stretchr/testify/require"
)

// TestSimGameAllocations guards what a simulated game of each property
// game allocates once a worker runs (its game and bots renewed, see
// docs/decisions/2026-11-property-engines-sim-reuses-games.md): games 20
// to 59 of `boardroom sim --players 4 --max-rounds 100`, on average.
// Before that record a Unipoly game made 337 allocations of 100,315 bytes,
// a Projectopoly game 652 of 132,977, a Technopoly game 213 of 54,481; the
// bounds were the record's figures and a small margin; they are now the
// figures of a simulated game whose standard bots' sealed bids and
// proposals are played as values, never boxed (Game.playBotBid, playKept),
// and whose end ranks the seats without allocating (outcome, tieNote;
// docs/decisions/2026-12-property-engines-bids-without-allocation.md:
// 131 -> 19 allocations a Unipoly game, 286 -> 141 Projectopoly, 23 -> 13
// Technopoly), and whose reasons, estates, received properties, held
// cards, roll-off and simulator's lists are built once or carved
// (docs/decisions/2026-12-property-engines-allocations-left.md: 19 -> 3
// Unipoly, 141 -> 78 Projectopoly, 13 -> 3 Technopoly, of which the
// result's lists, two, and the outcome's), and whose standard bots'
// offers to all are boxed once per cell and reserve, its shortages'
// bidders and its mixed payments' offers carved
// (docs/decisions/2026-12-property-engines-projectopoly-advisor-allocs.md:
// 76 -> 25 Projectopoly), and a small margin. A game
// that stops reusing its buffers (a new lent view, state, block or memo
// per game), or boxes its bids again, fails here.
func TestSimGameAllocations(t *testing.T) {
	for _, c := range []struct {
		def          engine.Definition
		allocs, size float64 // the most a game, on average
	}{
		{unipoly.Definition{}, 4, 1300},       // measured 3, 1,096
		{projectopoly.Definition{}, 30, 3400}, // measured 25, 2,929
		{technopoly.Definition{}, 4, 2100},    // measured 3, 1,829
	} {
		t.Run(c.def.Info().ID, func(t *testing.T) {
			allocs, size := enginetest.SimGameAllocations(t, c.def)
			require.LessOrEqual(t, allocs, c.allocs, "allocations a game")
			require.LessOrEqual(t, size, c.size, "bytes a game")
		})
	}
}
