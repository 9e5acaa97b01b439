package lobby_test

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"boardroom/engine/testgame"
	"boardroom/lobby"
)

// botGame starts a game of host against a bot in the lobby.
func (e *env) botGame(lobbyID int64, host *lobby.Account) int64 {
	e.t.Helper()
	return e.startIn(lobbyID, host, nil, 1)
}

func TestUnfinishedTablesPerAccountAreCapped(t *testing.T) {
	e := newEnv(t, lobby.Config{MaxTablesPerAccount: 3, SealKey: key(7)})
	ada, bob := e.player("ada"), e.player("bob")
	var games []int64
	for range 3 {
		games = append(games, e.botGame(lobby.PublicLobbyID, ada))
	}
	_, err := e.svc.CreateTable(e.ctx, ada, lobby.PublicLobbyID, testgame.ID, 2, nil)
	require.ErrorIs(t, err, lobby.ErrTooManyGames)
	require.ErrorContains(t, err, "you already play or host 3 unfinished games")
	tables, err := e.svc.Tables(e.ctx, nil, lobby.PublicLobbyID)
	require.NoError(t, err)
	require.Len(t, tables, 3, "the public list holds no more of ada's tables")

	// Sitting at another player's table counts too.
	tb := e.table(bob, 2, nil)
	_, err = e.svc.Sit(e.ctx, ada, tb.ID, -1)
	require.ErrorIs(t, err, lobby.ErrTooManyGames)
	// Taking back one's own seat of a game in progress is no new table.
	got, err := e.svc.Sit(e.ctx, ada, games[0], -1)
	require.NoError(t, err)
	require.Equal(t, 0, got)

	// A finished game frees its place.
	e.playOut(games[0], 3, ada)
	_, err = e.svc.Sit(e.ctx, ada, tb.ID, -1)
	require.NoError(t, err)
	_, err = e.svc.CreateTable(e.ctx, ada, lobby.PublicLobbyID, testgame.ID, 2, nil)
	require.ErrorIs(t, err, lobby.ErrTooManyGames, "three again: two games and bob's table")

	// A rematch is a new table: refused at the cap, accepted below it.
	_, err = e.svc.Rematch(e.ctx, ada, games[0], true)
	require.ErrorIs(t, err, lobby.ErrTooManyGames)
	require.NoError(t, e.svc.Stand(e.ctx, ada, tb.ID))
	id, err := e.svc.Rematch(e.ctx, ada, games[0], true)
	require.NoError(t, err)
	require.NotZero(t, id)

	// An import of a running game is one too.
	e.playOut(games[1], 3, ada)
	other := e.startWith(bob, []*lobby.Account{ada}, 0, nil)
	require.NoError(t, e.act(bob, other.ID, testgame.Bid{Amount: 1}))
	file := e.export(bob, other.ID)
	d := newEnv(t, lobby.Config{MaxTablesPerAccount: 1, SealKey: e.cfg.SealKey})
	dAda := d.player("ada")
	d.botGame(lobby.PublicLobbyID, dAda)
	_, err = d.svc.ImportGame(d.ctx, dAda, lobby.PublicLobbyID, file)
	require.ErrorIs(t, err, lobby.ErrTooManyGames)
}

func TestDefaultTableCapIsFive(t *testing.T) {
	e := newEnv(t, lobby.Config{})
	ada := e.player("ada")
	for range 5 {
		e.botGame(lobby.PublicLobbyID, ada)
	}
	_, err := e.svc.CreateTable(e.ctx, ada, lobby.PublicLobbyID, testgame.ID, 2, nil)
	require.ErrorIs(t, err, lobby.ErrTooManyGames)
}

func TestPrivateLobbiesPerAccountAreCapped(t *testing.T) {
	e := newEnv(t, lobby.Config{MaxLobbiesPerAccount: 2})
	ada, bob := e.player("ada"), e.player("bob")
	first, err := e.svc.CreateLobby(e.ctx, ada, "One")
	require.NoError(t, err)
	_, err = e.svc.CreateLobby(e.ctx, ada, "Two")
	require.NoError(t, err)
	_, err = e.svc.CreateLobby(e.ctx, ada, "Three")
	require.ErrorIs(t, err, lobby.ErrTooManyLobbies)
	// Handing one on frees a place; the new owner's count grows.
	_, err = e.svc.JoinLobby(e.ctx, bob, first.InviteCode)
	require.NoError(t, err)
	require.NoError(t, e.svc.LeaveLobby(e.ctx, ada, first.ID))
	_, err = e.svc.CreateLobby(e.ctx, ada, "Three")
	require.NoError(t, err)
	_, err = e.svc.CreateLobby(e.ctx, bob, "Bee")
	require.NoError(t, err)
	_, err = e.svc.CreateLobby(e.ctx, bob, "Bee Two")
	require.ErrorIs(t, err, lobby.ErrTooManyLobbies, "bob owns One and Bee")
	// The count survives a restart.
	e.restart()
	_, err = e.svc.CreateLobby(e.ctx, ada, "Four")
	require.ErrorIs(t, err, lobby.ErrTooManyLobbies)
}

