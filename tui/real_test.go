package tui

import (
	"context"
	"path/filepath"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"boardroom/db"
	"boardroom/engine"
	"boardroom/engine/testgame"
	"boardroom/lobby"
	"boardroom/lobby/lobbytest"
)

var realStart = time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)

// realService is the lobby service over SQLite in t.TempDir() with the
// test game registered.
func realService(t *testing.T) lobbytest.Backend {
	t.Helper()
	ctx := context.Background()
	reg, err := engine.NewRegistry(testgame.Definition{})
	require.NoError(t, err)
	st, err := db.Open(ctx, filepath.Join(t.TempDir(), "boardroom.db"), nil)
	require.NoError(t, err)
	clk := lobbytest.NewFakeClock(realStart)
	svc, err := lobby.New(ctx, st, reg, lobby.Config{Clock: clk, Seed: lobbytest.Seeds(t)}, nil)
	require.NoError(t, err)
	t.Cleanup(func() {
		_ = svc.Shutdown(ctx)
		_ = st.Close()
	})
	return lobbytest.NewBackend(svc, st, reg, clk)
}

func TestRealServiceTwoPlayersPlayToTheEnd(t *testing.T) {
	svc := realService(t)
	ada := startWith(t, svc, realStart, Options{Fingerprint: "SHA256:ada"})
	bob := startWith(t, svc, realStart, Options{Fingerprint: "SHA256:bob", Width: 160, Height: 50})
	for _, p := range []struct {
		h    *harness
		name string
	}{{ada, "ada"}, {bob, "bob"}} {
		require.Equal(t, screenWelcome, p.h.m.screen)
		p.h.typeText(p.name)
		p.h.key("enter")
		require.Equal(t, screenLobby, p.h.m.screen, p.h.view())
	}
	// The handle is unique whatever the case.
	carol := startWith(t, svc, realStart, Options{Fingerprint: "SHA256:carol"})
	carol.typeText("ADA")
	carol.key("enter")
	assert.Equal(t, screenWelcome, carol.m.screen)
	assert.NotEmpty(t, carol.m.wel.err)

	// Lobby chat reaches the other session through its subscription.
	ada.key("tab")
	ada.typeText("anyone for a game?")
	ada.key("enter")
	ada.key("esc")
	bob.waitFor("anyone for a game?")

	ada.keys("n", "enter", "enter")
	require.Equal(t, screenTable, ada.m.screen, ada.view())
	bob.waitFor("Test Game")
	bob.key("enter")
	require.Equal(t, screenTable, bob.m.screen)
	assert.Contains(t, bob.view(), "You are watching")
	bob.key("s")
	assert.Contains(t, bob.view(), "bob (you)")
	ada.waitFor("bob")

	ada.key("S")
	assert.True(t, ada.m.statusErr, "not ready yet")
	bob.key("r")
	ada.key("r")
	ada.key("S")
	require.Equal(t, screenPlay, ada.m.screen, ada.view())
	bob.waitFor("you are seat 2")
	require.Equal(t, screenPlay, bob.m.screen)

	// Play with the generic renderer until the game is over: whoever may
	// act adds the most it may.
	for i := 0; i < 40; i++ {
		ada.pump()
		bob.pump()
		if ada.m.play.gs.Outcome.Finished && bob.m.play.gs.Outcome.Finished {
			break
		}
		for _, h := range []*harness{ada, bob} {
			if len(h.m.play.gs.Legal) == 0 {
				continue
			}
			h.key("enter")
			tm, ok := h.m.play.gs.Legal[0].(engine.Template)
			require.True(t, ok)
			h.typeText(itoa(int(min(tm.Param().Max, 3))))
			h.key("enter")
			if h.m.play.r.Capturing() { // a bid of 3 in a game whose add allows less: go lower
				h.key("esc")
			}
		}
		if i == 39 {
			t.Fatalf("the game did not end:\n%s", ada.view())
		}
	}
	ada.waitFor("GAME OVER")
	bob.waitFor("GAME OVER")
	v := bob.view()
	assert.Contains(t, v, "1st")
	assert.Contains(t, v, "2nd")
}

func TestRealServiceGuestBrowses(t *testing.T) {
	svc := realService(t)
	ctx := context.Background()
	acc, err := svc.SetHandle(ctx, "SHA256:ada", "ada")
	require.NoError(t, err)
	tb, err := svc.CreateTable(ctx, acc, lobby.PublicLobbyID, testgame.ID, 2, nil)
	require.NoError(t, err)

	g := startWith(t, svc, realStart, Options{})
	require.Equal(t, screenGuest, g.m.screen)
	g.key("enter")
	v := g.view()
	assert.Contains(t, v, "Test Game")
	assert.Contains(t, v, "Guests can read but not chat.")
	g.key("enter")
	require.Equal(t, screenTable, g.m.screen)
	assert.Equal(t, tb.ID, g.m.tab.id)
	assert.Contains(t, g.view(), "Guests can watch but not sit.")
	g.key("s")
	assert.True(t, g.m.statusErr)
	g.key("esc")
	assert.Equal(t, screenLobby, g.m.screen)
}
