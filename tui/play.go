package tui

import (
	"errors"
	"fmt"
	"strings"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"

	"boardroom/engine"
	"boardroom/lobby"
)

// playState is the play screen: the game's renderer with the prompt,
// turn timer, event log, chat and outcome around it.
type playState struct {
	// gs is the state on screen: the one the table's update carried,
	// shared by the viewer class's sessions, or the one read alone (its
	// own); read only. It was a copy in each session, 480 bytes with
	// twenty pointers the collector scanned at every cycle (issue 32).
	gs          *lobby.GameState
	shared      *lobby.GameState // gs as the table's update carried it, shared by its viewer class; nil when read alone
	loaded      bool
	r           GameRenderer
	chat        chatBox
	log         scrollback // the log pane's position (playlog.go)
	logScrolled bool
	logWrap     logWrap // the log's lines, wrapped once per entry and width
	dirty       bool    // an action went through: reload the state
	tickSeq     int
	gen         uint64                    // counts the states shown: keys the drawings kept from the last frame
	logDrawn    Memo[logPanelKey, string] // the log panel of the last frame beside the game (wide terminals)
	strip       struct {                  // the log and chat joined under the game (playStrip)
		logKey logPanelKey // what the log panel joined showed (the panel itself is not kept)
		chat   string
		w      int
		lines  []string
	}
	promptDrawn Memo[promptKey, drawnText]      // the prompt line after the countdown (promptRest), with its width
	boardDrawn  Memo[sessionBoardKey, []string] // the game area's lines of the last frame (drawGame)
	topDrawn    Memo[topKey, string]            // the top bar of the last frame (topBar)
	headDrawn   Memo[headKey, string]           // the title line of the last frame (playHead)
	end         endState                        // standings and rematch once the game is over
	finalBoard  bool                            // after the game, on a small terminal: the game's own end screen instead of the result
}

// enterPlay switches to the play screen of the current table.
func (m *Model) enterPlay() {
	m.screen = screenPlay
	m.tab.chat.blur()
	m.play = &playState{gs: &noGameState}
	m.play.logWrap.shared = m.th.entries
	m.loadGame()
	if !m.play.loaded {
		// No game to show (an abandoned table): stay on the table screen.
		m.screen = screenTable
		m.play = nil
		return
	}
	m.play.r = m.rendererFor(RenderContext{Theme: m.th, Info: m.tab.info, Submit: m.submit, Now: m.now})
	m.play.r.SetState(*m.play.gs)
	m.openPlayChat()
	// The lobby's list waits under the play screen, for a game's length:
	// its table is made again on the way back. The table screen's list of
	// seats is not kept at all: the play screen never goes back to it
	// (openTable makes it afresh; 0.5 KiB a playing session, issue 32).
	m.lob.sel.release()
	m.tab.sel = newSelectBox(m.th)
}

// openPlayChat opens the players' chat for seated players and the
// spectators' chat for everyone else.
func (m *Model) openPlayChat() {
	if m.mySeat() >= 0 {
		m.openChat(&m.play.chat, lobby.TableChannel(m.tab.id), "Players' chat")
		return
	}
	m.openChat(&m.play.chat, lobby.SpectatorChannel(m.tab.id), "Spectators' chat")
}

// loadGame re-reads the viewer's game state and hands it to the renderer.
func (m *Model) loadGame() {
	gs, err := m.src.play.GameState(m.ctx, m.acc, m.tab.id)
	if err != nil {
		m.setErr(err)
		return
	}
	m.setGame(&gs)
}

// noGameState is the play screen's state before its first (never written).
var noGameState lobby.GameState

// setGame shows a game state: read by loadGame, or carried by the table's
// update (shared with other sessions of the same viewer class: read only).
func (m *Model) setGame(gs *lobby.GameState) {
	// A state older than the one on screen (a table's update still on its
	// way when the player's own action returned a newer state) changes
	// nothing: shown, it would close a dialog the newer state opened, and
	// the next one would open it afresh with the player's picks lost.
	if m.play.loaded && gs.Table.ID == m.play.gs.Table.ID && gs.Version < m.play.gs.Version {
		return
	}
	seatBefore := m.play.gs.Seat
	m.play.gs, m.play.loaded, m.play.shared = gs, true, nil
	m.play.gen++
	if m.play.r != nil {
		m.play.r.SetState(*gs)
		if seatBefore != gs.Seat {
			m.openPlayChat()
		}
	}
	if gs.Outcome.Finished {
		if m.status == handedOverInfo {
			m.setInfo("") // the game is over: no seat to take back
		}
		m.loadEnd()
	}
}

