package cluster_test

import (
	"context"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"boardroom/engine/testgame"
	"boardroom/lobby"
	"boardroom/lobby/lobbytest"
)

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
	require.NotEmpty(t, st.Log.All(), "the replica shows the game's log")

	// A screen that no longer shows the game refuses the action at the owner.
	err = bn.svc.Act(ctx, bob, tb.ID, 0, testgame.Add{N: 1})
	require.ErrorIs(t, err, lobby.ErrStale)

	b.playToEnd(t, tb.ID, seatAt{a, alice}, seatAt{bn, bob})
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
	b.playToEnd(t, id, seatAt{cn, alice}, seatAt{bn, bob})
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

// An account's chat rate holds across the cluster: a message said on one
// node takes a token from its author's bucket on every node, and a message
// refused is never sent.
func TestClusterChatRateHoldsAcrossNodes(t *testing.T) {
	b := newCluster(t, 2)
	a, bn := b.nodes[0], b.nodes[1]
	ctx := context.Background()
	alice := lobbytest.Player(t, a.svc, "alice")
	b.settle(t)
	pub := lobby.LobbyChannel(lobby.PublicLobbyID)

	// The burst of five, three said on node-1 and two on node-2.
	for i := range 3 {
		require.NoError(t, a.svc.Say(ctx, alice, pub, "on node-1"), "message %d", i)
	}
	b.settle(t)
	for i := range 2 {
		require.NoError(t, bn.svc.Say(ctx, alice, pub, "on node-2"), "message %d", i)
	}
	b.settle(t)
	require.ErrorIs(t, bn.svc.Say(ctx, alice, pub, "sixth"), lobby.ErrRateLimited, "node-2 counted node-1's three")
	require.ErrorIs(t, a.svc.Say(ctx, alice, pub, "sixth"), lobby.ErrRateLimited, "node-1 counted node-2's two")
	b.settle(t)
	for _, n := range b.nodes {
		msgs, err := n.svc.Chat(ctx, alice, pub, 0)
		require.NoError(t, err)
		require.Len(t, msgs, 5, "%s shows no refused message", n.name)
	}

	// One token every three seconds (20 a minute), said on either node.
	b.clock.Advance(3 * time.Second)
	require.NoError(t, bn.svc.Say(ctx, alice, pub, "three seconds later"))
	b.settle(t)
	require.ErrorIs(t, a.svc.Say(ctx, alice, pub, "too soon"), lobby.ErrRateLimited, "node-1 counted it")
	b.clock.Advance(3 * time.Second)
	require.NoError(t, a.svc.Say(ctx, alice, pub, "six seconds later"))
}

// The node that ran a game dies after the game ended: when a player asks
// for the rematch on another node, that node takes the finished table on
// (with the answers the dead node had), and the rematch starts.
func TestClusterRematchAfterTheOwnerDied(t *testing.T) {
	b := newCluster(t, 3)
	a, bn, cn := b.nodes[0], b.nodes[1], b.nodes[2]
	ctx := context.Background()
	alice := lobbytest.Player(t, a.svc, "alice")
	bob := lobbytest.Player(t, bn.svc, "bob")
	b.settle(t)
	id := lobbytest.StartTestGame(t, a.svc, lobby.PublicLobbyID, alice, []*lobby.Account{bob}, 0, nil)
	b.settle(t)
	b.playToEnd(t, id, seatAt{a, alice}, seatAt{bn, bob})
	b.settle(t)
	require.Contains(t, a.svc.Owned(), id, "the node that ran the game keeps its finished table")

	// Bob accepts through node-2; node-1 records it and tells the others.
	newID, err := bn.svc.Rematch(ctx, bob, id, true)
	require.NoError(t, err)
	require.Zero(t, newID)
	b.settle(t)

	// node-1 dies. While its lease lasts nobody takes the table.
	a.dead.Store(true)
	_, err = cn.svc.Rematch(ctx, alice, id, true)
	require.ErrorIs(t, err, lobby.ErrNoOwner)
	require.NotContains(t, cn.svc.Owned(), id)

	// Once it ran out, alice (reconnected to node-3) sees bob's answer and
	// accepts: node-3 runs the finished table now and starts the rematch.
	b.advance(leaseTTL + time.Second)
	accepted, pending, _, err := cn.svc.RematchState(ctx, alice, id)
	require.NoError(t, err)
	require.Equal(t, []int64{bob.ID}, accepted, "the dead node's answers are kept")
	require.Equal(t, []int64{alice.ID}, pending)
	require.Contains(t, cn.svc.Owned(), id)
	newID, err = cn.svc.Rematch(ctx, alice, id, true)
	require.NoError(t, err)
	require.NotZero(t, newID)
	b.settle(t)
	require.NotContains(t, bn.svc.Owned(), id, "exactly one node owns the finished table")

	// Bob on node-2 plays the rematch, and asking again gives the same one.
	again, err := bn.svc.Rematch(ctx, bob, id, true)
	require.NoError(t, err)
	require.Equal(t, newID, again)
	require.Equal(t, lobby.TablePlaying, lobbytest.State(t, bn.svc, bob, newID).Table.Status)
}

