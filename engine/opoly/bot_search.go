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
// DefaultSearchBudget keeps a decision within 200 ms on one core.

// SearchBudget bounds the strong bot's search of one decision.
type SearchBudget struct {
	Playouts int // sampled positions per candidate
	Rounds   int // rounds each playout runs beyond the current one
	// DealRounds replaces Rounds for trades (proposing and answering):
	// what a complete group earns shows over a longer time.
	DealRounds int
	Steps      int // actions per playout at most (a safety bound)
	// DecisionSteps bounds the steps of all playouts of one decision:
	// once they are spent no further round of playouts starts (at least
	// two run). It is what keeps a decision within its time (about 200k
	// steps a second on one core) without reading a clock.
	DecisionSteps int
	// Margin is how many standard errors an alternative must gain over
	// the standard bot's choice to be played instead.
	Margin float64
	// Counters lets the bot answer a trade offered to it with a
	// counter-proposal at the proposer's limit (bot_search_deals.go).
	Counters bool
	// MoreOffers adds its own offers to the standard bot's proposal, and
	// offers paying with a property of its own where cash is short.
	MoreOffers bool
	// Invest adds building into the reserve and mortgaging to build as
	// candidates (bot_search_invest.go).
	Invest bool
	// Lead is added to a playout's score when the bot's worth is the
	// greatest at its end (Unipoly's result): a game is won by being
	// first, not by a share, so leading counts beyond the share.
	Lead float64
	// WinLead scores a playout that ends in the bot's win 1 + Lead, not
	// 1: a running playout that leads can score up to 1 + Lead, so
	// without it a bot far ahead may rate keeping a game going above
	// winning it. Consistent, but measured and not taken: over 1,000
	// games of seed 11 it won 36.5% where 1 won 38.0%
	// (docs/decisions/2026-11-strong-unipoly-win-above-lead.md).
	WinLead bool
	// Accepted adds at most this many offers of any shape that the
	// addressee, a standard bot, accepts (bot_search_offers.go) to the
	// bot's own proposals.
	Accepted int
	// Whole keeps DecisionSteps a bound (search.Budget.Whole): a round of
	// playouts starts only when one more fits in the steps left.
	Whole bool
	// Odds scores an unfinished playout, where the first bankruptcy ends
	// the game, by the bot's odds of winning from it (bot_search_odds.go)
	// instead of its capital share plus one for leading.
	Odds bool
	// Approved lists as takeover candidates the requests the owner would
	// approve, in any field, the three the bot gains most by
	// (bot_search_cands.go: approved), instead of up to three in fields
	// it holds a start-up of, approved or not.
	Approved bool
	// NoCompleting: the bot never approves a takeover request that
	// completes the requester's field (bot_search_cands.go).
	NoCompleting bool
	// Fees scores an unfinished playout, where the first bankruptcy ends
	// the game, by each player's capital projected by the licence fees it
	// collects less those it pays over ten more rounds
	// (bot_search_odds.go: feesResult), its share plus one for leading:
	// capital alone does not see a staffed field's fees to come.
	Fees bool
	// Phases, when set, limits the search to decisions of these View
	// phases (PhaseBuy, PhaseAuction, ...); the others are left to the
	// standard bot.
	Phases []string
}

