package sshserver_test

import (
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"regexp"
	"strconv"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"boardroom/internal/webhook"
	"boardroom/lobby/lobbytest"
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
	adaKey := newKey(t)
	ada := dialKey(t, ts.addr, adaKey)
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

	next := func(event string) map[string]any {
		t.Helper()
		for {
			select {
			case c := <-calls:
				require.True(t, webhook.Verify(m[1], c.body, c.sig))
				var p map[string]any
				require.NoError(t, json.Unmarshal(c.body, &p))
				if p["event"] == event {
					return p
				}
			case <-time.After(10 * time.Second):
				t.Fatalf("no %s message arrived", event)
			}
		}
	}
	// A table opens in the lobby: the chat hears it with the command that
	// joins it; the game ends: the chat hears the standings.
	id := field(t, mustRun(t, ada, "new testgame --lobby "+slug+" --bots 1 --start"), "table")
	p = next(webhook.EventTableOpened)
	require.Regexp(t, `^ada opened a table of .+ \(table `+id+`\)\. Join: ssh -t -p \d+ boardroom.test play `+id+`$`, p["text"])
	tid, err := strconv.ParseInt(id, 10, 64)
	require.NoError(t, err)
	lobbytest.PlayOut(t, ts.svc, tid, 3, account(t, ts, adaKey))
	p = next(webhook.EventGameFinished)
	require.Regexp(t, `^The game of .+ at table `+id+` is over: 1\. (ada|bot-testgame), 2\. (ada|bot-testgame)\.$`, p["text"])
	require.Len(t, p["standings"], 2)

	// Public tables tell nobody: only a private lobby has a chat. The next
	// message is the private table opened after it.
	mustRun(t, ada, "new testgame --bots 1")
	id = field(t, mustRun(t, ada, "new testgame --lobby "+slug+" --bots 1"), "table")
	select {
	case c := <-calls:
		require.Contains(t, string(c.body), `"event":"table_opened"`)
		require.Contains(t, string(c.body), `"table":`+id+`,`, "not the public table")
	case <-time.After(10 * time.Second):
		t.Fatal("no message for the private table")
	}
}
