package tui

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"boardroom/engine/testgame"
	"boardroom/lobby"
)

// waitTable pumps a session's updates until it shows the play screen of
// another table than old, and returns that table's id.
func waitTable(t *testing.T, h *harness, old int64) int64 {
	t.Helper()
	require.Eventually(t, func() bool {
		h.pump()
		return h.m.tab.id != old && h.m.screen == screenPlay
	}, 5*time.Second, 2*time.Millisecond, "the session follows the rematch")
	return h.m.tab.id
}

func TestGameOverStandingsAndRematch(t *testing.T) {
	e := newResultsEnv(t)
	ada, bob, cat := e.player("ada"), e.player("bob"), e.player("cat")
	id := e.table([]*lobby.Account{ada, bob}, 0)
	require.NoError(t, e.svc.Start(e.ctx, ada, id))
	ha, hb, hc := e.session(ada, 80, 24), e.session(bob, 160, 50), e.session(cat, 80, 24)
	for _, h := range []*harness{ha, hb, hc} {
		require.NoError(t, h.m.openTable(id, false))
		require.Equal(t, screenPlay, h.m.screen)
	}
	require.NoError(t, e.act(ada, id, testgame.Bid{Amount: 0}))
	require.NoError(t, e.act(bob, id, testgame.Bid{Amount: 0}))
	require.NoError(t, e.act(ada, id, testgame.Resign{}))
	res, err := e.svc.Results(e.ctx, ada, id)
	require.NoError(t, err)
	require.True(t, res.Rated)

	// Everyone watching sees the standings with each player's rating change.
	for _, h := range []*harness{ha, hb, hc} {
		h.waitFor("GAME OVER")
		v := exactView(t, h)
		assert.Contains(t, v, "bob won.")
		for _, s := range res.Seats {
			assert.Contains(t, v, changeText(h.m.th, s))
		}
		assert.Contains(t, v, "1st  bob")
		assert.Contains(t, v, "2nd  ada")
	}
	assert.Contains(t, exactView(t, ha), "ada (you)")
	assert.Contains(t, exactView(t, ha), "m to accept")
	assert.Contains(t, exactView(t, hc), "Rematch: for the players")

	// ada accepts; the others see it at once.
	ha.key("m")
	assert.Contains(t, exactView(t, ha), "you accepted")
	for _, h := range []*harness{hb, hc} {
		h.waitFor("accepted: ada")
		assert.Contains(t, exactView(t, h), "waiting on: bob")
	}
	// A spectator cannot accept; withdrawing and accepting again works.
	hc.key("m")
	assert.Contains(t, hc.view(), "Only the game's players")
	ha.key("m")
	assert.Contains(t, exactView(t, ha), "waiting on: ada, bob")
	ha.key("m")
	hb.waitFor("accepted: ada")

	// bob, watching the replay meanwhile, accepts last: the rematch starts
	// and every watcher goes to its play screen.
	hb.key("r")
	require.IsType(t, &replayPage{}, hb.m.topPage())
	hb.key("esc")
	hb.key("m")
	newID := waitTable(t, hb, id)
	assert.Equal(t, newID, waitTable(t, ha, id))
	assert.Equal(t, newID, waitTable(t, hc, id))
	nt, err := e.svc.Table(e.ctx, ada, newID)
	require.NoError(t, err)
	assert.Equal(t, lobby.TablePlaying, nt.Status)
	assert.GreaterOrEqual(t, nt.SeatOf(ada.ID), 0)
	assert.GreaterOrEqual(t, nt.SeatOf(bob.ID), 0)
	assert.Contains(t, exactView(t, ha), "you are seat")
	assert.Contains(t, exactView(t, hb), "phase: bid")
	assert.Contains(t, exactView(t, hc), "spectating")

	// Opening the old table later does not move anyone; m goes there.
	late := e.session(ada, 80, 24)
	require.NoError(t, late.m.openTable(id, false))
	late.pump()
	assert.Equal(t, id, late.m.tab.id)
	assert.Contains(t, exactView(t, late), "started at table #"+itoa(int(newID)))
	late.key("m")
	assert.Equal(t, newID, late.m.tab.id)
}

func TestRematchAgainstBotsStartsAtOnce(t *testing.T) {
	e := newResultsEnv(t)
	ada := e.player("ada")
	id := e.table([]*lobby.Account{ada}, 2)
	require.NoError(t, e.svc.Start(e.ctx, ada, id))
	h := e.session(ada, 80, 24)
	require.NoError(t, h.m.openTable(id, false))
	require.NoError(t, e.act(ada, id, testgame.Bid{Amount: 3}))
	require.NoError(t, e.act(ada, id, testgame.Resign{}))
	h.waitFor("GAME OVER")
	v := exactView(t, h)
	assert.Contains(t, v, "accepted: Bot 2, Bot 3", "bots accept")
	assert.Contains(t, v, "waiting on: ada")
	h.key("m")
	require.NotEqual(t, id, h.m.tab.id)
	assert.Equal(t, screenPlay, h.m.screen)
	assert.Contains(t, exactView(t, h), "The rematch is on")
}
