package billionaire

import (
	"testing"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/stretchr/testify/require"

	"boardroom/engine"
	bill "boardroom/engine/billionaire"
	"boardroom/tui"
)

// TestViewKeyDecidesTheBoard: two renderers given the same state draw the
// same whenever their ViewKeys are equal; another zone on the small map
// changes both the key and the drawing; an error on show is unshared.
func TestViewKeyDecidesTheBoard(t *testing.T) {
	f := newFixture(t, 3, 5, engine.Spectator, false)
	f.PlayBots(60, bill.Definition{}.NewBot)
	other := New(f.Context(f.r.th))
	other.SetState(f.State(f.Viewer))
	for _, size := range [][2]int{{largeW2, largeH2}, {smallW, smallH}} {
		k1, ok1 := f.r.ViewKey()
		k2, ok2 := other.ViewKey()
		require.True(t, ok1 && ok2)
		require.Equal(t, k1, k2)
		require.Equal(t, f.r.View(size[0], size[1]), other.View(size[0], size[1]))
	}
	other.Update(tea.KeyMsg{Type: tea.KeyRight})
	k1, _ := f.r.ViewKey()
	k2, _ := other.ViewKey()
	require.NotEqual(t, k1, k2)
	require.NotEqual(t, f.r.View(smallW, smallH), other.View(smallW, smallH), "the small map shows another zone")
	other.err = "refused"
	_, ok := other.ViewKey()
	require.False(t, ok)
}

// TestEqualViewKeysDrawEqualBoards (issue 26): random walks of keys over
// renderers of one state, for a player and a spectator: renderers whose
// ViewKeys are equal draw the same board (tuitest).
func TestEqualViewKeysDrawEqualBoards(t *testing.T) {
	for _, seed := range []uint64{1, 2} {
		for _, viewer := range []int{0, engine.Spectator} {
			f := newFixture(t, 3, seed, viewer, false)
			f.PlayBots(30+int(seed)*40, bill.Definition{}.NewBot)
			th := f.r.th
			keys := f.CheckViewKeys(seed, 30, 40, func() tui.GameRenderer { return New(f.Context(th)) })
			require.Greater(t, keys, 1, "seed %d viewer %d: the walks changed the key", seed, viewer)
		}
	}
}
