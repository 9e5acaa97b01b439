package tui

import (
	"context"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"boardroom/engine"
	"boardroom/engine/allinthegame"
	"boardroom/engine/billionaire"
	"boardroom/engine/opoly/projectopoly"
	"boardroom/engine/opoly/unipoly"
	"boardroom/engine/testgame"
	"boardroom/lobby"
	"boardroom/lobby/lobbytest"
)

// oneResult is the fake lobby with one finished game in its archive.
type oneResult struct {
	*fakeLobby
	g lobby.GameSummary
}

type fakeLobby = lobbytest.Lobby

func (o oneResult) Results(context.Context, *lobby.Account, int64) (lobby.GameSummary, error) {
	return o.g, nil
}

// TestStandingsWriteScoresInTheGamesUnits: the standings (their page and
// the game-over lines) write a score as its game writes money, and a
// game without a currency's score as a number.
func TestStandingsWriteScoresInTheGamesUnits(t *testing.T) {
	for _, c := range []struct {
		info      engine.Info
		win, lose string
	}{
		{projectopoly.Definition{}.Info(), "33.590€", "-40€"},
		{unipoly.Definition{}.Info(), "$33,590", "-$40"},
		{billionaire.Definition{}.Info(), "33590 M€", "-40 M€"},
		{allinthegame.Definition{}.Info(), "$33590", "-$40"},
		{testgame.Definition{}.Info(), "33,590", "-40"},
	} {
		t.Run(c.info.ID, func(t *testing.T) {
			fake := lobbytest.NewLobby(true)
			fake.SetGames(c.info)
			api := oneResult{fakeLobby: fake, g: lobby.GameSummary{TableID: 7, Game: c.info.ID, GameTitle: c.info.Title,
				Seats: []lobby.ResultSeat{
					{Seat: 0, Handle: "ada", Placement: 1, Score: 33590, Status: engine.StatusFinished},
					{Seat: 1, Handle: "bob", Placement: 2, Score: -40, Status: engine.StatusBankrupt},
				}}}
			h := startWith(t, api, fake.Now, Options{Width: 80, Height: 24})
			lines := h.m.standingLines(api.g)
			require.Len(t, lines, 2)
			assert.Contains(t, lines[0], "score "+c.win+" ")
			assert.Contains(t, lines[1], "score "+c.lose+" ")

			h.m.openStandings(7)
			v := exactView(t, h)
			assert.Contains(t, v, c.win, "the standings page")
			assert.Contains(t, v, c.lose, "the standings page")
		})
	}
}

// TestStandingsStatusNeverRunsIntoTheRating: Technopoly's "terminated" is
// longer than the other statuses; the rating after it stays a column of
// its own ("terminated 945" read as one word).
func TestStandingsStatusNeverRunsIntoTheRating(t *testing.T) {
	info := engine.Info{ID: "tg", Title: "Test game", MinSeats: 2, MaxSeats: 2,
		StatusWords: map[string]string{engine.StatusResigned: "terminated"}}
	fake := lobbytest.NewLobby(true)
	fake.SetGames(info)
	g := lobby.GameSummary{TableID: 7, Game: info.ID, GameTitle: info.Title, Seats: []lobby.ResultSeat{
		{Seat: 0, Handle: "ada", Placement: 1, Score: 10, Status: engine.StatusFinished, Rated: true, RatingBefore: 1000, RatingAfter: 1040},
		{Seat: 1, Handle: "bob", Placement: 2, Score: 5, Status: engine.StatusResigned, Rated: true, RatingBefore: 1000, RatingAfter: 945},
	}}
	h := startWith(t, oneResult{fakeLobby: fake, g: g}, fake.Now, Options{Width: 80, Height: 24})
	lines := h.m.standingLines(g)
	require.Len(t, lines, 2)
	assert.Contains(t, lines[1], "terminated 1000")
	assert.NotContains(t, lines[1], "terminated1000")
	assert.Equal(t, strings.Index(lines[0], "1000"), strings.Index(lines[1], "1000"), "the ratings stand in one column:\n%s\n%s", lines[0], lines[1])
}

// TestStandingsOfAnImportedGameSayWhyUnrated: an imported finished game's
// standings say it never counts because it was imported, not that its
// players made too few moves.
func TestStandingsOfAnImportedGameSayWhyUnrated(t *testing.T) {
	info := testgame.Definition{}.Info()
	fake := lobbytest.NewLobby(true)
	fake.SetGames(info)
	g := lobby.GameSummary{TableID: 7, Game: info.ID, GameTitle: info.Title, Imported: true, Seats: []lobby.ResultSeat{
		{Seat: 0, Handle: "ada", Placement: 1, Score: 10, Status: engine.StatusFinished},
		{Seat: 1, Handle: "bob", Placement: 2, Score: 5, Status: engine.StatusResigned},
	}}
	h := startWith(t, oneResult{fakeLobby: fake, g: g}, fake.Now, Options{Width: 80, Height: 24})
	h.m.openStandings(7)
	v := strings.Join(strings.Fields(exactView(t, h)), " ")
	assert.Contains(t, v, "imported from a saved file")
	assert.NotContains(t, v, "each made a move")
}
