package sshserver

import (
	"fmt"
	"strings"

	"boardroom/engine"
	"boardroom/lobby"
)

// rulesWidth is the width the plain guide is wrapped to: it reads in an
// 80-column terminal and pipes well into a pager or a file.
const rulesWidth = 78

// cmdRules prints a game's how-to-play guide (engine.Info.Guide) as plain
// text: `ssh host rules unipoly | less`.
func cmdRules(c *cmdEnv, args []string) error {
	if len(args) != 1 {
		return usagef("name exactly one game; list them with: %s games", c.srv.SSHCommand())
	}
	id := strings.ToLower(args[0])
	info, ok := findGame(c.api.Games(), id)
	if !ok {
		return playerErrorf("no game %q here; list them with: %s games", clean(args[0]), c.srv.SSHCommand())
	}
	// The table settings close the guide, with both defaults (rules
	// C-12) and the values the `new` command takes (C-14).
	settings := lobby.TableSettingsSection(info, true)
	settings.Text += commandExample(c, info)
	if len(info.Guide) == 0 {
		fmt.Fprintf(c.out, "%s\n\n%s\n\nThis game has no how-to-play guide yet.\n", info.Title, info.Summary)
		_, err := fmt.Fprint(c.out, engine.Guide{settings}.PlainText("", rulesWidth)[2:])
		return err
	}
	// The guide is the server's own text (checked by the conformance
	// suite to hold no control characters), not something a user typed.
	guide := append(append(engine.Guide(nil), info.Guide...), settings)
	_, err := fmt.Fprint(c.out, guide.PlainText(info.Title+": how to play", rulesWidth))
	return err
}

// commandExample closes the table settings with a `new` command, so that
// --seats and the first option's key read in use: a table of three (or
// what the game allows) with a bot, ending as public tables do. The
// command is a verbatim line, never wrapped, so it can be copied; the ssh
// part is said before it, as it may not fit beside it.
func commandExample(c *cmdEnv, info engine.Info) string {
	n := min(info.MaxSeats, max(info.MinSeats, 3))
	cmd := fmt.Sprintf("new %s --seats %d --bots 1", info.ID, n)
	what := fmt.Sprintf("a table of %d: you, a bot", n)
	if n > 2 {
		what = fmt.Sprintf("a table of %d: you, %s for others and a bot", n, plural(n-2, "free seat"))
	}
	if len(info.Options) > 0 {
		o := info.Options[0]
		if opt := " --option " + o.Key + "=" + o.PublicDefault(); len(cmd)+len(opt)+2 <= engine.GuideVerbatimWidth {
			cmd += opt
			what += "; " + o.Label + ": " + o.ChoiceText(o.PublicDefault())
		}
	}
	return fmt.Sprintf("\nFor example, %s (after %s):\n\n  %s\n", what, c.srv.SSHCommand(), cmd)
}
