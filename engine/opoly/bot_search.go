package opoly

import (
	"slices"

	"boardroom/engine"
	"boardroom/engine/rng"
	"boardroom/engine/search"
)

// The strong bot (engine.LevelStrong) searches. At a decision where the
// choice matters and it has more than one candidate worth comparing (buy or
// decline, a bid, build or wait, lift a mortgage or wait, pay to leave jail
// or roll, accept or reject a trade, make the standard bot's proposal or
// not, offers of its own for the streets that complete one of its groups
// and, with Accepted, the best offers of any shape the standard bot
// addressed accepts: bot_search_offers.go),
// it samples positions it cannot tell from the real one (FromView: deck
// orders and dice drawn afresh, others' sealed bids as the standard bot
// would make them), applies each candidate and plays on with standard bots
// in every seat for a bounded number of rounds (longer for trades), and
// scores the result: 1 for a win and 0 for a loss when the game ends
// before; else its share of what all players are worth by the standard
// bot's valuation (result), or of their capital in a game the first
// bankruptcy ends (capitalResult). Every candidate is played out from the
// same sampled positions and dice (common random numbers), and another
// candidate replaces the standard bot's choice only when its paired mean
// gain is Margin standard errors above zero: with a few playouts the search
// would otherwise follow their noise. The playing out and the comparison
// are engine/search's, as for every game's strong bot; this file says what
// is searched and how a playout's end is scored. Elsewhere (debts,
// valuations, shortage auctions) it plays as the standard bot.
//
// The engine has no clock, so the budget is counted in playouts, rounds and
// steps, never in time: the bot is deterministic for its seed and inputs.
// DefaultSearchBudget keeps a decision within 200 ms on one core
// (bot_search_budget.go).

// strongBot is the searching bot: it proposes the candidates and scores a
// playout's end; engine/search plays them out and compares them.
type strongBot struct {
	seat   int
	std    *bot // proposes the first candidate and plays the other decisions
	rs     *Ruleset
	why    *reasons
	budget SearchBudget
	s      search.Searcher
	turn   int             // round*MaxSeats+active of the proposals in made
	made   []engine.Action // proposals and takeover requests made in that turn
	// trace, set by tests, sees every searched decision and each
	// candidate's mean score.
	trace func(v *View, cands []engine.Action, means []float64, pick int)
	// fresh, set by tests, plays every playout in a new game with new
	// bots (Sample, NewBot) instead of the last playout's (Resample, Rebot).
	fresh bool
}

func newStrongBot(rs *Ruleset, why *reasons, seat int, seed uint64, budget SearchBudget) *strongBot {
	r := rng.FromSeed(seed)
	b := &strongBot{seat: seat, std: newBot(seat, r.Uint64()), rs: rs, why: why, budget: budget, turn: -1,
		s: search.Searcher{R: r, Budget: search.Budget{Playouts: budget.Playouts, Steps: budget.Steps,
			DecisionSteps: budget.DecisionSteps, Margin: budget.Margin, Whole: budget.Whole}}}
	b.std.own = b.ownDeals()
	return b
}

// ownDeals are the rules the strong bot's own seat adds to the standard
// bot's, in its decisions and in its playouts: the variants' advisors play
// them where the game has such dealings (technopoly/strongrules.go).
func (b *strongBot) ownDeals() ownDeals { return strongDeals() }

// Choose implements engine.Bot.
func (b *strongBot) Choose(view engine.View, legal []engine.Action) engine.Action {
	// the requests and purchases remembered before this choice
	asked, paid := b.std.askedFor, b.std.paid
	first := b.std.Choose(view, legal)
	v := engine.ViewOf[View](view)
	if v == nil || first == nil || v.Rules != b.rs {
		return first
	}
	if len(b.budget.Phases) > 0 && !slices.Contains(b.budget.Phases, v.Phase) {
		return first
	}
	cands := b.candidates(v, legal, first)
	if len(cands) < 2 {
		return first
	}
	pick := b.s.Best(b.problem(v), cands)
	if b.trace != nil {
		means := make([]float64, len(cands))
		for k := range means {
			means[k] = b.s.Mean(k)
		}
		b.trace(v, cands, means, pick)
	}
	b.remember(v, cands[pick])
	if pick != 0 { // the request or purchase proposed first was not made
		b.std.askedFor, b.std.paid = asked, paid
		b.std.noteChoice(v, cands[pick])
	}
	return cands[pick]
}

// problem is the decision in v for engine/search: positions sampled from
// v (FromView), standard bots in every seat (the bot's own with its
// takeover rules), a horizon of Rounds beyond the round the candidate
// leaves (DealRounds for trades) and the bot's result at its end.
func (b *strongBot) problem(v *View) search.Problem {
	end := 0 // the last round of the playout in progress
	p := search.Problem{Seat: b.seat,
		Sample: func(seed uint64) (engine.Game, error) {
			g, err := fromView(b.rs, b.why, v, seed)
			if err != nil {
				return nil, err
			}
			return g, nil
		},
		Begin: func(g engine.Game, a engine.Action) {
			end = g.(*Game).s.RoundNo + b.budget.Rounds
			if _, deal := a.(ProposeTrade); (deal || v.Phase == PhaseTrade) && b.budget.DealRounds > 0 {
				end = g.(*Game).s.RoundNo + b.budget.DealRounds
			}
		},
		NewBot: func(seat int, seed uint64) engine.Bot { return b.playoutBot(nil, seat, seed) },
		Stop: func(g engine.Game) bool {
			s := g.(*Game).s
			return s.Phase == phOver || s.RoundNo > end
		},
		Score: func(g engine.Game) float64 { return b.result(g.(*Game)) },
	}
	if !b.fresh { // each playout in the memory of the last (bot_search_view.go)
		p.Resample = func(prev engine.Game, seed uint64) (engine.Game, error) {
			pg, _ := prev.(*Game)
			g, err := fromViewInto(pg, b.rs, b.why, v, seed)
			if err != nil {
				return nil, err
			}
			return g, nil
		}
		p.Rebot = func(prev engine.Bot, seat int, seed uint64) engine.Bot {
			pb, _ := prev.(*bot)
			return b.playoutBot(pb, seat, seed)
		}
	}
	return p
}

