package main

import (
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"testing"
	"time"

	"github.com/nats-io/nats-server/v2/server"
	"github.com/stretchr/testify/require"

	"boardroom/db/postgres"
	"boardroom/engine"
	"boardroom/engine/testgame"
	"boardroom/internal/pgtest"
	"boardroom/lobby"
	"boardroom/lobby/cluster"
	"boardroom/lobby/lobbytest"
)

// Three nodes in one process, each a lobby over its own connection to one
// real PostgreSQL database, each connected to its own server of an
// embedded 3-server NATS cluster, wired as serve wires them. Short leases
// keep the failover quick.
const (
	e2eTTL    = time.Second
	e2ePeriod = 200 * time.Millisecond
)

type e2eNode struct {
	name  string
	store *postgres.Store
	svc   *lobby.Service
	cl    *cluster.Cluster
	dead  bool
}

// waitFor polls cond on the test goroutine until it holds or within has
// passed.
func waitFor(t *testing.T, within time.Duration, cond func() bool, msg string, args ...any) {
	t.Helper()
	deadline := time.Now().Add(within)
	for !cond() {
		if time.Now().After(deadline) {
			require.Failf(t, "condition not met in time", msg, args...)
		}
		time.Sleep(2 * time.Millisecond) // polling, bounded by the deadline
	}
}

// natsCluster starts n routed NATS servers on loopback and returns their
// client URLs once every route is up.
func natsCluster(t *testing.T, n int) []string {
	t.Helper()
	opts := func() *server.Options {
		return &server.Options{Host: "127.0.0.1", Port: server.RANDOM_PORT, NoLog: true, NoSigs: true,
			Cluster: server.ClusterOpts{Name: "e2e", Host: "127.0.0.1", Port: server.RANDOM_PORT}}
	}
	var servers []*server.Server
	var urls []string
	for i := range n {
		o := opts()
		if i > 0 {
			o.Routes = server.RoutesFromStr("nats://" + servers[0].ClusterAddr().String())
		}
		s, err := server.NewServer(o)
		require.NoError(t, err)
		s.Start()
		t.Cleanup(s.Shutdown)
		require.True(t, s.ReadyForConnections(5*time.Second))
		servers = append(servers, s)
		urls = append(urls, s.ClientURL())
	}
	waitFor(t, 10*time.Second, func() bool {
		for _, s := range servers {
			if s.NumRoutes() < n-1 {
				return false
			}
		}
		return true
	}, "the NATS cluster did not form")
	return urls
}

func startE2ENodes(t *testing.T, count int) []*e2eNode {
	t.Helper()
	return startE2ENodesWith(t, count, nil)
}

// startE2ENodesWith starts the nodes as startE2ENodes, with mod changing
// node i's cluster configuration first. Every node seals its messages
// with one seal.key, made as serve makes it.
func startE2ENodesWith(t *testing.T, count int, mod func(i int, cfg *cluster.Config)) []*e2eNode {
	t.Helper()
	ctx := context.Background()
	sealKey, err := loadSealKey(t.TempDir(), slog.New(slog.DiscardHandler))
	require.NoError(t, err)
	dsn := pgtest.DB(t)
	urls := natsCluster(t, count)
	reg, err := engine.NewRegistry(testgame.Definition{})
	require.NoError(t, err)
	log := slog.New(slog.DiscardHandler)
	var nodes []*e2eNode
	for i := range count {
		store, err := postgres.Open(ctx, dsn, log)
		require.NoError(t, err)
		n := &e2eNode{name: fmt.Sprintf("node-%d", i+1), store: store}
		// As serve's newCluster, with short leases.
		cfg := cluster.Config{URL: urls[i], Node: n.name, Leases: store, LeaseTTL: e2eTTL, Period: e2ePeriod, Logger: log, Key: sealKey}
		if mod != nil {
			mod(i, &cfg)
		}
		n.cl, err = cluster.New(cfg)
		require.NoError(t, err)
		n.svc, err = lobby.New(ctx, store, reg, lobby.Config{Seed: lobbytest.Seeds(t), Cluster: n.cl, OwnerWait: 5 * time.Second}, log)
		require.NoError(t, err)
		require.NoError(t, runCluster(ctx, n.cl, n.svc, log))
		nodes = append(nodes, n)
		t.Cleanup(func() {
			if !n.dead {
				handOff(n.cl, log)
				_ = n.svc.Shutdown(ctx)
			}
			_ = store.Close()
		})
	}
	return nodes
}

// e2eHash is what a spectator sees of the table's game on a node.
func e2eHash(n *e2eNode, id int64) (string, error) {
	st, err := n.svc.GameState(context.Background(), nil, id)
	if err != nil {
		return "", err
	}
	raw, err := json.Marshal(struct {
		V       int
		View    any
		Outcome engine.Outcome
		Status  string
	}{st.Version, st.View, st.Outcome, st.Table.Status})
	return string(raw), err
}

// settle waits until every live node shows the same game.
func settle(t *testing.T, nodes []*e2eNode, id int64) string {
	t.Helper()
	var want string
	var last error
	waitFor(t, 10*time.Second, func() bool {
		want = ""
		for _, n := range nodes {
			if n.dead {
				continue
			}
			h, err := e2eHash(n, id)
			if err != nil {
				last = err
				return false
			}
			if want != "" && h != want {
				return false
			}
			want = h
		}
		return true
	}, "the nodes do not agree on table %d (last error: %v)", id, last)
	return want
}

func ownerOf(nodes []*e2eNode, id int64) []*e2eNode {
	var out []*e2eNode
	for _, n := range nodes {
		if _, ok := n.svc.Owned()[id]; ok && !n.dead {
			out = append(out, n)
		}
	}
	return out
}

