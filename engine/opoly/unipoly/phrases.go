package unipoly

import "boardroom/engine"

// phrases are Unipoly's words for the platform's sentences about a seat
// and its timers (engine.Phrases, rules C-14).
var phrases = engine.Phrases{
	BotMay:       "buy properties, build houses and hotels, mortgage, bid in auctions, trade and spend your money",
	DefaultsOnly: "no buying, no building, no bids, no trades",
	Timed: map[string]string{
		engine.DecisionBid:    "a sealed bid",
		engine.DecisionAnswer: "an answer to a trade",
	},
}
