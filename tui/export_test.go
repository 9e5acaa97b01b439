package tui

// ReplayLayout exposes the replay page's split of the body into the game
// area and the log to the external tests (tui_test).
var ReplayLayout = replayLayout

// OpenTableForTest opens a table's screen in a model (external tests).
func OpenTableForTest(m *Model, id int64) error { return m.openTable(id, false) }

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
func ReloadGameForTest(m *Model) { m.loadGame() }
