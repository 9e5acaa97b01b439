package lobby_test

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"boardroom/engine/testgame"
	"boardroom/lobby"
)

func TestPrivateLobbyVisibility(t *testing.T) {
	e := newEnv(t, lobby.Config{})
	ada, bob := e.player("ada"), e.player("bob")

	_, err := e.svc.CreateLobby(e.ctx, ada, "ab")
	require.ErrorIs(t, err, lobby.ErrBadName)
	_, err = e.svc.CreateLobby(e.ctx, ada, strings.Repeat("x", 33))
	require.ErrorIs(t, err, lobby.ErrBadName)
	_, err = e.svc.CreateLobby(e.ctx, nil, "Guests Team")
	require.ErrorIs(t, err, lobby.ErrGuest)

	team, err := e.svc.CreateLobby(e.ctx, ada, "  The \x1b[31mA-Team!\u202e ")
	require.NoError(t, err)
	require.Equal(t, "The [31mA-Team!", team.Name)
	require.Regexp(t, `^the-31ma-team-[a-z2-9]{4}$`, team.Slug, "the name's slug and a random ending")
	require.Len(t, team.InviteCode, 8)
	require.False(t, team.Public)
	require.Equal(t, 1, team.Members)
	twin, err := e.svc.CreateLobby(e.ctx, ada, "the 31ma team")
	require.NoError(t, err)
	require.Regexp(t, `^the-31ma-team-[a-z2-9]{4}$`, twin.Slug)
	require.NotEqual(t, team.Slug, twin.Slug)
	pub, err := e.svc.CreateLobby(e.ctx, ada, "Public")
	require.NoError(t, err)
	require.Regexp(t, `^public-[a-z2-9]{4}$`, pub.Slug, "the public lobby's slug is taken")

	// Owner sees it; bob and guests do not, and get ErrNotFound everywhere.
	ls, err := e.svc.Lobbies(e.ctx, ada)
	require.NoError(t, err)
	require.Len(t, ls, 4)
	require.Equal(t, lobby.PublicLobbyID, ls[0].ID)
	require.Equal(t, "Public", ls[1].Name)
	require.Equal(t, twin.ID, ls[2].ID, "by name, without regard to case")
	require.Equal(t, team.ID, ls[3].ID)
	for _, viewer := range []*lobby.Account{bob, nil} {
		ls, err := e.svc.Lobbies(e.ctx, viewer)
		require.NoError(t, err)
		require.Len(t, ls, 1)
		require.True(t, ls[0].Public)
		_, err = e.svc.Lobby(e.ctx, viewer, team.ID)
		require.ErrorIs(t, err, lobby.ErrNotFound)
		_, err = e.svc.LobbyBySlug(e.ctx, viewer, team.Slug)
		require.ErrorIs(t, err, lobby.ErrNotFound)
		_, err = e.svc.Members(e.ctx, viewer, team.ID)
		require.ErrorIs(t, err, lobby.ErrNotFound)
		_, err = e.svc.Tables(e.ctx, viewer, team.ID)
		require.ErrorIs(t, err, lobby.ErrNotFound)
		_, err = e.svc.Chat(e.ctx, viewer, lobby.LobbyChannel(team.ID), 10)
		require.ErrorIs(t, err, lobby.ErrNotFound)
	}
	_, err = e.svc.CreateTable(e.ctx, bob, team.ID, testgame.ID, 2, nil)
	require.ErrorIs(t, err, lobby.ErrNotFound)
	tb, err := e.svc.CreateTable(e.ctx, ada, team.ID, testgame.ID, 2, nil)
	require.NoError(t, err)
	_, err = e.svc.Table(e.ctx, bob, tb.ID)
	require.ErrorIs(t, err, lobby.ErrNotFound)
	_, err = e.svc.Sit(e.ctx, bob, tb.ID, -1)
	require.ErrorIs(t, err, lobby.ErrNotFound)
	_, err = e.svc.GameState(e.ctx, nil, tb.ID)
	require.ErrorIs(t, err, lobby.ErrNotFound)
	_, err = e.svc.RotateInvite(e.ctx, bob, team.ID)
	require.ErrorIs(t, err, lobby.ErrNotFound)
	spy := e.svc.Subscribe(bob)
	defer spy.Close()
	spy.Watch(lobby.Topic{Kind: lobby.TopicTable, ID: tb.ID}, lobby.Topic{Kind: lobby.TopicLobby, ID: team.ID},
		lobby.Topic{Kind: lobby.TopicChat, Channel: lobby.LobbyChannel(team.ID)})
	require.NoError(t, e.svc.SetSeats(e.ctx, ada, tb.ID, 3))
	require.NoError(t, e.svc.Say(e.ctx, ada, lobby.LobbyChannel(team.ID), "secret plans"))
	require.Empty(t, drain(spy), "a non-member hears nothing of a private lobby")
	require.Zero(t, e.tableOf(ada, tb.ID).Spectators)

	// The public lobby is open to all, guests included.
	_, err = e.svc.Lobby(e.ctx, nil, lobby.PublicLobbyID)
	require.NoError(t, err)
	p, err := e.svc.LobbyBySlug(e.ctx, nil, "PUBLIC")
	require.NoError(t, err)
	require.Empty(t, p.InviteCode)
	require.ErrorIs(t, e.svc.LeaveLobby(e.ctx, ada, lobby.PublicLobbyID), lobby.ErrForbidden)
}

