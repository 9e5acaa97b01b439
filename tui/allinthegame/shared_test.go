package allinthegame

import (
	"testing"

	"github.com/stretchr/testify/require"

	"boardroom/engine"
	aitg "boardroom/engine/allinthegame"
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
