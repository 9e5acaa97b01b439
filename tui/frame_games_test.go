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
	opolytui "boardroom/tui/opoly/games"
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
	bob *lobby.Account
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
	s := &gameSession{t: t, svc: svc, tb: tb, ada: ada, bob: bob, now: frameStart}
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

// TestHandedOverLineGoesAtTheEnd: "A bot plays for you ... take your seat
// back" stays on the status line while the bot plays; when the game is
// over there is no seat to take back, and the line goes.
func TestHandedOverLineGoesAtTheEnd(t *testing.T) {
	ctx := context.Background()
	s := startGame(t, allinthegame.Definition{}, 80, 24, false, 0) // ada and bob
	s.toFrame()
	s.runes("B")
	s.runes("y")
	require.Contains(t, s.view(), "A bot plays for you")
	gs, err := s.svc.GameState(ctx, s.bob, s.tb.ID)
	require.NoError(t, err)
	resign := tui.FirstOfKind(gs.Legal, "resign")
	require.NotNil(t, resign)
	require.NoError(t, s.svc.Act(ctx, s.bob, s.tb.ID, gs.Version, resign)) // the game ends
	tui.ReloadGameForTest(s.m.(*tui.Model))
	v := s.view()
	require.Contains(t, v, "GAME OVER")
	require.NotContains(t, v, "A bot plays for you")
}
