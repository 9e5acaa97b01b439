package main

import (
	"bytes"
	"context"
	"fmt"
	"log/slog"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"boardroom/db/postgres"
	"boardroom/engine"
	"boardroom/engine/testgame"
	"boardroom/internal/pgtest"
	"boardroom/lobby"
	"boardroom/lobby/cluster"
	"boardroom/lobby/lobbytest"
)

// What players are told while a table changes owner (issue 29), on three
// real nodes over NATS and PostgreSQL as startE2ENodes wires them, with
// one fake clock for the lobbies (turn timers and the owner's silence) so
// that the timers can be read exactly; the leases run on the real clock.

// failTTL is the nodes' lease: long enough for a move and another call to
// be answered before a node takes the table over.
const failTTL = 2 * time.Second

// syncLog collects every node's log lines.
type syncLog struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (l *syncLog) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.buf.Write(p)
}

// count is how many lines hold every one of words.
func (l *syncLog) count(words ...string) int {
	l.mu.Lock()
	defer l.mu.Unlock()
	n := 0
	for _, line := range strings.Split(l.buf.String(), "\n") {
		ok := line != ""
		for _, w := range words {
			ok = ok && strings.Contains(line, w)
		}
		if ok {
			n++
		}
	}
	return n
}

func startFailoverNodes(t *testing.T, count int, clock lobby.Clock, logs *syncLog) []*e2eNode {
	t.Helper()
	ctx := context.Background()
	dsn := pgtest.DB(t)
	urls := natsCluster(t, count)
	reg, err := engine.NewRegistry(testgame.Definition{})
	require.NoError(t, err)
	base := slog.New(slog.NewTextHandler(logs, &slog.HandlerOptions{Level: slog.LevelDebug}))
	t.Cleanup(func() {
		if t.Failed() {
			t.Log(logs.buf.String())
		}
	})
	key, err := loadSealKey(t.TempDir(), slog.New(slog.DiscardHandler))
	require.NoError(t, err)
	var nodes []*e2eNode
	for i := range count {
		n := &e2eNode{name: fmt.Sprintf("node-%d", i+1)}
		log := base.With("node", n.name)
		n.store, err = postgres.Open(ctx, dsn, slog.New(slog.DiscardHandler))
		require.NoError(t, err)
		n.cl, err = cluster.New(cluster.Config{URL: urls[i], Node: n.name, Leases: n.store, LeaseTTL: failTTL, Period: e2ePeriod, Logger: log, Key: key})
		require.NoError(t, err)
		n.svc, err = lobby.New(ctx, n.store, reg, lobby.Config{Seed: lobbytest.Seeds(t), Cluster: n.cl, Clock: clock}, log)
		require.NoError(t, err)
		require.NoError(t, runCluster(ctx, n.cl, n.svc, log))
		nodes = append(nodes, n)
		t.Cleanup(func() {
			if !n.dead {
				handOff(n.cl, log)
				_ = n.svc.Shutdown(ctx)
			}
			_ = n.store.Close()
		})
	}
	return nodes
}

// failoverTable starts a game of alice (on a) and bob (on b) with a 60 s
// turn timer and plays it to bob's turn, 20 s into it. It returns the
// table.
func failoverTable(t *testing.T, nodes []*e2eNode, clock *lobbytest.FakeClock, alice, bob *lobby.Account) int64 {
	t.Helper()
	a, b := nodes[0], nodes[1]
	ctx := context.Background()
	tb := lobbytest.TestTable(t, a.svc, lobby.PublicLobbyID, alice, 2, nil)
	require.NoError(t, a.svc.SetTurnTimer(ctx, alice, tb.ID, 60))
	waitFor(t, 5*time.Second, func() bool {
		view, err := b.svc.Table(ctx, bob, tb.ID)
		return err == nil && view.TurnTimer == 60
	}, "node-2 does not know the table")
	_, err := b.svc.Sit(ctx, bob, tb.ID, -1)
	require.NoError(t, err)
	require.NoError(t, b.svc.SetReady(ctx, bob, tb.ID, true))
	require.NoError(t, a.svc.Start(ctx, alice, tb.ID))
	settle(t, nodes, tb.ID)
	require.NoError(t, lobbytest.Act(a.svc, alice, tb.ID, testgame.Bid{Amount: 3}))
	settle(t, nodes, tb.ID)
	require.NoError(t, lobbytest.Act(b.svc, bob, tb.ID, testgame.Bid{Amount: 1}))
	settle(t, nodes, tb.ID)
	require.NoError(t, lobbytest.Act(a.svc, alice, tb.ID, testgame.Add{N: 1}))
	settle(t, nodes, tb.ID)
	// 20 s into bob's turn. The replicas' watch ticked meanwhile faster
	// than the owner's heartbeat (the lobbies' clock ran ahead of the real
	// one) and they say the owner is silent, until its next heartbeat.
	clock.Advance(20 * time.Second)
	for _, n := range nodes[1:] {
		waitFor(t, 5*time.Second, func() bool {
			st, err := n.svc.GameState(ctx, bob, tb.ID)
			return err == nil && st.OwnerLost.IsZero()
		}, "%s did not hear of the owner", n.name)
	}
	return tb.ID
}

