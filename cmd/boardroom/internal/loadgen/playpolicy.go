package loadgen

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"unsafe"
)

// How a play-mode session plays: a policy per game reads the screen the
// way a player does (the prompt line says "your move!" when the game waits
// on the viewer; an action bar or a menu lists what can be done) and
// returns the keys to type. A decision (roll, buy, assign...) may take
// several keys: the first opens a dialog, the following ones (cont) answer
// it. The session thinks before the first key of a decision only, and takes
// a key for an applied action when the screen after it offers no
// continuation of the same decision.

// step is what a session types on one screen.
type step struct {
	keys  []Key
	label string // the decision, for the report ("roll", "assign"...)
	cont  bool   // a key of a dialog the last decision opened: no thinking first
}

// screen is a play screen as a policy reads it.
type screen struct {
	text     string
	lines    []string
	yourMove bool       // the prompt line says the game waits on the viewer
	bar      []barEntry // the action bar above the log panel
	barText  []byte     // the bar with its separators made double spaces (readBar)
}

// barEntry is one "KEY LABEL" entry of an action bar.
type barEntry struct{ key, label string }

// policy chooses what to type on a screen, or ok false when there is
// nothing to do (not this player's move, or a screen it does not know).
type policy func(s *screen, rng *rand.Rand) (st step, ok bool)

// policies are the play policies by game id. A game renderer's screens
// decide which policy fits: the three property games share tui/opoly.
var policies = map[string]policy{
	"unipoly":      opolyPolicy,
	"projectopoly": opolyPolicy,
	"technopoly":   opolyPolicy,
	"allinthegame": aitgPolicy,
	"billionaire":  billPolicy,
}

// PolicyGames lists the games play mode can play.
func PolicyGames() []string {
	ids := make([]string, 0, len(policies))
	for id := range policies {
		ids = append(ids, id)
	}
	slices.Sort(ids)
	return ids
}

func policyFor(game string) (policy, error) {
	if p, ok := policies[game]; ok {
		return p, nil
	}
	return nil, &ConfigError{"play", fmt.Sprintf("no play policy for %q (known: %s)", game, strings.Join(PolicyGames(), ", "))}
}

// read parses text into s, reusing s's list of lines: a session reads its
// screen at every change.
func (s *screen) read(text string) {
	s.text = text
	s.lines = s.lines[:0]
	for {
		i := strings.IndexByte(text, '\n')
		if i < 0 {
			s.lines = append(s.lines, text)
			break
		}
		s.lines = append(s.lines, text[:i])
		text = text[i+1:]
	}
	s.yourMove = hasLine(s.lines, "your move!")
	s.readBar(actionBar(s.lines))
}

func key(name, bytes string) Key { return Key{Name: name, Bytes: []byte(bytes)} }

func press(k, label string, cont bool) step {
	return step{keys: []Key{key(label, k)}, label: label, cont: cont}
}

// enterKey answers a dialog's list or question.
var enterKey = key("Enter", "\r")

// downKey is the arrow key: several of them typed at once still arrive as
// separate keys, where runes ("jjj") would arrive as one.
var downKey = key("Down", "\x1b[B")

// opolyPolicy plays the property games (tui/opoly): from the action bar it
// bids, rejects trades, rolls, buys, ends its turn or declines, in that
// order; every action that spends money asks first, and it says yes.
func opolyPolicy(s *screen, _ *rand.Rand) (step, bool) {
	if hasLine(s.lines, "Please confirm") || hasLine(s.lines, "Declare bankruptcy?") || hasLine(s.lines, "Resign?") {
		return press("y", "confirm", true), true
	}
	if !s.yourMove {
		return step{}, false
	}
	if s.barHas("bid") {
		// A sealed auction's field starts empty: Enter alone only says
		// to type a bid first (and changed nobody else's screen, which
		// the report counted as an action not shown). Bid the least.
		if least, ok := leastBid(s.lines); ok {
			return press(least+"\r", "bid", false), true
		}
	}
	for _, p := range opolyPrefs {
		if s.barHas(p.label) {
			return press(p.key, p.name, false), true
		}
	}
	return step{}, false
}

