package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http/httptest"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/stretchr/testify/require"

	"boardroom/cmd/boardroom/internal/metrics"
	"boardroom/engine/testgame"
	"boardroom/lobby"
	"boardroom/lobby/cluster"
	"boardroom/lobby/lobbytest"
)

// wireSpy is a plain NATS client that hears every subject: what anyone
// who reaches the cluster's NATS sees.
type wireSpy struct {
	nc   *nats.Conn
	mu   sync.Mutex
	msgs []*nats.Msg
}

func newWireSpy(t *testing.T, url string) *wireSpy {
	t.Helper()
	nc, err := nats.Connect(url)
	require.NoError(t, err)
	t.Cleanup(nc.Close)
	s := &wireSpy{nc: nc}
	_, err = nc.Subscribe(">", func(m *nats.Msg) {
		s.mu.Lock()
		defer s.mu.Unlock()
		s.msgs = append(s.msgs, m)
	})
	require.NoError(t, err)
	require.NoError(t, nc.Flush())
	return s
}

// seen counts the messages on subjects with the prefix, and lists the
// secrets some payload holds (with the first subject it was seen on).
func (s *wireSpy) seen(prefix string, secrets []string) (count int, leaks []string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	found := map[string]bool{}
	for _, m := range s.msgs {
		if strings.HasPrefix(m.Subject, prefix) {
			count++
		}
		for _, sec := range secrets {
			if !found[sec] && strings.Contains(string(m.Data), sec) {
				found[sec] = true
				leaks = append(leaks, fmt.Sprintf("%q on %s", sec, m.Subject))
			}
		}
	}
	return count, leaks
}

// scrapeCluster reads a node's metrics as Prometheus would.
func scrapeCluster(t *testing.T, m *metrics.Metrics, series string) float64 {
	t.Helper()
	rec := httptest.NewRecorder()
	m.Handler().ServeHTTP(rec, httptest.NewRequest("GET", "/metrics", nil))
	body, err := io.ReadAll(rec.Body)
	require.NoError(t, err)
	for _, line := range strings.Split(string(body), "\n") {
		if v, ok := strings.CutPrefix(line, series+" "); ok {
			f, err := strconv.ParseFloat(v, 64)
			require.NoError(t, err)
			return f
		}
	}
	t.Fatalf("no series %s", series)
	return 0
}

// TestClusterE2ENoSecretOnTheWireAndNoForgery plays a game with sealed bids
// and secret cards on two real nodes (PostgreSQL, NATS) while a plain NATS
// client listens to every subject: the game's seed, the private events
// and the sealed bids never show in a payload. What that client sends as
// the old nodes read it (a notice renaming a player, a call acting for
// another account) changes nothing and is counted in
// boardroom_cluster_messages_rejected_total.
func TestClusterE2ENoSecretOnTheWireAndNoForgery(t *testing.T) {
	var mx []*metrics.Metrics
	nodes := startE2ENodesWith(t, 2, func(_ int, cfg *cluster.Config) {
		m := metrics.New([]string{testgame.ID})
		cfg.Observer = m.Cluster() // as serve's newCluster
		mx = append(mx, m)
	})
	a, b := nodes[0], nodes[1]
	ctx := context.Background()
	spy := newWireSpy(t, a.cl.Conn().ConnectedUrl())
	// Handles long enough that sealed bytes do not hold them by chance (a
	// sealed payload is random bytes: "bob" came up once in CI, about one
	// chance in 2^24 a byte of traffic).
	alice := lobbytest.Player(t, a.svc, "alicewire")
	bob := lobbytest.Player(t, b.svc, "bobwire")
	id := lobbytest.StartTestGame(t, a.svc, lobby.PublicLobbyID, alice, []*lobby.Account{bob}, 0, nil)
	settle(t, nodes, id)
	// Sealed bids: alice's on the owner, bob's forwarded from node-2.
	require.NoError(t, lobbytest.Act(a.svc, alice, id, testgame.Bid{Amount: 3}))
	require.NoError(t, lobbytest.Act(b.svc, bob, id, testgame.Bid{Amount: 2}))
	settle(t, nodes, id)
	// A forwarded move after the bids are revealed: the call path carries actions too.
	st := lobbytest.State(t, b.svc, bob, id)
	if m := lobbytest.Move(st, 1); m != nil {
		require.NoError(t, lobbytest.Act(b.svc, bob, id, m))
	} else {
		require.NoError(t, lobbytest.Act(a.svc, alice, id, lobbytest.Move(lobbytest.State(t, a.svc, alice, id), 1)))
	}
	settle(t, nodes, id)

	rec, err := a.store.LoadTable(ctx, id)
	require.NoError(t, err)
	require.NotNil(t, rec.Setup)
	seed := strconv.FormatUint(rec.Setup.Seed, 10)
	require.Equal(t, lobbytest.SeedsFrom(lobbytest.DefaultSeedBase)(id), rec.Setup.Seed, "the game's seed is the one injected")
	secrets := []string{seed, "Seat 1 bid 3.", "Seat 2 bid 2.", `"amount":3`, `"amount":2`, "alicewire", "bobwire"}
	tableMsgs, leaks := spy.seen(fmt.Sprintf("boardroom.table.%d", id), secrets)
	require.Empty(t, leaks, "secrets travelled in clear")
	require.GreaterOrEqual(t, tableMsgs, 3, "the spy heard the table's notices")
	calls, _ := spy.seen(fmt.Sprintf("boardroom.call.%d", id), nil)
	require.GreaterOrEqual(t, calls, 1, "the spy heard bob's forwarded calls")

	// Forgeries, as the old nodes read them.
	before := lobbytest.State(t, a.svc, alice, id).Version
	forged, err := json.Marshal(lobby.Notice{Kind: lobby.NoticeHandle, Node: a.name, AccountID: alice.ID, Handle: "mallory"})
	require.NoError(t, err)
	require.NoError(t, spy.nc.Publish("boardroom.lobby", forged))
	act, err := json.Marshal(lobby.TableCall{TableID: id, Method: lobby.CallAct, Account: alice.ID, N: before,
		Action: json.RawMessage(`{"kind":"resign"}`)})
	require.NoError(t, err)
	_, err = spy.nc.Request(fmt.Sprintf("boardroom.call.%d", id), act, 500*time.Millisecond)
	require.ErrorIs(t, err, nats.ErrTimeout, "the owner answered a forged call")
	unsealed := `boardroom_cluster_messages_rejected_total{reason="unsealed"}`
	waitFor(t, 5*time.Second, func() bool { return scrapeCluster(t, mx[1], unsealed) >= 1 }, "node-2 did not count the forged notice")
	waitFor(t, 5*time.Second, func() bool { return scrapeCluster(t, mx[0], unsealed) >= 2 }, "node-1 did not count the forged notice and call")
	view, err := b.svc.Table(ctx, bob, id)
	require.NoError(t, err)
	require.Equal(t, "alicewire", view.Seats[0].Handle, "node-2 renamed alice on a forged notice")
	require.Equal(t, before, lobbytest.State(t, a.svc, alice, id).Version, "a forged call acted for alice")
	require.Equal(t, lobby.TablePlaying, lobbytest.State(t, a.svc, alice, id).Table.Status)
}
