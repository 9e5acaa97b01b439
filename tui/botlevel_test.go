package tui

import (
	"context"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"boardroom/db"
	"boardroom/engine"
	"boardroom/engine/opoly/unipoly"
	"boardroom/engine/testgame"
	"boardroom/lobby"
	"boardroom/lobby/lobbytest"
)

// TestTableKeyCyclesBotLevel: on the table screen the host highlights a
// bot's seat and presses l: the bot becomes strong, the seat says so, and l
// again brings it back to standard. A game with one level of bot says so.
func TestTableKeyCyclesBotLevel(t *testing.T) {
	ctx := context.Background()
	reg, err := engine.NewRegistry(testgame.Definition{}, unipoly.Definition{})
	require.NoError(t, err)
	st, err := db.Open(ctx, filepath.Join(t.TempDir(), "boardroom.db"), nil)
	require.NoError(t, err)
	clk := lobbytest.NewFakeClock(realStart)
	live, err := lobby.New(ctx, st, reg, lobby.Config{Clock: clk, Seed: lobbytest.Seeds(t)}, nil)
	require.NoError(t, err)
	t.Cleanup(func() {
		_ = live.Shutdown(ctx)
		_ = st.Close()
	})
	svc := lobbytest.NewBackend(live, st, reg, clk)
	ada := lobbytest.Player(t, svc, "ada")
	tb, err := svc.CreateTable(ctx, ada, lobby.PublicLobbyID, unipoly.ID, 2, nil)
	require.NoError(t, err)
	require.NoError(t, svc.AddBot(ctx, ada, tb.ID))

	h := startWith(t, svc, realStart, Options{Fingerprint: "SHA256:key-of-ada", Width: 100, Height: 30})
	require.NoError(t, h.m.openTable(tb.ID, false))
	require.Equal(t, screenTable, h.m.screen)
	assert.Contains(t, h.view(), "l bot level")
	h.key("l")
	assert.Contains(t, h.m.status, "Highlight a bot's seat first")

	h.key("down")
	h.key("l")
	got, err := svc.Table(ctx, ada, tb.ID)
	require.NoError(t, err)
	require.Equal(t, engine.LevelStrong, got.Seats[1].Level)
	assert.Contains(t, h.view(), "[strong bot]")

	h.key("l")
	got, err = svc.Table(ctx, ada, tb.ID)
	require.NoError(t, err)
	require.Equal(t, engine.LevelStandard, got.Seats[1].Level)
	assert.NotContains(t, h.view(), "[strong bot]")

	// Test Game has the standard bot only: no key, and l says why.
	tg, err := svc.CreateTable(ctx, ada, lobby.PublicLobbyID, testgame.ID, 2, nil)
	require.NoError(t, err)
	require.NoError(t, svc.AddBot(ctx, ada, tg.ID))
	require.NoError(t, h.m.openTable(tg.ID, false))
	assert.NotContains(t, h.view(), "bot level")
	h.key("down")
	h.key("l")
	assert.Contains(t, h.m.status, "one level of bot only")
}
