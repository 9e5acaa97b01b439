package tui

import (
	"strings"

	"boardroom/engine"
	"boardroom/lobby"
)

// ReplayLayout exposes the replay page's split of the body into the game
// area and the log to the external tests (tui_test).
var ReplayLayout = replayLayout

// OpenTableForTest opens a table's screen in a model (external tests).
func OpenTableForTest(m *Model, id int64) error {
	m.onlyTicks = false // a change, as an update's would be
	return m.openTable(id, false)
}

// HandOverText and AwayText are the frame's confirmation texts of a game
// (external tests check they are on screen whole).
var (
	HandOverText = handOverText
	AwayText     = awayText
)

// GameDesc is the lobby's game card (external tests).
var GameDesc = gameDesc

// ReloadGameForTest re-reads the game state on screen, as the table's
// update makes a session do.
func ReloadGameForTest(m *Model) {
	m.onlyTicks = false // a change, as an update's would be
	m.loadGame()
}

// TickForTest delivers the countdown's pending tick (or a tick of none).
func TickForTest(m *Model) { m.Update(tickMsg{gen: m.tickGen}) }

// WholeViewForTest draws the whole frame, as View does without a kept one.
func WholeViewForTest(m *Model) string { return strings.Join(m.viewLines(), "\n") }

// WholeLinesForTest draws the whole frame's lines, as ViewLines does
// without a kept frame.
func WholeLinesForTest(m *Model) []string { return m.viewLines() }

// SetGameForTest shows gs as a table's update would.
func SetGameForTest(m *Model, gs lobby.GameState) { m.setGame(&gs) }

// TicksAnsweredForTest counts the ticks the last frame drawn whole answered.
func TicksAnsweredForTest(m *Model) int { return m.tick.answered }

// ThemeOfForTest is the model's theme (sessions sharing drawings share it).
func ThemeOfForTest(m *Model) *Theme { return m.th }

// WithoutLogShareForTest draws the whole frame with the theme's shared log
// panels and strips turned off: what the session draws on its own.
func WithoutLogShareForTest(m *Model) string {
	logs, strips := m.th.logs, m.th.strips
	m.th.logs, m.th.strips = nil, nil
	defer func() { m.th.logs, m.th.strips = logs, strips }()
	m.play.logDrawn = Memo[logPanelKey, string]{}
	m.play.strip.lines = nil
	return strings.Join(m.viewLines(), "\n")
}

// SubmitForTest submits an action of the session's seat, as a renderer's
// key does.
func SubmitForTest(m *Model, a engine.Action) error { return m.submit(a) }

// WakeForTest takes the updates queued on the session's subscription, as
// its wake-up message does.
func WakeForTest(m *Model) { m.Update(subWakeMsg{}) }

// PlayGenForTest counts the game states the play screen was given.
func PlayGenForTest(m *Model) uint64 { return m.play.gen }

// PromptFastForTest is the prompt line put together from its drawn parts,
// when the fast path covers it (countdown.go).
func PromptFastForTest(m *Model, w int) (string, bool) { return m.promptFast(w) }

// PromptWholeForTest is the prompt line drawn whole, as before the fast path.
func PromptWholeForTest(m *Model, w int) string {
	return Block(Fit(m.promptLine(), w, m.th.Ellip), w, 1)
}

// PlayVersionForTest is the version of the game state on screen.
func PlayVersionForTest(m *Model) int { return m.play.gs.Version }

// KeepsKeysForTest reports whether m holds a list of keys between frames.
func KeepsKeysForTest(m *Model) bool { return m.keyBuf != nil }

// TableUpdateForTest shows gs as the table's update carries it to the
// session (shared by its viewer class).
func TableUpdateForTest(m *Model, gs *lobby.GameState) {
	m.onlyTicks = false // a change, as an update's would be
	m.tableChanged(m.tab.t, gs)
}

// StripBothWaysForTest draws the log and chat strip of a terminal under
// 120 columns as the session draws it on its own (drawStrip, its rows
// written at once) and as the log panel drawn whole, then joined with the
// chat (stripLines); ok false on a wider terminal.
func StripBothWaysForTest(m *Model) (rows, joined []string, ok bool) {
	if m.w >= 120 {
		return nil, nil, false
	}
	logs, strips := m.th.logs, m.th.strips
	m.th.logs, m.th.strips = nil, nil
	defer func() { m.th.logs, m.th.strips = logs, strips }()
	h := playStripHeight(m.h - 5)
	half := m.w / 2
	chat := m.play.chat.view(m, m.w-half, h)
	rows = m.drawStrip(chat, m.w, h)
	return rows, m.stripLines(m.drawLogPanel(half, h), chat, m.w, h), true
}

// ForgetSharedRowsForTest drops the game areas' rows the theme keeps, as
// the thousands of frames a full server draws between two actions of one
// table push them out.
func ForgetSharedRowsForTest(th *Theme) { th.rows.forget() }
