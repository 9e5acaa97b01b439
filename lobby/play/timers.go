package play

import (
	"fmt"
	"strings"
	"time"

	"boardroom/engine"
)

// TurnTimerRules is the turn-timer setting that follows rules C-7: 60 s for
// an ordinary decision, 30 s for a sealed bid, 90 s for answering a trade
// and 120 s for a simultaneous selection (TurnSeconds).
const TurnTimerRules = -1

// Daily paces (rules C-13): a turn-timer setting of 12, 24 or 72 hours is
// a daily table. Each decision waits up to its deadline, an absent seat
// never takes a default before it, and the deadline survives restarts.
const (
	Pace12h = 12 * 3600
	Pace24h = 24 * 3600
	Pace72h = 72 * 3600
)

// Daily reports whether a turn-timer setting is a daily pace.
func Daily(setting int) bool { return setting >= Pace12h }

// TurnSeconds is the length of the turn timer for a decision of kind (an
// engine.Decision constant) under the table's setting: TurnTimerRules
// follows C-7, 0 is off, any other value is that many seconds.
func TurnSeconds(setting int, kind string) int {
	if setting != TurnTimerRules {
		return max(setting, 0)
	}
	switch kind {
	case engine.DecisionBid:
		return 30
	case engine.DecisionAnswer:
		return 90
	case engine.DecisionSelection:
		return 120
	}
	return 60
}

// TimerText words a turn-timer setting for the players of a game (rules
// C-7, C-14), from the same figures the timers use: "standard timer: 60 s
// a move, 30 s a sealed bid, 90 s an answer to a trade", naming only the
// kinds of decision the game has (engine.Phrases.Timed); "no timer"; or
// "60 s a move".
func TimerText(info engine.Info, setting int) string {
	switch {
	case setting == 0:
		return "no timer"
	case Daily(setting):
		return fmt.Sprintf("daily pace: %d hours a move", setting/3600)
	case setting != TurnTimerRules:
		return fmt.Sprintf("%d s a move", setting)
	}
	parts := []string{fmt.Sprintf("%d s a move", TurnSeconds(TurnTimerRules, engine.DecisionOrdinary))}
	for _, k := range info.Phrases.TimedKinds() {
		parts = append(parts, fmt.Sprintf("%d s %s", TurnSeconds(TurnTimerRules, k), info.Phrases.Timed[k]))
	}
	return "standard timer: " + strings.Join(parts, ", ")
}

// EarliestDeadline is the seat's own deadline, or else the earliest one.
func EarliestDeadline(ds []time.Time, seatIdx int) time.Time {
	return EarliestOf(len(ds), func(i int) time.Time { return ds[i] }, seatIdx)
}

// EarliestOf is EarliestDeadline of n seats whose deadlines at reads,
// for a caller that keeps them in a list of its own (no copy to build).
func EarliestOf(n int, at func(i int) time.Time, seatIdx int) time.Time {
	if seatIdx >= 0 && seatIdx < n && !at(seatIdx).IsZero() {
		return at(seatIdx)
	}
	var first time.Time
	for i := range n {
		if d := at(i); !d.IsZero() && (first.IsZero() || d.Before(first)) {
			first = d
		}
	}
	return first
}

// BotSeed derives a bot's seed from the game's seed (splitmix64).
func BotSeed(seed uint64, seatIdx int) uint64 {
	z := seed + uint64(seatIdx+1)*0x9E3779B97F4A7C15
	z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9
	z = (z ^ (z >> 27)) * 0x94D049BB133111EB
	return z ^ (z >> 31)
}

// DeadlineText is when a decision lapses, in the player's words, the same
// on every screen and in every command: "no timer"; a daily table's "until
// tomorrow 14:05 UTC, 23 h left" (today, tomorrow, or the weekday and
// date; hours, and minutes in the last three); else "45s left".
func DeadlineText(d, now time.Time) string {
	if d.IsZero() {
		return "no timer"
	}
	d, now = d.UTC(), now.UTC()
	left := d.Sub(now).Round(time.Second)
	if left <= time.Hour {
		return max(left, 0).String() + " left"
	}
	day := d.Format("Mon 2 Jan")
	if y, m, dd := now.Date(); d.Year() == y && d.Month() == m && d.Day() == dd {
		day = "today"
	} else if t := now.AddDate(0, 0, 1); d.Year() == t.Year() && d.Month() == t.Month() && d.Day() == t.Day() {
		day = "tomorrow"
	}
	span := fmt.Sprintf("%d h left", int(left/time.Hour))
	if left < 3*time.Hour {
		span = fmt.Sprintf("%d h %02d min left", int(left/time.Hour), int(left%time.Hour/time.Minute))
	}
	return fmt.Sprintf("until %s %s UTC, %s", day, d.Format("15:04"), span)
}

// YourMoveText is the line that counts the games waiting for a player:
// "Your move in 1 game", "Your move in 3 games"; "" for none.
func YourMoveText(n int) string {
	switch {
	case n <= 0:
		return ""
	case n == 1:
		return "Your move in 1 game"
	}
	return fmt.Sprintf("Your move in %d games", n)
}