// playoutBot is the standard bot that plays seat in a playout, the bot's
// own seat with its own rules: prev renewed (bot.Renew) when it is not nil.
func (b *strongBot) playoutBot(prev *bot, seat int, seed uint64) *bot {
	bt := prev
	if bt == nil {
		bt = newBot(seat, seed)
	} else {
		bt.Renew(seat, seed)
	}
	if seat == b.seat {
		bt.own = b.ownDeals()
	}
	return bt
}

// result is the bot's share of what all players still in are worth, by
// the standard bot's valuation (cash plus what each group earns over its
// planning horizon: capital alone would count a building or a completed
// group at its resale price and make every investment look like a loss
// within a short horizon), plus the budget's Lead when its worth is the
// greatest; or 1 for a win (1 + Lead with WinLead) and 0 for a loss when
// the game is over.
func (b *strongBot) result(g *Game) float64 {
	if g.s.Phase == phOver {
		if g.Outcome().Won(b.seat) {
			if b.budget.WinLead {
				return 1 + b.budget.Lead
			}
			return 1
		}
		return 0
	}
	if g.rs.End.FirstBankruptcy {
		if b.budget.Odds {
			return b.oddsResult(g)
		}
		if b.budget.Fees {
			return b.feesResult(g)
		}
		return b.capitalResult(g)
	}
	v := View{Rules: g.rs, Board: g.rs.Board, MaxLevel: g.rs.Buildings.MaxLevel, Players: g.snapshotPlayers()}
	land := landings(&v)
	var worth [MaxSeats]int64
	for i := range g.s.Players {
		if p := &g.s.Players[i]; !p.Out {
			worth[i] = p.Cash
		}
	}
	for gi := range g.rs.Board.Groups {
		for i := range g.s.Players {
			if !g.s.Players[i].Out {
				worth[i] += groupWorth(&v, g.s.Cells, gi, i, land, false)
			}
		}
	}
	var total, best int64
	for i, w := range worth {
		total += max(w, 0)
		if i != b.seat {
			best = max(best, w)
		}
	}
	if total == 0 {
		return 0
	}
	r := float64(max(worth[b.seat], 0)) / float64(total)
	if worth[b.seat] > best {
		r += b.budget.Lead
	}
	return r
}

// capitalResult scores a game that the first bankruptcy ends (Technopoly):
// it is won by capital, the game's own score, at any moment, so the bot
// counts its share of all capital plus one for leading.
func (b *strongBot) capitalResult(g *Game) float64 {
	var caps [MaxSeats]float64
	var live [MaxSeats]bool
	players := g.snapshotPlayers()
	for i, p := range players {
		caps[i], live[i] = float64(p.Capital), !p.Out
	}
	return shareAndLead(caps[:len(players)], live[:len(players)], b.seat)
}

// shareAndLead is a seat's share of the live players' capital (below zero
// counts as zero), plus one when it is more than every other's.
func shareAndLead(caps []float64, live []bool, seat int) float64 {
	var total, mine, best float64
	for i, c := range caps {
		if !live[i] {
			continue
		}
		c = max(c, 0)
		total += c
		if i == seat {
			mine = c
		} else {
			best = max(best, c)
		}
	}
	if total == 0 {
		return 0
	}
	r := mine / total
	if mine > best {
		r++
	}
	return r
}

// BotLevels implements engine.Leveled: the property games have a standard
// and a strong bot.
func (d Definition) BotLevels() []engine.BotLevel { return search.Levels() }

// NewBotLevel implements engine.Leveled.
func (d Definition) NewBotLevel(level string, seat int, seed uint64) engine.Bot {
	return search.NewLevel(level, seat, seed, d.NewBot, func(seat int, seed uint64) engine.Bot {
		return newStrongBot(d.rs, d.why, seat, seed, budgetFor(d.rs))
	})
}

// NewSearchBot makes the strong bot with a given budget (the simulator and
// tests measure budgets with it).
func (d Definition) NewSearchBot(seat int, seed uint64, budget SearchBudget) engine.Bot {
	return newStrongBot(d.rs, d.why, seat, seed, budget)
}

// BotLevels implements engine.Leveled.
func (v Variant[B]) BotLevels() []engine.BotLevel { return v.def().BotLevels() }

// NewBotLevel implements engine.Leveled.
func (v Variant[B]) NewBotLevel(level string, seat int, seed uint64) engine.Bot {
	return v.def().NewBotLevel(level, seat, seed)
}

// FromView implements Definition.FromView for the variant.
func (v Variant[B]) FromView(view View, seed uint64) (engine.Game, error) {
	return v.def().FromView(view, seed)
}

// NewSearchBot makes the variant's strong bot with a given budget.
func (v Variant[B]) NewSearchBot(seat int, seed uint64, budget SearchBudget) engine.Bot {
	return v.def().NewSearchBot(seat, seed, budget)
}
