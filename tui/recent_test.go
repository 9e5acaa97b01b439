package tui

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"boardroom/lobby"
)

// TestRecentResultsPage: r in the lobby lists its finished games, newest
// first with players by place; enter opens the standings, r the replay;
// at 80x24 and 160x50.
func TestRecentResultsPage(t *testing.T) {
	e := newResultsEnv(t)
	ada, bob, cat := e.player("ada"), e.player("bob"), e.player("cat")

	h := e.session(ada, 80, 24)
	h.key("r")
	require.IsType(t, &recentPage{}, h.m.topPage())
	v := exactView(t, h)
	assert.Contains(t, v, "No finished games in this lobby yet.")
	assert.Contains(t, v, "Finished tables leave the table list 10")
	h.key("esc")
	require.Nil(t, h.m.topPage())

	first := e.resignRace([]*lobby.Account{ada, bob})
	second := e.resignRace([]*lobby.Account{cat, bob, ada})
	for _, size := range [][2]int{{80, 24}, {160, 50}} {
		h := e.session(ada, size[0], size[1])
		assert.Contains(t, footer(h), "r recent results")
		h.key("r")
		p, ok := h.m.topPage().(*recentPage)
		require.True(t, ok)
		require.Len(t, p.games, 2)
		assert.Equal(t, []int64{second, first}, []int64{p.games[0].TableID, p.games[1].TableID}, "newest first")
		v := exactView(t, h)
		t.Logf("%dx%d:\n%s", size[0], size[1], v)
		assert.Contains(t, v, "Recent results · Public lobby")
		assert.Contains(t, v, "2 finished games")
		assert.Regexp(t, `>\s+`+itoa(int(second))+`\s+Test Game\s+.*ada, bob, cat`, v, "the last to stay wins; leavers after")
		assert.Regexp(t, itoa(int(first))+`\s+Test Game\s+.*bob, ada`, v)
		h.key("enter")
		sp, ok := h.m.topPage().(*standingsPage)
		require.True(t, ok)
		assert.Equal(t, second, sp.g.TableID)
		h.key("esc")
		h.key("down")
		h.key("r")
		rp, ok := h.m.topPage().(*replayPage)
		require.True(t, ok, "r replays the highlighted game")
		_ = rp
		exactView(t, h)
		h.key("esc")
		require.IsType(t, &recentPage{}, h.m.topPage())
	}
}

// TestJoinTwiceSaysAlreadyMember: joining a lobby one is in says so.
func TestJoinTwiceSaysAlreadyMember(t *testing.T) {
	e := newResultsEnv(t)
	ada, bob := e.player("ada"), e.player("bob")
	team, err := e.svc.CreateLobby(e.ctx, ada, "Team")
	require.NoError(t, err)
	h := e.session(bob, 80, 24)
	join := func() string {
		require.NoError(t, h.m.askJoinLobby())
		h.typeText(team.InviteCode)
		h.key("enter")
		return exactView(t, h)
	}
	assert.Contains(t, join(), "Welcome to Team.")
	v := join()
	assert.Contains(t, v, "You are already a member of Team.")
	assert.NotContains(t, v, "Welcome")
}
