package lobby_test

import (
	"context"
	"strconv"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"boardroom/lobby"
)

func bells(us []lobby.Update, id int64) int {
	n := 0
	for _, u := range us {
		if u.Topic.Kind == lobby.TopicBell && u.Topic.ID == id {
			n++
		}
	}
	return n
}

// TestYourMoveRingsEverySessionOnAnyScreen: when a decision of a player
// opens, every session of theirs gets one TopicBell, whatever it watches
// (the lobby, nothing at all); a decision that stays open does not ring
// again, and the player who just acted is not rung.
func TestYourMoveRingsEverySessionOnAnyScreen(t *testing.T) {
	e := newEnv(t, lobby.Config{})
	ada, bob := e.player("ada"), e.player("bob")
	a1 := e.svc.Subscribe(ada)
	defer a1.Close()
	b1, b2 := e.svc.Subscribe(bob), e.svc.Subscribe(bob)
	defer b1.Close()
	defer b2.Close()
	b1.Watch(lobby.Topic{Kind: lobby.TopicLobby, ID: lobby.PublicLobbyID})
	id := e.startWith(ada, []*lobby.Account{bob}, 0, nil).ID

	// The sealed bid awaits both: each session rings once.
	require.Equal(t, 1, bells(drain(a1), id))
	require.Equal(t, 1, bells(drain(b1), id), "the lobby screen rings")
	require.Equal(t, 1, bells(drain(b2), id), "a session watching nothing rings")

	// Ada bids; bob's bid is still open: nobody rings again.
	require.NoError(t, e.act(ada, id, move(e.state(ada, id), 1)))
	require.Zero(t, bells(drain(a1), id))
	require.Zero(t, bells(drain(b1), id)+bells(drain(b2), id), "a decision still open does not ring twice")

	// Bob bids: the first turn opens for one of them, and only that one rings.
	require.NoError(t, e.act(bob, id, move(e.state(bob, id), 1)))
	st := e.state(ada, id)
	require.Len(t, st.Prompt.Waiting, 1)
	first, second, firstSubs, secondSubs := ada, bob, []lobby.Subscription{a1}, []lobby.Subscription{b1, b2}
	if st.Table.Seats[st.Prompt.Waiting[0].Seat].AccountID == bob.ID {
		first, second, firstSubs, secondSubs = bob, ada, secondSubs, firstSubs
	}
	for _, s := range firstSubs {
		require.Equal(t, 1, bells(drain(s), id), "%s's move", first.Handle)
	}
	for _, s := range secondSubs {
		require.Zero(t, bells(drain(s), id))
	}
	require.NoError(t, e.act(first, id, move(e.state(first, id), 1)))
	for _, s := range secondSubs {
		require.Equal(t, 1, bells(drain(s), id), "%s's move", second.Handle)
	}
	for _, s := range firstSubs {
		require.Zero(t, bells(drain(s), id), "the player who just moved is not rung")
	}
}

// TestChatMentionRingsOnlyWhoMayRead: a lobby chat line naming @bob (in
// any case) rings bob's sessions once, not its author's, not an unknown
// handle's, and not a member of another lobby who cannot read it.
func TestChatMentionRingsOnlyWhoMayRead(t *testing.T) {
	e := newEnv(t, lobby.Config{})
	ada, bob, cyd := e.player("ada"), e.player("bob"), e.player("cyd")
	team, err := e.svc.CreateLobby(e.ctx, ada, "Team")
	require.NoError(t, err)
	_, err = e.svc.JoinLobby(e.ctx, bob, team.InviteCode)
	require.NoError(t, err)
	subs := map[string]lobby.Subscription{}
	for _, a := range []*lobby.Account{ada, bob, cyd} {
		subs[a.Handle] = e.svc.Subscribe(a)
		defer subs[a.Handle].Close()
	}
	require.NoError(t, e.svc.Say(e.ctx, ada, lobby.LobbyChannel(team.ID), "@BOB, @cyd and @ada: ready? mail@bob.example @nobody @bob"))
	require.Equal(t, 1, bells(drain(subs["bob"]), 0), "bob is named (twice, in any case): one bell")
	require.Zero(t, bells(drain(subs["ada"]), 0), "the author is not rung")
	require.Zero(t, bells(drain(subs["cyd"]), 0), "cyd cannot read the team's chat")

	require.NoError(t, e.svc.Say(e.ctx, bob, lobby.LobbyChannel(lobby.PublicLobbyID), "@cyd hello"))
	require.Equal(t, 1, bells(drain(subs["cyd"]), 0), "everyone reads the public lobby")
}

