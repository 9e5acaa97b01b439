package lobby_test

import (
	"net/http"
	"net/http/httptest"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"boardroom/internal/webhook"
	"boardroom/lobby"
)

// TestAFailingWebhookNeverDelaysPlay: a private lobby's chat endpoint that
// never answers does not slow what happens in the lobby: opening tables
// and playing a game to its end (each of which tells the chat) take no
// longer than they would without it, and the lobby learns the hook fails.
func TestAFailingWebhookNeverDelaysPlay(t *testing.T) {
	release := make(chan struct{})
	hang := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		select {
		case <-release:
		case <-r.Context().Done():
		}
	}))
	defer hang.Close()
	defer close(release)
	hooks := webhook.New(webhook.Config{AllowPrivate: true, Timeout: time.Second, Attempts: 1, Workers: 1})
	defer hooks.Close()
	e := newEnv(t, lobby.Config{Webhooks: hooks})
	ada, bob := e.player("ada"), e.player("bob")
	team, err := e.svc.CreateLobby(e.ctx, ada, "Team")
	require.NoError(t, err)
	_, err = e.svc.JoinLobby(e.ctx, bob, team.InviteCode)
	require.NoError(t, err)
	_, err = e.svc.SetWebhook(e.ctx, ada, team.ID, hang.URL)
	require.NoError(t, err)

	start := time.Now()
	id := e.startIn(team.ID, ada, []*lobby.Account{bob}, 0)
	e.playOut(id, 3, ada, bob)
	require.Less(t, time.Since(start), 2*time.Second, "the game went on while the chat endpoint hung")
	require.True(t, e.state(ada, id).Outcome.Finished)
	require.Eventually(t, func() bool {
		st, err := e.svc.WebhookStatus(e.ctx, bob, team.ID)
		return err == nil && st.On && st.Health.Failures > 0
	}, 10*time.Second, 10*time.Millisecond, "the lobby learns its webhook fails")
}
