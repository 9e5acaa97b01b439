package cluster_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"boardroom/engine/testgame"
	"boardroom/lobby"
	"boardroom/lobby/lobbytest"
)

// What players are told while a table changes owner (issue 29, "Players
// told the truth during a failover"), on nodes in one process with a
// fake clock (node_harness_test.go); cmd/boardroom's e2e tests do the
// same over NATS and PostgreSQL.

// bobsTurn starts a test game of alice (on a) and bob (on bn) and plays it
// to bob's first turn: the bids, then alice adds 1. It returns the table
// and the version bob's screen shows.
func bobsTurn(t *testing.T, b *bus, a, bn *node, alice, bob *lobby.Account) (int64, int) {
	t.Helper()
	id := lobbytest.StartTestGame(t, a.svc, lobby.PublicLobbyID, alice, []*lobby.Account{bob}, 0, nil)
	b.settle(t)
	require.NoError(t, lobbytest.Act(a.svc, alice, id, testgame.Bid{Amount: 3}))
	require.NoError(t, lobbytest.Act(bn.svc, bob, id, testgame.Bid{Amount: 1}))
	b.settle(t)
	require.NoError(t, lobbytest.Act(a.svc, alice, id, testgame.Add{N: 1}))
	b.settle(t)
	st := lobbytest.State(t, bn.svc, bob, id)
	require.True(t, st.Prompt.Awaits(1), "bob's turn")
	return id, st.Version
}

// state is a player's state on a node, for polling off the test goroutine.
func state(n *node, acc *lobby.Account, id int64) lobby.GameState {
	st, err := n.svc.GameState(context.Background(), acc, id)
	if err != nil {
		return lobby.GameState{Version: -1}
	}
	return st
}

// A move made while the table's owner is dead is answered within a second
// with the sentence (no internals), waits, and is made by the node that
// adopts the table: the game shows it and the log holds it once.
func TestFailoverMoveAnsweredWithinASecondWaitsAndIsMadeByTheNewOwner(t *testing.T) {
	b := newCluster(t, 3)
	a, bn, cn := b.nodes[0], b.nodes[1], b.nodes[2]
	ctx := context.Background()
	alice := lobbytest.Player(t, a.svc, "alice")
	bob := lobbytest.Player(t, bn.svc, "bob")
	b.settle(t)
	id, v := bobsTurn(t, b, a, bn, alice, bob)

	a.dead.Store(true)
	began := time.Now()
	err := bn.svc.Act(ctx, bob, id, v, testgame.Add{N: 2})
	took := time.Since(began)
	require.ErrorIs(t, err, lobby.ErrMoving)
	require.ErrorIs(t, err, lobby.ErrNoOwner, "callers that know only ErrNoOwner still recognise it")
	require.Less(t, took, time.Second, "answered within a second")
	require.Equal(t, "that table is moving to another server; your move will apply when it is back", err.Error())
	st := lobbytest.State(t, bn.svc, bob, id)
	require.True(t, st.MoveWaits, "bob's screen says his move waits")
	require.Equal(t, v, st.Version)

	require.ErrorIs(t, bn.svc.Act(ctx, bob, id, v, testgame.Add{N: 2}), lobby.ErrMoving, "the same key again: the same move waits")
	err = bn.svc.Act(ctx, bob, id, v, testgame.Add{N: 1})
	require.ErrorIs(t, err, lobby.ErrNoOwner)
	require.NotErrorIs(t, err, lobby.ErrMoving, "a second, different move is not made")

	b.advance(leaseTTL + time.Second)
	cn.tick(t)
	require.Contains(t, cn.svc.Owned(), id)
	require.Eventually(t, func() bool {
		st := state(bn, bob, id)
		return st.Version == v+1 && !st.MoveWaits
	}, 5*time.Second, time.Millisecond, "bob's move reaches the new owner and his screen shows it")
	b.settle(t)
	log, err := b.store.LoadActions(ctx, id)
	require.NoError(t, err)
	require.Len(t, log, v+1, "the move is stored once")
	require.Equal(t, 1, log[v].Seat)
	require.JSONEq(t, `{"kind":"add","n":2}`, string(log[v].Action))
	require.Equal(t, stateHash(t, cn, id), stateHash(t, bn, id))
}

// A move that waits at the node that adopts the table is made as it
// adopts it, before its timers or bots could move on.
func TestFailoverMoveWaitingAtTheAdopterIsMadeAtAdoption(t *testing.T) {
	b := newCluster(t, 2)
	a, bn := b.nodes[0], b.nodes[1]
	ctx := context.Background()
	alice := lobbytest.Player(t, a.svc, "alice")
	bob := lobbytest.Player(t, bn.svc, "bob")
	b.settle(t)
	id, v := bobsTurn(t, b, a, bn, alice, bob)

	a.dead.Store(true)
	require.ErrorIs(t, bn.svc.Act(ctx, bob, id, v, testgame.Add{N: 3}), lobby.ErrMoving)
	b.advance(leaseTTL + time.Second)
	bn.tick(t)
	st := lobbytest.State(t, bn.svc, bob, id)
	require.Equal(t, v+1, st.Version, "made in Adopt")
	require.False(t, st.MoveWaits)
}

