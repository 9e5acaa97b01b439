package loadgen

import (
	"math/rand/v2"
	"regexp"
	"strings"
)

// aitgPolicy plays IT's All in the Game (tui/allinthegame): the menu of
// the work phase lists the actions with their shortcut ("> a  Assign a
// consultant ..." one a line; on a short screen side by side: "> a Assign
// t Train $2  ...  s Pass  x Resign"), each opens a list (which card,
// which desk) or a question that only y answers yes; the other
// phases (secret pick, start player, Headhunters) are one list. It mostly
// assigns, sometimes trains, recruits, promotes or moves, and passes when
// nothing else is left; in every list it takes the highlighted row.
func aitgPolicy(s *screen, rng *rand.Rand) (step, bool) {
	if !s.yourMove {
		return step{}, false
	}
	switch {
	case strings.Contains(s.text, "y: yes    n, esc or any other key: no"): // tui.YesNoLine
		return press("y", "confirm", true), true
	case strings.Contains(s.text, "enter: place"): // the desk picker
		return step{keys: []Key{enterKey}, label: "place", cont: true}, true
	case strings.Contains(s.text, "Secret pick (only you see this)"):
		return step{keys: []Key{enterKey}, label: "secret pick"}, true
	case strings.Contains(s.text, "choose the start player"):
		return step{keys: []Key{enterKey}, label: "start player"}, true
	case strings.Contains(s.text, "Headhunters: give back"):
		return step{keys: []Key{enterKey}, label: "give back"}, true
	}
	if menu := aitgMenu(s.text); len(menu) > 0 {
		total := 0
		for _, c := range aitgChoices {
			if menu[c.key] {
				total += c.weight
			}
		}
		if total == 0 {
			if menu["s"] {
				return press("s", "pass", false), true
			}
			return step{}, false
		}
		n := rng.IntN(total)
		for _, c := range aitgChoices {
			if !menu[c.key] {
				continue
			}
			if n -= c.weight; n < 0 {
				return press(c.key, c.name, false), true
			}
		}
	}
	if hasLinePrefix(s.lines, "> ") { // a list the last decision opened
		return step{keys: []Key{enterKey}, label: "choose", cont: true}, true
	}
	return step{}, false
}

// aitgChoices are the work actions the policy takes, with weights.
var aitgChoices = []struct {
	key, name string
	weight    int
}{
	{"a", "assign", 12}, {"t", "train", 1}, {"r", "recruit", 1}, {"p", "promote", 1}, {"m", "move", 1},
}

// aitgItemRe finds a menu entry: a shortcut letter then its label, at the
// start of a line or two spaces after the previous entry.
var aitgItemRe = regexp.MustCompile(`(?m)(?:^|  )(?:> )?([a-z]) {1,2}[A-Z]`)

// aitgMenu is the set of shortcuts the work menu shows ("a", "t", "s"...),
// empty when the screen shows another step.
func aitgMenu(text string) map[string]bool {
	menu := map[string]bool{}
	for _, m := range aitgItemRe.FindAllStringSubmatch(text, -1) {
		menu[m[1]] = true
	}
	if !menu["x"] && !menu["s"] { // every work menu offers Resign (and most Pass)
		return nil
	}
	return menu
}

func hasLinePrefix(lines []string, p string) bool {
	for _, l := range lines {
		if strings.HasPrefix(l, p) {
			return true
		}
	}
	return false
}
