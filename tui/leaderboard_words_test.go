package tui

import (
	"context"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"boardroom/engine"
	"boardroom/engine/testgame"
	"boardroom/lobby"
	"boardroom/lobby/lobbytest"
)

// TestLeaderboardEmptyLadderSaysTheTrueRule (issue 25): the empty ladder
// says what lists a player (one rated game in the last 30 days) and what
// ranks one (10 rated games, one of them in the last 30 days), as the
// plain leaderboard command does; not "listed after 10 rated games".
func TestLeaderboardEmptyLadderSaysTheTrueRule(t *testing.T) {
	e := newResultsEnv(t)
	h := e.session(e.player("ada"), 80, 24)
	h.key("b")
	v := flatText(exactView(t, h))
	assert.Contains(t, v, `Nobody is listed yet: it takes a rated game of Test Game here in the last 30 days to be listed, and 10 rated games (one in the last 30 days) to be ranked; players with fewer are listed below "not yet ranked".`)
	assert.NotContains(t, v, "listed after 10")
}

// TestLeaderboardProvisionalMarkIsAStarAndNeverABot (issue 25): the mark
// is *, as in the plain commands, explained on the screen that shows it,
// and a game's bot, at its fixed rating, never carries it.
func TestLeaderboardProvisionalMarkIsAStarAndNeverABot(t *testing.T) {
	api := lobbytest.NewLobby(true)
	api.AddAccount("fp-ada", "ada")
	bot := lobby.LeaderboardRow{Rank: 1, AccountID: 7, Handle: "Bot (Test Game)", Bot: true, Rating: 1000, Provisional: true, Games: 12, Wins: 3}
	api.Ladder = &lobby.Leaderboard{Game: testgame.ID, GameTitle: "Test Game", Rows: []lobby.LeaderboardRow{bot}, Total: 1,
		MinGames: 10, ActiveDays: 30}
	h := startWith(t, api, api.Now, Options{Fingerprint: "fp-ada"})
	h.key("b")
	lines := frameLines(h)
	row := boardRow(lines, "(Test")
	require.NotEmpty(t, row)
	assert.Contains(t, row, "1000 ")
	assert.NotContains(t, row, "1000*")
	assert.NotContains(t, row, "1000?")
	assert.NotContains(t, exactView(t, h), "provisional", "nothing on screen is provisional")

	ada := lobby.LeaderboardRow{Rank: 2, AccountID: 1, Handle: "ada", Rating: 1012, Provisional: true, Games: 10, Wins: 1, You: true}
	api.Ladder.Rows, api.Ladder.Total = append(api.Ladder.Rows, ada), 2
	h = startWith(t, api, api.Now, Options{Fingerprint: "fp-ada"})
	h.key("b")
	assert.Contains(t, boardRow(frameLines(h), "ada"), "1012*")
	assert.Contains(t, exactView(t, h), "* = provisional", "the mark is explained where it is shown")
	h.key("?")
	assert.Contains(t, flatText(h.view()), "never provisional")
}

// twoGames is the fake lobby with a second game whose title comes first
// in the alphabet, and finished games of the lobby to count.
type twoGames struct {
	*fakeLobby
	recent  []lobby.GameSummary
	queried []string
}

func (f *twoGames) RecentResults(context.Context, *lobby.Account, int64, int) ([]lobby.GameSummary, error) {
	return f.recent, nil
}

func (f *twoGames) Leaderboard(ctx context.Context, v *lobby.Account, q lobby.LeaderboardQuery) (lobby.Leaderboard, error) {
	f.queried = append(f.queried, q.Game)
	return f.fakeLobby.Leaderboard(ctx, v, q)
}

// TestLeaderboardOpensOnTheGameMostPlayed (issue 25): a lobby that played
// only the test game opens its leaderboard on it, not on the
// alphabetically first game nobody played.
func TestLeaderboardOpensOnTheGameMostPlayed(t *testing.T) {
	api := lobbytest.NewLobby(true)
	alpha := engine.Info{ID: "alpha", Title: "Alpha Trading", MinSeats: 2, MaxSeats: 4}
	api.SetGames(alpha, testgame.Definition{}.Info())
	api.AddAccount("fp-ada", "ada")
	f := &twoGames{fakeLobby: api}
	for range 3 {
		f.recent = append(f.recent, lobby.GameSummary{Game: testgame.ID, LobbyID: lobby.PublicLobbyID})
	}
	h := startWith(t, f, api.Now, Options{Fingerprint: "fp-ada"})
	h.key("b")
	p := h.m.topPage().(*boardPage)
	assert.Equal(t, testgame.ID, p.game)
	assert.Equal(t, []string{testgame.ID}, f.queried)

	// With no finished game, the first installed game.
	f.recent, f.queried = nil, nil
	h.key("esc")
	h.key("b")
	assert.Equal(t, "alpha", h.m.topPage().(*boardPage).game)
}