// A waiting move the new owner refuses (the old owner stored a move whose
// notice never came: bob's screen was out of date) is not dropped in
// silence: bob's session reads why.
func TestFailoverWaitingMoveRefusedIsExplained(t *testing.T) {
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
	sub := bn.svc.Subscribe(bob)
	defer sub.Close()
	sub.Watch(lobby.Topic{Kind: lobby.TopicTable, ID: id})
	b.settle(t)

	// node-1 is cut off but stores alice's move before it dies.
	a.dead.Store(true)
	require.NoError(t, lobbytest.Act(a.svc, alice, id, testgame.Add{N: 1}))
	v := lobbytest.State(t, bn.svc, bob, id).Version
	require.ErrorIs(t, bn.svc.Act(ctx, bob, id, v, testgame.Add{N: 1}), lobby.ErrMoving)

	b.advance(leaseTTL + time.Second)
	cn.tick(t)
	deadline := time.After(5 * time.Second)
	for {
		select {
		case u := <-sub.C():
			if u.Text == "" || u.Topic.Kind != lobby.TopicTable {
				continue // frames, and the bell of bob's turn
			}
			require.Equal(t, id, u.Topic.ID)
			require.Equal(t, "Your move was not made: the game moved on meanwhile; look again.", u.Text)
			require.False(t, lobbytest.State(t, bn.svc, bob, id).MoveWaits)
			return
		case <-deadline:
			t.Fatal("bob was never told that his move was not made")
		}
	}
}

// A replica that hears nothing from the table's owner for OwnerSilence
// says so in its players' state (and publishes it), and stops once the
// table has an owner that speaks again.
func TestFailoverReplicaSaysReconnectingWhenTheOwnerIsSilent(t *testing.T) {
	b := newCluster(t, 3)
	a, bn, cn := b.nodes[0], b.nodes[1], b.nodes[2]
	alice := lobbytest.Player(t, a.svc, "alice")
	bob := lobbytest.Player(t, bn.svc, "bob")
	b.settle(t)
	id, _ := bobsTurn(t, b, a, bn, alice, bob)
	sub := bn.svc.Subscribe(bob)
	defer sub.Close()
	sub.Watch(lobby.Topic{Kind: lobby.TopicTable, ID: id})

	b.clock.Advance(2 * time.Second)
	a.tick(t) // the owner's heartbeat
	b.settle(t)
	heard := b.clock.Now().UTC()
	b.clock.Advance(2 * time.Second)
	require.Zero(t, lobbytest.State(t, bn.svc, bob, id).OwnerLost, "heard of two seconds ago: nothing to say")
	for len(sub.C()) > 0 {
		<-sub.C()
	}

	a.dead.Store(true)
	b.clock.Advance(lobby.DefaultOwnerSilence)
	require.Equal(t, heard, lobbytest.State(t, bn.svc, bob, id).OwnerLost, "silent for three seconds: the screen says so")
	told := false
	for len(sub.C()) > 0 {
		if u := <-sub.C(); u.State != nil && u.State.OwnerLost.Equal(heard) {
			told = true
		}
	}
	require.True(t, told, "bob's session was sent the state that says so")

	b.advance(leaseTTL + time.Second)
	cn.tick(t)
	b.settle(t)
	require.Zero(t, lobbytest.State(t, bn.svc, bob, id).OwnerLost, "the new owner's notice clears it")
	require.Zero(t, lobbytest.State(t, cn.svc, bob, id).OwnerLost, "the owner never says it")
}

// alicesTimedTurn starts a test game of alice (on a, the owner) and bob
// (on bn) with a 60 s turn timer and plays it to alice's first turn, which
// opens at the clock's time.
func alicesTimedTurn(t *testing.T, b *bus, a, bn *node, alice, bob *lobby.Account) lobby.Table {
	t.Helper()
	ctx := context.Background()
	tb := lobbytest.TestTable(t, a.svc, lobby.PublicLobbyID, alice, 2, nil)
	require.NoError(t, a.svc.SetTurnTimer(ctx, alice, tb.ID, 60))
	_, err := a.svc.Sit(ctx, bob, tb.ID, -1)
	require.NoError(t, err)
	require.NoError(t, a.svc.SetReady(ctx, bob, tb.ID, true))
	require.NoError(t, a.svc.Start(ctx, alice, tb.ID))
	b.settle(t)
	require.NoError(t, lobbytest.Act(a.svc, alice, tb.ID, testgame.Bid{Amount: 3}))
	require.NoError(t, lobbytest.Act(bn.svc, bob, tb.ID, testgame.Bid{Amount: 1}))
	b.settle(t)
	st := lobbytest.State(t, bn.svc, alice, tb.ID)
	require.True(t, st.Prompt.Awaits(0), "alice's turn")
	require.Equal(t, b.clock.Now().UTC().Add(60*time.Second), st.Deadline)
	return tb
}

