package webhook

import (
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"net/netip"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

type received struct {
	body []byte
	sig  string
}

// sink is a local endpoint that records what it receives.
func sink(t *testing.T, status func(n int) int) (*httptest.Server, chan received) {
	t.Helper()
	got := make(chan received, 64)
	var mu sync.Mutex
	n := 0
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		b, _ := io.ReadAll(r.Body)
		mu.Lock()
		n++
		k := n
		mu.Unlock()
		got <- received{body: b, sig: r.Header.Get(SignatureHeader)}
		w.WriteHeader(status(k))
	}))
	t.Cleanup(srv.Close)
	return srv, got
}

func ok(int) int { return http.StatusOK }

// retryNow runs retries at once, recording the backoff asked for.
type retryNow struct {
	mu    sync.Mutex
	waits []time.Duration
}

func (r *retryNow) after(d time.Duration, f func()) {
	r.mu.Lock()
	r.waits = append(r.waits, d)
	r.mu.Unlock()
	go f()
}

func TestDeliversSignedJSONWithText(t *testing.T) {
	srv, got := sink(t, ok)
	s := New(Config{AllowPrivate: true})
	defer s.Close()
	secret := NewSecret()
	require.True(t, s.Send(Hook{Owner: "team", URL: srv.URL + "/hook", Secret: secret},
		Payload{Text: "alice opened a table of Unipoly <!channel> & co", Event: EventTableOpened, Lobby: "team", Join: "ssh -t host join ABC"}))
	r := <-got
	require.True(t, Verify(secret, r.body, r.sig), "signature %q", r.sig)
	require.False(t, Verify("other", r.body, r.sig))
	var p map[string]any
	require.NoError(t, json.Unmarshal(r.body, &p))
	require.Equal(t, "alice opened a table of Unipoly &lt;!channel&gt; &amp; co", p["text"], "no mention or link markup reaches the chat")
	require.Equal(t, p["text"], p["content"])
	require.Equal(t, EventTableOpened, p["event"])
	require.Equal(t, "ssh -t host join ABC", p["join"])
	require.Zero(t, s.Health("team"))
}

func TestRefusesLoopbackAtDeliveryUnlessAllowed(t *testing.T) {
	srv, got := sink(t, ok)
	s := New(Config{})
	defer s.Close()
	// A name, not an address: CheckURL cannot see where it points, the
	// dial guard sees it at delivery.
	u := "http://localtest.invalid:1/"
	_, err := CheckURL(u, false)
	require.NoError(t, err)
	_, err = CheckURL(srv.URL, false)
	require.ErrorIs(t, err, ErrForbidden)
	require.True(t, s.Send(Hook{Owner: "team", URL: srv.URL, Secret: "k"}, Payload{Text: "x", Event: EventTest}))
	require.Eventually(t, func() bool { return s.Health("team").Failures == 1 }, 5*time.Second, 5*time.Millisecond)
	require.Contains(t, s.Health("team").LastError, "private or local")
	select {
	case <-got:
		t.Fatal("a loopback endpoint was called")
	default:
	}
}

func TestDialGuardChecksTheResolvedAddress(t *testing.T) {
	for _, a := range []string{"127.0.0.1:80", "[::1]:443", "10.1.2.3:80", "192.168.0.1:80", "172.16.5.4:80",
		"169.254.169.254:80", "[fe80::1]:80", "224.0.0.1:80", "[ff02::1]:80", "0.0.0.0:80", "100.64.0.1:80",
		"[::ffff:127.0.0.1]:80", "[fd00::1]:80"} {
		require.ErrorIs(t, dialGuard("tcp", a, nil), ErrForbidden, a)
	}
	for _, a := range []string{"93.184.216.34:443", "[2606:4700::6810:85e5]:443"} {
		require.NoError(t, dialGuard("tcp", a, nil), a)
	}
	require.True(t, forbidden(netip.MustParseAddr("::ffff:10.0.0.1")))
}

