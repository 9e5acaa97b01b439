package billionaire

import "boardroom/engine"

// phrases are IT Billionaire's words for the platform's sentences about a
// seat and its timers (engine.Phrases, rules C-14): action cards chosen in
// secret, Labs and Work Items; the secret selection has its own timer
// (C-7: 120 s).
var phrases = engine.Phrases{
	BotMay:       "choose your action cards, acquire and sell Labs, take on and work Work Items and spend your money",
	DefaultsOnly: "no cards chosen, no Labs acquired, no Work Items taken on",
	Timed: map[string]string{
		engine.DecisionSelection: "a secret choice of action cards",
	},
}
