package tui_test

import (
	"context"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"
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
	"boardroom/tui"
	aitgtui "boardroom/tui/allinthegame"
	billtui "boardroom/tui/billionaire"
	opolytui "boardroom/tui/opoly"
)

// The shared play frame around the five games: its confirmations, its
// texts in each game's words, its overlays. Each test plays the real game
// with its real renderer over a real lobby, at the smallest terminal.

var frameStart = time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)

// fiveGames are the games the server offers (cmd/boardroom).
func fiveGames() []engine.Definition {
	return []engine.Definition{unipoly.Definition{}, projectopoly.Definition{}, technopoly.Definition{},
		allinthegame.Definition{}, billionaire.Definition{}}
}

// allRenderers are the dedicated renderers, as cmd/boardroom wires them.
func allRenderers() map[string]tui.RendererFactory {
	m := opolytui.Renderers()
	for _, more := range []map[string]tui.RendererFactory{aitgtui.Renderers(), billtui.Renderers()} {
		for id, f := range more {
			m[id] = f
		}
	}
	return m
}

// gameSession is ada's session at her seat in a running 2-player game of
// def (bob is the other player), at w x h.
type gameSession struct {
	t   *testing.T
	svc lobbytest.Backend
	m   tea.Model
	tb  lobby.Table
	ada *lobby.Account
	now time.Time
}

func startGameSession(t *testing.T, def engine.Definition, w, h int) *gameSession {
	t.Helper()
	return startGame(t, def, w, h, false, 0)
}

// startGame starts ada's game of def: against bob, or with played set
// against a bot, with ada's seat handed to a bot as well, so that the game
// is played to its end before the session opens it.
func startGame(t *testing.T, def engine.Definition, w, h int, played bool, bots int) *gameSession {
	t.Helper()
	ctx := context.Background()
	reg, err := engine.NewRegistry(fiveGames()...)
	require.NoError(t, err)
	st, err := db.Open(ctx, filepath.Join(t.TempDir(), "boardroom.db"), nil)
	require.NoError(t, err)
	clk := lobbytest.NewFakeClock(frameStart)
	live, err := lobby.New(ctx, st, reg, lobby.Config{Clock: clk, Seed: lobbytest.Seeds(t)}, nil)
	require.NoError(t, err)
	t.Cleanup(func() {
		_ = live.Shutdown(ctx)
		_ = st.Close()
	})
	svc := lobbytest.NewBackend(live, st, reg, clk)
	ada, err := svc.SetHandle(ctx, "SHA256:ada", "ada")
	require.NoError(t, err)
	bob, err := svc.SetHandle(ctx, "SHA256:bob", "bob")
	require.NoError(t, err)
	tb, err := svc.CreateTable(ctx, ada, lobby.PublicLobbyID, def.Info().ID, 2+bots, nil)
	require.NoError(t, err)
	for range bots {
		require.NoError(t, svc.AddBot(ctx, ada, tb.ID))
	}
	if played {
		require.NoError(t, svc.AddBot(ctx, ada, tb.ID))
	} else {
		_, err = svc.Sit(ctx, bob, tb.ID, -1)
		require.NoError(t, err)
		require.NoError(t, svc.SetReady(ctx, bob, tb.ID, true))
	}
	require.NoError(t, svc.Start(ctx, ada, tb.ID))
	if played {
		require.NoError(t, svc.HandOver(ctx, ada, tb.ID, true)) // the bots play it to its end at once
	}
	s := &gameSession{t: t, svc: svc, tb: tb, ada: ada, now: frameStart}
	s.m = tui.New(tui.Options{API: svc, Results: svc, Fingerprint: ada.Fingerprint, Width: w, Height: h, NoColor: true,
		Renderers: allRenderers(), Now: func() time.Time { return s.now }})
	s.m.Update(s.m.(interface{ Init() tea.Cmd }).Init()())
	if played {
		require.NoError(t, tui.OpenTableForTest(s.m.(*tui.Model), tb.ID))
	}
	require.Contains(t, s.view(), "you are seat 1", "ada lands at her seat")
	return s
}

func (s *gameSession) press(k tea.KeyMsg) {
	s.now = s.now.Add(50 * time.Millisecond)
	s.m.Update(k)
}

func (s *gameSession) runes(r string) { s.press(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune(r)}) }

func (s *gameSession) view() string { return ansi.Strip(s.m.View()) }

