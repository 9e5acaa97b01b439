package sshserver

import (
	"strconv"
	"strings"

	"boardroom/engine"
	"boardroom/lobby"
)

// parseTimer reads a --timer value for a table of info's game: seconds,
// "off", or "standard" (also "rules"). ok is false when the flag was not
// given (""). The lobby decides which values a table may have.
func parseTimer(info engine.Info, v string) (seconds int, ok bool, err error) {
	switch strings.ToLower(strings.TrimSpace(v)) {
	case "":
		return 0, false, nil
	case "off", "0":
		return 0, true, nil
	case "standard", "rules", "c-7", "c7":
		return lobby.TurnTimerRules, true, nil
	}
	n, err := strconv.Atoi(strings.TrimSuffix(strings.TrimSpace(v), "s"))
	if err != nil || !lobby.ValidTurnTimer(n) {
		return 0, false, usagef("--timer must be standard (%s), off, or one of %s seconds a move; %s",
			strings.TrimPrefix(lobby.TimerText(info, lobby.TurnTimerRules), "standard timer: "), timerChoices(), lobby.TimerDefaultText())
	}
	return n, true, nil
}

// parsePace reads a --pace value (rules C-13): live (the turn timer
// decides), or a daily pace of 12h, 24h or 72h a move. ok is false for
// live or when the flag was not given.
func parsePace(v string) (seconds int, ok bool, err error) {
	switch strings.ToLower(strings.TrimSpace(v)) {
	case "", "live":
		return 0, false, nil
	case "12h":
		return lobby.Pace12h, true, nil
	case "24h", "1d", "daily":
		return lobby.Pace24h, true, nil
	case "72h", "3d":
		return lobby.Pace72h, true, nil
	}
	return 0, false, usagef("--pace must be live, 12h, 24h or 72h (a daily table: each move waits up to that long, and nobody needs to stay connected)")
}

// timerChoices lists the live turn timers other than off: "30, 60 or 120".
func timerChoices() string {
	var s []string
	for _, n := range lobby.TurnTimers() {
		if n > 0 && n < lobby.Pace12h {
			s = append(s, strconv.Itoa(n))
		}
	}
	if len(s) < 2 {
		return strings.Join(s, "")
	}
	return strings.Join(s[:len(s)-1], ", ") + " or " + s[len(s)-1]
}

// optionsText lists a table's options in the game's order and in words
// (rules C-14): "End of game: 90 minutes; Auction of declined purchases:
// on"; "none" for a game without options.
func optionsText(info engine.Info, opts map[string]string) string {
	var parts []string
	for _, o := range info.Options {
		parts = append(parts, clean(o.Label)+": "+clean(info.OptionText(opts, o.Key)))
	}
	if len(parts) == 0 {
		return "none"
	}
	return strings.Join(parts, "; ")
}

// checkOptionKeys refuses --option flags the game cannot take before the
// table is made: an unknown key names the game's keys and where their
// values are listed; an empty value lists the values (engine.OptionFlags.Check).
// A value that is not among the choices is refused by the game itself
// when the table is made, with the choices in words.
func checkOptionKeys(c *cmdEnv, info engine.Info, opts engine.OptionFlags) error {
	err := opts.Check(info)
	if err == nil {
		return nil
	}
	re, ok := engine.IsRuleError(err)
	if !ok || len(info.Options) == 0 {
		return err
	}
	for k := range opts {
		if _, known := info.OptionSpec(k); !known { // the keys alone were listed
			return playerErrorf("%s Every option with its values: %s rules %s", re.Msg, c.srv.SSHCommand(), info.ID)
		}
	}
	return err
}