// DefaultSearchBudget is the strong bot's budget: 32 playouts a candidate
// and at most 60,000 steps a decision, kept as a bound (Whole), with
// counter-proposals and the extra offers, two offers of any shape the
// standard bot addressed accepts (Accepted: with them it won 104 and 103
// of 200 paired four-player games of seeds 12 and 13 against three
// standard bots where it won 73 and 66 without, and 53.8% (50.7-56.9%)
// of 1,000 games of seed 11 where it won 38.0% without, its slowest
// decision 108 ms of one core, the 99th percentile 52 ms; see
// docs/decisions/2026-11-strong-unipoly-offers-what-bots-accept.md), an
// alternative taken when it gains one standard error over the standard
// choice, and half a point for leading at a playout's end
// (Lead): with it the strong bot won 92 of 200 four-player games of seed
// 11 against three standard bots where it won 77 without, 36 games won
// that were lost and 21 lost that were won, and 38.0% (35.0-41.0%) of
// 1,000 games of seed 11 where it won 37.1% without, its slowest decision
// 145 ms of one core, the 99th percentile 53 ms
// (docs/decisions/2026-11-strong-unipoly-leads.md). Since the standard bots no longer give value away
// (issue 27) it won 32.4% of 500 such games with a margin of two standard
// errors (250 of seed 1: 33.6%, 250 of seed 2: 31.2%), 37.0% of 300 (seed
// 1) and 36.0% of 300 (seed 2, with an outbidding candidate that alone did
// not help) with one, its slowest decision 129 ms of one core, the 99th
// percentile 54 ms (docs/decisions/2026-11-property-bots-not-farmable.md).
// Before issue 27, over 1,000 four-player Unipoly games (seed 1) against three
// standard bots it won 50.6% (47.5-53.7%; without the counters and extra
// offers 38.8%), its decisions taking at most 195 ms of one core (99th
// percentile 99 ms; docs/decisions/2026-11-strong-unipoly-counters-and-more-offers.md).
// Once the engine ran about a quarter faster (issue 32) it plays up to 96
// positions a candidate (32 before, which stopped most searches) within
// 75,000 steps (60,000 before): over 300 games of seeds 11 and 12 each (a
// small run) it won 61.0% and 49.7% where 32 won 57.0% and 52.3%, 332 of
// 600 against 328, no measurable gain; its slowest decision 143 ms of one
// core (81 ms before), the mean 11.5-11.8 ms (4.7-5.2 before)
// (docs/decisions/2026-11-strong-technopoly-turns-speed-into-playouts.md).
// Once the engine ran about four times faster again (issue 32) it plays
// up to 288 positions a candidate within 225,000 steps: 58.0% of 300 games
// of seed 11 where 96 within 75,000 won 61.0%, the same games but for 79
// (35 won only with it, 44 only without; no measurable change), its
// slowest decision 144 ms of one core under load 4-7 (60 ms before), the
// mean 13.8 ms (4.3)
// (docs/decisions/2026-12-strong-bots-turn-the-speed-into-playouts.md).
var DefaultSearchBudget = SearchBudget{Playouts: 288, Rounds: 12, DealRounds: 40, Steps: 2000, DecisionSteps: 225000, Margin: 1,
	Counters: true, MoreOffers: true, Lead: 0.5, Accepted: 2, Whole: true}

