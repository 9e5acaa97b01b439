package tui_test

import (
	"context"
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"boardroom/engine/allinthegame"
	"boardroom/engine/billionaire"
	"boardroom/lobby"
	"boardroom/tui"
)

// The play frame's overlays and the texts about table settings, in the
// five games (the sessions of frame_games_test.go).

// TestWholeLogOverlayAt80x24: the log pane holds five lines at 80x24, and
// one round of IT's All in the Game logs twenty; L opens the whole log
// over the play screen: every entry the table keeps, whole (wrapped, not
// cut), with a marker while there is more above or below, and it closes
// only with esc, q or L.
func TestWholeLogOverlayAt80x24(t *testing.T) {
	ctx := context.Background()
	s := startGame(t, allinthegame.Definition{}, 80, 24, true, 0)
	gs, err := s.svc.GameState(ctx, s.ada, s.tb.ID)
	require.NoError(t, err)
	require.True(t, gs.Outcome.Finished, "the bots played the game to its end")
	require.Greater(t, len(gs.Log.All()), 40)
	require.Contains(t, s.view(), "L: whole log", "the log pane says where the rest is")

	s.toFrame()
	s.runes("L")
	v := s.view()
	require.Contains(t, v, "Log of table #1")
	require.Contains(t, v, "more above", "it opens at the end, with the rest above")
	require.Contains(t, v, "esc, q or L closes")
	s.runes("x")
	s.press(tea.KeyMsg{Type: tea.KeyEnter})
	require.Contains(t, s.view(), "Log of table #1", "other keys leave it open")

	// Line by line from the top: every entry is whole on some screen.
	s.press(tea.KeyMsg{Type: tea.KeyHome})
	require.Contains(t, s.view(), "more below")
	var pages []string
	for range 2000 {
		v := s.view()
		pages = append(pages, flat(v))
		if !strings.Contains(v, "more below") && !strings.Contains(v, "more above and below") {
			break
		}
		s.runes("j")
	}
	for _, l := range gs.Log.All() {
		want := strings.Join(strings.Fields(lobby.Sanitize(l.Text, 2000)), " ")
		found := false
		for _, p := range pages {
			found = found || strings.Contains(p, want)
		}
		require.True(t, found, "log entry %d not whole in the overlay: %q", l.Seq, want)
	}
	s.runes("L")
	require.NotContains(t, s.view(), "Log of table #1", "L closes it again")
}

// TestHelpOverlayScrollsAt80x24: the help with the legend of IT's All in
// the Game is longer than 80x24; it scrolls by arrows, j/k, PgUp/PgDn and
// Home/End, says so and how to close it, marks what is above and below,
// and only esc, q or ? close it.
func TestHelpOverlayScrollsAt80x24(t *testing.T) {
	s := startGameSession(t, allinthegame.Definition{}, 80, 24)
	s.toFrame()
	s.runes("?")
	v := s.view()
	require.Contains(t, v, "Keys on this screen")
	require.Contains(t, v, "more below")
	require.Contains(t, v, "arrows, j/k, PgUp/PgDn, Home/End scroll; esc, q or ? closes")
	for _, k := range []tea.KeyMsg{{Type: tea.KeyEnter}, {Type: tea.KeyRunes, Runes: []rune("x")}, {Type: tea.KeyRunes, Runes: []rune("B")}} {
		s.press(k)
		require.Contains(t, s.view(), "Keys on this screen", "%s leaves it open", k)
	}
	s.press(tea.KeyMsg{Type: tea.KeyDown})
	require.Contains(t, s.view(), "more above and below")
	s.press(tea.KeyMsg{Type: tea.KeyEnd})
	v = s.view()
	require.Contains(t, v, "more above")
	require.NotContains(t, v, "more below")
	requireWhole(t, v, "ctrl+c quits from anywhere.", "the help's last lines")
	s.press(tea.KeyMsg{Type: tea.KeyHome})
	require.Contains(t, s.view(), "Keys on this screen")
	s.runes("q")
	require.NotContains(t, s.view(), "Keys on this screen")
	s.runes("?")
	s.runes("?")
	require.NotContains(t, s.view(), "Keys on this screen", "? opens and closes it")
}