// lastHeard is when each replica last heard of the table's owner, read
// once they say it is silent.
func lastHeard(t *testing.T, nodes []*e2eNode, viewer *lobby.Account, id int64) map[string]time.Time {
	t.Helper()
	out := map[string]time.Time{}
	for _, n := range nodes {
		if n.dead {
			continue
		}
		st := lobbytest.State(t, n.svc, viewer, id)
		require.False(t, st.OwnerLost.IsZero(), "%s says it is reconnecting", n.name)
		out[n.name] = st.OwnerLost
	}
	return out
}

// kill ends a node as a crash would: no handoff.
func kill(t *testing.T, n *e2eNode) {
	t.Helper()
	n.dead = true
	n.cl.Close()
	require.NoError(t, n.svc.Shutdown(context.Background()))
}

// TestClusterE2EFailoverMoveAnsweredAtOnceAndMadeByTheNewOwner: bob's key
// press while the owner is dead is answered within a second with the
// sentence (once, no internals), his screen says the move waits and, after
// the owner's silence, that the game is reconnecting; the new owner makes
// the move, his screen shows it and says nothing more; the adoption is one
// line in the log.
func TestClusterE2EFailoverMoveAnsweredAtOnceAndMadeByTheNewOwner(t *testing.T) {
	clock := lobbytest.NewFakeClock(time.Now().UTC().Truncate(time.Second))
	logs := &syncLog{}
	nodes := startFailoverNodes(t, 3, clock, logs)
	a, b, c := nodes[0], nodes[1], nodes[2]
	ctx := context.Background()
	alice := lobbytest.Player(t, a.svc, "alice")
	bob := lobbytest.Player(t, b.svc, "bob")
	id := failoverTable(t, nodes, clock, alice, bob)
	v := lobbytest.State(t, b.svc, bob, id).Version

	killed := time.Now()
	kill(t, a)
	err := b.svc.Act(ctx, bob, id, v, testgame.Add{N: 2})
	answered := time.Since(killed)
	require.ErrorIs(t, err, lobby.ErrMoving)
	require.Less(t, answered, time.Second, "answered within a second")
	require.NotContains(t, err.Error(), "nats")
	require.NotContains(t, err.Error(), "(table")
	st := lobbytest.State(t, b.svc, bob, id)
	require.True(t, st.MoveWaits)

	// A call other than a move (taking the seat back from a bot, which
	// changes nothing) is answered within a second too, that the table is
	// moving.
	began := time.Now()
	err = b.svc.HandOver(ctx, bob, id, false)
	require.Less(t, time.Since(began), time.Second, "answered within a second")
	require.Empty(t, ownerOf(nodes, id), "adopted already: the lease is too short for this test")
	require.ErrorIs(t, err, lobby.ErrNoOwner)
	require.Equal(t, lobby.ErrNoOwner.Error(), err.Error(), "the sentence without internals")

	clock.Advance(lobby.DefaultOwnerSilence)
	if len(ownerOf(nodes, id)) == 0 { // not adopted yet (it takes a lease on the real clock)
		lastHeard(t, nodes, bob, id)
	}

	waitFor(t, failTTL+e2ePeriod+3*time.Second, func() bool { return len(ownerOf(nodes, id)) == 1 }, "no node took the table over")
	waitFor(t, 5*time.Second, func() bool {
		st, err := b.svc.GameState(ctx, bob, id)
		return err == nil && st.Version == v+1 && !st.MoveWaits && st.OwnerLost.IsZero()
	}, "bob's move was not made")
	t.Logf("answered in %v; the move was made %v after the owner died (lease %v, period %v)",
		answered.Round(time.Millisecond), time.Since(killed).Round(time.Millisecond), failTTL, e2ePeriod)
	settle(t, nodes, id)
	for _, n := range []*e2eNode{b, c} {
		require.Zero(t, lobbytest.State(t, n.svc, bob, id).OwnerLost, n.name)
	}
	actions, err := b.store.LoadActions(ctx, id)
	require.NoError(t, err)
	require.Len(t, actions, v+1, "the move is stored once")
	require.Equal(t, 1, actions[v].Seat)

	// The adopting node logs the adoption once the table serves calls:
	// after the move it made may already be seen (a loaded machine).
	waitFor(t, 5*time.Second, func() bool {
		return logs.count("level=INFO", "adopted", fmt.Sprintf("table=%d ", id)) > 0
	}, "no line for the adoption")
	require.Equal(t, 1, logs.count("level=INFO", "adopted", fmt.Sprintf("table=%d ", id)), "one line for the adoption")
	require.Equal(t, 1, logs.count("a move waits", fmt.Sprintf("table=%d ", id)))
	require.Equal(t, 1, logs.count("waiting move was made", fmt.Sprintf("table=%d ", id)))
	require.Zero(t, logs.count("gives up"), "no node gave its tables up")
	for _, n := range nodes {
		require.Equal(t, 1, logs.count("level=INFO", "running", "node="+n.name+" "), "one line for %s's start", n.name)
	}
}

