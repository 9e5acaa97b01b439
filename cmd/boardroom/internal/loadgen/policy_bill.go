package loadgen

import (
	"math/rand/v2"
	"regexp"
	"slices"
	"strconv"
)

// billPolicy plays IT Billionaire (tui/billionaire). The secret choice of
// action cards opens by itself each round: it adds one card (Acquire Lab,
// Select Work or Do Work in turn from round 1, among those it holds), locks it in and
// confirms. On a visit it takes from the action bar, in order: sell a Lab
// when the upkeep forces it, accept drawn work, do work, select work, buy
// a Lab, and otherwise ends the visit (sometimes earlier, so that a pick
// that keeps failing cannot hold it). Pick lists take the highlighted row;
// questions are answered yes.
func billPolicy(s *screen, rng *rand.Rand) (step, bool) {
	if !s.yourMove {
		return step{}, false
	}
	if s.barHas("yes") { // y/enter yes · n/esc no
		return press("y", "confirm", true), true
	}
	if m := billChoiceRe.FindStringSubmatch(s.text); m != nil {
		return billCards(s, m)
	}
	if s.barHas("cancel") { // a pick list: enter buy/sell/draw/work/stop
		return step{keys: []Key{enterKey}, label: "pick", cont: true}, true
	}
	if k, ok := s.barKey("end visit"); ok && rng.IntN(4) == 0 {
		return press(k, "end visit", false), true
	}
	for _, p := range billPrefs {
		if k, ok := s.barKey(p.label); ok {
			return press(k, p.name, false), true
		}
	}
	return step{}, false
}

var billPrefs = []struct{ label, name string }{
	{"sell a Lab for upkeep", "forced sell"},
	{"accept", "accept"},
	{"do work", "do work"},
	{"select work", "select work"},
	{"buy a Lab", "buy a Lab"},
	{"end visit", "end visit"},
	{"choose cards", "choose cards"},
}

var (
	billChoiceRe = regexp.MustCompile(`Your secret choice for round (\d+): (\d+) of at most (\d+) cards`)
	billCardRe   = regexp.MustCompile(`^(>?)\s+(Acquire Lab|Sell Lab|Select Work|Do Work|Stop Work)\s+(\d+)\s+(\d+)`)
)

// billCardOrder is the picker's rows, top to bottom.
var billCardOrder = []string{"Acquire Lab", "Sell Lab", "Select Work", "Do Work", "Stop Work"}

// billUseful are the cards the policy plays, one a round in turn from
// round 1: a Lab first, then work for it.
var billUseful = []string{"Acquire Lab", "Select Work", "Do Work"}

// billCards plays the card picker: one card, then enter to lock in.
func billCards(s *screen, m []string) (step, bool) {
	round, _ := strconv.Atoi(m[1])
	chosen, _ := strconv.Atoi(m[2])
	if chosen > 0 {
		return step{keys: []Key{enterKey}, label: "lock in", cont: true}, true
	}
	cursor, held := -1, map[string]int{}
	for _, l := range s.lines {
		c := billCardRe.FindStringSubmatch(l)
		if c == nil {
			continue
		}
		held[c[2]], _ = strconv.Atoi(c[3])
		if c[1] == ">" {
			cursor = slices.Index(billCardOrder, c[2])
		}
	}
	if cursor < 0 {
		return step{}, false
	}
	want := -1
	for i := range billUseful {
		if name := billUseful[(round-1+i)%len(billUseful)]; held[name] > 0 {
			want = slices.Index(billCardOrder, name)
			break
		}
	}
	if want < 0 { // nothing useful left: lock in no card
		return step{keys: []Key{enterKey}, label: "choose cards"}, true
	}
	keys := make([]Key, 0, 6)
	for range (want - cursor + len(billCardOrder)) % len(billCardOrder) {
		keys = append(keys, downKey)
	}
	keys = append(keys, key("+", "+"))
	return step{keys: keys, label: "choose cards"}, true
}
