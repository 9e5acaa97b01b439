package technopoly

import "boardroom/engine"

// phrases are Technopoly's words for the platform's sentences about a seat
// and its timers (engine.Phrases, rules C-14): start-ups, developers and
// takeovers; Technopoly has no auctions and no trades.
var phrases = engine.Phrases{
	BotMay:       "buy start-ups, hire developers and CTOs, ask for takeovers and spend your money",
	DefaultsOnly: "no start-ups bought, no hiring, no takeovers",
	Timed: map[string]string{
		engine.DecisionAnswer: "an answer to a takeover request",
	},
}