// TakeoverSearchBudget is the strong bot's budget in a game of takeovers
// (Technopoly): its own takeover rules (technopoly/strongrules.go) and the
// search on top of them, which runs on most of its turns (it asks for a
// start-up on most of them); a takeover answer is played out over the
// usual rounds (the long horizon is for the trades of the other games).
// Its playouts are short (the first bankruptcy ends the game), so it
// affords as many as Unipoly's: with 8 playouts and 15,000 steps it won
// 29.0% of 300 four-player games against three standard bots (seed 1),
// its slowest decision taking 14.5 ms of one core; with 32 and 45,000
// 34.7% (29.5-40.2%), the slowest 65 ms, the 99th percentile 33 ms
// (issue 27, docs/decisions/2026-11-property-bots-not-farmable.md). With
// Invest (hiring into its reserve as a candidate) it won 61 of 200 games
// of seed 11 where it won 56 without, the same games but for 5 it won
// more, and 36.7% (31.4-42.3%) of 300 of seed 1, its slowest decision
// 50.5 ms of one core (docs/decisions/2026-11-strong-bot-invests.md).
// Since its seat hires into half its reserve (bot_tp_strong.go) it takes
// an alternative one standard error ahead, as Unipoly's does, and so may
// hand a start-up over where the price pays it by its valuation and its
// playouts gain (its rules keep them): of the 200 paired games of seed 11
// it won 72 (65 with two standard errors or never handing one over, 61
// before the hiring rule), and 37.3% (32.1-42.9%) of 300 of seed 1, its
// slowest decision 53 ms of one core
// (docs/decisions/2026-11-strong-technopoly-hires-and-searches-wider.md).
// With three times the playouts and steps (96, 135,000) it won 40.0%
// (34.6-45.6%) of 300 of seed 1 (38.0%, 37.0% and 34.7% of seeds 2-4,
// where the old budget won 38.0%, 34.3% and 32.0%) and 73 of the 200 of
// seed 11, its slowest decision 154 ms of one core, the 99th percentile
// 79 ms; playouts of 20 rounds won 77 of those 200 but 39.7% of seed 1,
// their slowest decision 200 ms
// (docs/decisions/2026-11-strong-technopoly-plays-out-more.md).
// Scoring a playout's end by the odds of winning (Odds) won 156 of 400
// paired games of seeds 12 and 13 where this won 155, and asking only
// for what the owner approves (Approved) 45 of 120 where this won 47: both
// stay off (docs/decisions/2026-11-strong-technopoly-odds-and-asks.md).
// It never approves a takeover that completes the requester's field
// (NoCompleting): its twelve rounds of playouts saw the 20% mark-up
// before the field's fees, and in 40 games of seed 31 it handed rivals
// the last start-up of a field seven times, five of whom won; the
// standard owner refuses those until round 40
// (docs/decisions/2026-11-strong-technopoly-completes-no-rival.md).
// It scores a playout's end by each player's capital projected by ten
// rounds of the licence fees it collects less those it pays (Fees): with
// both it won 39.0% (36.3-41.8%) of the 1,200 games of seeds 1-4 (41.0%,
// 42.0%, 38.7%, 34.3%), without Fees 37.7%, before either 37.4%, and 74
// of 200 paired games of seed 41 where it won 70 without; its slowest
// decision 114 ms of one core.
// Once the engine ran about a quarter faster (issue 32) it plays up to
// 256 positions a candidate (96 before: they, not the 135,000 steps,
// stopped every search, which spent at most about 67,000) within 80,000
// steps kept as a bound (Whole), which stops the few searches of three or
// four candidates or long playouts: 38.8% (36.1-41.6%) of the same 1,200
// games (43.0%, 38.3%, 38.7%, 35.3%), where 96 won 39.0%, its slowest
// decision 126 ms of one core, the mean 16-17 ms where it was 7.5
// (docs/decisions/2026-11-strong-technopoly-turns-speed-into-playouts.md).
// Buying every start-up that stops a rival's field, counting in a
// playout's end the staff each player's cash can hire or the fields it may
// still complete, playouts of 20 or 8 rounds and a margin of half a
// standard error won 76, 75, 78, 80, 73 and 77 of 200 paired games of
// seed 101 where this won 80: none taken
// (docs/decisions/2026-11-strong-technopoly-wins-with-a-field.md).
// A turn's hires searched as one plan, asking for every start-up owners
// hand over in one turn, buying as the default of the buy decisions, 20
// rounds of fees at a playout's end and takeover answers played out over
// 24 rounds won 77, 75, 80, 78 and 79 of those 200 games, and handing
// over a start-up whose field a third player locks 77: none taken
// (docs/decisions/2026-11-strong-technopoly-plans-and-asks-more.md).
// Once the engine ran about four times faster again (issue 32) it plays
// up to 512 positions a candidate within 160,000 steps (640 within
// 200,000 took 240 ms of one core at its slowest under load 6-7, over the
// 200 ms; its share: docs/decisions/2026-12-strong-bots-turn-the-speed-into-playouts.md).
var TakeoverSearchBudget = SearchBudget{Playouts: 512, Rounds: 12, DealRounds: 12, Steps: 2000, DecisionSteps: 160000, Margin: 1, Whole: true, Invest: true, NoCompleting: true, Fees: true}

// SupplySearchBudget is the strong bot's budget in a game of finite
// buildings (Projectopoly): its steps cost more (pools, shortage auctions,
// placements), so a decision gets fewer of them. With DefaultSearchBudget's
// 60,000 its slowest decision took 215 ms of one core (100 games); 45,000
// kept it near 160 ms, and 32 playouts stopped every search before the
// steps did. Once the engine ran about five times faster (issue 32) it
// plays up to 128 positions a candidate within 180,000 steps kept as a
// bound (Whole): 42.3% of 300 games of seed 11 where 32 within 45,000 won
// 41.0% (34 won only with it, 30 only without), its slowest decision
// 156 ms of one core under load 3-5 (29 ms before)
// (docs/decisions/2026-12-strong-bots-turn-the-speed-into-playouts.md).
var SupplySearchBudget = func() SearchBudget {
	b := DefaultSearchBudget
	b.Playouts, b.DecisionSteps = 128, 180000
	b.Margin = 2 // Projectopoly's wins 40.3% with two; one is not measured there
	b.Lead = 0   // measured in Unipoly only
	b.Accepted = 0
	b.Whole = true
	return b
}()

// budgetFor is the strong bot's budget for the ruleset.
func budgetFor(rs *Ruleset) SearchBudget {
	switch {
	case rs.TakeoverPct() > 0:
		return TakeoverSearchBudget
	case rs.Supply() != nil:
		return SupplySearchBudget
	}
	return DefaultSearchBudget
}

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
