package tui

import (
	"context"
	"fmt"
	"runtime"
	"testing"
	"unsafe"

	"github.com/stretchr/testify/require"

	"boardroom/lobby"
	"boardroom/lobby/lobbytest"
)

// lobbySessionHeap is what one session's model keeps on the heap while it
// shows the lobby (a few tables listed, chat), measured over n sessions
// sharing one theme, as the server's sessions of one terminal kind do.
func lobbySessionHeap(t *testing.T, n int) float64 {
	api := lobbytest.NewLobby(true)
	ada := api.AddAccount("fp-ada", "ada")
	for i := 0; i < 3; i++ {
		_, err := api.CreateTable(context.Background(), ada, lobby.PublicLobbyID, "testgame", 3, nil)
		require.NoError(t, err)
	}
	fps := make([]string, n)
	for i := range fps {
		fps[i] = fmt.Sprintf("fp-%d", i)
		api.AddAccount(fps[i], fmt.Sprintf("player%d", i))
	}
	var ms runtime.MemStats
	NewTheme(nil, true, false) // the theme's own first use (tables of glyphs) is not the sessions'
	runtime.GC()
	runtime.ReadMemStats(&ms)
	before := ms.HeapAlloc
	th := NewTheme(nil, true, false) // the server shares one per terminal kind
	hs := make([]*harness, n)
	for i := range hs {
		hs[i] = start(t, api, Options{Fingerprint: fps[i], Theme: th})
		_ = hs[i].view()
	}
	runtime.GC()
	runtime.ReadMemStats(&ms)
	after := ms.HeapAlloc
	runtime.KeepAlive(hs)
	return float64(after-before) / float64(n)
}

// TestLobbySessionHeapStaysSmall: a session idling in the lobby keeps at
// most 9 KiB of heap in its model (issue 32: idle sessions at 100 KiB with
// their connection, stacks and the collector's room). It kept 21.7 KiB with
// a bubbles table for the list of tables and a bubbles viewport for the
// chat, 11.6 KiB without them, 10.5 KiB with the play screen's state in
// the Model and the chat panel kept between frames, 7.8 KiB without.
func TestLobbySessionHeapStaysSmall(t *testing.T) {
	per := lobbySessionHeap(t, 300)
	t.Logf("a lobby session keeps %.1f KiB of heap", per/1024)
	require.LessOrEqual(t, per, 9.0*1024)
}

// TestModelFitsItsSizeClass: a session's Model is one allocation of 2,304
// bytes (the runtime's size class; the next is 2,688). Shared sources and
// flags kept together brought it from 3,704 bytes to 3,456, the play
// screen's state made only on that screen to 2,240; a field more may cost
// 384 bytes a session.
func TestModelFitsItsSizeClass(t *testing.T) {
	require.LessOrEqual(t, unsafe.Sizeof(Model{}), uintptr(2304))
}
