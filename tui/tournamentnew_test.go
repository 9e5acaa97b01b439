package tui

import (
	"context"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"boardroom/db"
	"boardroom/engine"
	"boardroom/engine/allinthegame"
	"boardroom/engine/billionaire"
	"boardroom/engine/opoly/projectopoly"
	"boardroom/engine/opoly/technopoly"
	"boardroom/engine/opoly/unipoly"
	"boardroom/lobby"
	"boardroom/lobby/lobbytest"
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

// Every served game's form and summary fit 80x24 (every row and the
// confirmation's keys on screen) and read its options in words, never an
// internal value (house rule; rules C-14).
func TestTournamentNewFormEveryGameInWordsAt80x24(t *testing.T) {
	ctx := context.Background()
	reg, err := engine.NewRegistry(unipoly.Definition{}, projectopoly.Definition{}, technopoly.Definition{},
		allinthegame.Definition{}, billionaire.Definition{})
	require.NoError(t, err)
	st, err := db.Open(ctx, filepath.Join(t.TempDir(), "boardroom.db"), nil)
	require.NoError(t, err)
	clk := lobbytest.NewFakeClock(realStart)
	live, err := lobby.New(ctx, st, reg, lobby.Config{Clock: clk, Seed: lobbytest.Seeds(t)}, nil)
	require.NoError(t, err)
	t.Cleanup(func() {
		_ = live.Shutdown(ctx)
		_ = st.Close()
	})
	svc := lobbytest.NewBackend(live, st, reg, clk)
	ada := lobbytest.Player(t, svc, "ada")
	_, err = svc.CreateLobby(ctx, ada, "Team")
	require.NoError(t, err)

	h := startWith(t, svc, realStart, Options{Fingerprint: ada.Fingerprint, Width: 80, Height: 24, NoColor: true})
	h.keys("t", "n")
	games := svc.Games()
	require.Len(t, games, 5)
	seen := map[string]bool{}
	for range games {
		form := exactView(t, h)
		var in engine.Info
		for _, g := range games {
			if strings.Contains(form, g.Title) {
				in = g
			}
		}
		require.NotEmpty(t, in.ID, "the form names its game:\n%s", form)
		seen[in.ID] = true
		assert.Contains(t, form, "Create…", "%s: every row on screen", in.ID)
		h.key("c")
		sum := exactView(t, h)
		assert.Contains(t, sum, in.Title+", Swiss, 3 rounds")
		assert.Contains(t, sum, YesNoLine, "%s: the keys on screen", in.ID)
		// The words: each option at the public tables' default, by its label.
		f := &tourForm{games: []engine.Info{in}, lobbies: []lobby.Lobby{{ID: 2, Name: "Team"}}, rounds: 3, now: realStart}
		f.resetGame()
		text := f.summary()
		for _, o := range in.Options {
			assert.Contains(t, form, o.Label)
			assert.Contains(t, text, o.Label+": "+o.ChoiceText(o.PublicDefault()))
			for _, c := range o.Choices {
				if l := o.Labels[c]; l != "" && l != c {
					assert.NotContains(t, text, o.Label+": "+c+";", "%s: %s in words", in.ID, o.Key)
					assert.NotContains(t, text, o.Label+": "+c+".", "%s: %s in words", in.ID, o.Key)
				}
			}
		}
		h.key("esc")   // no
		h.key("enter") // the Game row: the next game
	}
	assert.Len(t, seen, 5)
}
