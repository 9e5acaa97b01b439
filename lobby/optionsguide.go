package lobby

import (
	"strings"

	"boardroom/engine"
)

// TableSettingsSection is the part of a game's guide about its table
// settings, written from the option specs and the turn timer rather than
// by hand, so that what it says about defaults is what a table really
// gets (rules C-12): each option's choices in words and both defaults,
// the private lobbies' and the public lobby's (publicOptions, and
// defaultTurnTimer for the timer). forCommand adds the key and values the
// `new` command takes (--option key=value, --timer), C-14.
func TableSettingsSection(info engine.Info, forCommand bool) engine.GuideSection {
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
	b.WriteString("- Turn timer: " + TimerText(info, TurnTimerRules) + "; or a fixed 30, 60 or 120 s a move; or no timer (" + TimerDefaultText() + ").")
	b.WriteString(" A seat whose timer runs out takes its default action (" + info.DefaultsOnlyText() + ").")
	if forCommand {
		b.WriteString(" On the command line: --timer standard, off, 30, 60 or 120.")
	}
	b.WriteString("\n")
	return engine.GuideSection{Title: "Table settings and their defaults", Text: b.String()}
}
