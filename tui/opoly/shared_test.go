package opoly

import (
	"testing"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/stretchr/testify/require"

	"boardroom/engine"
	"boardroom/engine/opoly/unipoly"
)

// TestViewKeyDecidesTheBoard: two renderers of one theme given the same
// state draw the same board whenever their ViewKeys are equal; a moved
// cursor or an open dialog changes the key or makes the board unshared.
func TestViewKeyDecidesTheBoard(t *testing.T) {
	f := newFixture(t, 4, 5, engine.Spectator, false)
	f.PlayBots(120, unipoly.Definition{}.NewBot)
	other := New(f.Context(f.r.th)).(*Renderer)
	other.SetState(f.State(f.Viewer))
	for _, size := range [][2]int{{largeW, largeH}, {smallW, smallH}} {
		k1, ok1 := f.r.ViewKey()
		k2, ok2 := other.ViewKey()
		require.True(t, ok1 && ok2)
		require.Equal(t, k1, k2)
		require.Equal(t, f.r.View(size[0], size[1]), other.View(size[0], size[1]), "equal keys, same state: the same board")
	}
	for _, k := range []tea.KeyType{tea.KeyRight, tea.KeyUp, tea.KeyLeft, tea.KeyDown} {
		if other.cursor == f.r.cursor {
			other.Update(tea.KeyMsg{Type: k})
		}
	}
	require.NotEqual(t, f.r.cursor, other.cursor)
	k1, _ := f.r.ViewKey()
	k2, _ := other.ViewKey()
	require.NotEqual(t, k1, k2, "the cursor moved")
	require.NotEqual(t, f.r.View(largeW, largeH), other.View(largeW, largeH))

	// A dialog or an error on show is the session's own.
	other.mode = modeConfirm
	_, ok := other.ViewKey()
	require.False(t, ok, "a dialog is the session's own")
	other.mode, other.err = modeBoard, "refused"
	_, ok = other.ViewKey()
	require.False(t, ok, "an error on show is the session's own")
}
