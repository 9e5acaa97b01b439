package engine

// BotAudit counts the decisions of bots that a rated opponent must never
// make (issue 27): a bot is a fixed anchor of the ratings, so one that
// gives value away is a rating farm, and one that nags spoils the table.
// `boardroom sim --json` prints the counters of bot-only games.
type BotAudit struct {
	// DealsBelowValuation: a deal (trade, takeover, sale, offer) a bot made
	// or accepted that leaves it worse off by its own valuation, counting
	// what it gives up of its reserve; also an asset bought and offered
	// back at a loss in the same round.
	DealsBelowValuation int `json:"bot_deals_below_valuation"`
	// Overbids: a bot's bid above its own valuation of what is auctioned.
	Overbids int `json:"bot_overbids"`
	// RepeatedRequests: a request (trade, takeover) for the same asset
	// from the same player within 10 rounds of its refusal, with an offer
	// no better than the refused one.
	RepeatedRequests int `json:"repeated_requests"`
	// UndoneMoves: a bot's move that undoes its own earlier move in the
	// same round (a consultant moved back to where it came from).
	UndoneMoves int `json:"undone_moves"`
}

// Add adds b's counts to a.
func (a *BotAudit) Add(b BotAudit) {
	a.DealsBelowValuation += b.DealsBelowValuation
	a.Overbids += b.Overbids
	a.RepeatedRequests += b.RepeatedRequests
	a.UndoneMoves += b.UndoneMoves
}

// Total is the sum of the counters.
func (a BotAudit) Total() int {
	return a.DealsBelowValuation + a.Overbids + a.RepeatedRequests + a.UndoneMoves
}

// Auditor watches one game's actions and counts its bots' bad decisions.
// It reads the game (which it may type-assert to its own game's type) and
// never changes it. A game's auditor should judge from the actions and
// the state, independently of the bot's decision code; where a judgement
// needs a valuation it uses the bot's own valuation, because the rule is
// "worse off by its own valuation".
type Auditor interface {
	// Before is called with the game before seat's action a is applied;
	// bot says whether a bot chose it (a human's decisions are not
	// counted, but an auditor may need to see them, e.g. a refusal).
	Before(g Game, seat int, a Action, bot bool)
	// After is called once a has been applied.
	After(g Game, seat int, a Action, bot bool)
	// Audit is the counts so far.
	Audit() BotAudit
}

// Audited is an optional interface of a Definition whose bots are audited.
type Audited interface {
	NewAuditor(players int) Auditor
}

// AuditRenewer is implemented by auditors that can count a new game in
// their own memory: Renew(players) makes the auditor what NewAuditor makes
// for a game of players seats, reusing its tables (the simulator's
// workers renew theirs with their games, see Renewer).
type AuditRenewer interface {
	Renew(players int)
}

// NewAuditor is def's auditor for a game of players seats, or nil when
// the game has none (its counters are then 0: it has no such decisions).
func NewAuditor(def Definition, players int) Auditor {
	if a, ok := def.(Audited); ok {
		return a.NewAuditor(players)
	}
	return nil
}
