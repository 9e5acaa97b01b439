package results_test

import (
	"database/sql"
	"testing"

	"github.com/stretchr/testify/require"

	"boardroom/lobby"
)

// TestProfileSummaryMatchesRatings: a guest's profile of a player counts
// the games its rating rows count. A global ladder rated before private
// games counted on their lobby's ladder only holds games the guest may not
// see: the profile says how many instead of "0 games" above a row of games.
func TestProfileSummaryMatchesRatings(t *testing.T) {
	e := newEnv(t, lobby.Config{})
	ada, bob := e.player("ada"), e.player("bob")
	e.startIn(lobby.PublicLobbyID, ada, []*lobby.Account{bob}, 1) // a game still running counts nowhere
	e.game(lobby.PublicLobbyID, ada, bob)
	p, err := e.res.Profile(e.ctx, nil, "ada")
	require.NoError(t, err)
	require.Len(t, p.Ratings, 1)
	require.Equal(t, p.Ratings[0].Games, p.Games, "the summary counts what the row counts")
	require.Equal(t, p.Ratings[0].Wins, p.Wins)
	require.Zero(t, p.Unseen)

	team, err := e.svc.CreateLobby(e.ctx, ada, "Team")
	require.NoError(t, err)
	_, err = e.svc.JoinLobby(e.ctx, bob, team.InviteCode)
	require.NoError(t, err)
	e.game(team.ID, bob, ada)
	p, err = e.res.Profile(e.ctx, nil, "ada")
	require.NoError(t, err)
	require.Zero(t, p.Unseen, "the private game is on the lobby's ladder, which the guest does not see")

	// An older server rated that game on the global ladder as well.
	dbh, err := sql.Open("sqlite", "file:"+e.path+"?_pragma=busy_timeout(5000)")
	require.NoError(t, err)
	defer dbh.Close()
	_, err = dbh.ExecContext(e.ctx, `UPDATE ratings SET games = games + 1 WHERE lobby_id = 0 AND account_id = ?`, ada.ID)
	require.NoError(t, err)
	_, err = dbh.ExecContext(e.ctx, `INSERT INTO rating_history SELECT game_id, 0, account_id, game, mu_before, sigma_before,
		mu_after, sigma_after, at FROM rating_history WHERE lobby_id = ? AND account_id = ?`, team.ID, ada.ID)
	require.NoError(t, err)
	p, err = e.res.Profile(e.ctx, nil, "ada")
	require.NoError(t, err)
	require.Equal(t, 2, p.Ratings[0].Games)
	require.Equal(t, 1, p.Games, "the guest sees the public game only")
	require.Equal(t, 1, p.Unseen, "and is told the row counts one game more")
	own, err := e.res.Profile(e.ctx, ada, "")
	require.NoError(t, err)
	require.Zero(t, own.Unseen, "ada sees all her games")
}
