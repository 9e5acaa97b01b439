package lobby_test

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
	"boardroom/lobby/lobbytest"
)

// The lobby's side of a cluster, without NATS or Postgres: nodes are
// Services over one SQLite store in one process, the bus delivers notices
// in order and calls straight to the owner, and the store is wrapped with
// in-memory leases that fence writes as db/postgres does in its
// transactions. lobby/cluster tests the same over NATS, and the cluster
// tests of cmd over NATS and a real Postgres.

const leaseTTL = 5 * time.Second

// leased is a Store with leases that refuses a stale token's writes.
type leased struct {
	lobby.Store
	mu     sync.Mutex
	now    time.Time
	leases map[int64]lease
}

type lease struct {
	node  string
	token int64
	until time.Time
}

func (l *leased) fence(tableID, token int64) error {
	if token != 0 && l.leases[tableID].token != token {
		return fmt.Errorf("table %d token %d: %w", tableID, token, lobby.ErrFenced)
	}
	return nil
}

func (l *leased) SaveTable(ctx context.Context, rec lobby.TableRecord) error {
	l.mu.Lock()
	defer l.mu.Unlock()
	if err := l.fence(rec.ID, rec.Token); err != nil {
		return err
	}
	return l.Store.SaveTable(ctx, rec)
}

func (l *leased) AppendAction(ctx context.Context, tableID int64, rec lobby.ActionRecord) error {
	l.mu.Lock()
	defer l.mu.Unlock()
	if err := l.fence(tableID, rec.Token); err != nil {
		return err
	}
	return l.Store.AppendAction(ctx, tableID, rec)
}

func (l *leased) FinishGame(ctx context.Context, end lobby.GameEnd) error {
	l.mu.Lock()
	defer l.mu.Unlock()
	if err := l.fence(end.TableID, end.Token); err != nil {
		return err
	}
	return l.Store.FinishGame(ctx, end)
}

func (l *leased) ClaimTable(_ context.Context, id int64, node string, ttl time.Duration, now time.Time) (int64, bool, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	cur := l.leases[id]
	if cur.node != "" && cur.node != node && now.Before(cur.until) {
		return 0, false, nil
	}
	if cur.node != node {
		cur.token++
	}
	cur.node, cur.until = node, now.Add(ttl)
	l.leases[id] = cur
	return cur.token, true, nil
}

func (l *leased) RenewLeases(_ context.Context, node string, ttl time.Duration, now time.Time) (map[int64]int64, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	out := map[int64]int64{}
	for id, cur := range l.leases {
		if cur.node == node && now.Before(cur.until) {
			cur.until = now.Add(ttl)
			l.leases[id] = cur
			out[id] = cur.token
		}
	}
	return out, nil
}

func (l *leased) ReleaseTable(_ context.Context, id int64, node string) error {
	l.mu.Lock()
	defer l.mu.Unlock()
	if cur := l.leases[id]; cur.node == node {
		cur.node = ""
		l.leases[id] = cur
	}
	return nil
}

func (l *leased) OrphanTables(ctx context.Context, now time.Time) ([]int64, error) {
	recs, err := l.Store.LoadTables(ctx, now.Add(time.Hour))
	if err != nil {
		return nil, err
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	var out []int64
	for _, r := range recs {
		cur := l.leases[r.ID]
		if (r.Status == lobby.TableForming || r.Status == lobby.TablePlaying) && (cur.node == "" || !now.Before(cur.until)) {
			out = append(out, r.ID)
		}
	}
	return out, nil
}

// bus connects the nodes of one test.
type bus struct {
	mu    sync.Mutex
	nodes []*node
	store *leased
}

// node is one Service and its in-memory Cluster.
type node struct {
	bus  *bus
	name string
	svc  *lobby.Service
	q    chan lobby.Notice
	dead atomic.Bool
	// queued and applied count the notices handed to the node and applied.
	queued, applied atomic.Int64
	done            chan struct{}
}

var _ lobby.Cluster = (*node)(nil)

func (n *node) Node() string { return n.name }

func (n *node) Claim(ctx context.Context, id int64) (int64, error) {
	n.bus.store.mu.Lock()
	now := n.bus.store.now
	n.bus.store.mu.Unlock()
	tok, ok, err := n.bus.store.ClaimTable(ctx, id, n.name, leaseTTL, now)
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
			return o.svc.Serve(ctx, copied), nil
		}
	}
	return lobby.CallResult{}, lobby.ErrNoOwner
}