func TestInviteJoinRotateRemove(t *testing.T) {
	e := newEnv(t, lobby.Config{})
	ada, bob, cy := e.player("ada"), e.player("bob"), e.player("cyd")
	team, err := e.svc.CreateLobby(e.ctx, ada, "Team")
	require.NoError(t, err)

	_, err = e.svc.JoinLobby(e.ctx, bob, "NOPE2345")
	require.ErrorIs(t, err, lobby.ErrBadCode)
	_, err = e.svc.JoinLobby(e.ctx, nil, team.InviteCode)
	require.ErrorIs(t, err, lobby.ErrGuest)
	typed := strings.ToLower(team.InviteCode[:4]) + "-" + team.InviteCode[4:]
	joined, err := e.svc.JoinLobby(e.ctx, bob, typed)
	require.NoError(t, err)
	require.Equal(t, team.ID, joined.ID)
	require.Equal(t, team.InviteCode, joined.InviteCode, "members see the code")
	again, err := e.svc.JoinLobby(e.ctx, bob, team.InviteCode)
	require.NoError(t, err)
	require.Equal(t, 2, again.Members)

	members, err := e.svc.Members(e.ctx, bob, team.ID)
	require.NoError(t, err)
	require.Len(t, members, 2)
	require.Equal(t, "ada", members[0].Handle)
	require.True(t, members[0].Owner)
	require.Equal(t, "bob", members[1].Handle)

	// Only the owner rotates; the old code stops working.
	_, err = e.svc.RotateInvite(e.ctx, bob, team.ID)
	require.ErrorIs(t, err, lobby.ErrForbidden)
	code, err := e.svc.RotateInvite(e.ctx, ada, team.ID)
	require.NoError(t, err)
	require.NotEqual(t, team.InviteCode, code)
	_, err = e.svc.JoinLobby(e.ctx, cy, team.InviteCode)
	require.ErrorIs(t, err, lobby.ErrBadCode)
	_, err = e.svc.JoinLobby(e.ctx, cy, code)
	require.NoError(t, err)

	// Removing a member: owner only; the member loses access, their
	// forming seat, and their sessions hear about it.
	tb, err := e.svc.CreateTable(e.ctx, ada, team.ID, testgame.ID, 3, nil)
	require.NoError(t, err)
	_, err = e.svc.Sit(e.ctx, bob, tb.ID, -1)
	require.NoError(t, err)
	sub := e.svc.Subscribe(bob)
	defer sub.Close()
	require.ErrorIs(t, e.svc.RemoveMember(e.ctx, bob, team.ID, cy.ID), lobby.ErrForbidden)
	require.ErrorIs(t, e.svc.RemoveMember(e.ctx, ada, team.ID, ada.ID), lobby.ErrForbidden)
	require.NoError(t, e.svc.RemoveMember(e.ctx, ada, team.ID, bob.ID))
	require.ErrorIs(t, e.svc.RemoveMember(e.ctx, ada, team.ID, bob.ID), lobby.ErrNotFound)
	require.True(t, hasTopic(drain(sub), lobby.TopicAccount, 0))
	_, err = e.svc.Lobby(e.ctx, bob, team.ID)
	require.ErrorIs(t, err, lobby.ErrNotFound)
	_, err = e.svc.Table(e.ctx, bob, tb.ID)
	require.ErrorIs(t, err, lobby.ErrNotFound)
	require.Equal(t, -1, e.tableOf(ada, tb.ID).SeatOf(bob.ID))
	ls, err := e.svc.Lobbies(e.ctx, bob)
	require.NoError(t, err)
	require.Len(t, ls, 1)

	// Leaving: a member just leaves; the owner hands over; the last member stays.
	require.NoError(t, e.svc.LeaveLobby(e.ctx, ada, team.ID))
	l, err := e.svc.Lobby(e.ctx, cy, team.ID)
	require.NoError(t, err)
	require.Equal(t, cy.ID, l.OwnerID)
	require.Equal(t, 1, l.Members)
	require.ErrorIs(t, e.svc.LeaveLobby(e.ctx, ada, team.ID), lobby.ErrNotFound)
	require.ErrorIs(t, e.svc.LeaveLobby(e.ctx, cy, team.ID), lobby.ErrLastMember)
	_, err = e.svc.RotateInvite(e.ctx, cy, team.ID)
	require.NoError(t, err)
}
