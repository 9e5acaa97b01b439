package main

import (
	"context"
	"io"
	"log/slog"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/stretchr/testify/require"

	"boardroom/db/postgres"
	"boardroom/engine"
	"boardroom/engine/testgame"
	"boardroom/internal/pgtest"
	"boardroom/lobby"
	"boardroom/lobby/cluster"
	"boardroom/lobby/lobbytest"
)

// Issue 29, "two nodes with one name": a fourth process started with
// --node node2 while node2 ran took its table under the same token. These
// run real nodes (NATS in-process, a real PostgreSQL) as serve wires them.

// nameRig is one database and NATS cluster that nodes join one by one.
type nameRig struct {
	t    *testing.T
	dsn  string
	urls []string
	reg  *engine.Registry
	log  *slog.Logger
	key  []byte // the seal.key every node of the rig shares
}

func newNameRig(t *testing.T, natsServers int) *nameRig {
	reg, err := engine.NewRegistry(testgame.Definition{})
	require.NoError(t, err)
	key, err := loadSealKey(t.TempDir(), slog.New(slog.DiscardHandler))
	require.NoError(t, err)
	return &nameRig{t: t, dsn: pgtest.DB(t), urls: natsCluster(t, natsServers), reg: reg, log: slog.New(slog.DiscardHandler), key: key}
}

// join starts a node called name on the NATS server at url, as serve's
// newCluster and runCluster do; the error is cluster.New's (a refusal).
func (r *nameRig) join(name, url string, mod func(*cluster.Config)) (*e2eNode, error) {
	t, ctx := r.t, context.Background()
	store, err := postgres.Open(ctx, r.dsn, r.log)
	require.NoError(t, err)
	t.Cleanup(func() { _ = store.Close() })
	cfg := cluster.Config{URL: url, Node: name, Leases: store, LeaseTTL: e2eTTL, Period: e2ePeriod, Logger: r.log, Key: r.key}
	if mod != nil {
		mod(&cfg)
	}
	n := &e2eNode{name: name, store: store}
	if n.cl, err = cluster.New(cfg); err != nil {
		return nil, err
	}
	n.svc, err = lobby.New(ctx, store, r.reg, lobby.Config{Seed: lobbytest.Seeds(t), Cluster: n.cl, OwnerWait: 5 * time.Second}, r.log)
	require.NoError(t, err)
	require.NoError(t, runCluster(ctx, n.cl, n.svc, r.log))
	t.Cleanup(func() {
		if !n.dead {
			handOff(n.cl, r.log)
			_ = n.svc.Shutdown(ctx)
		}
	})
	return n, nil
}

// leaseOf reads the table's lease row.
func (r *nameRig) leaseOf(id int64) (node, inc string, token int64) {
	t := r.t
	t.Helper()
	conn, err := pgx.Connect(context.Background(), r.dsn)
	require.NoError(t, err)
	defer conn.Close(context.Background())
	var nodeP, incP *string
	require.NoError(t, conn.QueryRow(context.Background(),
		`SELECT owner_node, owner_incarnation, lease_token FROM games WHERE id = $1`, id).Scan(&nodeP, &incP, &token))
	if nodeP != nil {
		node = *nodeP
	}
	if incP != nil {
		inc = *incP
	}
	return node, inc, token
}

