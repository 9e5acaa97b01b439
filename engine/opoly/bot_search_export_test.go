package opoly

import "boardroom/engine"

// SearchTrace sets the function that sees every decision the strong bot b
// searched: the candidates (the standard bot's choice first), their total
// scores and the index picked.
func SearchTrace(b engine.Bot, f func(v *View, cands []engine.Action, scores []float64, pick int)) {
	b.(*strongBot).trace = f
}

// OwnDeals gives the standard bot b the strong bot's takeover rules, with
// keep (deny every request) and ask (ask for what owners hand over) set
// as given.
func OwnDeals(b engine.Bot, keep, ask bool) {
	b.(*bot).own = ownDeals{keep: keep, ask: ask}
}

// OwnHire gives the standard bot b the strong seat's hiring into half
// its reserve (bot_tp_strong.go), with its takeover rules as they are.
func OwnHire(b engine.Bot) { b.(*bot).own.hire = true }

// Counters is the strong bot b's counter-proposals to the trade offered to
// it in view v.
func Counters(b engine.Bot, v View, legal []engine.Action) []engine.Action {
	return b.(*strongBot).counters(&v, legal)
}

// SearchSpent is what the strong bot b's last search used: the sampled
// positions each candidate was played from and the steps of all its
// playouts.
func SearchSpent(b engine.Bot) (used, spent int) {
	s := &b.(*strongBot).s
	return s.Used, s.Spent
}

// Invest is what the strong bot b adds with SearchBudget.Invest in view v.
func Invest(b engine.Bot, v View, legal []engine.Action) []engine.Action {
	return b.(*strongBot).invest(&v, legal)
}

// Reserve is the cash the standard bot of the strong bot b keeps in view v.
func Reserve(b engine.Bot, v View) int64 {
	s := b.(*strongBot).std
	s.res = -1
	return s.reserve(&v)
}

// SearchResult is the strong bot b's score of the end of a playout g.
func SearchResult(b engine.Bot, g engine.Game) float64 {
	return b.(*strongBot).result(g.(*Game))
}

// Accepted is what the strong bot b adds with SearchBudget.Accepted n in
// view v: offers of any shape the standard bot addressed accepts.
func Accepted(b engine.Bot, v View, legal []engine.Action, n int) []engine.Action {
	return b.(*strongBot).accepted(&v, legal, n)
}

// Proposals are the strong bot b's own offers in view v for the streets
// that complete one of its groups.
func Proposals(b engine.Bot, v View, legal []engine.Action) []engine.Action {
	return b.(*strongBot).proposals(&v, legal)
}

// Takeovers are the takeover requests the strong bot b adds as
// candidates in view v.
func Takeovers(b engine.Bot, v View, legal []engine.Action) []engine.Action {
	return b.(*strongBot).takeovers(&v, legal)
}

// Candidates is what the strong bot b compares in view v, first being
// the standard bot's choice.
func Candidates(b engine.Bot, v View, legal []engine.Action, first engine.Action) []engine.Action {
	return b.(*strongBot).candidates(&v, legal, first)
}
