package cluster_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"path/filepath"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"boardroom/db"
	"boardroom/engine"
	"boardroom/engine/testgame"
	"boardroom/lobby"
	"boardroom/lobby/cluster"
	"boardroom/lobby/lobbytest"
)

// The lobby's side of a cluster, without NATS or Postgres: nodes are
// Services and their Peers over one SQLite store in one process, the bus
// delivers notices in order and calls straight to the owner's Peer, and the store is wrapped with
// in-memory leases that fence writes as db/postgres does in its
// transactions (lobbytest.LeasedStore; lobby/cluster's tests use the same
// leases). lobby/cluster tests the same over NATS, and the cluster tests of
// cmd over NATS and a real Postgres.

const leaseTTL = 5 * time.Second

// start is the lobbies' (and the leases') clock at the start of a test.
var start = time.Date(2025, 6, 1, 9, 0, 0, 0, time.UTC)

// bus connects the nodes of one test.
type bus struct {
	mu    sync.Mutex
	nodes []*node
	store lobbytest.LeasedStore
	clock *lobbytest.FakeClock // the lobbies' clock, one for every node

	nowMu sync.Mutex
	now   time.Time // the leases' clock (advance)
}

// node is one Service, its Peer and its in-memory Cluster (the Peer's
// Transport).
type node struct {
	bus  *bus
	name string
	svc  *lobby.Service
	peer *cluster.Peer
	q    chan lobby.Notice
	dead atomic.Bool
	// queued and applied count the notices handed to the node and applied.
	queued, applied atomic.Int64
	done            chan struct{}
	// hang makes the node, as an owner, answer no call: a call waits for
	// its caller to give up; with serveLate it is served all the same once
	// the caller gave up (an answer lost on its way back).
	hang, serveLate atomic.Bool
}

var (
	_ lobby.Cluster     = (*node)(nil)
	_ cluster.Transport = (*node)(nil)
)

func (n *node) Forward(ctx context.Context, c lobby.TableCall, wait time.Duration) (lobby.CallResult, bool, error) {
	return n.peer.Forward(ctx, c, wait)
}

func (n *node) WatchedElsewhere(tableID, accountID int64) bool {
	return n.peer.WatchedElsewhere(tableID, accountID)
}

func (n *node) WatchersChanged() {
	n.Announce(lobby.Notice{Kind: lobby.NoticePresence, Node: n.name, Presence: n.peer.Presence()})
}

func (n *node) Node() string { return n.name }

// owner is the node's lease owner: one process per node in these tests.
func (n *node) owner() lobby.LeaseOwner {
	return lobby.LeaseOwner{Node: n.name, Incarnation: n.name + "-1"}
}

func (n *node) Claim(ctx context.Context, id int64) (int64, error) {
	tok, ok, err := n.bus.store.ClaimTable(ctx, id, n.owner(), leaseTTL, n.bus.leaseNow())
	if err == nil && !ok {
		err = errors.New("table owned elsewhere")
	}
	return tok, err
}

func (n *node) Announce(nt lobby.Notice) {
	if n.dead.Load() {
		return
	}
	n.bus.mu.Lock()
	defer n.bus.mu.Unlock()
	for _, o := range n.bus.nodes {
		if o != n && !o.dead.Load() {
			// JSON, as on the wire: what does not survive encoding is lost here too.
			raw, _ := json.Marshal(nt)
			var copied lobby.Notice
			_ = json.Unmarshal(raw, &copied)
			o.queued.Add(1)
			o.q <- copied
		}
	}
}

func (n *node) Call(ctx context.Context, c lobby.TableCall) (lobby.CallResult, error) {
	n.bus.mu.Lock()
	nodes := append([]*node(nil), n.bus.nodes...)
	n.bus.mu.Unlock()
	for _, o := range nodes {
		if o.dead.Load() || o.svc == nil {
			continue
		}
		if _, ok := o.svc.Owned()[c.TableID]; ok {
			raw, _ := json.Marshal(c)
			var copied lobby.TableCall
			_ = json.Unmarshal(raw, &copied)
			if o.hang.Load() {
				<-ctx.Done()
				if o.serveLate.Load() {
					o.peer.Serve(context.Background(), copied)
				}
				return lobby.CallResult{}, ctx.Err()
			}
			return o.peer.Serve(ctx, copied), nil
		}
	}
	return lobby.CallResult{}, lobby.ErrNoOwner
}

// deliver applies the node's notices in order until the test ends.
func (n *node) deliver() {
	defer close(n.done)
	for nt := range n.q {
		n.peer.Receive(context.Background(), nt)
		n.applied.Add(1)
	}
}