func TestCheckURL(t *testing.T) {
	for _, bad := range []string{"ftp://example.com/x", "example.com/hook", "https://", "https://user:pw@example.com/",
		"file:///etc/passwd", "https://127.0.0.1/", "http://[::1]:8080/", "https://localhost/x", "javascript:alert(1)"} {
		_, err := CheckURL(bad, false)
		require.Error(t, err, bad)
	}
	u, err := CheckURL("https://hooks.slack.com/services/T0/B0/XYZ#frag", false)
	require.NoError(t, err)
	require.Equal(t, "https://hooks.slack.com/services/T0/B0/XYZ", u.String())
	_, err = CheckURL("http://127.0.0.1:9000/hook", true)
	require.NoError(t, err, "an operator may allow a company's internal chat")
}

func TestRetriesWithBackoffThenSucceeds(t *testing.T) {
	srv, got := sink(t, func(n int) int {
		if n < 3 {
			return http.StatusServiceUnavailable
		}
		return http.StatusOK
	})
	r := &retryNow{}
	s := New(Config{AllowPrivate: true, AfterFunc: r.after})
	defer s.Close()
	require.True(t, s.Send(Hook{Owner: "team", URL: srv.URL, Secret: "k"}, Payload{Text: "x", Event: EventTest}))
	for i := 0; i < 3; i++ {
		<-got
	}
	require.Eventually(t, func() bool { return s.pendingOf("team") == 0 }, 5*time.Second, 5*time.Millisecond)
	require.Zero(t, s.Health("team").Failures)
	r.mu.Lock()
	defer r.mu.Unlock()
	require.Equal(t, []time.Duration{2 * time.Second, 8 * time.Second}, r.waits)
}

func TestAFailingEndpointIsToldAndNeverBlocksSend(t *testing.T) {
	release := make(chan struct{})
	hang := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		select {
		case <-release:
		case <-r.Context().Done():
		}
	}))
	defer hang.Close()
	defer close(release)
	r := &retryNow{}
	s := New(Config{AllowPrivate: true, Timeout: 200 * time.Millisecond, Workers: 1, Queue: 4, Attempts: 2, AfterFunc: r.after})
	defer s.Close()
	hook := Hook{Owner: "team", URL: hang.URL, Secret: "k"}
	start := time.Now()
	sent := 0
	for i := 0; i < 100; i++ {
		if s.Send(hook, Payload{Text: "x", Event: EventMoveWaiting}) {
			sent++
		}
	}
	require.Less(t, time.Since(start), 100*time.Millisecond, "Send waits for nobody")
	require.Less(t, sent, 100, "a full queue drops events")
	require.Positive(t, s.Health("team").Dropped)
	require.Eventually(t, func() bool { return s.Health("team").Failures >= 1 }, 10*time.Second, 10*time.Millisecond)
	require.Contains(t, s.Health("team").LastError, "did not answer in time")
}

func TestOneLobbyCannotFillTheQueue(t *testing.T) {
	block := make(chan struct{})
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		select {
		case <-block:
		case <-r.Context().Done():
		}
	}))
	defer srv.Close()
	defer close(block)
	s := New(Config{AllowPrivate: true, Workers: 1, Queue: 200})
	defer s.Close()
	n := 0
	for i := 0; i < 100; i++ {
		if s.Send(Hook{Owner: "noisy", URL: srv.URL, Secret: "k"}, Payload{Text: "x"}) {
			n++
		}
	}
	require.Equal(t, perOwner, n)
	require.True(t, s.Send(Hook{Owner: "quiet", URL: srv.URL, Secret: "k"}, Payload{Text: "x"}), "another lobby still gets its turn")
}

func TestPermanentRefusalIsNotRetried(t *testing.T) {
	srv, got := sink(t, func(int) int { return http.StatusNotFound })
	r := &retryNow{}
	s := New(Config{AllowPrivate: true, AfterFunc: r.after})
	defer s.Close()
	require.True(t, s.Send(Hook{Owner: "team", URL: srv.URL, Secret: "k"}, Payload{Text: "x"}))
	<-got
	require.Eventually(t, func() bool { return s.Health("team").Failures == 1 }, 5*time.Second, 5*time.Millisecond)
	require.Contains(t, s.Health("team").LastError, "404")
	r.mu.Lock()
	require.Empty(t, r.waits)
	r.mu.Unlock()
}

func (s *Sender) pendingOf(owner string) int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.pending[owner]
}
