package tui

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"boardroom/lobby"
	"boardroom/lobby/tournament"
)

// The tournaments on the lobby screen (t), a tournament's page with its
// standings and its round's tables, joining, a start and a withdrawal
// asked with y only (Enter answers no), and a profile's tournaments; at
// 80x24 without colour and at 160x50.
func TestTournamentScreensJoinStartWithdraw(t *testing.T) {
	for _, size := range [][2]int{{80, 24}, {160, 50}} {
		e := newResultsEnv(t)
		ada := e.player("ada")
		team, err := e.svc.CreateLobby(e.ctx, ada, "Team")
		require.NoError(t, err)
		var others []*lobby.Account
		for _, h := range []string{"bob", "cyd", "dan"} {
			p := e.player(h)
			_, err := e.svc.JoinLobby(e.ctx, p, team.InviteCode)
			require.NoError(t, err)
			others = append(others, p)
		}
		tv, err := e.svc.CreateTournament(e.ctx, ada, lobby.TournamentSettings{LobbyID: team.ID, Game: "testgame",
			Format: tournament.Swiss, Rounds: 2, TableSize: 2}, false)
		require.NoError(t, err)
		for _, p := range others {
			require.NoError(t, e.svc.JoinTournament(e.ctx, p, tv.ID))
		}

		h := startWith(t, e.svc, realStart, Options{Fingerprint: ada.Fingerprint, Width: size[0], Height: size[1], NoColor: true})
		h.key("t")
		_, ok := h.m.topPage().(*tournamentsPage)
		require.True(t, ok, "t opens the tournaments")
		v := exactView(t, h)
		assert.Contains(t, v, "Tournaments")
		assert.Contains(t, v, "Test Game")
		assert.Contains(t, v, "Swiss 2 rounds")
		h.key("enter")
		p, ok := h.m.topPage().(*tournamentPage)
		require.True(t, ok, "enter opens the tournament")
		v = exactView(t, h)
		assert.Contains(t, v, "Open: join now. Starts when ada starts it.")
		assert.Contains(t, v, "bob")
		assert.NotContains(t, v, "ada (you)")

		h.key("j")
		v = exactView(t, h)
		assert.Contains(t, v, "ada (you)", "joined")

		// Start: Enter answers no; y starts it.
		h.key("s")
		v = exactView(t, h)
		assert.Contains(t, v, "Start tournament")
		assert.Contains(t, v, "4 players play.")
		assert.Contains(t, v, YesNoLine)
		h.key("enter")
		got, err := e.svc.Tournament(e.ctx, ada, tv.ID)
		require.NoError(t, err)
		require.Equal(t, tournament.Open, got.Status, "Enter is no")
		h.keys("s", "y")
		e.svc.WaitTournaments()
		require.NoError(t, p.load(h.m))
		v = exactView(t, h)
		assert.Contains(t, v, "Running: round 1 of 2.")
		assert.Contains(t, v, "Round 1:")
		assert.Regexp(t, `> table #\d+, playing: [a-z]+( \(you\))?, [a-z]+`, v, "your table is marked without colour")

		// Withdraw: the question, what follows and the keys on screen; n is no.
		h.key("l")
		v = exactView(t, h)
		assert.Contains(t, v, "Withdraw from tournament")
		assert.Contains(t, v, "cannot come back")
		assert.Contains(t, v, YesNoLine)
		h.key("n")
		got, err = e.svc.Tournament(e.ctx, ada, tv.ID)
		require.NoError(t, err)
		for _, l := range got.Standings {
			require.False(t, l.Withdrawn, "n is no")
		}
		h.keys("l", "y")
		v = exactView(t, h)
		assert.Contains(t, v, "withdrawn")

		// enter opens your table (still yours while it runs) over every page.
		h.key("enter")
		require.Nil(t, h.m.topPage(), "the table's screen shows")
		require.Equal(t, screenPlay, h.m.screen)

		// A profile lists the player's tournaments.
		h.m.openProfile("ada")
		h.key("t")
		v = exactView(t, h)
		assert.Contains(t, v, "those ada plays or played")
		assert.Contains(t, v, "Place", "a profile's list shows the player's place")
		assert.Contains(t, v, "withdrawn")
		for _, l := range strings.Split(v, "\n") {
			assert.NotContains(t, l, "\x1b[", "NO_COLOR: no colour codes")
		}
	}
}

// The last round does not promise a next one.
func TestTournamentStatusLineSaysTheLastRound(t *testing.T) {
	tv := lobby.Tournament{Format: tournament.Swiss, Status: tournament.Running, Round: 2, Rounds: 3}
	assert.Contains(t, tournamentStatusLine(tv), "The next round opens")
	tv.Round = 3
	assert.Contains(t, tournamentStatusLine(tv), "round 3 of 3, the last")
	assert.NotContains(t, tournamentStatusLine(tv), "next round")
}

// A finished table lists its players best first, with their points.
func TestTournamentFinishedTableBestFirst(t *testing.T) {
	g := lobby.TournamentGame{TableID: 4, Finished: true, Seats: []lobby.TournamentSeat{
		{Handle: "eve", Placing: 1, Points: "2"}, {Handle: "ada", Placing: 3, Points: "0"}, {Handle: "bob", Placing: 2, Points: "1"}}}
	m := &Model{}
	line := (&tournamentPage{}).tableLine(m, g)
	assert.Equal(t, "  table #4, finished: 1st eve (2 points), 2nd bob (1 point), 3rd ada (0 points)", line)
}
