package tui

import (
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"boardroom/lobby"
	"boardroom/lobby/tournament"
)

// n on the tournaments list opens the new tournament's form (issue 31: a
// screen in the TUI): every setting in words, the game's options as the
// new table's, a summary that Enter does not confirm and y does; the
// tournament then opens on its page. At 80x24 without colour and 160x50.
func TestTournamentNewFormCreatesAfterASummary(t *testing.T) {
	for _, size := range [][2]int{{80, 24}, {160, 50}} {
		e := newResultsEnv(t)
		ada := e.player("ada")
		team, err := e.svc.CreateLobby(e.ctx, ada, "Team")
		require.NoError(t, err)

		h := startWith(t, e.svc, realStart, Options{Fingerprint: ada.Fingerprint, Width: size[0], Height: size[1], NoColor: true})
		h.keys("t", "n")
		v := exactView(t, h)
		for _, want := range []string{"New tournament", "Test Game", "Swiss", "Team", "3 rounds", "4 players", "live", "when you start it", "Target", "15"} {
			assert.Contains(t, v, want, "%dx%d", size[0], size[1])
		}
		assert.NotContains(t, v, "Public lobby", "ada may not host in the public lobby")
		assert.Contains(t, v, "← back")

		// Rounds (row 4): enter one up, ← two back; Format: arena, its window.
		h.keys("down", "down", "down", "enter", "enter", "left")
		assert.Contains(t, exactView(t, h), "4 rounds")
		h.keys("up", "up", "enter")
		v = exactView(t, h)
		assert.Contains(t, v, "arena")
		assert.Contains(t, v, "60 minutes")
		assert.NotContains(t, v, "4 rounds", "an arena has a window, not rounds")
		// Table size 3 (← from 4), a start time, the target 21.
		h.keys("down", "down", "down", "left", "down", "down", "enter", "down", "enter")
		v = exactView(t, h)
		assert.Contains(t, v, "3 players")
		assert.Contains(t, v, "12:30 UTC today", "the first half hour at least 10 minutes away")
		assert.Contains(t, v, "21")

		// The summary: Enter is no.
		h.key("c")
		v = exactView(t, h)
		assert.Contains(t, v, "Create this tournament?")
		assert.Contains(t, v, "Test Game, arena, 60 minutes at tables of 3, in Team.")
		assert.Contains(t, v, "Starts: 12:30 UTC today.")
		assert.Contains(t, v, "Target: 21.")
		assert.Contains(t, v, YesNoLine)
		h.key("enter")
		list, err := e.svc.Tournaments(e.ctx, ada, 0)
		require.NoError(t, err)
		require.Empty(t, list, "Enter answers no")

		h.keys("c", "y")
		list, err = e.svc.Tournaments(e.ctx, ada, 0)
		require.NoError(t, err)
		require.Len(t, list, 1)
		tv := list[0]
		assert.Equal(t, team.ID, tv.LobbyID)
		assert.Equal(t, tournament.Arena, tv.Format)
		assert.Equal(t, 60, tv.Minutes)
		assert.Equal(t, 3, tv.TableSize)
		assert.Equal(t, "21", tv.Options["target"])
		assert.Equal(t, realStart.Add(30*time.Minute), tv.StartsAt)
		p, ok := h.m.topPage().(*tournamentPage)
		require.True(t, ok, "the new tournament opens on its page")
		assert.Equal(t, tv.ID, p.id)
		assert.Empty(t, h.m.dialogs, "the form is closed")
		for _, l := range strings.Split(exactView(t, h), "\n") {
			assert.NotContains(t, l, "\x1b[", "NO_COLOR: no colour codes")
		}
	}
}

// A player who may create no tournament is told why (the public lobby
// needs an operator or 10 rated games; a private lobby is one's own).
func TestTournamentNewFormSaysWhyNot(t *testing.T) {
	e := newResultsEnv(t)
	eve := e.player("eve")
	h := startWith(t, e.svc, realStart, Options{Fingerprint: eve.Fingerprint, Width: 80, Height: 24, NoColor: true})
	h.keys("t", "n")
	v := exactView(t, h)
	assert.Contains(t, v, "New tournament")
	assert.Contains(t, v, "10 rated games")
	assert.Contains(t, v, "you have 0 rated games")
	assert.Contains(t, v, "private lobby")
	_, isMenu := h.m.dialogs[len(h.m.dialogs)-1].(*menuDialog)
	assert.False(t, isMenu, "no form opens")
	_ = lobby.PublicLobbyID
}