// TestClusterE2EFailoverTurnTimerResumesWithTheTimeLeft: bob had 40 s left
// when the owner was last heard of; while no node owns the table the
// screens show the timer standing, and the new owner resumes it with 40 s.
func TestClusterE2EFailoverTurnTimerResumesWithTheTimeLeft(t *testing.T) {
	clock := lobbytest.NewFakeClock(time.Now().UTC().Truncate(time.Second))
	logs := &syncLog{}
	nodes := startFailoverNodes(t, 3, clock, logs)
	a, b, c := nodes[0], nodes[1], nodes[2]
	alice := lobbytest.Player(t, a.svc, "alice")
	bob := lobbytest.Player(t, b.svc, "bob")
	id := failoverTable(t, nodes, clock, alice, bob)
	deadline := lobbytest.State(t, b.svc, bob, id).Deadline
	require.Equal(t, 40*time.Second, deadline.Sub(clock.Now()), "bob has 40 s left")

	kill(t, a)
	clock.Advance(lobby.DefaultOwnerSilence)
	require.Empty(t, ownerOf(nodes, id), "adopted before its lease could run out")
	heard := lastHeard(t, nodes, bob, id)
	for _, n := range []*e2eNode{b, c} {
		st := lobbytest.State(t, n.svc, bob, id)
		require.Equal(t, deadline.Sub(heard[n.name]), st.Deadline.Sub(st.OwnerLost), "%s shows the timer standing", n.name)
	}
	waitFor(t, failTTL+e2ePeriod+3*time.Second, func() bool { return len(ownerOf(nodes, id)) == 1 }, "no node took the table over")
	owner := ownerOf(nodes, id)[0]
	left := deadline.Sub(heard[owner.name]) // what bob had when the new owner last heard of the old one
	require.InDelta(t, 40*time.Second, left, float64(time.Second), "about 40 s")
	settle(t, nodes, id)
	for _, n := range []*e2eNode{b, c} {
		// The new owner's notice reaches the replica after the game
		// agrees (settle): wait for it.
		waitFor(t, 5*time.Second, func() bool {
			st, err := n.svc.GameState(context.Background(), bob, id)
			return err == nil && st.Deadline.Sub(clock.Now()) == left
		}, "%s: not resumed with the %v that were left", n.name, left)
	}
	v := lobbytest.State(t, b.svc, bob, id).Version
	clock.Advance(left - time.Second)
	require.Equal(t, v, lobbytest.State(t, owner.svc, bob, id).Version, "no default before the time ran out")
	clock.Advance(2 * time.Second)
	require.Equal(t, v+1, lobbytest.State(t, owner.svc, bob, id).Version, "the default once it did")
}