// submit sends an action of the viewer's seat, made on the state on
// screen; renderers call it through RenderContext.Submit.
func (m *Model) submit(a engine.Action) error {
	if a == nil {
		return nil
	}
	var (
		gs  *lobby.GameState
		err error
	)
	sp, withState := m.src.play.(lobby.StatePlay)
	if withState {
		// The lobby returns the seat's new state, the one it publishes to
		// the seat's sessions: no second read.
		gs, err = sp.ActState(m.ctx, m.acc, m.tab.id, m.play.gs.Version, a)
	} else {
		err = m.src.play.Act(m.ctx, m.acc, m.tab.id, m.play.gs.Version, a)
	}
	if err != nil {
		if err = m.submitRefused(err); err == nil {
			return nil // the move waits for the table's new owner (play_failover.go)
		}
		if !errors.Is(err, lobby.ErrStale) {
			return err
		}
		// The screen was out of date ("the game moved on"): redraw it with
		// the fresh state now rather than wait for the table's update.
		m.play.dirty = true
		return err
	}
	// The player sees the result of their own action at once, and a
	// renderer that submits several actions for one decision (a count of
	// builds) makes each on the state the previous one left.
	if withState {
		m.setGame(gs)
		// The state the table's update will carry to this session (the
		// same pointer when it comes from the update's frame): shown now,
		// it is not drawn again when the update arrives (tableChanged).
		m.play.shared = gs
	} else {
		m.loadGame()
	}
	return nil
}

// playKeys appends the play screen's keys to ks.
func (m *Model) playKeys(ks []key.Binding) []key.Binding {
	if m.play.chat.focused {
		return append(ks, chatKeys()...)
	}
	if m.play.r != nil && m.play.r.Capturing() {
		return appendKeysOf(ks, m.play.r)
	}
	// The guide first: a newcomer needs it before anything else, and the
	// footer is cut at the right on narrow terminals.
	ks = append(ks, keyRune(keyHowToRune, "how to play"), keyRune(keyLogRune, "whole log"))
	if m.play.r != nil {
		ks = appendKeysOf(ks, m.play.r)
	}
	if m.play.gs.Outcome.Finished {
		if m.endBoardHidden() || m.play.finalBoard {
			ks = append(ks, keyRune(keyFinalBoardRune, m.finalBoardKeyText()))
		}
		ks = append(ks, keyRune("r", "replay"))
		if m.mySeat() >= 0 || m.play.end.newID != 0 {
			ks = append(ks, keyRune("m", "rematch"))
		}
	}
	if m.canHandOver() {
		ks = append(ks, m.handOverKey())
	}
	if m.acc != nil {
		ks = append(ks, keyTab("chat")) // guests read the chat only
	}
	ks = append(ks, m.operatorKeys()...)
	ks = append(ks, Bind("pgup/pgdown", "scroll log", "pgup", "pgdown"))
	if m.play.logScrolled {
		ks = append(ks, Bind("end", "follow the log", "end"))
	}
	return append(ks, keyEsc("back to lobby"))
}

