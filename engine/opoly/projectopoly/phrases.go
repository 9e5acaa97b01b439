package projectopoly

import "boardroom/engine"

// phrases are Projectopoly's words for the platform's sentences about a
// seat and its timers (engine.Phrases, rules C-14): PMs take on projects,
// staff them with FTE, bid in sealed auctions and sell to one another.
var phrases = engine.Phrases{
	BotMay:       "take on projects, staff them with FTE and QMs, take budget extensions, bid in auctions, sell to other PMs and spend your budget",
	DefaultsOnly: "no projects taken on, no staffing, no bids, no sales",
	Timed: map[string]string{
		engine.DecisionBid:    "a sealed bid",
		engine.DecisionAnswer: "an answer to an offer",
	},
}