// toFrame closes what the game's renderer has open (IT Billionaire opens
// its card picker at once), so that keys reach the play frame: the footer
// then starts with the frame's own first key, the guide.
func (s *gameSession) toFrame() {
	s.t.Helper()
	for range 3 {
		lines := strings.Split(s.view(), "\n")
		if strings.HasPrefix(lines[len(lines)-1], "H how to play") {
			return
		}
		s.press(tea.KeyMsg{Type: tea.KeyEsc})
	}
	s.t.Fatalf("the renderer keeps the keys:\n%s", s.view())
}

// flat is a frame's text with the borders and the line breaks taken out,
// so that a wrapped sentence reads as one line.
func flat(frame string) string {
	frame = strings.NewReplacer("│", " ", "┃", " ", "|", " ", "#", " ").Replace(frame)
	return strings.Join(strings.Fields(frame), " ")
}

// requireWhole asserts that text appears whole in the frame.
func requireWhole(t *testing.T, frame, text, what string) {
	t.Helper()
	require.Contains(t, flat(frame), strings.Join(strings.Fields(text), " "), "%s: not whole on screen:\n%s", what, frame)
}

// hints is the footer line of the frame.
func (s *gameSession) hints() string {
	lines := strings.Split(s.view(), "\n")
	return lines[len(lines)-1]
}

// toFrameOrEnd is toFrame for a seat that may be out of the game: a
// renderer with nothing open leaves the keys to the frame.
func (s *gameSession) toFrameOrEnd() {
	for range 3 {
		if strings.HasPrefix(s.hints(), "H how to play") {
			return
		}
		s.press(tea.KeyMsg{Type: tea.KeyEsc})
	}
}

// overlayPages opens an overlay with key and reads it page by page to its
// end (PgDn while a marker says there is more below), then closes it.
func (s *gameSession) overlayPages(key string) string {
	s.t.Helper()
	s.toFrameOrEnd()
	s.runes(key)
	var pages []string
	for range 50 {
		v := s.view()
		pages = append(pages, v)
		if !strings.Contains(v, "more below") && !strings.Contains(v, "more above and below") {
			break
		}
		s.press(tea.KeyMsg{Type: tea.KeyPgDown})
	}
	s.press(tea.KeyMsg{Type: tea.KeyEsc})
	return strings.Join(pages, "\n")
}

// TestFrameConfirmationsAt80x24 opens every confirmation the play frame
// owns, in each of the five games at 80x24: hand the seat to a bot (B),
// back to the lobby (esc) and quit (ctrl+c) while seated. The whole
// question and its keys line are on screen, and Enter answers no: nothing
// happens. (Resigning is each game's renderer's own confirmation, tested
// in its package.)
func TestFrameConfirmationsAt80x24(t *testing.T) {
	ctx := context.Background()
	for _, def := range fiveGames() {
		info := def.Info()
		t.Run(info.ID, func(t *testing.T) {
			s := startGameSession(t, def, 80, 24)
			for _, c := range []struct {
				key            tea.KeyMsg
				question, text string
			}{
				{tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune("B")}, "Let a bot play for you?", tui.HandOverText(info)},
				{tea.KeyMsg{Type: tea.KeyEsc}, "Back to the lobby?", tui.AwayText(info) + " Open the table again to play on."},
				{tea.KeyMsg{Type: tea.KeyCtrlC}, "Quit boardroom?", "You are seated in a running game. " + tui.AwayText(info) + " Come back with the same key and you land at your seat."},
			} {
				s.toFrame()
				s.press(c.key)
				v := s.view()
				require.Contains(t, v, c.question, "%s: the question opens", info.ID)
				requireWhole(t, v, c.text, c.question)
				require.Contains(t, v, tui.YesNoLine, "%s: the keys line", c.question)
				s.press(tea.KeyMsg{Type: tea.KeyEnter})
				v = s.view()
				require.NotContains(t, v, c.question, "Enter answers no and closes the question")
				require.Contains(t, v, "you are seat 1", "%s: still at the table after Enter", c.question)
				tb, err := s.svc.Table(ctx, s.ada, s.tb.ID)
				require.NoError(t, err)
				require.False(t, tb.Seats[0].BotPlays, "%s: Enter did not hand the seat over", c.question)
			}
			// And y does what was asked: the seat goes to a bot.
			s.toFrame()
			s.runes("B")
			s.runes("y")
			tb, err := s.svc.Table(ctx, s.ada, s.tb.ID)
			require.NoError(t, err)
			require.True(t, tb.Seats[0].BotPlays, "y hands the seat over")
		})
	}
}

