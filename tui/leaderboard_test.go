package tui

import (
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"boardroom/engine/testgame"
	"boardroom/lobby"
	"boardroom/lobby/lobbytest"
)

// boardRow finds the frame line of a leaderboard row by its handle.
func boardRow(lines []string, handle string) string {
	for _, l := range lines {
		if !strings.ContainsAny(l, "│|┃") {
			continue // not inside the panel
		}
		for _, f := range strings.Fields(l) {
			if f == handle {
				return l
			}
		}
	}
	return ""
}

func TestLeaderboardRealLadder(t *testing.T) {
	start := time.Now()
	e := newResultsEnv(t)
	ada := e.player("ada")
	e.ladder(20, ada)
	t.Logf("ladder built in %v", time.Since(start))

	for _, size := range [][2]int{{80, 24}, {160, 50}} {
		h := e.session(ada, size[0], size[1])
		h.key("b")
		p, ok := h.m.topPage().(*boardPage)
		require.True(t, ok)
		v := exactView(t, h)
		assert.Contains(t, v, "Leaderboard")
		assert.Contains(t, v, "Test Game")
		assert.Contains(t, v, "Global ladder")
		assert.Contains(t, v, "20 players")
		want, err := e.svc.Leaderboard(e.ctx, ada, lobby.LeaderboardQuery{Game: testgame.ID, Limit: 100})
		require.NoError(t, err)
		require.Len(t, want.Rows, 20)
		rows := p.pageSize(h.m)
		assert.Equal(t, size[1]-8, rows)
		lines := frameLines(h)
		// The page lists the ladder's first rows in order, ratings as numbers.
		shown := min(rows, 20)
		last := -1
		for i, r := range want.Rows[:shown] {
			line := boardRow(lines, r.Handle)
			require.NotEmpty(t, line, "row %d %s on the first page", i, r.Handle)
			assert.Contains(t, line, itoa(r.Rating))
			idx := indexOf(lines, line)
			assert.Greater(t, idx, last, "rows in ladder order")
			last = idx
		}
		if shown < 20 {
			assert.Empty(t, boardRow(lines, want.Rows[shown].Handle), "the next page's rows are not shown")
			assert.Contains(t, v, "Page 1 of 2")
			h.key("n")
			lines = frameLines(h)
			assert.NotEmpty(t, boardRow(lines, want.Rows[shown].Handle))
			assert.Empty(t, boardRow(lines, want.Rows[0].Handle))
			assert.Contains(t, exactView(t, h), "Page 2 of 2")
			h.key("n") // no third page
			assert.Equal(t, rows, p.offset)
			h.key("p")
			assert.Zero(t, p.offset)
			assert.NotEmpty(t, boardRow(frameLines(h), want.Rows[0].Handle))
			// A taller terminal holds the whole ladder on one page.
			h.resize(100, 30)
			assert.Equal(t, 22, p.limit)
			assert.NotEmpty(t, boardRow(frameLines(h), want.Rows[19].Handle))
			assert.Contains(t, exactView(t, h), "Page 1 of 1")
			h.resize(size[0], size[1])
			assert.Equal(t, rows, p.limit)
		}
		// ada's own row is marked.
		assert.Contains(t, boardRow(lines, "ada")+boardRow(frameLines(h), "ada"), "(you)")
		assert.NotContains(t, boardRow(frameLines(h), "p00"), "(you)")

		// Sorting by wins lists the ladder in the order the service gives.
		h.key("s")
		v = exactView(t, h)
		assert.Contains(t, v, "by wins")
		byWins, err := e.svc.Leaderboard(e.ctx, ada, lobby.LeaderboardQuery{Game: testgame.ID, Sort: lobby.SortWins, Limit: rows})
		require.NoError(t, err)
		assert.Equal(t, lobby.SortWins, p.lb.Sort)
		assert.Equal(t, byWins.Rows, p.lb.Rows)
		assert.NotEqual(t, handlesOf(want.Rows[:len(byWins.Rows)]), handlesOf(byWins.Rows), "the order changed")
		top := boardRow(frameLines(h), byWins.Rows[0].Handle)
		assert.Less(t, indexOf(frameLines(h), top), indexOf(frameLines(h), boardRow(frameLines(h), byWins.Rows[1].Handle)))
		for range 4 {
			h.key("s")
		}
		assert.Contains(t, exactView(t, h), "by rating", "s cycles back to rating")

		// Find jumps to the page that holds the handle and highlights it.
		last20 := want.Rows[19].Handle
		h.key("/")
		assert.True(t, h.m.typing())
		h.typeText(strings.ToUpper(last20))
		h.key("enter")
		assert.False(t, h.m.typing())
		assert.Equal(t, 19/rows*rows, p.offset)
		i := p.sel.cursor()
		require.GreaterOrEqual(t, i, 0)
		assert.Equal(t, last20, p.lb.Rows[i].Handle)
		lines = frameLines(h)
		assert.True(t, strings.HasPrefix(strings.TrimLeft(boardRow(lines, last20), " |│┃#"), ">"), "the found row is highlighted: %q", boardRow(lines, last20))
		h.key("/")
		h.typeText("nobody")
		h.key("enter")
		assert.Contains(t, exactView(t, h), "This leaderboard has no player nobody", "the handle keeps its case")

		// Enter opens the profile of the highlighted row; esc comes back.
		h.key("enter")
		require.IsType(t, &profilePage{}, h.m.topPage())
		assert.Contains(t, exactView(t, h), last20)
		h.key("esc")
		assert.Same(t, p, h.m.topPage())
		h.key("esc")
		assert.Nil(t, h.m.topPage())
		assert.Equal(t, screenLobby, h.m.screen)
	}
}

