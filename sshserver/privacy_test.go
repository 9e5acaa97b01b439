package sshserver_test

import (
	"context"
	"regexp"
	"strconv"
	"testing"

	"github.com/stretchr/testify/require"

	"boardroom/lobby"
)

// TestWrongInviteCodesSlowDownPerAddress: the server passes the client's
// address to the lobby, so wrong codes from one address slow down every
// account there; and a lobby's slug does not tell that a lobby of the same
// name exists.
func TestWrongInviteCodesSlowDownPerAddress(t *testing.T) {
	ts := startServer(t, t.TempDir(), nil)
	ada, eve, mal := dialKey(t, ts.addr, newKey(t)), dialKey(t, ts.addr, newKey(t)), dialKey(t, ts.addr, newKey(t))
	mustRun(t, ada, "handle ada")
	mustRun(t, eve, "handle eve")
	mustRun(t, mal, "handle mal")

	out := mustRun(t, ada, "lobby create Secret Team")
	slugRe := regexp.MustCompile(`^secret-team-[a-z2-9]{4}$`)
	require.Regexp(t, slugRe, field(t, out, "slug"))
	code := field(t, out, "invite code")
	theirs := mustRun(t, eve, "lobby create Secret Team")
	require.Regexp(t, slugRe, field(t, theirs, "slug"), "not secret-team-2")
	require.Contains(t, run(t, eve, "tables --lobby "+field(t, out, "slug")).err, "no lobby")

	wrong := "ZZZZZZZZ"
	if code == wrong {
		wrong = "YYYYYYYY"
	}
	for range 3 {
		r := run(t, mal, "join "+wrong)
		require.Equal(t, 1, r.code)
		require.Contains(t, r.err, "no lobby has that invite code")
	}
	r := run(t, eve, "join "+code)
	require.Equal(t, 1, r.code, "eve shares mal's address (127.0.0.1)")
	require.Contains(t, r.err, "slow down: too many wrong invite codes, try again in a minute")
}

// TestImportOfAPrivateGameStaysInItsLobby: `import` without --lobby puts a
// private lobby's finished game back in its lobby, and --lobby public is
// refused.
func TestImportOfAPrivateGameStaysInItsLobby(t *testing.T) {
	ts := startServer(t, t.TempDir(), nil)
	ada, bob := dialKey(t, ts.addr, newKey(t)), dialKey(t, ts.addr, newKey(t))
	mustRun(t, ada, "handle ada")
	mustRun(t, bob, "handle bob")
	out := mustRun(t, ada, "lobby create Night Owls")
	slug := field(t, out, "slug")
	mustRun(t, bob, "join "+field(t, out, "invite code"))
	id := field(t, mustRun(t, ada, "new testgame --lobby "+slug+" --bots 1 --start"), "table")
	tid, err := strconv.ParseInt(id, 10, 64)
	require.NoError(t, err)
	ctx := context.Background()
	adaAcc, err := ts.svc.AccountByHandle(ctx, "ada")
	require.NoError(t, err)
	for range 200 {
		st, err := ts.svc.GameState(ctx, adaAcc, tid)
		require.NoError(t, err)
		if st.Outcome.Finished {
			break
		}
		require.NotEmpty(t, st.Legal, "the bot acts at once, so it is ada's turn")
		require.NoError(t, ts.svc.Act(ctx, adaAcc, tid, st.Version, st.Legal[0]))
	}
	file := []byte(mustRun(t, bob, "export "+id))

	r := runIn(t, bob, "import --lobby public", file)
	require.Equal(t, 1, r.code)
	require.Contains(t, r.err, "cannot be imported into the public lobby")
	r = runIn(t, bob, "import", file)
	require.Equal(t, 0, r.code, r.err)
	require.Contains(t, r.out, "Test Game, finished, in lobby "+slug+": a result to look at")
	nid, err := strconv.ParseInt(field(t, r.out, "table"), 10, 64)
	require.NoError(t, err)
	_, err = ts.svc.Table(ctx, nil, nid)
	require.ErrorIs(t, err, lobby.ErrNotFound, "guests do not see it")
}
