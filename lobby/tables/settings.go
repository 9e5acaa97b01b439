// Package tables holds what a table's settings may be and their defaults
// (the turn timer's settings, the options a public table starts with, the
// guide's section that words both for players: rules C-12, C-14) and a
// finished table's rematch (who accepted, the new table). The root package
// lobby keeps the table itself (its lock, seats, lifecycle and the
// Service's methods on it) and re-exports the names callers use. It
// imports the engine and lobby/play only.
package tables

import (
	"slices"
	"strings"

	"boardroom/engine"
	"boardroom/lobby/play"
)

// TurnTimers lists the turn-timer settings a table may have, in the order
// a host cycles through them: play.TurnTimerRules, 0 (off), or a fixed
// number of seconds for every decision. It returns a new slice.
func TurnTimers() []int {
	return []int{play.TurnTimerRules, 0, 30, 60, 120, play.Pace12h, play.Pace24h, play.Pace72h}
}

// ValidTurnTimer reports whether seconds is one of TurnTimers.
func ValidTurnTimer(seconds int) bool { return slices.Contains(TurnTimers(), seconds) }

// DefaultTurnTimer is a new table's setting: public tables follow C-7, so
// that nobody waits forever for a stranger; private tables start off, as a
// team plays at its own pace (the host may set either).
func DefaultTurnTimer(public bool) int {
	if public {
		return play.TurnTimerRules
	}
	return 0
}

// TimerDefaultText states the turn timer's defaults (rules C-12): public
// tables start with the standard timer, private ones without a timer.
func TimerDefaultText() string {
	word := func(setting int) string {
		if setting == play.TurnTimerRules {
			return "the standard timer"
		}
		return play.TimerText(engine.Info{}, setting)
	}
	return "default: " + word(DefaultTurnTimer(false)) + "; public tables: " + word(DefaultTurnTimer(true))
}

// PublicOptions fills in, for a table created in the public lobby, the
// options whose engine.OptionSpec names a Public choice and that the host
// did not set: a round or time limit that fits an evening (a table of
// strangers should not run until the last one standing). The host can
// still change them while the table forms; private lobbies keep the
// rules' defaults.
func PublicOptions(public bool, info engine.Info, opts map[string]string) map[string]string {
	if !public {
		return opts
	}
	var out map[string]string
	for _, o := range info.Options {
		if o.Public == "" {
			continue
		}
		if _, set := opts[o.Key]; set {
			continue
		}
		if out == nil {
			out = make(map[string]string, len(opts)+1)
			for k, v := range opts {
				out[k] = v
			}
		}
		out[o.Key] = o.Public
	}
	if out == nil {
		return opts
	}
	return out
}

// SettingsSection is the part of a game's guide about its table
// settings, written from the option specs and the turn timer rather than
// by hand, so that what it says about defaults is what a table really
// gets (rules C-12): each option's choices in words and both defaults,
// the private lobbies' and the public lobby's (PublicOptions, and
// DefaultTurnTimer for the timer). forCommand adds the key and values the
// `new` command takes (--option key=value, --timer), C-14.
func SettingsSection(info engine.Info, forCommand bool) engine.GuideSection {
	var b strings.Builder
	b.WriteString("The host sets these at the table before the game starts. A table in the public lobby starts with " +
		"limits that fit an evening; a table in a private lobby starts with the rules' own defaults.\n\n")
	for _, o := range info.Options {
		b.WriteString("- " + o.Label + ": " + o.ChoicesText() + " (" + o.DefaultText() + ").")
		if o.Help != "" {
			b.WriteString(" " + o.Help)
		}
		if forCommand {
			b.WriteString(" On the command line: --option " + o.Key + "=VALUE, VALUE one of " + o.CommandChoicesText() + ".")
		}
		b.WriteString("\n")
	}
	b.WriteString("- Turn timer: " + play.TimerText(info, play.TurnTimerRules) + "; or a fixed 30, 60 or 120 s a move; or no timer (" + TimerDefaultText() + ").")
	b.WriteString(" A seat whose timer runs out takes its default action (" + info.DefaultsOnlyText() + ").")
	if forCommand {
		b.WriteString(" On the command line: --timer standard, off, 30, 60 or 120.")
	}
	b.WriteString("\n")
	b.WriteString("- Pace: live (the turn timer above), or daily: 12, 24 or 72 hours a move, where nobody needs to stay connected " +
		"and an absent seat takes no default before its deadline (default: live).")
	if forCommand {
		b.WriteString(" On the command line: --pace 12h, 24h or 72h.")
	}
	b.WriteString("\n")
	return engine.GuideSection{Title: "Table settings and their defaults", Text: b.String()}
}