// A node that gives a table up (NATS or the store out of reach) keeps
// showing its players the turn timer, standing once it says it is
// reconnecting, and resumes it with the time left if it takes the table
// again.
func TestFailoverNodeThatGivesTheTableUpKeepsItsTimer(t *testing.T) {
	b := newCluster(t, 2)
	a, bn := b.nodes[0], b.nodes[1]
	ctx := context.Background()
	alice := lobbytest.Player(t, a.svc, "alice")
	bob := lobbytest.Player(t, bn.svc, "bob")
	b.settle(t)
	tb := alicesTimedTurn(t, b, a, bn, alice, bob)
	deadline := lobbytest.State(t, a.svc, alice, tb.ID).Deadline

	b.clock.Advance(20 * time.Second)
	a.svc.Relinquish(tb.ID) // as the lease loop does when NATS is away
	require.Equal(t, deadline, lobbytest.State(t, a.svc, alice, tb.ID).Deadline, "alice still sees her timer")
	b.clock.Advance(lobby.DefaultOwnerSilence)
	st := lobbytest.State(t, a.svc, alice, tb.ID)
	require.False(t, st.OwnerLost.IsZero(), "alice's screen says it is reconnecting")
	require.Equal(t, 40*time.Second, st.Deadline.Sub(st.OwnerLost), "standing at 40 s")

	// NATS is back and the node takes its table again.
	require.NoError(t, b.store.ReleaseTable(ctx, tb.ID, a.owner()))
	a.tick(t)
	require.Contains(t, a.svc.Owned(), tb.ID)
	st = lobbytest.State(t, a.svc, alice, tb.ID)
	require.Zero(t, st.OwnerLost)
	require.Equal(t, 40*time.Second, st.Deadline.Sub(b.clock.Now()), "resumed with the 40 s that were left")
}

// Turn timers stand still while no node owns the table: the node that
// adopts it gives every seat the time it had left when the old owner was
// last heard of, and the default applies only once that has run out.
func TestFailoverTurnTimerPausesWhileNoNodeOwnsTheTable(t *testing.T) {
	b := newCluster(t, 3)
	a, bn, cn := b.nodes[0], b.nodes[1], b.nodes[2]
	ctx := context.Background()
	alice := lobbytest.Player(t, a.svc, "alice")
	bob := lobbytest.Player(t, bn.svc, "bob")
	b.settle(t)
	tb := alicesTimedTurn(t, b, a, bn, alice, bob)

	// 20 s into alice's turn the owner is heard of for the last time.
	b.clock.Advance(20 * time.Second)
	a.tick(t)
	b.settle(t)
	a.dead.Store(true)
	require.NoError(t, a.svc.Shutdown(ctx)) // its timers die with it

	// 30 s without an owner: the screens show the timer standing at 40 s.
	b.clock.Advance(30 * time.Second)
	st := lobbytest.State(t, cn.svc, alice, tb.ID)
	require.False(t, st.OwnerLost.IsZero())
	require.Equal(t, 40*time.Second, st.Deadline.Sub(st.OwnerLost), "paused with 40 s left")

	b.advance(leaseTTL + time.Second)
	bn.tick(t)
	require.Contains(t, bn.svc.Owned(), tb.ID)
	b.settle(t)
	want := b.clock.Now().UTC().Add(40 * time.Second)
	require.Equal(t, want, lobbytest.State(t, bn.svc, alice, tb.ID).Deadline, "resumed with the 40 s that were left")
	require.Equal(t, want, lobbytest.State(t, cn.svc, alice, tb.ID).Deadline, "and every replica shows it")
	v := lobbytest.State(t, bn.svc, alice, tb.ID).Version

	b.clock.Advance(39 * time.Second)
	require.Equal(t, v, lobbytest.State(t, bn.svc, alice, tb.ID).Version, "no default before the time left ran out")
	b.clock.Advance(2 * time.Second)
	require.Equal(t, v+1, lobbytest.State(t, bn.svc, alice, tb.ID).Version, "the default once it did")
	require.True(t, strings.Contains(strings.ToLower(lastLine(t, bn, alice, tb.ID)), "alice"), "the log says whose default it was")
}

