package tui

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"boardroom/engine/testgame"
	"boardroom/lobby"
)

func TestProfileShowsRatingsAndRecentGames(t *testing.T) {
	e := newResultsEnv(t)
	ada, bob := e.player("ada"), e.player("bob")
	first := e.resignRace([]*lobby.Account{ada, bob})  // bob wins
	second := e.resignRace([]*lobby.Account{bob, ada}) // ada wins
	want, err := e.svc.Profile(e.ctx, ada, "")
	require.NoError(t, err)
	require.Len(t, want.Ratings, 1)
	gr := want.Ratings[0]
	require.True(t, gr.Provisional, "two games leave the rating provisional")

	for _, size := range [][2]int{{80, 24}, {160, 50}} {
		h := e.session(ada, size[0], size[1])
		h.key("p")
		require.IsType(t, &profilePage{}, h.m.topPage())
		v := exactView(t, h)
		assert.Contains(t, v, "ada (you)")
		assert.Contains(t, v, "2 games, 1 won (50%)")
		assert.Contains(t, v, "favourite: Test Game")
		assert.Contains(t, v, "global")
		assert.Contains(t, v, itoa(gr.Rating)+"*", "provisional rating marked")
		assert.Contains(t, v, "Last 2:")
		assert.Contains(t, v, itoa(gr.History[0].Rating)+" "+itoa(gr.History[1].Rating))
		assert.Contains(t, v, "Recent games (2)")
		assert.Contains(t, v, "#"+itoa(int(first)))
		assert.Contains(t, v, "#"+itoa(int(second)))
		assert.Contains(t, v, "1st")
		assert.Contains(t, v, "2nd")
		assert.Contains(t, v, "ada, bob")
		assert.Contains(t, v, "bob, ada")

		// The newest game is first; enter opens its standings.
		h.key("tab")
		h.key("enter")
		sp, ok := h.m.topPage().(*standingsPage)
		require.True(t, ok)
		assert.Equal(t, second, sp.g.TableID)
		res, err := e.svc.Results(e.ctx, ada, second)
		require.NoError(t, err)
		v = exactView(t, h)
		assert.Contains(t, v, "Standings")
		assert.Contains(t, v, "rated")
		assert.Contains(t, v, lobby.Sanitize(res.Reason, 100))
		for _, s := range res.Seats {
			assert.Contains(t, v, changeText(h.m.th, s))
		}
		assert.Contains(t, v, "(+")
		assert.Contains(t, v, "(-")

		// r replays it; esc goes back step by step to the lobby.
		h.key("r")
		require.IsType(t, &replayPage{}, h.m.topPage())
		h.keys("esc", "esc")
		require.Same(t, h.m.pages[0], h.m.topPage())
		h.key("esc")
		assert.Equal(t, screenLobby, h.m.screen)
		assert.Nil(t, h.m.topPage())
	}
}

func TestProfileOfOthersAndBots(t *testing.T) {
	e := newResultsEnv(t)
	ada := e.player("ada")
	id := e.table([]*lobby.Account{ada}, 1)
	require.NoError(t, e.svc.Start(e.ctx, ada, id))
	require.NoError(t, e.act(ada, id, testgame.Bid{Amount: 3}))
	require.NoError(t, e.act(ada, id, testgame.Resign{}))

	h := e.session(ada, 80, 24)
	h.m.openStandings(id)
	v := exactView(t, h)
	assert.Contains(t, v, "Bot 2")
	h.key("enter") // the bot won: it is the first row
	pp, ok := h.m.topPage().(*profilePage)
	require.True(t, ok, "the bot's profile opens")
	assert.True(t, pp.pr.Account.Bot)
	v = exactView(t, h)
	assert.Contains(t, v, "Bot (Test Game)")
	assert.Contains(t, v, "1 game, 1 won")
	h.key("esc")
	h.key("down")
	h.key("enter")
	assert.Contains(t, exactView(t, h), "ada (you)")

	// A rating row opens the leaderboard at ada, below the line: she is not
	// ranked yet.
	h.key("enter")
	bp, ok := h.m.topPage().(*boardPage)
	require.True(t, ok)
	assert.True(t, bp.loaded)
	assert.Contains(t, exactView(t, h), "not yet ranked")
	r, ok := bp.rowAt(bp.sel.cursor())
	require.True(t, ok)
	assert.Equal(t, "ada", r.Handle)
	assert.True(t, r.Unranked)

	// A guest has no profile of their own; an unknown handle has none.
	g := e.session(nil, 80, 24)
	g.key("enter")
	g.key("p")
	assert.Nil(t, g.m.topPage())
	assert.Contains(t, g.view(), "connect with an SSH key", "p is not offered to a guest and says why")
	g.m.openProfile("")
	assert.Nil(t, g.m.topPage())
	assert.True(t, g.m.statusErr)
	g.m.openProfile("nobody")
	assert.Nil(t, g.m.topPage())
	g.m.openProfile("ada")
	require.NotNil(t, g.m.topPage(), "guests read public profiles")
	assert.NotContains(t, exactView(t, g), "(you)")
}

