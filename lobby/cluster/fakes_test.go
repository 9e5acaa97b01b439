package cluster

import (
	"context"
	"errors"
	"sort"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/nats-io/nats-server/v2/server"
	"github.com/stretchr/testify/require"

	"boardroom/lobby"
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

// fakeLeases is an in-memory lobby.LeaseStore with the store's token
// semantics: a token rises every time a table gets a new lease holder, a
// live lease of another node is refused, and renewals extend live leases
// only.
type fakeLeases struct {
	mu     sync.Mutex
	tables map[int64]bool // forming or playing: OrphanTables lists them
	leases map[int64]fakeLease
	tokens map[int64]int64 // the last token handed out per table
}

type fakeLease struct {
	node  string
	token int64
	until time.Time
}

func newFakeLeases(tables ...int64) *fakeLeases {
	f := &fakeLeases{tables: map[int64]bool{}, leases: map[int64]fakeLease{}, tokens: map[int64]int64{}}
	for _, id := range tables {
		f.tables[id] = true
	}
	return f
}

func (f *fakeLeases) ClaimTable(_ context.Context, id int64, node string, ttl time.Duration, now time.Time) (int64, bool, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	l, ok := f.leases[id]
	live := ok && now.Before(l.until)
	switch {
	case live && l.node != node:
		return 0, false, nil
	case live:
		l.until = now.Add(ttl)
		f.leases[id] = l
		return l.token, true, nil
	}
	f.tokens[id]++
	f.leases[id] = fakeLease{node: node, token: f.tokens[id], until: now.Add(ttl)}
	return f.tokens[id], true, nil
}

func (f *fakeLeases) RenewLeases(_ context.Context, node string, ttl time.Duration, now time.Time) (map[int64]int64, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	out := map[int64]int64{}
	for id, l := range f.leases {
		if l.node == node && now.Before(l.until) {
			l.until = now.Add(ttl)
			f.leases[id] = l
			out[id] = l.token
		}
	}
	return out, nil
}

func (f *fakeLeases) ReleaseTable(_ context.Context, id int64, node string) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	if l, ok := f.leases[id]; ok && l.node == node {
		delete(f.leases, id)
	}
	return nil
}

func (f *fakeLeases) OrphanTables(_ context.Context, now time.Time) ([]int64, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	var out []int64
	for id := range f.tables {
		if l, ok := f.leases[id]; !ok || !now.Before(l.until) {
			out = append(out, id)
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i] < out[j] })
	return out, nil
}

// holder is the node holding a live lease of the table, and its token.
func (f *fakeLeases) holder(id int64, now time.Time) (string, int64) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if l, ok := f.leases[id]; ok && now.Before(l.until) {
		return l.node, l.token
	}
	return "", 0
}

var errStoreDown = errors.New("store: connection refused")

// nodeLeases is one node's way to the shared fakeLeases, which a test can
// cut (the store out of reach from that node).
type nodeLeases struct {
	*fakeLeases
	down     atomic.Bool
	renewals atomic.Int64 // RenewLeases calls: one a scan
}

func (n *nodeLeases) ClaimTable(ctx context.Context, id int64, node string, ttl time.Duration, now time.Time) (int64, bool, error) {
	if n.down.Load() {
		return 0, false, errStoreDown
	}
	return n.fakeLeases.ClaimTable(ctx, id, node, ttl, now)
}

func (n *nodeLeases) RenewLeases(ctx context.Context, node string, ttl time.Duration, now time.Time) (map[int64]int64, error) {
	n.renewals.Add(1)
	if n.down.Load() {
		return nil, errStoreDown
	}
	return n.fakeLeases.RenewLeases(ctx, node, ttl, now)
}

func (n *nodeLeases) ReleaseTable(ctx context.Context, id int64, node string) error {
	if n.down.Load() {
		return errStoreDown
	}
	return n.fakeLeases.ReleaseTable(ctx, id, node)
}

func (n *nodeLeases) OrphanTables(ctx context.Context, now time.Time) ([]int64, error) {
	if n.down.Load() {
		return nil, errStoreDown
	}
	return n.fakeLeases.OrphanTables(ctx, now)
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

// Short leases so that takeovers happen within a test's patience.
const (
	testTTL    = 300 * time.Millisecond
	testPeriod = 50 * time.Millisecond
)

// startNode runs a node called name on the NATS server at url over the
// shared leases; mod changes its Config before New.
func startNode(t testing.TB, url, name string, st *fakeLeases, mod func(*Config)) *testNode {
	t.Helper()
	tn := &testNode{n: newFakeNode(name), obs: &fakeObserver{}, leases: &nodeLeases{fakeLeases: st}}
	cfg := Config{URL: url, Node: name, Leases: tn.leases, LeaseTTL: testTTL, Period: testPeriod,
		PresenceEvery: 100 * time.Millisecond, CallTimeout: time.Second, Observer: tn.obs}
	if mod != nil {
		mod(&cfg)
	}
	c, err := New(cfg)
	require.NoError(t, err)
	t.Cleanup(c.Close)
	require.NoError(t, c.Run(context.Background(), tn.n))
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
