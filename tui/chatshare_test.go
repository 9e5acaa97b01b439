package tui

import (
	"testing"
	"unsafe"

	"github.com/stretchr/testify/require"

	"boardroom/lobby"
)

// TestEmptyChatPanelSharedByATheme: the play screen's chat without
// messages is one drawing for the sessions of a theme at one size and
// label (issue 32: each kept its own, 1 KiB), the panel draw makes; with
// a message, or another label, each box draws its own.
func TestEmptyChatPanelSharedByATheme(t *testing.T) {
	th := NewTheme(nil, false, false)
	m1 := &Model{th: th, screen: screenPlay}
	m2 := &Model{th: th, screen: screenPlay}
	a := chatBox{label: "Players' chat", th: th}
	b := chatBox{label: "Players' chat", th: th}
	pa, pb := a.view(m1, 40, 8), b.view(m2, 40, 8)
	require.Equal(t, a.draw(m1, 40, 8), pa)
	require.Contains(t, pa, "No messages yet.")
	require.Equal(t, dataOf(pa), dataOf(pb), "one drawing for both")

	other := chatBox{label: "Spectators' chat", th: th}
	po := other.view(m2, 40, 8)
	require.Contains(t, po, "Spectators' chat")
	require.Equal(t, other.draw(m2, 40, 8), po)

	b.msgs, b.gen = []lobby.ChatMessage{{Handle: "bob", Text: "hello"}}, 1
	pb = b.view(m2, 40, 8)
	require.Contains(t, pb, "hello")
	require.NotEqual(t, dataOf(pa), dataOf(pb))
}

// dataOf is where a string's bytes are (strings sharing them are one).
func dataOf(s string) uintptr { return uintptr(unsafe.Pointer(unsafe.StringData(s))) }