// Labels of the property games' action bar the policy acts on, in order
// of preference.
var opolyPrefs = []struct {
	label string // an action bar entry starts with "KEY " and then this
	key   string
	name  string
}{
	{"bid", "\r", "bid"},                    // a sealed auction with a bid typed: submit it
	{"reject", "n", "reject"},               // a trade offered to us
	{"deny takeover", "n", "deny takeover"}, // Technopoly: a takeover asked of us
	{"refuse assets", "n", "refuse assets"}, // Projectopoly: assets offered for a debt to us
	{"reject value", "n", "reject value"},   // Projectopoly: our valuation answered
	{"pay 10%", "e", "pay transfer fees"},   // Projectopoly: received extended projects
	{"roll", "r", "roll"},                   // start of a turn, or rolling for doubles in jail
	{"buy", "b", "buy"},                     // landed on a free property we can afford
	{"end turn", "e", "end turn"},           // nothing more to do
	{"decline", "n", "decline"},             // cannot buy
	{"pay ", "f", "pay jail fee"},           // leave jail
	{"use jail card", "c", "card"},          // leave jail
	{"declare bankruptcy", "d", "bankruptcy"},
}

// leastBid is the digits of the lowest bid an empty bid field allows
// ("Your bid: type digits ($0 to $5,142)", "(0€ to 21.190€)"); false when
// the field is not empty or not on the screen.
func leastBid(lines []string) (string, bool) {
	for _, l := range lines {
		i := strings.Index(l, "Your bid: type digits")
		if i < 0 {
			continue
		}
		l = l[i:]
		open, to := strings.Index(l, "("), strings.Index(l, " to ")
		if open < 0 || to < open {
			return "", false
		}
		digits := strings.Map(func(r rune) rune {
			if r >= '0' && r <= '9' {
				return r
			}
			return -1
		}, l[open+1:to])
		return digits, digits != ""
	}
	return "", false
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

// readBar splits an action bar into its entries: "KEY LABEL" apart by two
// spaces (tui/opoly) or by the theme's bullet (" · ", " | "). The bar is
// written into s's own buffer with each bullet made a double space, then
// split on double spaces, each piece trimmed; the entries read the buffer,
// so they are valid until s reads another screen. Every human parses its
// bar at every change of its screen: a Replacer's string and a split's
// list each time were a tenth of what the tool allocated.
func (s *screen) readBar(bar string) {
	b := s.barText[:0]
	for i := 0; i < len(bar); {
		switch {
		case strings.HasPrefix(bar[i:], " · "):
			b, i = append(b, "  "...), i+len(" · ")
		case strings.HasPrefix(bar[i:], " | "):
			b, i = append(b, "  "...), i+len(" | ")
		default:
			b, i = append(b, bar[i]), i+1
		}
	}
	s.barText = b
	t := unsafe.String(unsafe.SliceData(b), len(b)) // b is not written until the next readBar
	s.bar = s.bar[:0]
	for {
		e, rest, more := strings.Cut(t, "  ")
		e = strings.TrimSpace(e)
		if k, label, ok := strings.Cut(e, " "); ok {
			s.bar = append(s.bar, barEntry{k, strings.TrimSpace(label)})
		}
		if !more {
			break
		}
		t = rest
	}
}

// barHas reports whether an entry of the bar has a label starting with
// label.
func (s *screen) barHas(label string) bool {
	_, ok := s.barKey(label)
	return ok
}

// barKey is the key of the first entry whose label starts with label.
func (s *screen) barKey(label string) (string, bool) {
	for _, e := range s.bar {
		if strings.HasPrefix(e.label, label) {
			return e.key, true
		}
	}
	return "", false
}