// deliver applies the node's notices in order until the test ends.
func (n *node) deliver() {
	defer close(n.done)
	for nt := range n.q {
		n.svc.Receive(context.Background(), nt)
		n.applied.Add(1)
	}
}

// tick is one round of the lease loop: renew, give up what was lost, adopt
// orphans.
func (n *node) tick(t *testing.T) {
	t.Helper()
	ctx := context.Background()
	st := n.bus.store
	st.mu.Lock()
	now := st.now
	st.mu.Unlock()
	kept, err := st.RenewLeases(ctx, n.name, leaseTTL, now)
	require.NoError(t, err)
	for id := range n.svc.Owned() {
		if _, ok := kept[id]; !ok {
			n.svc.Relinquish(id)
		}
	}
	orphans, err := st.OrphanTables(ctx, now)
	require.NoError(t, err)
	for _, id := range orphans {
		tok, ok, err := st.ClaimTable(ctx, id, n.name, leaseTTL, now)
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
	b := &bus{store: &leased{Store: raw, now: start, leases: map[int64]lease{}}}
	clock := lobbytest.NewFakeClock(start)
	for i := range count {
		n := &node{bus: b, name: fmt.Sprintf("node-%d", i+1), q: make(chan lobby.Notice, 1024), done: make(chan struct{})}
		svc, err := lobby.New(ctx, b.store, reg, lobby.Config{Clock: clock, Seed: lobbytest.Seeds(t), Cluster: n,
			OwnerWait: 300 * time.Millisecond}, nil)
		require.NoError(t, err)
		n.svc = svc
		b.nodes = append(b.nodes, n)
		go n.deliver()
	}
	t.Cleanup(func() {
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

func (b *bus) advance(d time.Duration) {
	b.store.mu.Lock()
	b.store.now = b.store.now.Add(d)
	b.store.mu.Unlock()
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

func TestClusterPlayersOnTwoNodesPlayOneGame(t *testing.T) {
	b := newCluster(t, 2)
	a, bn := b.nodes[0], b.nodes[1]
	ctx := context.Background()
	alice := lobbytest.Player(t, a.svc, "alice")
	bob := lobbytest.Player(t, bn.svc, "bob")
	b.settle(t)

	tb := lobbytest.TestTable(t, a.svc, lobby.PublicLobbyID, alice, 2, nil)
	require.Contains(t, a.svc.Owned(), tb.ID, "the node that creates a table owns it")
	b.settle(t)
	_, err := bn.svc.Sit(ctx, bob, tb.ID, -1) // forwarded to node-1
	require.NoError(t, err)
	require.NoError(t, bn.svc.SetReady(ctx, bob, tb.ID, true))
	view, err := bn.svc.Table(ctx, bob, tb.ID)
	require.NoError(t, err)
	require.Equal(t, "bob", view.Seats[1].Handle, "the replica reads its own writes")
	require.True(t, view.Seats[1].Ready)
	_, err = bn.svc.Sit(ctx, bob, tb.ID, 0)
	require.ErrorIs(t, err, lobby.ErrSeatTaken, "the owner's refusal comes back as the same sentinel")
	require.NoError(t, a.svc.Start(ctx, alice, tb.ID))
	b.settle(t)

	require.NoError(t, lobbytest.Act(a.svc, alice, tb.ID, testgame.Bid{Amount: 3}))
	require.NoError(t, lobbytest.Act(bn.svc, bob, tb.ID, testgame.Bid{Amount: 1}))
	b.settle(t)
	require.Equal(t, stateHash(t, a, tb.ID), stateHash(t, bn, tb.ID))
	st := lobbytest.State(t, bn.svc, bob, tb.ID)
	require.NotEmpty(t, st.Log, "the replica shows the game's log")

	// A screen that no longer shows the game refuses the action at the owner.
	err = bn.svc.Act(ctx, bob, tb.ID, 0, testgame.Add{N: 1})
	require.ErrorIs(t, err, lobby.ErrStale)

	for range 300 {
		if lobbytest.State(t, a.svc, alice, tb.ID).Outcome.Finished {
			break
		}
		b.settle(t) // each player acts on a screen that shows the other's move
		for _, p := range []struct {
			n   *node
			acc *lobby.Account
		}{{a, alice}, {bn, bob}} {
			st := lobbytest.State(t, p.n.svc, p.acc, tb.ID)
			if m := lobbytest.Move(st, 1); m != nil {
				require.NoError(t, lobbytest.Act(p.n.svc, p.acc, tb.ID, m))
			}
		}
	}
	b.settle(t)
	require.True(t, lobbytest.State(t, bn.svc, bob, tb.ID).Outcome.Finished, "%s\n%s", stateHash(t, a, tb.ID), stateHash(t, bn, tb.ID))
	require.Equal(t, stateHash(t, a, tb.ID), stateHash(t, bn, tb.ID))
	require.Equal(t, lobby.TableFinished, lobbytest.State(t, bn.svc, bob, tb.ID).Table.Status)
}

func TestClusterOwnerDiesAndAnotherNodeGoesOn(t *testing.T) {
	b := newCluster(t, 3)
	a, bn, cn := b.nodes[0], b.nodes[1], b.nodes[2]
	ctx := context.Background()
	alice := lobbytest.Player(t, a.svc, "alice")
	bob := lobbytest.Player(t, bn.svc, "bob")
	b.settle(t)
	id := lobbytest.StartTestGame(t, a.svc, lobby.PublicLobbyID, alice, []*lobby.Account{bob}, 0, nil)
	b.settle(t)
	require.NoError(t, lobbytest.Act(a.svc, alice, id, testgame.Bid{Amount: 3}))
	require.NoError(t, lobbytest.Act(bn.svc, bob, id, testgame.Bid{Amount: 1}))
	b.settle(t)
	before := stateHash(t, bn, id)
	require.Equal(t, stateHash(t, a, id), before)

	// node-1 dies: its lease runs out and node-2 takes the table.
	a.dead.Store(true)
	err := lobbytest.Act(bn.svc, bob, id, testgame.Add{N: 1})
	require.ErrorIs(t, err, lobby.ErrNoOwner, "nobody owns the table until the lease runs out")
	b.advance(leaseTTL + time.Second)
	bn.tick(t)
	cn.tick(t)
	require.Contains(t, bn.svc.Owned(), id)
	require.NotContains(t, cn.svc.Owned(), id, "exactly one node owns the table")
	b.settle(t)
	require.Equal(t, before, stateHash(t, bn, id), "the adopted game is the one that was played")
	require.Equal(t, before, stateHash(t, cn, id))

	// Alice reconnects to node-3 and both play the game to its end.
	for range 300 {
		if lobbytest.State(t, cn.svc, alice, id).Outcome.Finished {
			break
		}
		b.settle(t)
		for _, p := range []struct {
			n   *node
			acc *lobby.Account
		}{{cn, alice}, {bn, bob}} {
			if m := lobbytest.Move(lobbytest.State(t, p.n.svc, p.acc, id), 1); m != nil {
				require.NoError(t, lobbytest.Act(p.n.svc, p.acc, id, m))
			}
		}
	}
	b.settle(t)
	require.True(t, lobbytest.State(t, cn.svc, alice, id).Outcome.Finished)
	require.Equal(t, stateHash(t, bn, id), stateHash(t, cn, id))

	// The store holds every action once, in order.
	log, err := b.store.LoadActions(ctx, id)
	require.NoError(t, err)
	for i, r := range log {
		require.Equal(t, i+1, r.Seq)
	}
	require.Equal(t, lobbytest.State(t, cn.svc, alice, id).Version, len(log))

	// The old owner comes back believing it owns the table: its write is
	// refused and it turns into a replica.
	a.dead.Store(false)
	err = a.svc.Act(ctx, alice, id, 0, testgame.Add{N: 1})
	require.Error(t, err)
}

func TestClusterStaleOwnerAppendRefused(t *testing.T) {
	b := newCluster(t, 2)
	a, bn := b.nodes[0], b.nodes[1]
	ctx := context.Background()
	alice := lobbytest.Player(t, a.svc, "alice")
	bob := lobbytest.Player(t, a.svc, "bob")
	id := lobbytest.StartTestGame(t, a.svc, lobby.PublicLobbyID, alice, []*lobby.Account{bob}, 0, nil)
	b.settle(t)
	// node-1 is cut off (its notices and calls go nowhere) but alive.
	a.dead.Store(true)
	b.advance(leaseTTL + time.Second)
	bn.tick(t)
	require.Contains(t, bn.svc.Owned(), id)
	// node-1 still thinks it owns the table; its append carries the old
	// token and the store refuses it.
	err := lobbytest.Act(a.svc, alice, id, testgame.Bid{Amount: 2})
	require.ErrorIs(t, err, lobby.ErrNoOwner)
	require.NotContains(t, a.svc.Owned(), id, "a fenced node stops acting as the owner")
	log, err := b.store.LoadActions(ctx, id)
	require.NoError(t, err)
	require.Empty(t, log, "the stale owner's action was not stored")
	// The new owner plays on.
	require.NoError(t, lobbytest.Act(bn.svc, alice, id, testgame.Bid{Amount: 2}))
}

func TestClusterLobbiesChatAndPresenceReachEveryNode(t *testing.T) {
	b := newCluster(t, 2)
	a, bn := b.nodes[0], b.nodes[1]
	ctx := context.Background()
	alice := lobbytest.Player(t, a.svc, "alice")
	bob := lobbytest.Player(t, bn.svc, "bob")
	b.settle(t)

	// A private lobby made on one node is joined with its code on the other.
	l, err := a.svc.CreateLobby(ctx, alice, "Night Shift")
	require.NoError(t, err)
	b.settle(t)
	code := l.InviteCode
	joined, err := bn.svc.JoinLobby(ctx, bob, code)
	require.NoError(t, err)
	require.Equal(t, l.ID, joined.ID)
	b.settle(t)
	members, err := a.svc.Members(ctx, alice, l.ID)
	require.NoError(t, err)
	require.Len(t, members, 2, "node-1 learns of bob's joining")

	// Chat said on one node is read on the other, and its sessions hear of it.
	sub := a.svc.Subscribe(alice)
	defer sub.Close()
	ch := lobby.Channel{Lobby: l.ID}
	sub.Watch(lobby.Topic{Kind: lobby.TopicChat, Channel: ch})
	require.NoError(t, bn.svc.Say(ctx, bob, ch, "hello from node 2"))
	b.settle(t)
	msgs, err := a.svc.Chat(ctx, alice, ch, 10)
	require.NoError(t, err)
	require.Equal(t, "hello from node 2", msgs[len(msgs)-1].Text)
	select {
	case u := <-sub.C():
		require.Equal(t, lobby.TopicChat, u.Topic.Kind)
	case <-time.After(5 * time.Second):
		t.Fatal("alice's session did not hear of bob's message")
	}

	// Bob plays on node-2 at a game node-1 owns: node-1 counts him as
	// connected while his session watches, and away once it stops.
	id := lobbytest.StartTestGame(t, a.svc, l.ID, alice, []*lobby.Account{bob}, 0, nil)
	b.settle(t)
	bsub := bn.svc.Subscribe(bob)
	bsub.Watch(lobby.Topic{Kind: lobby.TopicTable, ID: id})
	b.settle(t)
	seat := func() lobby.Seat {
		tb, err := a.svc.Table(ctx, alice, id)
		require.NoError(t, err)
		return tb.Seats[1]
	}
	require.True(t, seat().Connected, "the owner sees bob's session on the other node")
	require.Eventually(t, func() bool {
		tb, err := bn.svc.Table(ctx, bob, id)
		return err == nil && tb.Seats[1].Connected
	}, 5*time.Second, 5*time.Millisecond, "the replica shows the owner's live state")
	bsub.Close()
	b.settle(t)
	require.False(t, seat().Connected)
	require.True(t, seat().Away, "bob's seat waits for him")
}
