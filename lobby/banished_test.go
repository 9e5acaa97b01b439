package lobby_test

import (
	"testing"

	"github.com/stretchr/testify/require"

	"boardroom/engine/testgame"
	"boardroom/lobby"
)

// TestBanishKeyMakesTheSeatAwayAtOnceC7: a banned player's seat at a
// running game takes only its default actions at once (C-7), without
// waiting AwayAfter, and the others read why in the log.
func TestBanishKeyMakesTheSeatAwayAtOnceC7(t *testing.T) {
	e := newEnv(t, lobby.Config{})
	ada, bob, id := e.twoWatching(0, target30)
	require.False(t, e.tableOf(ada, id).Seats[1].Away)
	require.NoError(t, e.svc.BanishKey(e.ctx, bob.Fingerprint))
	require.True(t, e.tableOf(ada, id).Seats[1].Away, "away at once")
	require.False(t, e.tableOf(ada, id).Seats[0].Away)
	st := e.state(ada, id)
	require.Contains(t, lastKind(st, "away"), "bob cannot connect for now; their seat takes only its default actions")
	// Ada bids; bob's seat bids its default at once, without a turn timer.
	require.NoError(t, e.act(ada, id, testgame.Bid{Amount: 0}))
	require.True(t, e.state(ada, id).Prompt.Awaits(0) || e.state(ada, id).Outcome.Finished, "bob's seat did not hold the game up")
	require.NoError(t, e.svc.BanishKey(e.ctx, "SHA256:nobody"), "a key without an account has no seats")
}
