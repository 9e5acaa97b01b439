package lobby

import (
	"boardroom/engine"
	"boardroom/lobby/tables"
)

// A table's settings and their defaults live in lobby/tables; the names
// below are the lobby's API for them.

// TableSettingsSection is the part of a game's guide about its table
// settings (tables.SettingsSection): each option's choices and both
// defaults, and with forCommand the `new` command's flags.
func TableSettingsSection(info engine.Info, forCommand bool) engine.GuideSection {
	return tables.SettingsSection(info, forCommand)
}

// TurnTimers lists the turn-timer settings a table may have, in the order
// a host cycles through them (tables.TurnTimers). It returns a new slice.
func TurnTimers() []int { return tables.TurnTimers() }

// ValidTurnTimer reports whether seconds is one of TurnTimers.
func ValidTurnTimer(seconds int) bool { return tables.ValidTurnTimer(seconds) }

// TimerDefaultText states the turn timer's defaults (rules C-12).
func TimerDefaultText() string { return tables.TimerDefaultText() }

// defaultTurnTimer is a new table's setting in lobbyID: the standard timer
// in the public lobby, none in a private one.
func defaultTurnTimer(lobbyID int64) int { return tables.DefaultTurnTimer(lobbyID == PublicLobbyID) }
