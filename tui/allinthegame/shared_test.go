package allinthegame

import (
	"testing"

	"github.com/stretchr/testify/require"

	"boardroom/engine"
	aitg "boardroom/engine/allinthegame"
	"boardroom/tui"
)

// TestViewKeyOnlyWithoutActions: two spectators' renderers given the same
// state draw the same; a seat with actions, or an error on show, is not
// shared.
func TestViewKeyOnlyWithoutActions(t *testing.T) {
	f := newFixture(t, 3, nil, 5, engine.Spectator, false)
	f.PlayBots(40, aitg.Definition{}.NewBot)
	other := New(f.Context(f.r.th)).(*Renderer)
	other.SetState(f.State(f.Viewer))
	_, ok := f.r.ViewKey()
	require.True(t, ok)
	for _, size := range [][2]int{{largeW, largeH}, {smallW, smallH}} {
		require.Equal(t, f.r.View(size[0], size[1]), other.View(size[0], size[1]))
	}
	other.err = "refused"
	_, ok = other.ViewKey()
	require.False(t, ok)

	seat := f.G.Prompt().Waiting[0].Seat
	f.As(seat)
	require.NotEmpty(t, f.r.legal)
	_, ok = f.r.ViewKey()
	require.False(t, ok, "a viewer with actions has a menu of their own")
}

// TestEqualViewKeysDrawEqualBoards (issue 26): random walks of keys over
// spectators' renderers of one state (a seat with actions is never
// shared): renderers whose ViewKeys are equal draw the same board.
func TestEqualViewKeysDrawEqualBoards(t *testing.T) {
	for _, seed := range []uint64{1, 2} {
		f := newFixture(t, 3, nil, seed, engine.Spectator, false)
		f.PlayBots(30+int(seed)*30, aitg.Definition{}.NewBot)
		th := f.r.th
		require.Equal(t, 1, f.CheckViewKeys(seed, 20, 30, func() tui.GameRenderer { return New(f.Context(th)) }))
	}
}