func TestSparkline(t *testing.T) {
	th := NewTheme(nil, false, false)
	pts := []lobby.RatingPoint{{Rating: 1000}, {Rating: 1100}, {Rating: 1050}, {Rating: 1200}}
	assert.Equal(t, "▁▄▂█", sparkline(th, pts, 10))
	assert.Equal(t, "▁█", sparkline(th, pts, 2), "the newest points, on their own scale")
	ascii := NewTheme(nil, true, true)
	assert.Equal(t, "_=.@", sparkline(ascii, pts, 10))
	assert.Equal(t, "++++", sparkline(ascii, []lobby.RatingPoint{{Rating: 5}, {Rating: 5}, {Rating: 5}, {Rating: 5}}, 10))
	assert.Empty(t, sparkline(th, nil, 10))
	assert.Equal(t, "1,234,567", number(1234567))
	assert.Equal(t, "-1,000", number(-1000))
	assert.Equal(t, "12", number(12))
	assert.Equal(t, "+12", deltaText(1000, 1012))
	assert.Equal(t, "-7", deltaText(1007, 1000))
	assert.Equal(t, "1012*", ratingText(1012, true))
}

func TestProfileHistoryListsAllGames(t *testing.T) {
	e := newResultsEnv(t)
	ada, bob := e.player("ada"), e.player("bob")
	var ids []int64
	for range 12 {
		ids = append(ids, e.resignRace([]*lobby.Account{ada, bob}))
	}
	h := e.session(bob, 80, 24)
	h.m.openProfile("ada")
	v := exactView(t, h)
	assert.Contains(t, v, "Recent games (10)")
	assert.NotContains(t, v, "#"+itoa(int(ids[0]))+" ", "the oldest game is not among the recent ones")
	h.key("h")
	v = exactView(t, h)
	assert.Contains(t, v, "All games (12)")
	h.keys("end", "enter")
	sp, ok := h.m.topPage().(*standingsPage)
	require.True(t, ok)
	assert.Equal(t, ids[0], sp.g.TableID, "the oldest game is last")
	h.key("esc")
	h.key("h")
	assert.Contains(t, exactView(t, h), "Recent games (10)")
}

func TestResultsPagesASCII(t *testing.T) {
	e := newResultsEnv(t)
	ada, bob := e.player("ada"), e.player("bob")
	id := e.resignRace([]*lobby.Account{ada, bob})
	h := startWith(t, e.svc, realStart, Options{Fingerprint: ada.Fingerprint, ASCII: true, NoColor: true})
	ascii := func(what string) {
		t.Helper()
		v := exactView(t, h)
		for _, r := range v {
			require.Less(t, r, rune(128), "non-ASCII %q in the %s:\n%s", r, what, v)
		}
	}
	h.key("b")
	ascii("leaderboard")
	h.key("esc")
	h.key("p")
	ascii("profile")
	assert.Contains(t, h.view(), "Trend")
	h.keys("tab", "enter")
	ascii("standings")
	assert.Contains(t, h.view(), "->")
	h.key("r")
	ascii("replay")
	h.keys("esc", "esc", "esc")
	require.NoError(t, h.m.openTable(id, false))
	ascii("game over panel")
	assert.Contains(t, h.view(), "GAME OVER")
}
