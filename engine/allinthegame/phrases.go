package allinthegame

import "boardroom/engine"

// phrases are the game's words for the platform's sentences about a seat
// and its timers (engine.Phrases, rules C-14): consultants on desks,
// training, promotions and recruits; there is nothing to buy, build, bid
// for or trade, and no decision but the turn's own.
var phrases = engine.Phrases{
	BotMay:       "assign, move, train and promote your consultants, recruit Principals and spend your dollars",
	DefaultsOnly: "it passes: no training, no promotions, no recruits",
}
