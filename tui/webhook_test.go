package tui

import (
	"context"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"boardroom/db"
	"boardroom/engine"
	"boardroom/engine/testgame"
	"boardroom/internal/webhook"
	"boardroom/lobby"
	"boardroom/lobby/lobbytest"
)

// failingHooks is a webhook sender whose every lobby's hook keeps failing.
type failingHooks struct{}

func (failingHooks) Send(webhook.Hook, webhook.Payload) bool { return true }
func (failingHooks) Health(string) webhook.Health {
	return webhook.Health{Failures: 4, LastError: "the endpoint answered 500 Internal Server Error"}
}
func (failingHooks) Forget(string)      {}
func (failingHooks) AllowPrivate() bool { return false }

// TestFailingWebhookIsToldOnTheLobbyScreen: a member entering a private
// lobby whose chat webhook keeps failing reads so, and why, on the lobby
// screen at 80x24; the lobby menu marks it FAILING.
func TestFailingWebhookIsToldOnTheLobbyScreen(t *testing.T) {
	ctx := context.Background()
	reg, err := engine.NewRegistry(testgame.Definition{})
	require.NoError(t, err)
	st, err := db.Open(ctx, filepath.Join(t.TempDir(), "boardroom.db"), nil)
	require.NoError(t, err)
	clk := lobbytest.NewFakeClock(realStart)
	svc, err := lobby.New(ctx, st, reg, lobby.Config{Clock: clk, Seed: lobbytest.Seeds(t), Webhooks: failingHooks{}}, nil)
	require.NoError(t, err)
	t.Cleanup(func() { _ = svc.Shutdown(ctx); _ = st.Close() })
	be := lobbytest.NewBackend(svc, st, reg, clk)
	ada, err := svc.SetHandle(ctx, "SHA256:ada", "ada")
	require.NoError(t, err)
	team, err := svc.CreateLobby(ctx, ada, "Team Room")
	require.NoError(t, err)
	_, err = svc.SetWebhook(ctx, ada, team.ID, "https://chat.example/hooks/x")
	require.NoError(t, err)

	h := startWith(t, be, realStart, Options{Fingerprint: "SHA256:ada", Width: 80, Height: 24})
	h.m.enterLobby(team.ID)
	v := h.view()
	assert.Contains(t, v, "team chat webhook failed 4 times in a row; L shows why")
	h.key("L")
	for range 8 {
		if strings.Contains(h.view(), "The webhook to chat.example failed 4 times") {
			break
		}
		h.key("down")
	}
	v = h.view()
	assert.Contains(t, v, "Team chat: FAILING, 4 in a row")
	assert.Contains(t, v, "The webhook to chat.example failed 4 times in a row", "the reason, when the row is chosen")
}
