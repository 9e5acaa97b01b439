package results_test

import (
	"database/sql"
	"fmt"
	"testing"

	"github.com/stretchr/testify/require"

	"boardroom/lobby"
)

// Before private games were rated on their lobby's ladder alone, they moved
// the global ladder too, and the store still holds those global history
// points. A profile shows them to the lobby's members and the player only:
// to anyone else they are as if they never happened.
func TestProfileHidesOldGlobalPointsOfPrivateGames(t *testing.T) {
	e := newEnv(t, lobby.Config{})
	ada, bob, eve, _, pub, priv := e.teamGames()

	// Write the global point the old rule would have written for the
	// private game, as an older server did.
	conn, err := sql.Open("sqlite", e.path)
	require.NoError(t, err)
	_, err = conn.Exec(`INSERT INTO rating_history
		(game_id, lobby_id, account_id, game, mu_before, sigma_before, mu_after, sigma_after, at)
		SELECT game_id, 0, account_id, game, mu_before, sigma_before, mu_after, sigma_after, at
		FROM rating_history WHERE game_id = ? AND account_id = ?`, priv, ada.ID)
	require.NoError(t, err)
	require.NoError(t, conn.Close())

	points := func(viewer *lobby.Account) []int64 {
		p, err := e.res.Profile(e.ctx, viewer, "ada")
		require.NoError(t, err)
		for _, r := range p.Ratings {
			if r.LobbyID == lobby.GlobalLadder {
				var ids []int64
				for _, h := range r.History {
					ids = append(ids, h.TableID)
				}
				return ids
			}
		}
		return nil
	}
	require.Equal(t, []int64{pub, priv}, points(ada), "the player sees her own history")
	require.Equal(t, []int64{pub, priv}, points(bob), "a member sees the lobby's game")
	for _, viewer := range []*lobby.Account{eve, nil} {
		require.Equal(t, []int64{pub}, points(viewer), "outsiders see no trace of table %d", priv)
		p, err := e.res.Profile(e.ctx, viewer, "ada")
		require.NoError(t, err)
		require.NotContains(t, js(t, p), fmt.Sprintf(`"table_id":%d`, priv))
	}
}
