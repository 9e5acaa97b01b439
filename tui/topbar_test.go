package tui

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// TestTopBarKeptAsDrawn: the play screen's top bar kept from the last
// frame (topBar) is the bar drawn afresh at every width, after the
// player's handle changes, and while the chat has the keys (the bar then
// leaves out "? help").
func TestTopBarKeptAsDrawn(t *testing.T) {
	h := startPlaying(t, Options{}, "t")
	same := func(step string) {
		t.Helper()
		for _, w := range []int{80, 81, 120, 160, 30, 80} { // ends at 80, where the next step starts
			require.Equal(t, h.m.drawTopBar(w), h.m.topBar(w), "%s, width %d", step, w)
		}
	}
	same("start")
	require.Contains(t, h.m.topBar(80), "? help")
	h.key("tab")
	require.True(t, h.m.typing())
	same("chat has the keys")
	require.NotContains(t, h.m.topBar(80), "? help")
	h.key("esc")
	same("chat left")
	acc := *h.m.acc
	acc.Handle = "adalovelace"
	h.m.acc = &acc
	same("a new handle")
	require.Contains(t, h.m.topBar(80), "adalovelace")
}
