package lobby

import (
	"time"

	"boardroom/lobby/play"
)

// Daily tables (rules C-13). A turn timer of 12, 24 or 72 hours makes a
// table daily: each decision waits up to its deadline; an absent seat never
// takes a default before it (no away timer), nobody needs to stay
// connected; the deadline is counted from when the decision opened, which
// the action log's times give after a restart or a node's takeover, so
// restarts do not extend it. A lapsed deadline applies the C-7 default. A
// daily table counts against its own cap (Config.MaxDailyTablesPerAccount),
// not the live one.

// The daily paces as turn-timer settings (TurnTimers lists them).
const (
	Pace12h = play.Pace12h
	Pace24h = play.Pace24h
	Pace72h = play.Pace72h
)

// Daily reports whether a turn-timer setting is a daily pace.
func Daily(setting int) bool { return play.Daily(setting) }

// DefaultMaxDailyTablesPerAccount caps the unfinished daily tables one
// account may host or sit at.
const DefaultMaxDailyTablesPerAccount = 20

// DeadlineText is a decision's deadline in the player's words
// (play.DeadlineText): the play screen, the lobby's lists and `status`.
func DeadlineText(d, now time.Time) string { return play.DeadlineText(d, now) }

// YourMoveText counts the games waiting for a player (play.YourMoveText).
func YourMoveText(n int) string { return play.YourMoveText(n) }
