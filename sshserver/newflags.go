package sshserver

import (
	"strconv"
	"strings"

	"boardroom/engine"
	"boardroom/lobby"
)

// parseTimer reads a --timer value: seconds or "off". ok is false when the
// flag was not given (""). The lobby decides which values a table may have.
func parseTimer(v string) (seconds int, ok bool, err error) {
	switch strings.ToLower(strings.TrimSpace(v)) {
	case "":
		return 0, false, nil
	case "off", "0":
		return 0, true, nil
	case "rules", "c-7", "c7":
		return lobby.TurnTimerRules, true, nil
	}
	n, err := strconv.Atoi(strings.TrimSuffix(strings.TrimSpace(v), "s"))
	if err != nil || !lobby.ValidTurnTimer(n) {
		return 0, false, usagef("--timer must be rules (C-7: 60 s, 30 s for a bid, 90 s to answer a trade), off, or one of %s seconds", timerChoices())
	}
	return n, true, nil
}

// timerChoices lists the turn timers other than off: "30, 60 or 120".
func timerChoices() string {
	var s []string
	for _, n := range lobby.TurnTimers() {
		if n > 0 {
			s = append(s, strconv.Itoa(n))
		}
	}
	if len(s) < 2 {
		return strings.Join(s, "")
	}
	return strings.Join(s[:len(s)-1], ", ") + " or " + s[len(s)-1]
}

// optionsText lists a table's options in the game's order: "end=last,
// auction=sealed"; "none" for a game without options.
func optionsText(info engine.Info, opts map[string]string) string {
	var parts []string
	for _, o := range info.Options {
		v := opts[o.Key]
		if v == "" {
			v = o.Default
		}
		parts = append(parts, clean(o.Key)+"="+clean(v))
	}
	if len(parts) == 0 {
		return "none"
	}
	return strings.Join(parts, ", ")
}

// timerLabel is a turn timer for people: "off" or "60 s".
func timerLabel(seconds int) string {
	if seconds == lobby.TurnTimerRules {
		return "rules C-7 (" + lobby.RulesTimerText() + ")"
	}
	if seconds <= 0 {
		return "off"
	}
	return strconv.Itoa(seconds) + " s"
}
