package opoly_test

import (
	"testing"

	"github.com/stretchr/testify/require"

	"boardroom/engine/opoly"
)

// TestNewBoardDerivesGroupCells: a group lists its cells in board order,
// taken from the cells themselves.
func TestNewBoardDerivesGroupCells(t *testing.T) {
	b := opoly.NewBoard([]opoly.Cell{
		{Name: "GO", Kind: opoly.KindStart, Group: -1},
		{Name: "a", Kind: opoly.KindStreet, Group: 1},
		{Name: "b", Kind: opoly.KindStreet, Group: 0},
		{Name: "c", Kind: opoly.KindStreet, Group: 1},
	}, []opoly.Group{{Name: "G0"}, {Name: "G1"}}, nil)
	require.Equal(t, []int{2}, b.Groups[0].Cells)
	require.Equal(t, []int{1, 3}, b.Groups[1].Cells)
	require.Len(t, b.Cells, 4)
}