// tick is one round of the lease loop: renew, give up what was lost, adopt
// orphans.
func (n *node) tick(t *testing.T) {
	t.Helper()
	ctx := context.Background()
	st := n.bus.store
	now := n.bus.leaseNow()
	kept, err := st.RenewLeases(ctx, n.owner(), leaseTTL, now)
	require.NoError(t, err)
	for id := range n.svc.Owned() {
		if _, ok := kept[id]; !ok {
			n.svc.Relinquish(id)
		}
	}
	// As the lease loop does after a renewal: the replicas hear that the
	// owner is alive (outage.go's heartbeat).
	var owned []int64
	for id := range n.svc.Owned() {
		owned = append(owned, id)
	}
	if len(owned) > 0 {
		n.Announce(lobby.Notice{Kind: lobby.NoticeOwner, Node: n.name, Owned: owned})
	}
	orphans, err := st.OrphanTables(ctx, now)
	require.NoError(t, err)
	for _, id := range orphans {
		tok, ok, err := st.ClaimTable(ctx, id, n.owner(), leaseTTL, now)
		require.NoError(t, err)
		if ok {
			require.NoError(t, n.svc.Adopt(ctx, id, tok))
		}
	}
}

// newCluster starts count nodes over one SQLite store with leases.
func newCluster(t *testing.T, count int) *bus {
	t.Helper()
	ctx := context.Background()
	reg, err := engine.NewRegistry(testgame.Definition{})
	require.NoError(t, err)
	raw, err := db.Open(ctx, filepath.Join(t.TempDir(), "boardroom.db"), nil)
	require.NoError(t, err)
	b := &bus{store: lobbytest.NewLeasedStore(raw), now: start}
	clock := lobbytest.NewFakeClock(start)
	b.clock = clock
	for i := range count {
		n := &node{bus: b, name: fmt.Sprintf("node-%d", i+1), q: make(chan lobby.Notice, 1024), done: make(chan struct{})}
		n.peer = cluster.NewPeer(n.name, n, nil)
		svc, err := lobby.New(ctx, b.store, reg, lobby.Config{Clock: clock, Seed: lobbytest.Seeds(t), Cluster: n,
			OwnerWait: 300 * time.Millisecond}, nil)
		require.NoError(t, err)
		n.svc = svc
		n.peer.Attach(svc)
		b.nodes = append(b.nodes, n)
		go n.deliver()
	}
	t.Cleanup(func() {
		// Every node stops hearing first: a notice still on its way (a
		// session closed at the end of a test tells the owners) must not
		// reach a node whose queue is closed.
		b.mu.Lock()
		for _, n := range b.nodes {
			n.dead.Store(true)
		}
		b.mu.Unlock()
		for _, n := range b.nodes {
			_ = n.svc.Shutdown(ctx)
			close(n.q)
			<-n.done
		}
		_ = raw.Close()
	})
	return b
}

// settle waits until every live node has applied every notice sent so far.
func (b *bus) settle(t *testing.T) {
	t.Helper()
	require.Eventually(t, func() bool {
		for _, n := range b.nodes {
			if !n.dead.Load() && n.applied.Load() != n.queued.Load() {
				return false
			}
		}
		return true
	}, 5*time.Second, time.Millisecond)
}

// advance moves the leases' clock (not the lobbies').
func (b *bus) advance(d time.Duration) {
	b.nowMu.Lock()
	b.now = b.now.Add(d)
	b.nowMu.Unlock()
}

func (b *bus) leaseNow() time.Time {
	b.nowMu.Lock()
	defer b.nowMu.Unlock()
	return b.now
}

// stateHash is what a spectator of the table sees of its game on a node.
func stateHash(t *testing.T, n *node, tableID int64) string {
	t.Helper()
	st, err := n.svc.GameState(context.Background(), nil, tableID)
	require.NoError(t, err)
	raw, err := json.Marshal(struct {
		V       int
		View    any
		Outcome engine.Outcome
		Status  string
	}{st.Version, st.View, st.Outcome, st.Table.Status})
	require.NoError(t, err)
	return string(raw)
}

// seatAt is a player and the node their session is on.
type seatAt struct {
	n   *node
	acc *lobby.Account
}

// playToEnd has the players act (adding 1) on their nodes, each on a screen
// that shows the others' moves, until the game ends.
func (b *bus) playToEnd(t *testing.T, tableID int64, seats ...seatAt) {
	t.Helper()
	for range 300 {
		b.settle(t)
		if lobbytest.State(t, seats[0].n.svc, seats[0].acc, tableID).Outcome.Finished {
			return
		}
		for _, p := range seats {
			b.settle(t)
			if m := lobbytest.Move(lobbytest.State(t, p.n.svc, p.acc, tableID), 1); m != nil {
				require.NoError(t, lobbytest.Act(p.n.svc, p.acc, tableID, m))
			}
		}
	}
	t.Fatalf("the game at table %d did not end", tableID)
}