func indexOf(lines []string, s string) int {
	for i, l := range lines {
		if l == s {
			return i
		}
	}
	return -1
}

func handlesOf(rows []lobby.LeaderboardRow) []string {
	var out []string
	for _, r := range rows {
		out = append(out, r.Handle)
	}
	return out
}

func TestLeaderboardEmptyLadderExplains(t *testing.T) {
	e := newResultsEnv(t)
	ada, bob := e.player("ada"), e.player("bob")
	e.resignRace([]*lobby.Account{ada, bob})
	h := e.session(ada, 80, 24)
	h.key("b")
	v := exactView(t, h)
	t.Logf("one game each:\n%s", v)
	// One rated game each: nobody is ranked, both are listed below the line.
	assert.Contains(t, v, "0 ranked, 2 not yet ranked")
	assert.Regexp(t, `--\s+not yet ranked`, v)
	assert.Regexp(t, `-\s+bob\s+\d+\*\s+1\s+1\s+100%`, v)
	assert.Regexp(t, `>\s+-\s+bob`, v, "the cursor is on the first player, not on the line")
	assert.Contains(t, v, "nobody ranked yet (10+ rated games")
	assert.Contains(t, v, "* = provisional")
	assert.NotContains(t, v, "Nobody is listed yet")
	h.key("enter")
	require.IsType(t, &profilePage{}, h.m.topPage(), "a player below the line opens their profile")
	h.key("esc")
	h.key("l")
	assert.Contains(t, h.view(), "Private lobbies have their own ladders")

	// A private lobby's ladder is offered to its members.
	_, err := e.svc.CreateLobby(e.ctx, ada, "Night Shift")
	require.NoError(t, err)
	h2 := e.session(ada, 160, 50) // opens in Night Shift, the lobby she created last
	h2.key("b")
	v = exactView(t, h2)
	assert.Contains(t, v, "Night Shift")
	assert.Contains(t, v, "Nobody is listed yet")
	h2.key("l")
	assert.Contains(t, exactView(t, h2), "Global ladder")
}

func TestLeaderboardListedInHelp(t *testing.T) {
	e := newResultsEnv(t)
	h := e.session(e.player("ada"), 80, 24)
	h.key("?")
	v := h.view()
	assert.Contains(t, v, "leaderboard")
	assert.Contains(t, v, "my profile")
	h.key("q")
	h.key("b")
	h.key("?")
	v = h.view()
	assert.Contains(t, v, "find a player")
	assert.Contains(t, v, "next/prev page")
}

func TestLeaderboardMarksProvisionalRatings(t *testing.T) {
	api := lobbytest.NewLobby(true)
	ada := api.AddAccount("fp-ada", "ada")
	// Fixed rows: a provisional rating cannot reach a real ladder's minimum
	// of games, but a ladder may list one.
	rows := []lobby.LeaderboardRow{
		{Rank: 1, AccountID: 9, Handle: "zed", Rating: 1200, Games: 30, Wins: 20, WinRate: 2.0 / 3},
		{Rank: 2, AccountID: ada.ID, Handle: "ada", Rating: 1012, Provisional: true, Games: 10, Wins: 1, WinRate: 0.1, You: true},
	}
	api.Ladder = &lobby.Leaderboard{Game: testgame.ID, GameTitle: "Test Game", Rows: rows, Total: len(rows),
		MinGames: 10, ActiveDays: 30}
	h := startWith(t, api, api.Now, Options{Fingerprint: "fp-ada"})
	h.key("b")
	lines := frameLines(h)
	assert.Contains(t, boardRow(lines, "ada"), "1012*")
	assert.Contains(t, boardRow(lines, "ada"), "(you)")
	assert.Contains(t, boardRow(lines, "zed"), "1200 ")
	assert.NotContains(t, boardRow(lines, "zed"), "1200?")
	assert.Contains(t, boardRow(lines, "zed"), "67%")
	assert.Contains(t, exactView(t, h), "* = provisional")
}