func (m *Model) playKey(k tea.KeyMsg) tea.Cmd {
	if m.play.chat.focused {
		m.chatKey(&m.play.chat, k)
		return nil
	}
	var cmd tea.Cmd
	switch {
	case k.String() == keyOperatorTable && m.o.Operator != nil:
		m.openOperatorAt(m.tab.id) // operator_more.go
		return nil
	case m.play.r != nil && m.play.r.Capturing():
		cmd = m.play.r.Update(k)
	case m.play.gs.Outcome.Finished && k.String() == "m":
		m.toggleRematch()
		return nil
	case m.play.gs.Outcome.Finished && k.String() == keyFinalBoardRune && (m.endBoardHidden() || m.play.finalBoard):
		m.play.finalBoard = !m.play.finalBoard
		return nil
	case m.play.gs.Outcome.Finished && k.String() == "r":
		m.openReplay(m.tab.id)
		return nil
	case k.String() == keyHowToRune:
		m.openHowTo(m.tab.info)
		return nil
	case k.String() == keyLogRune:
		m.openLog()
		return nil
	case k.String() == keyHandOverRune && m.canHandOver():
		m.toggleHandOver()
		return nil
	case k.Type == tea.KeyTab && m.acc == nil:
		m.setInfo("Guests can read the chat but not write in it.")
	case k.Type == tea.KeyTab:
		m.play.chat.focus()
	case k.Type == tea.KeyPgUp:
		if !m.play.logScrolled {
			m.fillLog() // the panel held only the lines on show
		}
		m.play.logScrolled = true
		m.play.log.pageUp()
	case k.Type == tea.KeyPgDown:
		m.play.log.pageDown()
		m.play.logScrolled = !m.play.log.atBottom()
	case k.Type == tea.KeyEnd && m.play.logScrolled:
		m.play.logScrolled = false // follow the end again
		m.play.log.toBottom()
	case k.Type == tea.KeyEsc:
		if m.mySeat() >= 0 && m.tab.t.Status == lobby.TablePlaying && !m.seatOut() {
			m.push(newConfirm("Back to the lobby?", awaySentence(m.tab.info, m.handedOver(), m.tab.t.TurnTimer)+" Open the table again to play on.", func() error {
				m.backToLobby()
				return nil
			}))
			return nil
		}
		m.backToLobby()
	case m.play.r != nil:
		cmd = m.play.r.Update(k)
	}
	if m.play != nil && m.play.dirty { // nil: the key left the play screen
		m.play.dirty = false
		m.loadGame()
	}
	return cmd
}

// seatLabel names a seat for the prompt and outcome.
func (m *Model) seatLabel(i int) string { return SeatName(m.tab.t, i, 16) }

// appendPlay appends the play screen's h lines, each w cells wide, to dst:
// the table's title, the prompt line, and the game with the log and the
// chat beside it (wide terminals) or under it.
func (m *Model) appendPlay(dst []string, w, h int) []string {
	start := len(dst)
	m.promptShown = m.promptBlock(w)
	dst = append(dst, m.playHead(w))
	dst = AppendLines(dst, m.promptShown)
	// The lines so far and the game area's are w cells wide as drawn
	// (playHead, promptBlock, appendGameArea): only the lines after them
	// are measured again below.
	fitted := len(dst)
	bh := h - 2
	if w >= 120 {
		side := playSideWidth(w)
		gw := w - side
		logH := bh / 2
		game := m.appendGameArea(nil, gw, bh)
		right := AppendLines(AppendLines(nil, m.logPanel(side, logH)), m.play.chat.view(m, side, bh-logH))
		known := [2]int{gw, -1} // the game area is drawn gw wide (appendGameArea)
		if m.th.panelExact(side, logH) && m.th.panelExact(side, bh-logH) {
			known[1] = side
		}
		var jw int
		dst, jw = hjoinShared(m.th, dst, known[:], game, right) // the rows the other players at the table joined a moment ago are theirs
		if jw == w {
			fitted = len(dst) // every row as wide as the game and the panels: w
		}
	} else {
		strip := playStripHeight(bh)
		half := w / 2
		dst = m.appendGameArea(dst, w, bh-strip)
		dst = append(dst, m.playStrip(half, w, strip)...)
		fitted = len(dst) // the strip's lines are made w wide as joined
	}
	// Each line w cells wide and h of them, as Block makes a screen.
	if len(dst)-start > h {
		dst = dst[:start+h]
	}
	for i := fitted; i < len(dst); i++ {
		dst[i] = fitLine(dst[i], w)
	}
	for len(dst)-start < h {
		dst = append(dst, padSpaces(w))
	}
	return dst
}

// playSideWidth is the width of the log and chat column beside the game on
// a wide terminal (120 columns or more).
func playSideWidth(w int) int { return max(40, w/3) }

// playStripHeight is the height of the log and chat strip under the game
// on a narrower terminal, of a body bh lines high.
func playStripHeight(bh int) int { return max(7, bh/3) }

// playAreaSize is the size playView gives the game area at the terminal's
// size.
func (m *Model) playAreaSize() (w, h int) {
	w, bh := m.w, m.h-3-2 // top bar, status, key hints; the play screen's title and prompt lines
	if w >= 120 {
		return w - playSideWidth(w), bh
	}
	return w, bh - playStripHeight(bh)
}