// TestSlugsRevealNoOtherLobby: the slug a creator gets does not depend on
// whether a lobby of the same name exists, and a private lobby's slug is
// "not found" for a non-member exactly as a slug nobody has.
func TestSlugsRevealNoOtherLobby(t *testing.T) {
	e := newEnv(t, lobby.Config{})
	ada, eve := e.player("ada"), e.player("eve")
	secret, err := e.svc.CreateLobby(e.ctx, ada, "Secret Team")
	require.NoError(t, err)
	require.Regexp(t, `^secret-team-[a-z2-9]{4}$`, secret.Slug)
	mine, err := e.svc.CreateLobby(e.ctx, eve, "Secret Team")
	require.NoError(t, err)
	require.Regexp(t, `^secret-team-[a-z2-9]{4}$`, mine.Slug, "the same form as when no such lobby exists")
	require.NotEqual(t, secret.Slug, mine.Slug)
	// Long names keep the suffix within the slug's length.
	long, err := e.svc.CreateLobby(e.ctx, ada, "A very long lobby name indeed!!")
	require.NoError(t, err)
	require.LessOrEqual(t, len(long.Slug), 24)
	require.Regexp(t, `^[a-z0-9-]+-[a-z2-9]{4}$`, long.Slug)

	_, errPriv := e.svc.LobbyBySlug(e.ctx, eve, secret.Slug)
	_, errNone := e.svc.LobbyBySlug(e.ctx, eve, "secret-team-zzzz")
	require.ErrorIs(t, errPriv, lobby.ErrNotFound)
	require.Equal(t, errNone.Error(), errPriv.Error())
	got, err := e.svc.LobbyBySlug(e.ctx, ada, "SECRET-TEAM-"+secret.Slug[len("secret-team-"):])
	require.NoError(t, err, "slugs are found regardless of case")
	require.Equal(t, secret.ID, got.ID)
	e.restart()
	got, err = e.svc.LobbyBySlug(e.ctx, ada, secret.Slug)
	require.NoError(t, err, "the slug index is rebuilt at start")
	require.Equal(t, secret.ID, got.ID)
}

func TestWrongInviteCodesAreRateLimited(t *testing.T) {
	e := newEnv(t, lobby.Config{})
	ada, eve, mal := e.player("ada"), e.player("eve"), e.player("mal")
	team, err := e.svc.CreateLobby(e.ctx, ada, "Team")
	require.NoError(t, err)
	wrong := "ZZZZZZZZ"
	if team.InviteCode == wrong {
		wrong = "YYYYYYYY"
	}
	at := func(addr string) context.Context { return lobby.WithClientAddr(e.ctx, addr) }
	require.Equal(t, "203.0.113.9", lobby.ClientAddr(at("203.0.113.9")))

	// Three wrong codes, then every code is refused, the right one too.
	for i := range 3 {
		_, err := e.svc.JoinLobby(at("203.0.113.9"), eve, wrong)
		require.ErrorIs(t, err, lobby.ErrBadCode, "wrong code %d", i+1)
	}
	_, err = e.svc.JoinLobby(at("203.0.113.9"), eve, team.InviteCode)
	require.ErrorIs(t, err, lobby.ErrTooManyCodes)
	require.EqualError(t, err, "slow down: too many wrong invite codes, try again in a minute")
	// Per account: eve from another address is refused too.
	_, err = e.svc.JoinLobby(at("198.51.100.7"), eve, team.InviteCode)
	require.ErrorIs(t, err, lobby.ErrTooManyCodes)
	// Per address: another account from eve's address is refused too.
	_, err = e.svc.JoinLobby(at("203.0.113.9"), mal, team.InviteCode)
	require.ErrorIs(t, err, lobby.ErrTooManyCodes)
	// IPv6 addresses count by /64.
	for range 3 {
		_, err = e.svc.JoinLobby(at("2001:db8::1"), mal, wrong)
		require.ErrorIs(t, err, lobby.ErrBadCode)
	}
	bob := e.player("bob")
	_, err = e.svc.JoinLobby(at("2001:db8::ffff:2"), bob, team.InviteCode)
	require.ErrorIs(t, err, lobby.ErrTooManyCodes, "same /64")

	// One wrong code a 20 s later: the right code works once a token is back.
	e.clock.Advance(20 * time.Second)
	_, err = e.svc.JoinLobby(at("203.0.113.9"), eve, team.InviteCode)
	require.NoError(t, err)
	// A brute force gains about three codes a minute.
	tries := 0
	for range 600 { // ten minutes, a try every second
		e.clock.Advance(time.Second)
		if _, err := e.svc.JoinLobby(at("192.0.2.1"), mal, fmt.Sprintf("WRONG%03d", tries)); !isTooMany(err) {
			tries++
		}
	}
	require.LessOrEqual(t, tries, 3+30+1, "burst plus 3 a minute")
	require.GreaterOrEqual(t, tries, 30)
}

func isTooMany(err error) bool { return err != nil && err.Error() == lobby.ErrTooManyCodes.Error() }
