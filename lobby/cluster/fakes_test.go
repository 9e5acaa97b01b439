package cluster

import (
	"context"
	"errors"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/nats-io/nats-server/v2/server"
	"github.com/stretchr/testify/require"

	"boardroom/lobby"
	"boardroom/lobby/lobbytest"
)

// startNATS runs an embedded NATS server on a random loopback port.
func startNATS(t testing.TB) string {
	t.Helper()
	return startNATSServer(t, server.RANDOM_PORT).ClientURL()
}

// startNATSServer runs an embedded NATS server on a loopback port.
func startNATSServer(t testing.TB, port int) *server.Server {
	t.Helper()
	s, err := server.NewServer(&server.Options{Host: "127.0.0.1", Port: port, NoLog: true, NoSigs: true})
	require.NoError(t, err)
	s.Start()
	t.Cleanup(s.Shutdown)
	require.True(t, s.ReadyForConnections(5*time.Second), "embedded NATS did not start")
	return s
}

// newFakeLeases are the leases of lobbytest (db/postgres's semantics in
// memory, shared with the lobby's cluster tests) over the given forming or
// playing tables.
func newFakeLeases(tables ...int64) *lobbytest.Leases { return lobbytest.NewLeases(tables...) }

var errStoreDown = errors.New("store: connection refused")

// nodeLeases is one node's way to the shared leases, which a test can
// cut (the store out of reach from that node).
type nodeLeases struct {
	*lobbytest.Leases
	down     atomic.Bool
	renewals atomic.Int64 // RenewLeases calls: one a scan
}

func (n *nodeLeases) ClaimTable(ctx context.Context, id int64, node lobby.LeaseOwner, ttl time.Duration, now time.Time) (int64, bool, error) {
	if n.down.Load() {
		return 0, false, errStoreDown
	}
	return n.Leases.ClaimTable(ctx, id, node, ttl, now)
}

func (n *nodeLeases) RenewLeases(ctx context.Context, node lobby.LeaseOwner, ttl time.Duration, now time.Time) (map[int64]int64, error) {
	n.renewals.Add(1)
	if n.down.Load() {
		return nil, errStoreDown
	}
	return n.Leases.RenewLeases(ctx, node, ttl, now)
}

func (n *nodeLeases) ReleaseTable(ctx context.Context, id int64, node lobby.LeaseOwner) error {
	if n.down.Load() {
		return errStoreDown
	}
	return n.Leases.ReleaseTable(ctx, id, node)
}

func (n *nodeLeases) HeartbeatNodeName(ctx context.Context, name, inc string, now time.Time) (lobby.NodeName, bool, error) {
	if n.down.Load() {
		return lobby.NodeName{}, false, errStoreDown
	}
	return n.Leases.HeartbeatNodeName(ctx, name, inc, now)
}

func (n *nodeLeases) OrphanTables(ctx context.Context, now time.Time) ([]int64, error) {
	if n.down.Load() {
		return nil, errStoreDown
	}
	return n.Leases.OrphanTables(ctx, now)
}

// fakeNode is a lobby.ClusterNode that records what the cluster layer
// asks of it; Serve answers with the node's name and twice the call's N.
type fakeNode struct {
	name string

	mu           sync.Mutex
	owned        map[int64]int64
	notices      []lobby.Notice
	served       []lobby.TableCall
	adoptions    map[int64][]int64
	relinquished []int64
	presence     map[int64][]int64
	adoptErr     error
}

func newFakeNode(name string) *fakeNode {
	return &fakeNode{name: name, owned: map[int64]int64{}, adoptions: map[int64][]int64{}}
}

func (n *fakeNode) Receive(_ context.Context, no lobby.Notice) {
	n.mu.Lock()
	defer n.mu.Unlock()
	n.notices = append(n.notices, no)
}

func (n *fakeNode) Serve(_ context.Context, c lobby.TableCall) lobby.CallResult {
	n.mu.Lock()
	defer n.mu.Unlock()
	n.served = append(n.served, c)
	if _, ok := n.owned[c.TableID]; !ok {
		return lobby.CallResult{Err: "other", Msg: "not mine"}
	}
	return lobby.CallResult{Msg: n.name, Int: int64(2 * c.N)}
}

func (n *fakeNode) Adopt(_ context.Context, id, token int64) error {
	n.mu.Lock()
	defer n.mu.Unlock()
	if n.adoptErr != nil {
		return n.adoptErr
	}
	n.owned[id] = token
	n.adoptions[id] = append(n.adoptions[id], token)
	return nil
}

func (n *fakeNode) Relinquish(id int64) {
	n.mu.Lock()
	defer n.mu.Unlock()
	delete(n.owned, id)
	n.relinquished = append(n.relinquished, id)
}

