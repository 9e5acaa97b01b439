package tui

import (
	"context"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/stretchr/testify/require"

	"boardroom/engine/testgame"
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
		require.Equal(t, st, *h.m.play.gs, "session %d shows its viewer's state", i)
	}
}

// countingRenderer is the generic renderer, shareable while no input is
// open, counting its drawings.
type countingRenderer struct {
	GameRenderer
	views *atomic.Int64
}

func (c countingRenderer) View(w, h int) string {
	c.views.Add(1)
	return c.GameRenderer.View(w, h)
}

var _ SharedView = countingRenderer{}

func (c countingRenderer) ViewKey() (string, bool) { return "", !c.Capturing() }

// TestSpectatorsShareTheBoard: three spectators of one terminal kind and
// size draw the board once per change; a fourth of another kind, and one
// of another size, draw their own; a player draws their own seat's.
func TestSpectatorsShareTheBoard(t *testing.T) {
	svc := realService(t)
	ctx := context.Background()
	var views atomic.Int64
	rs := map[string]RendererFactory{testgame.ID: func(rc RenderContext) GameRenderer {
		return countingRenderer{GameRenderer: NewGeneric(rc), views: &views}
	}}
	shared, ascii := NewTheme(nil, false, false), NewTheme(nil, false, true)
	names := []string{"ada", "bob", "cyd", "dan", "eve", "fay", "gus"}
	accs := map[string]*lobby.Account{}
	for _, n := range names {
		acc, err := svc.SetHandle(ctx, "SHA256:"+n, n)
		require.NoError(t, err)
		accs[n] = acc
	}
	id := lobbytest.StartTestGame(t, svc, lobby.PublicLobbyID, accs["ada"], []*lobby.Account{accs["bob"]}, 0, nil)
	open := func(name string, th *Theme, w, h int) *harness {
		hs := startWith(t, svc, realStart, Options{Fingerprint: "SHA256:" + name, OpenTable: id, Theme: th,
			Renderers: rs, Width: w, Height: h})
		require.Equal(t, screenPlay, hs.m.screen)
		return hs
	}
	ada := open("ada", shared, 100, 30)
	specs := []*harness{open("cyd", shared, 100, 30), open("dan", shared, 100, 30), open("eve", shared, 100, 30),
		open("fay", ascii, 100, 30), open("gus", shared, 120, 40)}
	all := append([]*harness{ada}, specs...)
	for _, h := range all {
		h.pump()
	}
	require.NoError(t, svc.Act(ctx, accs["bob"], id, ada.m.play.gs.Version, testgame.Bid{Amount: 1}))
	frames := make([]string, len(all))
	views.Store(0)
	for i, h := range all {
		h.pump()
		require.NotNil(t, h.m.play.shared, "session %d took its state from the update", i)
		frames[i] = h.view()
		frames[i] = frames[i][strings.Index(frames[i], "\n"):] // the top bar names the session's own account
	}
	require.Equal(t, int64(4), views.Load(), "ada, the three alike spectators once, the ASCII one, the larger one")
	require.Equal(t, frames[1], frames[2])
	require.Equal(t, frames[1], frames[3])
	require.NotEqual(t, frames[0], frames[1], "the player sees their own seat")

}
