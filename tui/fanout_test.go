package tui

import (
	"context"
	"testing"

	"github.com/stretchr/testify/require"

	"boardroom/lobby"
	"boardroom/lobby/lobbytest"
)

// TestStateComesWithTheUpdate: two players and three spectators watch a game. A player's bid costs one state build per viewer
// class (2 seats + the spectators), none per session: the acting session
// takes its state from the action, the others from the table's update.
func TestStateComesWithTheUpdate(t *testing.T) {
	svc := realService(t)
	ctx := context.Background()
	accs := map[string]*lobby.Account{}
	for _, n := range []string{"ada", "bob", "cyd", "dan", "eve"} {
		acc, err := svc.SetHandle(ctx, "SHA256:"+n, n)
		require.NoError(t, err)
		accs[n] = acc
	}
	id := lobbytest.StartTestGame(t, svc, lobby.PublicLobbyID, accs["ada"], []*lobby.Account{accs["bob"]}, 0, nil)
	var hs []*harness
	for _, fp := range []string{"SHA256:ada", "SHA256:bob", "SHA256:cyd", "SHA256:dan", "SHA256:eve"} {
		h := startWith(t, svc, realStart, Options{Fingerprint: fp, OpenTable: id})
		require.Equal(t, screenPlay, h.m.screen, h.view())
		hs = append(hs, h)
	}
	ada := hs[0]
	pumpAll := func() {
		for _, h := range hs {
			h.pump()
		}
	}
	pumpAll()
	v0 := ada.m.play.gs.Version

	before := svc.StateBuilds()
	ada.keys("enter", "2", "enter")
	require.Equal(t, v0+1, ada.m.play.gs.Version, "the acting session sees its action at once")
	pumpAll()
	require.Equal(t, int64(3), svc.StateBuilds()-before, "one build per viewer class")
	for i, h := range hs {
		st, err := svc.GameState(ctx, h.m.acc, id)
		require.NoError(t, err)
		require.Equal(t, st, h.m.play.gs, "session %d shows its viewer's state", i)
	}
}