// TestDefaultsSayTheTruthC12: what a table really starts with, in the
// public lobby and in a private one, for each of the five games; and every
// text that states a default (the lobby's game card, the table screen and
// its options menu, the table settings closing the guide and `rules`)
// states both, in words (C-14).
func TestDefaultsSayTheTruthC12(t *testing.T) {
	ctx := context.Background()
	// The facts of rules C-12: the end option, its private and public value
	// in words.
	facts := map[string]struct{ key, private, public string }{
		"unipoly":      {"endMode", "last player standing", "90 minutes"},
		"projectopoly": {"endMode", "last player standing", "90 minutes"},
		"technopoly":   {"roundLimit", "no round limit", "40 rounds"},
		"billionaire":  {"rounds", "25 rounds", "15 rounds"},
		"allinthegame": {},
	}
	for _, def := range fiveGames() {
		info := def.Info()
		t.Run(info.ID, func(t *testing.T) {
			s := startGameSession(t, def, 80, 24)
			crew, err := s.svc.CreateLobby(ctx, s.ada, "Crew")
			require.NoError(t, err)
			s.press(tea.KeyMsg{Type: tea.KeyEsc})
			s.runes("y") // back to the lobby: the seat is kept
			pub, err := s.svc.CreateTable(ctx, s.ada, lobby.PublicLobbyID, info.ID, 2, nil)
			require.NoError(t, err)
			priv, err := s.svc.CreateTable(ctx, s.ada, crew.ID, info.ID, 2, nil)
			require.NoError(t, err)
			f := facts[info.ID]
			for _, o := range info.Options {
				require.Equal(t, o.PublicDefault(), pub.Options[o.Key], "%s: a public table starts with the public default", o.Key)
				require.Equal(t, o.Default, priv.Options[o.Key], "%s: a private table starts with the rules' default", o.Key)
				if o.Key != f.key {
					require.Empty(t, o.Public, "%s: only the end option differs on public tables", o.Key)
					continue
				}
				require.Equal(t, f.private, info.OptionText(priv.Options, o.Key))
				require.Equal(t, f.public, info.OptionText(pub.Options, o.Key))
				both := "default: " + f.private + "; public tables: " + f.public
				require.Equal(t, both, o.DefaultText())
				requireWhole(t, tui.GameDesc(info), both, "the lobby's game card")
				requireWhole(t, lobby.TableSettingsSection(info, false).Text, both, "the guide's table settings")
				requireWhole(t, lobby.TableSettingsSection(info, true).Text, both, "rules GAME")
				// The table screen shows the value the table really has, and
				// its options menu both defaults.
				require.NoError(t, tui.OpenTableForTest(s.m.(*tui.Model), pub.ID))
				requireWhole(t, s.view(), o.Label+": "+f.public, "the public table screen")
				s.runes("o")
				requireWhole(t, s.view(), both, "the options menu")
				s.press(tea.KeyMsg{Type: tea.KeyEsc})
				require.NoError(t, tui.OpenTableForTest(s.m.(*tui.Model), priv.ID))
				requireWhole(t, s.view(), o.Label+": "+f.private, "the private table screen")
			}
			if f.key == "" {
				for _, o := range info.Options {
					require.Empty(t, o.Public, "IT's All in the Game: public tables keep the rules' defaults")
				}
			}
			for _, text := range []string{tui.GameDesc(info), lobby.TableSettingsSection(info, false).Text} {
				require.NotRegexp(t, `lastStanding|minutes:\d|rounds:\d|C-7`, text, "no internal value or rule id (C-14)")
			}
		})
	}
}

// TestCutPromptLineEndsWithEllipsis: at 80x24 IT Billionaire's prompt line
// (countdown, phase, who is awaited) is longer than the screen; the cut
// says so with "…" rather than stopping mid-word.
func TestCutPromptLineEndsWithEllipsis(t *testing.T) {
	s := startGameSession(t, billionaire.Definition{}, 80, 24)
	prompt := strings.TrimRight(strings.Split(s.view(), "\n")[2], " ")
	require.Contains(t, prompt, "your move!")
	require.True(t, strings.HasSuffix(prompt, "…"), "the cut prompt line ends with an ellipsis: %q", prompt)
}

// TestFinalScreenOneKeyAwayAt80x24: at 80x24 a finished game's result
// leaves no room for the game's own end screen (IT Billionaire's score
// breakdown, R003-19); F shows it in the whole game area and F again goes
// back to the result.
func TestFinalScreenOneKeyAwayAt80x24(t *testing.T) {
	s := startGame(t, billionaire.Definition{}, 80, 24, true, 0)
	s.toFrame()
	v := s.view()
	require.Contains(t, v, "GAME OVER")
	require.NotContains(t, v, "Final scores", "the end screen does not fit under the result")
	require.Contains(t, v, "F shows the game's final screen")
	s.runes("F")
	v = s.view()
	require.Contains(t, v, "Final scores (M€)", "F shows the game's end screen: the score breakdown")
	require.NotContains(t, v, "GAME OVER")
	s.runes("F")
	require.Contains(t, s.view(), "GAME OVER", "F again shows the result")
}

// TestC12_EveryGuideStatesThePublicDefault: where a public table starts
// with another setting than the rules' default, the game's own guide
// states it beside the default (the how-to page and `rules GAME` print
// the guide; rules C-12).
func TestC12_EveryGuideStatesThePublicDefault(t *testing.T) {
	for _, def := range fiveGames() {
		info := def.Info()
		var text strings.Builder
		for _, s := range info.Guide {
			text.WriteString(s.Text + "\n")
		}
		flat := strings.Join(strings.Fields(text.String()), " ")
		for _, o := range info.Options {
			if o.PublicDefault() == o.Default {
				continue
			}
			assert.True(t, strings.Contains(flat, o.ChoiceText(o.PublicDefault())), "%s: the guide states public tables' %s", info.ID, o.Label)
			assert.True(t, strings.Contains(flat, "public tables"), "%s: the guide says which tables start so", info.ID)
		}
	}
}