// foreignWords are, per game, words of the other games that its texts
// must not use (rules C-14): IT's All in the Game has nothing to buy,
// build, bid for or trade; IT Billionaire buys Labs but builds, bids and
// trades nothing; Technopoly hires developers and takes over start-ups
// (no auctions, no trades); Projectopoly staffs projects with FTE.
var foreignWords = map[string]*regexp.Regexp{
	"allinthegame": regexp.MustCompile(`(?i)\b(buy|buying|build|bid|bids|bidding|trade|trades|trading|auction|street|propert|mortgag|house|hotel|lab|labs|developer|start-up|fte)\b`),
	"billionaire":  regexp.MustCompile(`(?i)\b(build|building|bid|bids|bidding|trade|trades|trading|auction|street|propert|mortgag|house|hotel|consultant|developer|start-up|fte)\b`),
	"technopoly":   regexp.MustCompile(`(?i)\b(bid|bids|bidding|trade|trades|trading|auction|build|building|street|house|hotel|mortgag|consultant|lab|labs|fte)\b`),
	"projectopoly": regexp.MustCompile(`(?i)\b(build|building|street|house|hotel|mortgag|consultant|lab|labs|developer|start-up|takeover)\b`),
	"unipoly":      regexp.MustCompile(`(?i)\b(fte|consultant|lab|labs|developer|start-up|takeover|principal)\b`),
}

// TestFrameTextsSpeakEachGamesWords (rules C-14) reads what the frame
// writes at each of the five games in that game's words: the hand-over
// question, the back-to-lobby and quit questions, the turn timer and the
// table settings (the lobby card, the guide, `rules`) and the help
// overlay's own lines; none uses a word foreign to the game.
func TestFrameTextsSpeakEachGamesWords(t *testing.T) {
	for _, def := range fiveGames() {
		info := def.Info()
		re := foreignWords[info.ID]
		require.NotNil(t, re, info.ID)
		texts := map[string]string{
			"hand-over":      tui.HandOverText(info),
			"away":           tui.AwayText(info),
			"timer":          lobby.TimerText(info, lobby.TurnTimerRules),
			"table settings": lobby.TableSettingsSection(info, true).Text,
		}
		s := startGameSession(t, def, 80, 24)
		s.toFrame()
		s.runes("B")
		texts["hand-over dialog"] = s.view()
		s.press(tea.KeyMsg{Type: tea.KeyEsc})
		s.press(tea.KeyMsg{Type: tea.KeyCtrlC})
		texts["quit dialog"] = s.view()
		s.press(tea.KeyMsg{Type: tea.KeyEsc})
		texts["help overlay"] = s.overlayPages("?")
		for what, text := range texts {
			require.NotRegexp(t, re, text, "%s: the %s text uses another game's word", info.ID, what)
		}
	}
}

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
	require.Greater(t, len(gs.Log), 40)
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
	for _, l := range gs.Log {
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

// TestNoHandOverAfterResigningC8: a player who resigned (C-8) is out of
// the game; in every game the play screen stops offering to let a bot
// play the seat, B does nothing, and the lobby refuses the hand-over. The
// others play on (three seats; in Technopoly resigning ends the game).
func TestNoHandOverAfterResigningC8(t *testing.T) {
	ctx := context.Background()
	for _, def := range fiveGames() {
		info := def.Info()
		t.Run(info.ID, func(t *testing.T) {
			s := startGame(t, def, 80, 24, false, 1) // ada, bob and a bot
			s.toFrame()
			require.Contains(t, s.overlayPages("?"), "let a bot play for me", "offered while in the game")
			gs, err := s.svc.GameState(ctx, s.ada, s.tb.ID)
			require.NoError(t, err)
			resign := tui.FirstOfKind(gs.Legal, "resign")
			require.NotNil(t, resign, "C-8: a player may resign at any time")
			require.NoError(t, s.svc.Act(ctx, s.ada, s.tb.ID, gs.Version, resign))
			tb, err := s.svc.Table(ctx, s.ada, s.tb.ID)
			require.NoError(t, err)
			if info.ID != "technopoly" { // resigning terminates a Technopoly game (R001)
				require.Equal(t, lobby.TablePlaying, tb.Status, "the others play on")
				require.True(t, tb.Seats[0].Out, "the seat is marked out of the game")
				require.Error(t, s.svc.HandOver(ctx, s.ada, s.tb.ID, true), "the lobby refuses it")
			}
			// The session learns of it as a player's would (the table's update).
			require.NoError(t, tui.OpenTableForTest(s.m.(*tui.Model), s.tb.ID))
			require.NotContains(t, s.overlayPages("?"), "let a bot play")
			s.runes("B")
			require.NotContains(t, s.view(), "Let a bot play for you?")
			tb, err = s.svc.Table(ctx, s.ada, s.tb.ID)
			require.NoError(t, err)
			require.False(t, tb.Seats[0].BotPlays)
		})
	}
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