func (n *fakeNode) Owned() map[int64]int64 {
	n.mu.Lock()
	defer n.mu.Unlock()
	out := make(map[int64]int64, len(n.owned))
	for id, tok := range n.owned {
		out[id] = tok
	}
	return out
}

func (n *fakeNode) Presence() map[int64][]int64 {
	n.mu.Lock()
	defer n.mu.Unlock()
	return n.presence
}

// own registers a table the lobby claimed (what Service does with Claim's
// token).
func (n *fakeNode) own(id, token int64) {
	n.mu.Lock()
	defer n.mu.Unlock()
	n.owned[id] = token
}

func (n *fakeNode) tokenOf(id int64) (int64, bool) {
	n.mu.Lock()
	defer n.mu.Unlock()
	tok, ok := n.owned[id]
	return tok, ok
}

func (n *fakeNode) noticesCopy() []lobby.Notice {
	n.mu.Lock()
	defer n.mu.Unlock()
	return append([]lobby.Notice(nil), n.notices...)
}

func (n *fakeNode) relinquishedCopy() []int64 {
	n.mu.Lock()
	defer n.mu.Unlock()
	return append([]int64(nil), n.relinquished...)
}

// fakeObserver counts what the cluster reports.
type fakeObserver struct {
	mu       sync.Mutex
	owned    int
	changes  map[string]int
	answered int
	missed   int
	rejected map[string]int // SealObserver
}

func (o *fakeObserver) MessageRejected(reason string) {
	o.mu.Lock()
	defer o.mu.Unlock()
	if o.rejected == nil {
		o.rejected = map[string]int{}
	}
	o.rejected[reason]++
}

func (o *fakeObserver) rejectedCopy() map[string]int {
	o.mu.Lock()
	defer o.mu.Unlock()
	out := map[string]int{}
	for k, v := range o.rejected {
		out[k] = v
	}
	return out
}

func (o *fakeObserver) TablesOwned(n int) {
	o.mu.Lock()
	defer o.mu.Unlock()
	o.owned = n
}

func (o *fakeObserver) LeaseChanged(reason string) {
	o.mu.Lock()
	defer o.mu.Unlock()
	if o.changes == nil {
		o.changes = map[string]int{}
	}
	o.changes[reason]++
}

func (o *fakeObserver) CallRoundTrip(_ time.Duration, answered bool) {
	o.mu.Lock()
	defer o.mu.Unlock()
	if answered {
		o.answered++
	} else {
		o.missed++
	}
}

func (o *fakeObserver) snapshot() (owned int, changes map[string]int, answered, missed int) {
	o.mu.Lock()
	defer o.mu.Unlock()
	changes = map[string]int{}
	for k, v := range o.changes {
		changes[k] = v
	}
	return o.owned, changes, o.answered, o.missed
}

// testNode is one running node of a test cluster.
type testNode struct {
	c      *Cluster
	n      *fakeNode
	obs    *fakeObserver
	leases *nodeLeases
}

// testKey is the secret the nodes of a test share (serve's seal.key).
var testKey = []byte("the nodes of a test cluster share this secret key.")

// Short leases so that takeovers happen within a test's patience.
const (
	testTTL    = 300 * time.Millisecond
	testPeriod = 50 * time.Millisecond
)

// startNode runs a node called name on the NATS server at url over the
// shared leases; mod changes its Config before New.
func startNode(t testing.TB, url, name string, st *lobbytest.Leases, mod func(*Config)) *testNode {
	t.Helper()
	tn := &testNode{n: newFakeNode(name), obs: &fakeObserver{}, leases: &nodeLeases{Leases: st}}
	cfg := Config{URL: url, Node: name, Leases: tn.leases, LeaseTTL: testTTL, Period: testPeriod,
		PresenceEvery: 100 * time.Millisecond, CallTimeout: time.Second, Observer: tn.obs, Key: testKey}
	if mod != nil {
		mod(&cfg)
	}
	c, err := New(cfg)
	require.NoError(t, err)
	t.Cleanup(c.Close)
	require.NoError(t, c.run(context.Background(), tn.n))
	tn.c = c
	return tn
}

// eventually polls cond until it holds or within has passed.
func eventually(t *testing.T, within time.Duration, cond func() bool, msg string, args ...any) {
	t.Helper()
	deadline := time.Now().Add(within)
	for !cond() {
		if time.Now().After(deadline) {
			require.Failf(t, "condition not met in time", msg, args...)
		}
		time.Sleep(5 * time.Millisecond) // polling, not synchronising: the deadline bounds it
	}
}