// TestMembersShowWhoIsOnline: a private lobby's member list marks the
// members with a session open now.
func TestMembersShowWhoIsOnline(t *testing.T) {
	e := newEnv(t, lobby.Config{})
	ada, bob := e.player("ada"), e.player("bob")
	team, err := e.svc.CreateLobby(e.ctx, ada, "Team")
	require.NoError(t, err)
	_, err = e.svc.JoinLobby(e.ctx, bob, team.InviteCode)
	require.NoError(t, err)
	online := func() map[string]bool {
		ms, err := e.svc.Members(e.ctx, ada, team.ID)
		require.NoError(t, err)
		out := map[string]bool{}
		for _, m := range ms {
			out[m.Handle] = m.Online
		}
		return out
	}
	require.Equal(t, map[string]bool{"ada": false, "bob": false}, online())
	sub := e.svc.Subscribe(bob)
	require.Equal(t, map[string]bool{"ada": false, "bob": true}, online())
	sub.Close()
	require.Equal(t, map[string]bool{"ada": false, "bob": false}, online())
}

// TestInvitationRingsOnceAndEndsWithTheForming: an invitation reaches
// every session of the invitee once (inviting again rings nobody), is
// listed until the invitee sits, and ends when the table no longer forms.
func TestInvitationRingsOnceAndEndsWithTheForming(t *testing.T) {
	e := newEnv(t, lobby.Config{})
	ada, bob, cyd := e.player("ada"), e.player("bob"), e.player("cyd")
	b1 := e.svc.Subscribe(bob)
	defer b1.Close()
	tb := e.table(ada, 3, nil)
	require.NoError(t, e.svc.Invite(e.ctx, ada, tb.ID, "BOB"))
	us := drain(b1)
	require.True(t, hasTopic(us, lobby.TopicInvite, tb.ID))
	require.NoError(t, e.svc.Invite(e.ctx, ada, tb.ID, "bob"))
	require.False(t, hasTopic(drain(b1), lobby.TopicInvite, tb.ID), "invited already: no second ring")

	inv, err := e.svc.Invitations(e.ctx, bob)
	require.NoError(t, err)
	require.Len(t, inv, 1)
	require.Equal(t, "ada", inv[0].From)
	require.Equal(t, "ada invites you to "+inv[0].GameTitle+" at table "+itoa(tb.ID), lobby.InvitationText(inv[0]))

	// cyd is invited too and sits: his invitation ends; bob's stays.
	require.NoError(t, e.svc.Invite(e.ctx, ada, tb.ID, "cyd"))
	_, err = e.svc.Sit(e.ctx, cyd, tb.ID, -1)
	require.NoError(t, err)
	inv, err = e.svc.Invitations(e.ctx, cyd)
	require.NoError(t, err)
	require.Empty(t, inv, "seated: nothing to accept")
	inv, err = e.svc.Invitations(e.ctx, bob)
	require.NoError(t, err)
	require.Len(t, inv, 1)

	// The table starts (with a bot in bob's place): bob's invitation ends.
	require.NoError(t, e.svc.SetReady(e.ctx, cyd, tb.ID, true))
	require.NoError(t, e.svc.AddBot(e.ctx, ada, tb.ID))
	require.NoError(t, e.svc.Start(e.ctx, ada, tb.ID))
	inv, err = e.svc.Invitations(e.ctx, bob)
	require.NoError(t, err)
	require.Empty(t, inv, "the table no longer forms")
	require.ErrorIs(t, e.svc.Invite(e.ctx, ada, tb.ID, "bob"), lobby.ErrNotForming)
}

func itoa(n int64) string { return strconv.FormatInt(n, 10) }

// elsewhereCluster is a one-node "cluster" whose other nodes hold
// sessions of the keys in held: enough for presence.
type elsewhereCluster struct{ held map[string]int }

func (elsewhereCluster) Node() string                                { return "n1" }
func (elsewhereCluster) Claim(context.Context, int64) (int64, error) { return 1, nil }
func (elsewhereCluster) Announce(lobby.Notice)                       {}
func (elsewhereCluster) Forward(context.Context, lobby.TableCall, time.Duration) (lobby.CallResult, bool, error) {
	return lobby.CallResult{}, false, nil
}
func (elsewhereCluster) WatchedElsewhere(int64, int64) bool { return false }
func (elsewhereCluster) WatchersChanged()                   {}
func (c elsewhereCluster) SessionsElsewhere(fp string) int  { return c.held[fp] }

// TestMembersOnlineOnAnotherNode: in a cluster a member whose key holds a
// session on another node is online too (learned from the store once).
func TestMembersOnlineOnAnotherNode(t *testing.T) {
	cl := elsewhereCluster{held: map[string]int{}}
	e := newEnv(t, lobby.Config{Cluster: cl})
	ada, bob := e.player("ada"), e.player("bob")
	team, err := e.svc.CreateLobby(e.ctx, ada, "Team")
	require.NoError(t, err)
	_, err = e.svc.JoinLobby(e.ctx, bob, team.InviteCode)
	require.NoError(t, err)
	cl.held[bob.Fingerprint] = 1
	bobOnline := func() bool {
		ms, err := e.svc.Members(e.ctx, ada, team.ID)
		require.NoError(t, err)
		for _, m := range ms {
			if m.AccountID == bob.ID {
				return m.Online
			}
		}
		return false
	}
	require.Eventually(t, bobOnline, 5*time.Second, time.Millisecond, "bob's key holds a session on another node")
	cl.held[bob.Fingerprint] = 0
	require.False(t, bobOnline())
}
