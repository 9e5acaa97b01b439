package tui

import (
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/stretchr/testify/require"

	"boardroom/lobby/lobbytest"
)

// A session handles at most keyBurst keys at once and keysPerSec after
// that; keys beyond are dropped, and handled again once time has passed.
// `?` toggles the help overlay, so each handled press opens or closes it.
func TestKeysBeyondTheRateAreDropped(t *testing.T) {
	h := start(t, lobbytest.NewLobby(false), Options{})
	press := func() { h.send(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune("?")}) } // at the same instant
	for i := 0; i < keyBurst; i++ {
		press()
	}
	require.False(t, h.m.helpOpen(), "an even number of handled presses leaves help closed")
	press()
	require.False(t, h.m.helpOpen(), "the press beyond the burst was dropped")
	h.clk.t = h.clk.t.Add(time.Second / keysPerSec)
	press()
	require.True(t, h.m.helpOpen(), "one key's worth of time later a press is handled")
	press()
	require.True(t, h.m.helpOpen(), "and the next one at the same instant is dropped again")
}
