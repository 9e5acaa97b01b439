package sshserver_test

import (
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"regexp"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"boardroom/internal/webhook"
)

type hookCall struct {
	body []byte
	sig  string
}

// TestLobbyWebhookOverSSH: the owner of a private lobby connects it to a
// local endpoint (the server runs with --webhook-allow-private); the test
// message arrives signed with the secret the command printed once.
func TestLobbyWebhookOverSSH(t *testing.T) {
	calls := make(chan hookCall, 8)
	sink := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		b, _ := io.ReadAll(r.Body)
		calls <- hookCall{body: b, sig: r.Header.Get(webhook.SignatureHeader)}
	}))
	defer sink.Close()
	ts := startServerWith(t, t.TempDir(), serverSetup{webhookPrivate: true})
	ada := dialKey(t, ts.addr, newKey(t))
	mustRun(t, ada, "handle ada")
	slug := field(t, mustRun(t, ada, "lobby create Night Shift"), "slug")
	out := mustRun(t, ada, "lobby webhook "+slug+" "+sink.URL+"/hooks/abc")
	m := regexp.MustCompile(`(?m)^signing secret: ([0-9a-f]{64})$`).FindStringSubmatch(out)
	require.Len(t, m, 2, out)

	var c hookCall
	select {
	case c = <-calls:
	case <-time.After(10 * time.Second):
		t.Fatal("no test message arrived")
	}
	require.True(t, webhook.Verify(m[1], c.body, c.sig), "signature %q", c.sig)
	var p map[string]any
	require.NoError(t, json.Unmarshal(c.body, &p))
	require.Equal(t, webhook.EventTest, p["event"])
	require.Equal(t, slug, p["lobby"])
	require.Contains(t, p["text"], `ada connected the lobby "Night Shift" to this chat`)
	require.Contains(t, mustRun(t, ada, "lobby webhook "+slug), "webhook: on, to 127.0.0.1")
}