// A second process named like a live node is refused, over NATS and, when
// it cannot hear the live node there, by the store; the live node keeps its
// table and lease, and the game goes on.
func TestClusterE2ESecondProcessWithALiveNodesNameIsRefused(t *testing.T) {
	r := newNameRig(t, 2)
	a, err := r.join("node2", r.urls[0], nil)
	require.NoError(t, err)
	b, err := r.join("node3", r.urls[1], nil)
	require.NoError(t, err)
	nodes := []*e2eNode{a, b}
	alice := lobbytest.Player(t, a.svc, "alice")
	bob := lobbytest.Player(t, b.svc, "bob")
	id := lobbytest.StartTestGame(t, a.svc, lobby.PublicLobbyID, alice, []*lobby.Account{bob}, 0, nil)
	settle(t, nodes, id)
	node, inc, token := r.leaseOf(id)
	require.Equal(t, []string{"node2", a.cl.Incarnation()}, []string{node, inc}, "the lease names node2's incarnation")

	start := time.Now()
	_, err = r.join("node2", r.urls[1], nil)
	t.Logf("refused over NATS in %v", time.Since(start))
	var taken *cluster.NameTakenError
	require.ErrorAs(t, err, &taken, "a second node2 started while node2 runs")
	require.Equal(t, "NATS", taken.Via)
	require.Contains(t, err.Error(), `node name "node2" is in use by another process (started `)
	require.Contains(t, err.Error(), "stop that node first, or start this one with another --node")

	// NATS partitioned: a server of its own. The store refuses.
	lone := natsCluster(t, 1)[0]
	start = time.Now()
	_, err = r.join("node2", lone, nil)
	t.Logf("refused by the store in %v", time.Since(start))
	require.ErrorAs(t, err, &taken)
	require.Equal(t, "the store", taken.Via)
	require.Equal(t, a.cl.Incarnation(), taken.Holder.Incarnation)

	require.Equal(t, []*e2eNode{a}, ownerOf(nodes, id))
	node2, inc2, token2 := r.leaseOf(id)
	require.Equal(t, []any{node, inc, token}, []any{node2, inc2, token2}, "the refused processes touched the lease")
	require.NoError(t, lobbytest.Act(b.svc, bob, id, testgame.Bid{Amount: 1}), "bob plays on, forwarded to node2")
	require.NoError(t, lobbytest.Act(a.svc, alice, id, testgame.Bid{Amount: 2}))
	settle(t, nodes, id)
}

// While node2 runs a second node2 is refused; once node2 stopped cleanly
// (it released its name), a new node2 starts at once.
func TestClusterE2ENodeNameFreeAfterACleanStop(t *testing.T) {
	r := newNameRig(t, 1)
	a, err := r.join("node2", r.urls[0], nil)
	require.NoError(t, err)
	_, err = r.join("node2", r.urls[0], nil)
	require.ErrorIs(t, err, cluster.ErrNameTaken, "a second node2 while node2 runs")
	handOff(a.cl, r.log)
	require.NoError(t, a.svc.Shutdown(context.Background()))
	a.dead = true
	b, err := r.join("node2", r.urls[0], nil)
	require.NoError(t, err, "the name of a node that stopped cleanly is free at once")
	require.NotEqual(t, a.cl.Incarnation(), b.cl.Incarnation())
}

// node2 dies without cleanup: a new node2 is refused until the heartbeat
// window has passed (its clock is moved, not waited for), then starts and
// takes the old one's table only with a new token.
func TestClusterE2ENodeNameFreeAfterACrashOnceTheWindowPassed(t *testing.T) {
	r := newNameRig(t, 1)
	const window = time.Minute
	beat := func(c *cluster.Config) { c.Heartbeat, c.NameWindow = 100*time.Millisecond, window }
	a, err := r.join("node2", r.urls[0], beat)
	require.NoError(t, err)
	alice := lobbytest.Player(t, a.svc, "alice")
	bob := lobbytest.Player(t, a.svc, "bob")
	id := lobbytest.StartTestGame(t, a.svc, lobby.PublicLobbyID, alice, []*lobby.Account{bob}, 0, nil)
	_, _, oldToken := r.leaseOf(id)
	a.dead = true
	a.cl.Close()
	require.NoError(t, a.svc.Shutdown(context.Background()))

	clock := &movedClock{}
	moved := func(c *cluster.Config) { beat(c); c.Now = clock.now }
	_, err = r.join("node2", r.urls[0], moved)
	require.ErrorIs(t, err, cluster.ErrNameTaken, "a crashed node's name is held for the window")
	require.Contains(t, err.Error(), "frees its name 1m0s after its last heartbeat")

	clock.add(window)
	b, err := r.join("node2", r.urls[0], moved)
	require.NoError(t, err, "the window passed: the name is free")
	waitFor(t, 10*time.Second, func() bool { _, ok := b.svc.Owned()[id]; return ok }, "the new node2 did not take the table")
	node, inc, token := r.leaseOf(id)
	require.Equal(t, []string{"node2", b.cl.Incarnation()}, []string{node, inc})
	require.Greater(t, token, oldToken, "the new process holds the table under a new token")
}

