package loadgen

import "strings"

// How a play-mode session reads the boardroom TUI of the property games
// (Unipoly and its kin, tui/opoly): the prompt line says "your move!" when
// the game waits on the viewer, and the action bar above the log panel lists
// the legal actions as "KEY LABEL" entries ("r roll  b buy  e end turn").

// playChoice is what a session does on one screen.
type playChoice struct {
	keys  []Key  // typed one after another
	label string // the action, for the report ("roll", "end turn", ...)
}

// Labels of the action bar the policy acts on, in order of preference.
var playPolicy = []struct {
	label string // an action bar entry starts with "KEY " and then this
	key   string
	name  string
}{
	{"bid", "\r", "bid"},           // a sealed auction: submit the offered bid
	{"reject", "n", "reject"},      // a trade offered to us
	{"roll", "r", "roll"},          // start of a turn, or rolling for doubles in jail
	{"buy", "b", "buy"},            // landed on a free property we can afford
	{"end turn", "e", "end turn"},  // nothing more to do
	{"decline", "n", "decline"},    // cannot buy
	{"pay ", "f", "pay jail fee"},  // leave jail
	{"use jail card", "c", "card"}, // leave jail
	{"declare bankruptcy", "d", "bankruptcy"},
}

// choosePlay returns what to type on screen, or ok false when the game
// does not wait on this player (or waits on something the policy does not
// handle).
func choosePlay(screen string) (c playChoice, ok bool) {
	lines := strings.Split(screen, "\n")
	// Every action that spends money asks first ("Please confirm", y/n).
	if hasLine(lines, "Please confirm") || hasLine(lines, "Declare bankruptcy?") || hasLine(lines, "Resign?") {
		return playChoice{keys: []Key{{Name: "y", Bytes: []byte("y")}}, label: "confirm"}, true
	}
	if !hasLine(lines, "your move!") {
		return playChoice{}, false
	}
	bar := actionBar(lines)
	for _, p := range playPolicy {
		if barHas(bar, p.label) {
			return playChoice{keys: []Key{{Name: p.name, Bytes: []byte(p.key)}}, label: p.name}, true
		}
	}
	return playChoice{}, false
}

func hasLine(lines []string, s string) bool {
	for _, l := range lines {
		if strings.Contains(l, s) {
			return true
		}
	}
	return false
}

// actionBar is the line just above the log panel's top border.
func actionBar(lines []string) string {
	for i, l := range lines {
		t := strings.TrimSpace(l)
		if i > 0 && (strings.HasPrefix(t, "╭─ Log") || strings.HasPrefix(t, "+- Log") || strings.HasPrefix(t, "+-Log")) {
			return lines[i-1]
		}
	}
	return ""
}

// barHas reports whether an entry of the bar ("KEY LABEL", entries apart
// by two spaces) has a label starting with label.
func barHas(bar, label string) bool {
	for _, e := range strings.Split(bar, "  ") {
		e = strings.TrimSpace(e)
		if _, rest, ok := strings.Cut(e, " "); ok && strings.HasPrefix(rest, label) {
			return true
		}
	}
	return false
}
