package sshserver_test

import (
	"context"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"boardroom/lobby"
)

// TestJoinTwiceSaysAlreadyMember: joining a lobby one is in says so
// instead of "You joined".
func TestJoinTwiceSaysAlreadyMember(t *testing.T) {
	ts := startServer(t, t.TempDir(), nil)
	adaC, _ := ts.player("ada")
	bobC, _ := ts.player("bob")
	code := field(t, mustRun(t, adaC, "lobby create Team"), "invite code")
	require.Contains(t, mustRun(t, bobC, "join "+code), `You joined "Team".`)
	again := mustRun(t, bobC, "join "+code)
	require.Contains(t, again, `You are already a member of "Team".`)
	require.NotContains(t, again, "You joined")
	require.Contains(t, mustRun(t, adaC, "join "+code), `You are already a member of "Team".`, "the owner too")
}

// TestTablesFinishedListsRecentResults: `tables --finished` lists a
// lobby's finished games, newest first, with who placed where; a private
// lobby's are for its members.
func TestTablesFinishedListsRecentResults(t *testing.T) {
	ts := startServer(t, t.TempDir(), nil)
	adaC, ada := ts.player("ada")
	_, bob := ts.player("bob")
	eveC, _ := ts.player("eve")
	guest := dial(t, ts.addr, guestAuth())
	require.Contains(t, mustRun(t, guest, "tables --finished"), "No finished games in public yet.")

	first := ts.game(lobby.PublicLobbyID, ada, bob)
	second := ts.game(lobby.PublicLobbyID, bob, ada)
	out := mustRun(t, guest, "tables --finished")
	require.Contains(t, out, "Recent results in public (newest first):")
	lines := strings.Split(out, "\n")
	require.Regexp(t, `^TABLE\s+GAME\s+FINISHED\s+ROUNDS\s+RATED\s+PLAYERS`, lines[2])
	require.Regexp(t, `^`+strconv.FormatInt(second, 10)+`\s+Test Game\s+.*\s+yes\s+bob 1, ada 2$`, lines[3])
	require.Regexp(t, `^`+strconv.FormatInt(first, 10)+`\s+Test Game\s+.*\s+yes\s+ada 1, bob 2$`, lines[4])
	require.Contains(t, out, "press r")
	require.Contains(t, mustRun(t, guest, "tables"), "Finished tables move to the recent results after 10 minutes")

	team, err := ts.svc.CreateLobby(context.Background(), ada, "Team")
	require.NoError(t, err)
	_, err = ts.svc.JoinLobby(context.Background(), bob, team.InviteCode)
	require.NoError(t, err)
	priv := ts.game(team.ID, ada, bob)
	out = mustRun(t, adaC, "tables --finished --lobby "+team.Slug)
	require.Regexp(t, `(?m)^`+strconv.FormatInt(priv, 10)+`\s+Test Game`, out)
	r := run(t, eveC, "tables --finished --lobby "+team.Slug)
	require.Equal(t, 1, r.code, r.err)
	require.NotContains(t, mustRun(t, guest, "tables --finished"), "\n"+strconv.FormatInt(priv, 10)+" ")
}