// movedClock is time.Now moved on by a test.
type movedClock struct {
	mu sync.Mutex
	by time.Duration
}

func (c *movedClock) now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return time.Now().Add(c.by)
}

func (c *movedClock) add(d time.Duration) {
	c.mu.Lock()
	c.by += d
	c.mu.Unlock()
}

// serve itself: a second `serve --node node2` exits 1 with one clear line
// while node2 runs, starts once node2 stopped, and a running serve whose
// name another process took gives its tables up and exits 1.
func TestServeRefusesASecondNodeOfTheSameName(t *testing.T) {
	dsn := pgtest.DB(t)
	url := natsCluster(t, 1)[0]
	args := func() []string {
		return []string{"--listen", "127.0.0.1:0", "--data", t.TempDir(), "--store", dsn, "--cluster", url, "--node", "node2"}
	}
	type running struct {
		out, errOut *syncBuffer
		code        chan int
		stop        context.CancelFunc
	}
	start := func() *running {
		o, code, ok := parseServeFlags(args(), func(string) string { return "" }, io.Discard)
		require.True(t, ok, "flags: %d", code)
		ctx, cancel := context.WithCancel(context.Background())
		r := &running{out: &syncBuffer{}, errOut: &syncBuffer{}, code: make(chan int, 1), stop: cancel}
		go func() { r.code <- serve(ctx, o, registry, r.out, r.errOut) }()
		t.Cleanup(cancel)
		return r
	}
	listening := func(r *running) {
		waitFor(t, 30*time.Second, func() bool { return strings.Contains(r.out.String(), "listening on") },
			"serve did not start: %s", r.errOut)
	}
	exit := func(r *running) int {
		select {
		case c := <-r.code:
			return c
		case <-time.After(30 * time.Second):
			require.FailNow(t, "serve did not stop", r.errOut.String())
			return -1
		}
	}

	first := start()
	listening(first)
	second := start()
	require.Equal(t, 1, exit(second))
	require.NotContains(t, second.out.String(), "listening on")
	var refusals []string
	for _, line := range strings.Split(second.errOut.String(), "\n") {
		if strings.Contains(line, "is in use by another process") {
			refusals = append(refusals, line)
		}
	}
	require.Len(t, refusals, 1, "one line says why: %s", second.errOut)
	require.Contains(t, refusals[0], `msg="cannot join the cluster"`)
	require.Contains(t, refusals[0], `node name \"node2\" is in use by another process (started `)
	require.Contains(t, refusals[0], "stop that node first, or start this one with another --node")

	first.stop()
	require.Equal(t, 0, exit(first))
	third := start()
	listening(third)

	// Another process takes the name (third was cut off longer than the
	// window, as far as the store knows): third stops within a heartbeat.
	store, err := postgres.Open(context.Background(), dsn, slog.New(slog.DiscardHandler))
	require.NoError(t, err)
	defer store.Close()
	later := time.Now().Add(time.Hour)
	_, ok, err := store.ClaimNodeName(context.Background(), lobby.NodeName{Name: "node2", Incarnation: "usurper", StartedAt: later}, cluster.DefaultNameWindow, later)
	require.NoError(t, err)
	require.True(t, ok)
	require.Equal(t, 1, exit(third))
	require.Contains(t, third.errOut.String(), "another process took this node's name; this node gives up its tables and stops")
	require.Contains(t, third.errOut.String(), "other_incarnation=usurper")
}
