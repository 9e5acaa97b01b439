package lobby_test

import (
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"boardroom/engine/testgame"
	"boardroom/lobby"
)

// An action made on a screen the game has since moved past is refused
// with ErrStale and changes nothing; made on the current one it applies.
func TestActOnStaleVersionRefused(t *testing.T) {
	e := newEnv(t, lobby.Config{})
	ada, bob := e.player("ada"), e.player("bob")
	tb := e.startWith(ada, []*lobby.Account{bob}, 0, nil)
	require.NoError(t, e.act(ada, tb.ID, testgame.Bid{Amount: 3}))
	require.NoError(t, e.act(bob, tb.ID, testgame.Bid{Amount: 0}))

	seen := e.state(bob, tb.ID) // ada's turn to add
	require.True(t, seen.Prompt.Awaits(0))
	require.NoError(t, e.svc.Act(e.ctx, ada, tb.ID, seen.Version, testgame.Add{N: 1}))

	// Bob's key press was made on the screen before ada's move.
	before, beforeAda := e.state(bob, tb.ID), e.state(ada, tb.ID)
	require.True(t, before.Prompt.Awaits(1))
	err := e.svc.Act(e.ctx, bob, tb.ID, seen.Version, testgame.Add{N: 2})
	require.ErrorIs(t, err, lobby.ErrStale)
	require.Equal(t, "the game moved on: look again", err.Error())
	require.Equal(t, before, e.state(bob, tb.ID), "a stale action applies nothing")
	require.Equal(t, beforeAda, e.state(ada, tb.ID))
	require.ErrorIs(t, e.svc.Act(e.ctx, bob, tb.ID, before.Version+1, testgame.Add{N: 2}), lobby.ErrStale,
		"a version the table has not reached")
	require.ErrorIs(t, e.svc.Act(e.ctx, bob, tb.ID, -1, testgame.Add{N: 2}), lobby.ErrStale)
	require.Equal(t, before, e.state(bob, tb.ID))

	// The same key press on the current screen applies.
	require.NoError(t, e.svc.Act(e.ctx, bob, tb.ID, before.Version, testgame.Add{N: 2}))
	after := e.state(bob, tb.ID)
	require.Equal(t, before.Version+1, after.Version)
	require.Equal(t, before.View.(testgame.View).Total+2, after.View.(testgame.View).Total)

	// A second press of the same key, on the screen the first was made on.
	require.ErrorIs(t, e.svc.Act(e.ctx, bob, tb.ID, before.Version, testgame.Add{N: 2}), lobby.ErrStale)

	// After a restart the versions go on from the stored actions.
	e.restart()
	require.ErrorIs(t, e.svc.Act(e.ctx, ada, tb.ID, before.Version, testgame.Add{N: 1}), lobby.ErrStale)
	require.NoError(t, e.svc.Act(e.ctx, ada, tb.ID, after.Version, testgame.Add{N: 1}))
	require.Equal(t, after.Version+1, e.state(ada, tb.ID).Version)
}

// In a sealed phase another seat's commitment changes no screen in a way
// that matters to the other bidders: a bid typed while it arrived applies.
// Once the bids are revealed, or after the seat's own bid, that screen is
// stale.
func TestActSealedBidSurvivesOthersCommitments(t *testing.T) {
	e := newEnv(t, lobby.Config{})
	ada, bob, cyd := e.player("ada"), e.player("bob"), e.player("cyd")
	tb := e.startWith(ada, []*lobby.Account{bob, cyd}, 0, nil)
	v0 := e.state(ada, tb.ID).Version
	require.Zero(t, v0)

	require.NoError(t, e.svc.Act(e.ctx, ada, tb.ID, v0, testgame.Bid{Amount: 1}))
	require.ErrorIs(t, e.svc.Act(e.ctx, ada, tb.ID, v0, testgame.Bid{Amount: 2}), lobby.ErrStale,
		"ada's own bid changed her screen")
	require.NoError(t, e.svc.Act(e.ctx, bob, tb.ID, v0, testgame.Bid{Amount: 3}),
		"bob saw the bidding open; ada's sealed bid told him only that she bid")
	require.Equal(t, 2, e.state(cyd, tb.ID).Version)
	require.NoError(t, e.svc.Act(e.ctx, cyd, tb.ID, v0, testgame.Bid{Amount: 0}))

	// Cyd's bid revealed them all and bob (the highest) now adds: every
	// screen from the bidding is stale.
	st := e.state(bob, tb.ID)
	require.Equal(t, "add", st.Prompt.Phase)
	require.True(t, st.Prompt.Awaits(1))
	for _, v := range []int{v0, 1, 2} {
		require.ErrorIs(t, e.svc.Act(e.ctx, bob, tb.ID, v, testgame.Add{N: 1}), lobby.ErrStale, "version %d", v)
	}
	require.Equal(t, st, e.state(bob, tb.ID))
	require.NoError(t, e.svc.Act(e.ctx, bob, tb.ID, st.Version, testgame.Add{N: 1}))
}

// A bot's sealed bid is a commitment like any other (bots act inside the
// lobby on the current state, without a version).
func TestActSealedBidAfterBotBid(t *testing.T) {
	e := newEnv(t, lobby.Config{})
	ada, bob := e.player("ada"), e.player("bob")
	tb := e.startWith(ada, []*lobby.Account{bob}, 1, nil)
	st := e.state(bob, tb.ID)
	require.Equal(t, 1, st.Version, "the bot bid at once")
	require.NoError(t, e.svc.Act(e.ctx, ada, tb.ID, 0, testgame.Bid{Amount: 0}),
		"a screen from before the bot's sealed bid is still current")
	require.NoError(t, e.svc.Act(e.ctx, bob, tb.ID, 1, testgame.Bid{Amount: 0}))
	st = e.state(bob, tb.ID)
	require.GreaterOrEqual(t, st.Version, 3)
	require.Equal(t, "add", st.Prompt.Phase)
	require.ErrorIs(t, e.svc.Act(e.ctx, ada, tb.ID, 0, testgame.Add{N: 1}), lobby.ErrStale)
}

// A turn timer plays the seat's default on the current state; a key press
// on the screen from before it is stale, since the seat's own move changed.
func TestActAfterOwnTimerLapsedIsStale(t *testing.T) {
	e := newEnv(t, lobby.Config{})
	ada, bob, id := e.twoWatching(30, nil)
	seen := e.state(bob, id)
	require.NoError(t, e.svc.Act(e.ctx, ada, id, seen.Version, testgame.Bid{Amount: 3}))
	e.clock.Advance(30 * time.Second)
	st := e.state(bob, id)
	require.Equal(t, []int64{3, 0}, st.View.(testgame.View).Bids, "bob's default bid was applied")
	require.ErrorIs(t, e.svc.Act(e.ctx, bob, id, seen.Version, testgame.Bid{Amount: 2}), lobby.ErrStale)
	require.Equal(t, st, e.state(bob, id))
}