// TestClusterE2EOwnerDiesOverNATSAndPostgres plays a game with players on
// two nodes, kills the owner mid-game, and checks that another node takes
// the table within the lease, with the same game, and that the game goes on
// to its end with every action stored once.
func TestClusterE2EOwnerDiesOverNATSAndPostgres(t *testing.T) {
	nodes := startE2ENodes(t, 3)
	a, b, c := nodes[0], nodes[1], nodes[2]
	ctx := context.Background()
	alice := lobbytest.Player(t, a.svc, "alice")
	bob := lobbytest.Player(t, b.svc, "bob")
	id := lobbytest.StartTestGame(t, a.svc, lobby.PublicLobbyID, alice, []*lobby.Account{bob}, 0, nil)
	require.Equal(t, []*e2eNode{a}, ownerOf(nodes, id))
	settle(t, nodes, id)

	// One round: alice on the owner, bob forwarded from node-2.
	start := time.Now()
	require.NoError(t, lobbytest.Act(a.svc, alice, id, testgame.Bid{Amount: 3}))
	local := time.Since(start)
	settle(t, nodes, id)
	start = time.Now()
	require.NoError(t, lobbytest.Act(b.svc, bob, id, testgame.Bid{Amount: 1}))
	forwarded := time.Since(start)
	t.Logf("an action on the owner took %v, one forwarded over NATS %v", local.Round(time.Microsecond), forwarded.Round(time.Microsecond))
	before := settle(t, nodes, id)

	// node-1 dies: no handoff, its NATS connection and its timers end.
	a.dead = true
	killed := time.Now()
	a.cl.Close()
	require.NoError(t, a.svc.Shutdown(ctx))
	waitFor(t, e2eTTL+e2ePeriod+3*time.Second, func() bool { return len(ownerOf(nodes, id)) == 1 }, "no node took the table over")
	t.Logf("taken over after %v (lease %v, period %v)", time.Since(killed).Round(time.Millisecond), e2eTTL, e2ePeriod)
	owner := ownerOf(nodes, id)[0]
	require.NotSame(t, a, owner)
	require.Equal(t, before, settle(t, nodes, id), "the adopted game is the one that was played")

	// Alice reconnects to node-3; both play to the end.
	for range 300 {
		settle(t, nodes, id)
		if lobbytest.State(t, c.svc, alice, id).Outcome.Finished {
			break
		}
		for _, p := range []struct {
			n   *e2eNode
			acc *lobby.Account
		}{{c, alice}, {b, bob}} {
			settle(t, nodes, id)
			if m := lobbytest.Move(lobbytest.State(t, p.n.svc, p.acc, id), 1); m != nil {
				require.NoError(t, lobbytest.Act(p.n.svc, p.acc, id, m))
			}
		}
	}
	settle(t, nodes, id)
	final := lobbytest.State(t, c.svc, alice, id)
	require.True(t, final.Outcome.Finished)
	require.Equal(t, lobby.TableFinished, final.Table.Status)

	require.Len(t, ownerOf(nodes, id), 1, "a finished game stays with the node that ran it, for its rematch")

	// A rematch asked for on two nodes starts one new game.
	n1, err := c.svc.Rematch(ctx, alice, id, true)
	require.NoError(t, err)
	require.Zero(t, n1, "bob has not accepted yet")
	n2, err := b.svc.Rematch(ctx, bob, id, true)
	require.NoError(t, err)
	require.NotZero(t, n2, "both accepted on their nodes: the rematch starts")
	waitFor(t, 5*time.Second, func() bool {
		st, err := c.svc.GameState(ctx, alice, n2)
		return err == nil && st.Table.Status == lobby.TablePlaying
	}, "alice's node does not show the rematch")

	// Every acknowledged action is stored once, in order.
	actions, err := b.store.LoadActions(ctx, id)
	require.NoError(t, err)
	for i, r := range actions {
		require.Equal(t, i+1, r.Seq)
	}
	require.Len(t, actions, final.Version)
}

// TestClusterE2EGracefulStopHandsOver: a node stopped as serve stops it
// (handOff, then the lobby) gives its running game to another node at
// once, and the players go on.
func TestClusterE2EGracefulStopHandsOver(t *testing.T) {
	nodes := startE2ENodes(t, 2)
	a, b := nodes[0], nodes[1]
	ctx := context.Background()
	alice := lobbytest.Player(t, a.svc, "alice")
	bob := lobbytest.Player(t, b.svc, "bob")
	id := lobbytest.StartTestGame(t, a.svc, lobby.PublicLobbyID, alice, []*lobby.Account{bob}, 0, nil)
	require.NoError(t, lobbytest.Act(a.svc, alice, id, testgame.Bid{Amount: 2}))
	before := settle(t, nodes, id)

	stopped := time.Now()
	handOff(a.cl, slog.New(slog.DiscardHandler))
	require.NoError(t, a.svc.Shutdown(ctx))
	a.dead = true
	// Well under a lease: the handoff notice, not the lease running out.
	waitFor(t, e2eTTL/2, func() bool { return len(ownerOf(nodes, id)) == 1 }, "node-2 did not take the table at once")
	t.Logf("handed over in %v", time.Since(stopped).Round(time.Millisecond))
	require.Equal(t, before, settle(t, nodes, id))
	require.NoError(t, lobbytest.Act(b.svc, bob, id, testgame.Bid{Amount: 1}), "bob plays on at the new owner")
	st := lobbytest.State(t, b.svc, alice, id)
	require.Greater(t, st.Version, 1)
}
