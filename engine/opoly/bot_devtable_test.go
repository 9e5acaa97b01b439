package opoly_test

import (
	"testing"

	"github.com/stretchr/testify/require"

	"boardroom/engine/opoly"
	"boardroom/engine/opoly/projectopoly"
	"boardroom/engine/opoly/technopoly"
	"boardroom/engine/opoly/unipoly"
)

// TestDevelopedTableAsLoop: what a street earns developed, read from the
// table Validate works out per ruleset (bot_devtable.go), is the loop over
// the levels for every street, level and horizon the bots use (landings
// 50..300 in steps of 50), in the three games; a view of another board or
// an odd horizon does not read the table.
func TestDevelopedTableAsLoop(t *testing.T) {
	for _, rs := range []*opoly.Ruleset{unipoly.Rules(), projectopoly.Definition{}.Rules(), technopoly.Rules()} {
		streets := 0
		for c := range rs.Board.Cells {
			cell := &rs.Board.Cells[c]
			if cell.Kind != opoly.KindStreet || len(cell.Rents) <= rs.Buildings.MaxLevel {
				continue
			}
			streets++
			for land := int64(0); land <= 300; land += 50 {
				require.True(t, opoly.DevelopedFromTable(rs, rs.Board, rs.Buildings.MaxLevel, land))
				for level := 0; level <= rs.Buildings.MaxLevel; level++ {
					table, loop := opoly.DevelopedBothWays(rs, c, level, land)
					require.Equal(t, loop, table, "%s cell %d level %d land %d", rs.ID, c, level, land)
				}
			}
		}
		require.Positive(t, streets, rs.ID)
		board := *rs.Board
		require.False(t, opoly.DevelopedFromTable(rs, &board, rs.Buildings.MaxLevel, 100), "another board")
		require.False(t, opoly.DevelopedFromTable(rs, rs.Board, rs.Buildings.MaxLevel, 120), "an odd horizon")
		require.False(t, opoly.DevelopedFromTable(rs, rs.Board, rs.Buildings.MaxLevel+1, 100), "another top level")
	}
}
