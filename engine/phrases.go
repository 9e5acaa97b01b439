package engine

import (
	"slices"
	"strings"
)

// Phrases are a game's own words for the sentences the platform writes
// about a seat (rules C-14): the play screen's "let a bot play for me"
// question, what an absent seat does, and the turn timer. The platform
// knows no game's words; without them it would speak one game's words
// (buy, build, bid, trade) at every table.
type Phrases struct {
	// BotMay ends "A bot plays your seat with its own strategy until you
	// take it back: it may ...": what a bot does with a seat in this game,
	// "buy, build, bid, trade and spend your money".
	BotMay string `json:"bot_may,omitempty"`
	// DefaultsOnly says what an absent seat's default actions leave out,
	// in a parenthesis after "only its default actions": "no buying, no
	// bids, no trades".
	DefaultsOnly string `json:"defaults_only,omitempty"`
	// Timed names the kinds of decision the game has besides its ordinary
	// moves, by Decision constant (DecisionBid: "a sealed bid"): the turn
	// timer's sentence names these and no others.
	Timed map[string]string `json:"timed,omitempty"`
}

// TimedKinds lists the decision kinds of Phrases.Timed in a fixed order
// (bid, answer, selection, then any other by name).
func (p Phrases) TimedKinds() []string {
	order := []string{DecisionBid, DecisionAnswer, DecisionSelection}
	var out []string
	for _, k := range order {
		if _, ok := p.Timed[k]; ok {
			out = append(out, k)
		}
	}
	var rest []string
	for k := range p.Timed {
		if !slices.Contains(order, k) {
			rest = append(rest, k)
		}
	}
	slices.Sort(rest)
	return append(out, rest...)
}

// BotMayText is Phrases.BotMay, or a sentence every game can say.
func (in Info) BotMayText() string {
	if in.Phrases.BotMay != "" {
		return in.Phrases.BotMay
	}
	return "make every move of the game for you and spend your money"
}

// DefaultsOnlyText is Phrases.DefaultsOnly, or a sentence every game can
// say.
func (in Info) DefaultsOnlyText() string {
	if in.Phrases.DefaultsOnly != "" {
		return in.Phrases.DefaultsOnly
	}
	return "nothing that spends money"
}

// joinAnd joins words as a list: "a", "a and b", "a, b and c".
func joinAnd(words []string) string {
	switch len(words) {
	case 0:
		return ""
	case 1:
		return words[0]
	}
	return strings.Join(words[:len(words)-1], ", ") + " and " + words[len(words)-1]
}