// Wrong invite codes typed on one node use up the account's (and the
// address's) wrong codes on every node: a guesser gains nothing by
// spreading guesses over the cluster.
func TestClusterWrongCodesCountOnEveryNode(t *testing.T) {
	b := newCluster(t, 2)
	a, bn := b.nodes[0], b.nodes[1]
	ctx := context.Background()
	ada := lobbytest.Player(t, a.svc, "ada")
	eve := lobbytest.Player(t, a.svc, "eve")
	team, err := a.svc.CreateLobby(ctx, ada, "Team")
	require.NoError(t, err)
	b.settle(t)
	wrong := "ZZZZZZZZ"
	if team.InviteCode == wrong {
		wrong = "YYYYYYYY"
	}
	at := func(addr string) context.Context { return lobby.WithClientAddr(ctx, addr) }
	for i := range 3 {
		_, err := a.svc.JoinLobby(at("203.0.113.9"), eve, wrong)
		require.ErrorIs(t, err, lobby.ErrBadCode, "wrong code %d on node-1", i+1)
	}
	b.settle(t)
	_, err = bn.svc.JoinLobby(at("198.51.100.7"), eve, team.InviteCode)
	require.ErrorIs(t, err, lobby.ErrTooManyCodes, "node-2 counted eve's wrong codes")
	mal := lobbytest.Player(t, bn.svc, "mal")
	b.settle(t)
	_, err = bn.svc.JoinLobby(at("203.0.113.9"), mal, team.InviteCode)
	require.ErrorIs(t, err, lobby.ErrTooManyCodes, "and those of her address")

	b.clock.Advance(20 * time.Second) // one token back, on both nodes
	got, err := bn.svc.JoinLobby(at("198.51.100.7"), eve, team.InviteCode)
	require.NoError(t, err)
	require.Equal(t, team.ID, got.ID)
}

// An invitation made on one node reaches the invitee's sessions on another
// (issue 28): they ring and list it there.
func TestClusterInvitationReachesTheInviteeOnAnotherNode(t *testing.T) {
	b := newCluster(t, 2)
	a, bn := b.nodes[0], b.nodes[1]
	ctx := context.Background()
	alice := lobbytest.Player(t, a.svc, "alice")
	bob := lobbytest.Player(t, bn.svc, "bob")
	b.settle(t)
	tb := lobbytest.TestTable(t, a.svc, lobby.PublicLobbyID, alice, 2, nil)
	b.settle(t)
	sub := bn.svc.Subscribe(bob)
	defer sub.Close()
	require.NoError(t, a.svc.Invite(ctx, alice, tb.ID, "bob"))
	b.settle(t)
	select {
	case u := <-sub.C():
		require.Equal(t, lobby.TopicInvite, u.Topic.Kind)
		require.Equal(t, tb.ID, u.Topic.ID)
	case <-time.After(5 * time.Second):
		t.Fatal("bob's session on node-2 did not hear of the invitation")
	}
	inv, err := bn.svc.Invitations(ctx, bob)
	require.NoError(t, err)
	require.Len(t, inv, 1)
	require.Equal(t, "alice", inv[0].From)
}

// A daily table's deadlines survive its owner's death (rules C-13): the
// node that adopts it counts each from when the decision opened, not from
// the takeover, and adds the time no node owned the table (issue 29: the
// timers pause while the table has no owner).
func TestClusterDailyDeadlineSurvivesTheOwnersDeath(t *testing.T) {
	b := newCluster(t, 2)
	a, bn := b.nodes[0], b.nodes[1]
	ctx := context.Background()
	alice := lobbytest.Player(t, a.svc, "alice")
	bob := lobbytest.Player(t, bn.svc, "bob")
	b.settle(t)
	tb := lobbytest.TestTable(t, a.svc, lobby.PublicLobbyID, alice, 2, nil)
	require.NoError(t, a.svc.SetTurnTimer(ctx, alice, tb.ID, lobby.Pace24h))
	_, err := a.svc.Sit(ctx, bob, tb.ID, -1)
	require.NoError(t, err)
	require.NoError(t, a.svc.SetReady(ctx, bob, tb.ID, true))
	require.NoError(t, a.svc.Start(ctx, alice, tb.ID))
	opened := b.clock.Now().UTC()
	b.settle(t)
	b.clock.Advance(3 * time.Hour)
	require.NoError(t, lobbytest.Act(a.svc, alice, tb.ID, testgame.Bid{Amount: 2}))
	b.settle(t)
	want := opened.Add(24 * time.Hour)
	require.Equal(t, want, lobbytest.State(t, a.svc, bob, tb.ID).Deadline)

	a.dead.Store(true)
	b.clock.Advance(2 * time.Hour)
	b.advance(leaseTTL + time.Second)
	bn.tick(t)
	require.Contains(t, bn.svc.Owned(), tb.ID)
	b.settle(t)
	require.Equal(t, want.Add(2*time.Hour), lobbytest.State(t, bn.svc, bob, tb.ID).Deadline,
		"bob's sealed bid keeps the deadline it opened with, five hours before the takeover, plus the two hours without an owner")
}
