package technopoly

import (
	"boardroom/engine"
	"boardroom/engine/opoly"
)

// OptTechNews is the key of the Tech News deck option (G001-07).
const OptTechNews = "techNewsDeck"

// techNews is the table option that switches the Tech News cells (G001-07,
// default off): off, landing on one does nothing. It owns no action.
type techNews struct{ opoly.NoActions }

var techNewsOptions = []engine.OptionSpec{{
	Key: OptTechNews, Label: "Card deck",
	Help:    "on: landing on a card cell draws a card. off: card cells do nothing.",
	Choices: []string{"on", "off"}, Default: "off",
}}

// Options implements opoly.Mechanism: the on/off option (a copy each
// time: Info hands its options out).
func (techNews) Options(*opoly.Ruleset) []engine.OptionSpec {
	o := techNewsOptions[0]
	o.Choices = append([]string(nil), o.Choices...)
	return []engine.OptionSpec{o}
}

// CardsOn implements opoly.CardSwitch.
func (techNews) CardsOn(t opoly.Table) bool { return t.Option(OptTechNews, "off") == "on" }