// appendGameArea appends the outcome (when the game is over) and the
// renderer's drawing, h lines of w cells, to dst.
func (m *Model) appendGameArea(dst []string, w, h int) []string {
	var out string
	if oc := m.play.gs.Outcome; oc.Finished {
		out = m.outcomeView(oc, w)
	}
	oh := 0
	if out != "" {
		oh = strings.Count(out, "\n") + 1
	}
	rh := h - oh
	var game []string
	switch {
	case m.play.r == nil || !m.play.loaded || rh < 1:
	case out != "" && rh < minEndBoardH && m.play.finalBoard:
		// The player asked for the game's own end screen (its final
		// scores, the board): it takes the whole area, the result is one
		// key away.
		return appendFitted(dst, m.drawGame(w, h), w, h)
	case out != "" && rh < minEndBoardH:
		// A few lines of the board's panes under the result would show a
		// cut list of players: the result lists them all; say where the
		// final board is instead.
		game = AppendLines(nil, m.th.Subtle.Render(Wrap("Every player is listed above. "+keyFinalBoardRune+" shows the game's final screen (scores in detail, the board); r replays the game.", w)))
	default:
		game = m.drawGame(w, rh)
		if out == "" {
			return append(dst, game...) // h lines of w cells (gameLines)
		}
	}
	if out == "" {
		return appendFitted(dst, game, w, h)
	}
	if rh < 1 {
		return AppendBlock(dst, out, w, h)
	}
	return appendFitted(AppendBlock(dst, out, w, oh), game, w, rh)
}

// minEndBoardH is the fewest lines under the result for which the game's
// renderer is still drawn after a game.
const minEndBoardH = 10

// keyFinalBoardRune switches a finished game's area between the result and
// the game's own end screen where both do not fit (80x24). No renderer
// uses it.
const keyFinalBoardRune = "F"

// endBoardHidden reports that the game is over and the game's own end
// screen does not fit under the result: F shows it instead.
func (m *Model) endBoardHidden() bool {
	if !m.play.gs.Outcome.Finished || m.play.r == nil {
		return false
	}
	w, h := m.playAreaSize()
	out := m.outcomeView(m.play.gs.Outcome, w)
	return h-(strings.Count(out, "\n")+1) < minEndBoardH
}

func (m *Model) finalBoardKeyText() string {
	if m.play.finalBoard {
		return "back to the result"
	}
	return "final screen"
}

// outcomeView shows the end of a game plainly: reason and placings, with
// the rating changes once the standings are stored, and the rematch. At
// the smallest terminal (80x24) the game area is 15 lines: eight players,
// a two-line reason and the rematch line fit.
func (m *Model) outcomeView(oc engine.Outcome, w int) string {
	th := m.th
	iw := PanelInner(w)
	reason := oc.Reason
	if res := m.play.end.results; res != nil && res.Reason != "" {
		reason = lobby.Sanitize(res.Reason, 300) // names the players
	}
	// The reason wraps rather than being cut: it says who won and why.
	why := strings.Split(Wrap(reason, max(iw-11, 10)), "\n")
	lines := []string{th.Accent.Render("GAME OVER") + "  " + why[0]}
	for _, l := range why[1:] {
		lines = append(lines, "           "+l)
	}
	if res := m.play.end.results; res != nil {
		for _, l := range m.standingLines(*res) {
			lines = append(lines, Fit(l, iw, th.Ellip))
		}
	} else {
		results := append([]engine.SeatResult(nil), oc.Results...)
		for i := 1; i < len(results); i++ {
			for j := i; j > 0 && results[j].Placement < results[j-1].Placement; j-- {
				results[j], results[j-1] = results[j-1], results[j]
			}
		}
		for _, r := range results {
			line := fmt.Sprintf("%-4s %-20s score %-8s %s", engine.Ordinal(r.Placement), m.seatLabel(r.Seat), scoreText(m.tab.info, r.Score), m.tab.info.StatusText(r.Status))
			if r.Seat == m.play.gs.Seat {
				line = th.Bold.Render(line + "  (you)")
			}
			lines = append(lines, Fit(line, iw, th.Ellip))
		}
	}
	if rl := m.rematchLine(); rl != "" {
		lines = append(lines, Fit(rl, iw, th.Ellip))
	}
	return th.Panel("Result", strings.Join(lines, "\n"), w, len(lines)+2, false)
}