// TestLeaderboardFindTakesAPrefix (issue 25): / finds a player by the
// start of a handle (/ev finds eve), whatever the case.
func TestLeaderboardFindTakesAPrefix(t *testing.T) {
	e := newResultsEnv(t)
	ada, bob, eve := e.player("ada"), e.player("bob"), e.player("eve")
	e.resignRace([]*lobby.Account{ada, bob})
	e.resignRace([]*lobby.Account{eve, ada})
	h := e.session(ada, 80, 24)
	h.key("b")
	p := h.m.topPage().(*boardPage)
	h.key("/")
	h.typeText("EV")
	lines := strings.Split(exactView(t, h), "\n")
	assert.NotContains(t, lines[len(lines)-3], "…", "the find line fits at 80 columns")
	h.key("enter")
	r, ok := p.rowAt(p.sel.cursor())
	require.True(t, ok, exactView(t, h))
	assert.Equal(t, "eve", r.Handle)
	assert.Empty(t, p.err)
	h.key("/")
	h.typeText("zz")
	h.key("enter")
	assert.Contains(t, exactView(t, h), "no player zz")
}

// cutMidWord reports a line that ends inside one of the words of full.
func cutMidWord(line, full string) bool {
	line = strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(line), "…"))
	fields := strings.Fields(line)
	if len(fields) == 0 {
		return false
	}
	last := fields[len(fields)-1]
	for _, w := range strings.Fields(full) {
		if w == last {
			return false
		}
	}
	return true
}

// TestLobbyBarAndLeaderboardFooterFitAt80Columns (issue 25): at 80
// columns the lobby bar and the leaderboard footer fit or end with "…"
// between words ("(L to man" was seen), and the help (?) says the rest.
func TestLobbyBarAndLeaderboardFooterFitAt80Columns(t *testing.T) {
	e := newResultsEnv(t)
	ada, bob := e.player("ada"), e.player("bob")
	night, err := e.svc.CreateLobby(e.ctx, ada, "The Night Shift Evening Crew")
	require.NoError(t, err)
	_, err = e.svc.CreateLobby(e.ctx, ada, "Another Rather Long Lobby")
	require.NoError(t, err)
	e.resignRace([]*lobby.Account{ada, bob})
	require.NoError(t, e.svc.SetLastLobby(e.ctx, ada, lobby.PublicLobbyID)) // not the lobby she created last

	h := e.session(ada, 80, 24)
	h.key("]") // the first private lobby, by name
	h.key("]")
	require.Equal(t, night.ID, h.m.lob.lobbyID)
	bar := strings.Split(exactView(t, h), "\n")[1]
	full := "Lobbies: Public lobby Another Rather Long Lobby [The Night Shift Evening Crew] · invite code: " + night.InviteCode + " (L to manage)"
	assert.False(t, cutMidWord(bar, full), "bar cut mid-word: %q", bar)
	assert.Contains(t, bar, "invite code: "+night.InviteCode, "the code is on the bar")
	assert.NotRegexp(t, regexp.MustCompile(`\(L to ma?n?a?g?e?$`), strings.TrimSpace(bar))
	h.key("?")
	help := flatText(h.view())
	assert.Contains(t, help, "Public lobby, Another Rather Long Lobby, The Night Shift Evening Crew (you are here)")
	assert.Contains(t, help, "The invite code of The Night Shift Evening Crew is "+night.InviteCode)
	h.key("?")

	h.key("[")
	h.key("[")
	require.Equal(t, lobby.PublicLobbyID, h.m.lob.lobbyID)
	h.key("b")
	lines := strings.Split(exactView(t, h), "\n")
	foot := lines[len(lines)-3]
	p := h.m.topPage().(*boardPage)
	long := p.footer(h.m, 1000)
	assert.False(t, cutMidWord(foot, long), "footer cut mid-word: %q", foot)
	assert.Contains(t, foot, "* = provisional")
	// The key hints line under it ends with whole bindings, then "…".
	var all []string
	for _, k := range h.m.keys() {
		all = append(all, k.Help().Key+" "+k.Help().Desc)
	}
	hints := strings.TrimSpace(lines[len(lines)-1])
	assert.False(t, cutMidWord(hints, strings.Join(all, " ")), "hints cut mid-word: %q", hints)
	assert.True(t, strings.HasSuffix(hints, "…"), "some keys are left for ?: %q", hints)
	assert.False(t, strings.HasSuffix(strings.TrimSuffix(hints, "…"), "· "), "no separator before the ellipsis: %q", hints)
	h.key("?")
	help = flatText(h.view())
	assert.Contains(t, help, `ranked after 10 rated games and one in the last 30 days; players with fewer games are listed below "not yet ranked"`)
}
