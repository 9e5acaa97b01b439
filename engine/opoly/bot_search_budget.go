package opoly

// The strong bot's budgets (bot_search.go): what bounds one decision's
// search, and the budget of each kind of property game, with the
// measurements behind each.

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
