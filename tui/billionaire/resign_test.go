package billionaire

import (
	"testing"

	"github.com/stretchr/testify/require"

	"boardroom/engine"
	bill "boardroom/engine/billionaire"
)

// TestC8_ResignOutsideYourTurnAsksFirst: a seat that is not awaited (it
// chose its cards already) can resign; the screen asks first.
func TestC8_ResignOutsideYourTurnAsksFirst(t *testing.T) {
	f := newFixture(t, 3, 5, 0, false)
	f.Live = false
	_, err := f.G.Apply(0, bill.Choose{})
	require.NoError(t, err)
	f.Refresh()
	require.False(t, f.G.Prompt().Awaits(0))
	require.Contains(t, f.Plain(largeW, largeH), "resign")
	f.Key("R")
	require.Contains(t, f.Plain(largeW, largeH), "Resign?")
	require.Empty(t, f.Sent)
	f.Key("y")
	require.Equal(t, []engine.Action{bill.Resign{}}, f.Sent)
}
