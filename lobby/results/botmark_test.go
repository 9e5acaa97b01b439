package results_test

import (
	"testing"

	"github.com/stretchr/testify/require"

	"boardroom/engine/testgame"
	"boardroom/lobby"
)

// TestBotIsNeverProvisional: a bot plays at a fixed rating, an anchor for
// the others, so neither a ladder row nor its profile marks it provisional,
// while a player after one game is (issue 25: "1000*" for a bot).
func TestBotIsNeverProvisional(t *testing.T) {
	e := newEnv(t, lobby.Config{})
	ada := e.player("ada")
	id := e.startIn(lobby.PublicLobbyID, ada, nil, 1)
	e.playOut(id, 1, ada)

	lb := e.board(nil, lobby.LeaderboardQuery{Game: testgame.ID})
	require.Len(t, lb.Unranked, 2, "one game each: both below the line")
	bots := 0
	for _, r := range lb.Unranked {
		if r.Bot {
			bots++
			require.False(t, r.Provisional, "bot row %q", r.Handle)
		} else {
			require.True(t, r.Provisional, "%s after one game", r.Handle)
		}
	}
	require.Equal(t, 1, bots)

	p, err := e.res.Profile(e.ctx, ada, "bot-testgame")
	require.NoError(t, err)
	require.Len(t, p.Ratings, 1)
	require.False(t, p.Ratings[0].Provisional, "a bot's profile")
}