// lastLine is the last line of the table's log as the player reads it.
func lastLine(t *testing.T, n *node, acc *lobby.Account, id int64) string {
	t.Helper()
	st := lobbytest.State(t, n.svc, acc, id)
	require.NotEmpty(t, st.Log.All())
	return st.Log.All()[len(st.Log.All())-1].Text
}

// An owner that takes the call but never answers (hung, or out of reach
// while its connection lasts) does not hold the player either: each try is
// given up within the answer's second, and the move waits.
func TestFailoverMoveAnsweredWithinASecondWhenTheOwnerHangs(t *testing.T) {
	b := newCluster(t, 3)
	a, bn, cn := b.nodes[0], b.nodes[1], b.nodes[2]
	ctx := context.Background()
	alice := lobbytest.Player(t, a.svc, "alice")
	bob := lobbytest.Player(t, bn.svc, "bob")
	b.settle(t)
	id, v := bobsTurn(t, b, a, bn, alice, bob)

	a.hang.Store(true)
	began := time.Now()
	err := bn.svc.Act(ctx, bob, id, v, testgame.Add{N: 2})
	require.ErrorIs(t, err, lobby.ErrMoving)
	require.Less(t, time.Since(began), time.Second, "answered within a second")

	a.dead.Store(true)
	b.advance(leaseTTL + time.Second)
	cn.tick(t)
	require.Eventually(t, func() bool {
		st := state(bn, bob, id)
		return st.Version == v+1 && !st.MoveWaits
	}, 5*time.Second, time.Millisecond, "the move is made by the new owner")
}

// A try whose answer was lost but that the owner made all the same is not
// made twice, and its player is not told it failed: the new owner refuses
// the repeat as stale, and the log shows the move made.
func TestFailoverMoveWhoseAnswerWasLostIsNotReportedAsRefused(t *testing.T) {
	b := newCluster(t, 2)
	a, bn := b.nodes[0], b.nodes[1]
	ctx := context.Background()
	alice := lobbytest.Player(t, a.svc, "alice")
	bob := lobbytest.Player(t, bn.svc, "bob")
	b.settle(t)
	id, v := bobsTurn(t, b, a, bn, alice, bob)
	sub := bn.svc.Subscribe(bob)
	defer sub.Close()
	sub.Watch(lobby.Topic{Kind: lobby.TopicTable, ID: id})

	a.hang.Store(true)
	a.serveLate.Store(true)
	require.ErrorIs(t, bn.svc.Act(ctx, bob, id, v, testgame.Add{N: 2}), lobby.ErrMoving)
	a.hang.Store(false) // the next try is answered: stale, since the first was made
	require.Eventually(t, func() bool {
		st := state(bn, bob, id)
		return st.Version == v+1 && !st.MoveWaits
	}, 5*time.Second, time.Millisecond)
	b.settle(t)
	log, err := b.store.LoadActions(ctx, id)
	require.NoError(t, err)
	require.Len(t, log, v+1, "made once")
	for len(sub.C()) > 0 {
		u := <-sub.C()
		require.False(t, u.Topic.Kind == lobby.TopicTable && u.Text != "", "bob was told %q", u.Text)
	}
}

// A new owner's list of owned tables can reach a replica before its table
// notice (they travel on different subjects). Until that notice brings the
// deadlines the new owner resumed, the replica's copy has the old owner's:
// it goes on saying it is reconnecting, with the timer standing, instead of
// showing them unpaused for a moment (the timer jumped when NATS came back,
// issue 29). The old owner heard again clears it at once.
func TestFailoverNewOwnersListBeforeItsNoticeKeepsTheTimerStanding(t *testing.T) {
	b := newCluster(t, 3)
	a, bn, cn := b.nodes[0], b.nodes[1], b.nodes[2]
	alice := lobbytest.Player(t, a.svc, "alice")
	bob := lobbytest.Player(t, bn.svc, "bob")
	b.settle(t)
	id, _ := bobsTurn(t, b, a, bn, alice, bob)

	a.tick(t)
	b.settle(t)
	heard := b.clock.Now().UTC()
	a.dead.Store(true)
	b.clock.Advance(lobby.DefaultOwnerSilence)
	require.Equal(t, heard, lobbytest.State(t, bn.svc, bob, id).OwnerLost, "silent: reconnecting")

	bn.svc.OwnerHeard(cn.name, []int64{id}) // the new owner's list, its notice not here yet
	require.Equal(t, heard, lobbytest.State(t, bn.svc, bob, id).OwnerLost,
		"a new owner's list alone does not resume the old owner's deadlines")

	bn.svc.OwnerHeard(a.name, []int64{id}) // the owner it knew, back
	require.Zero(t, lobbytest.State(t, bn.svc, bob, id).OwnerLost, "the owner it knew is heard again")
}
