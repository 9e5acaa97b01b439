package tui

// ReplayLayout exposes the replay page's split of the body into the game
// area and the log to the external tests (tui_test).
var ReplayLayout = replayLayout
