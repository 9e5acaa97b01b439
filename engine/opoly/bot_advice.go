package opoly

import "boardroom/engine"

// Advisor is a Mechanism that advises the standard bot on its variant's
// own actions: the bot's rules of thumb for them live with the variant
// (Projectopoly's projectopoly/bot.go), and the core's bot asks at three
// steps of its choice. Every choice is made from actions Legal lists.
type Advisor interface {
	// Advise returns the bot's choice at step, or nil: the core's bot goes
	// on with its own rules. a.Legal lists the bot's legal actions. v may
	// be the bot's own view (own.go), which holds no Players: the players
	// are read through v.Seats, PlayerCash, PlayerPos, PlayerOut and
	// PlayerProps, which read a whole view's Players as well.
	Advise(a Advice, step AdviceStep, v *View) engine.Action
}

// StepAdvisor is an Advisor that advises at some steps only: the bot asks
// it at those alone (asking every advisor at every step of its turn was
// 3% of a Technopoly game, whose advisor answers two steps of five).
type StepAdvisor interface {
	Advisor
	// AdviceSteps has bit s set for each step s at which Advise may
	// return an action; at every other step Advise returns nil and
	// changes nothing.
	AdviceSteps() uint8
}

// AdviceStep is where in its choice the bot asks an Advisor.
type AdviceStep uint8

// Advice steps.
const (
	// AdvicePhase: a phase the core's bot has no rule for (PhaseValue,
	// PhaseValued, PhasePlace, PhaseReceive); nil there means the first
	// legal action.
	AdvicePhase AdviceStep = iota
	// AdviceTurn: in the bot's own turn, after building and mortgages,
	// before it proposes trades.
	AdviceTurn
	// AdviceDebt: the first step out of a debt, before anything is
	// mortgaged or sold back.
	AdviceDebt
	// AdviceRequest: in the bot's own turn, after it proposed no trade,
	// before it rolls or ends the turn (a takeover request).
	AdviceRequest
	// AdviceAnswer: the bot answers a mechanism's request addressed to it
	// (View.Trade with Takeover); nil there means a denial.
	AdviceAnswer
)

// Advice is what an Advisor may read of the bot it advises.
type Advice struct{ b *bot }

// Legal is the bot's Legal list, listed when first asked for (in its
// turn the bot itself reads parts of it: ChooseFrom). It is valid during
// Advise only.
func (a Advice) Legal() []engine.Action { return a.b.cur.list() }

// LegalOf is a list that holds the bot's legal actions of kind in the
// order of its Legal list: in the bot's turn or its debt, the actions the
// mechanism owning kind lists (a takeover request is asked for among the
// rivals' start-ups alone, an offer against the debt among the offers
// alone, not the whole list), else the whole list. It is valid during
// Advise only.
func (a Advice) LegalOf(kind string) []engine.Action { return a.legalOf(kind, 0, false) }

// LegalOfCells is LegalOf for the actions of kind on the cells in the set
// cells (bit c: cell c): a list that holds those in the order of the
// bot's Legal list (in its turn, when the mechanism owning kind is a
// CellLister, only those).
func (a Advice) LegalOfCells(kind string, cells uint64) []engine.Action {
	return a.legalOf(kind, cells, true)
}

func (a Advice) legalOf(kind string, cells uint64, some bool) []engine.Action {
	l := &a.b.cur
	if l.g == nil || l.all != nil {
		return l.list()
	}
	switch l.g.s.Phase {
	case phRoll, phPostRoll, phDebt: // their lists end with every mechanism's actions
	default:
		return l.list()
	}
	m := l.g.mechFor(kind) // kept for the Apply of the action chosen
	if m == nil {
		return nil // no mechanism lists kind
	}
	out := l.g.partBuf[partMech][:0]
	if cl, ok := m.(CellLister); ok && some {
		out = cl.LegalCells(Table{l.g}, l.seat, cells, out)
	} else {
		out = m.Legal(Table{l.g}, l.seat, out)
	}
	l.g.partBuf[partMech] = out
	return out
}

// Seat is the bot's seat.
func (a Advice) Seat() int { return a.b.seat }

// Reserve is the cash the bot keeps for the rents it may have to pay.
func (a Advice) Reserve(v *View) int64 { return a.b.reserve(v) }

// Marginal is what owning cell c is worth to the bot.
func (a Advice) Marginal(v *View, c int) int64 { return a.b.marginal(v, c, a.b.seat) }

// Paid is what the bot paid for cell c in this round or the one before
// (bought from the bank or bid at auction), or 0: an offer of c must not
// ask less (a bot never buys and offers back at a loss in one round,
// issue 27). The round before too: the last bid of a sealed auction the
// bot bid in may also end the round (the seller's turn goes on and ends
// in the same step), so that the bot owns it from the next round on.
func (a Advice) Paid(v *View, c int) int64 {
	if c < 0 || c >= MaxCells {
		return 0
	}
	if r := a.b.paid[c].round; r != v.Round+1 && r != v.Round {
		return 0
	}
	return a.b.paid[c].amount
}

// Gain is what the trade or takeover o is worth to the bot by its own
// valuation (tradeDeltas: its side's groups after less before, money
// included), whichever side of o it is on. It is read from the game's memo
// of valuations (dealDeltas) when the view lends one: a takeover is valued
// by its requester, then by its owner and, approved, by the auditor for
// both sides, all on the same cells, and the requester's valuation serves
// them all.
func (a Advice) Gain(v *View, o *TradeOffer) int64 {
	e := a.b.dealDeltas(v, o)
	if o.From == a.b.seat {
		return e.from
	}
	return e.to
}

// Asked reports whether the bot asked the owner of cell c for it within
// the last askAgain rounds (NoteAsked): a refused request is not made
// again unchanged (issue 27), and a takeover's price cannot change.
func (a Advice) Asked(v *View, c int) bool { return a.b.asked(v, c) }

// NoteAsked remembers that the bot asks the owner of cell c for it now.
func (a Advice) NoteAsked(v *View, c int) { a.b.noteAsked(v, c) }

// askAgain is how many rounds the bot waits before it asks again for a
// property it was refused (the trades' wait, offerWait in bot_trade.go).
const askAgain = 10

// askMemo is the round (+1; 0: never) of the bot's last request for a
// cell, and the owner it asked.
// (32 bits each: the bot keeps one per cell, and is made for every game)
type askMemo struct{ round, owner int32 }

func (b *bot) asked(v *View, c int) bool {
	if c < 0 || c >= MaxCells {
		return false
	}
	m := b.askedFor[c]
	return m.round > 0 && int(m.owner) == v.Cells[c].Owner && v.Round < int(m.round)-1+askAgain
}

func (b *bot) noteAsked(v *View, c int) {
	if c >= 0 && c < MaxCells {
		b.askedFor[c] = askMemo{round: int32(v.Round + 1), owner: int32(v.Cells[c].Owner)}
	}
}

// OfferAt is o, an OfferToAll of the bot's legal list, with reserve r: the
// box of the last one made for o's cell is handed again when it holds the
// same offer (the bot keeps them with its advisors, from game to game).
// A blocked property is offered to all turn after turn at its price, and
// a box for each offer was most of a Projectopoly game's allocations.
func (a Advice) OfferAt(o OfferToAll, r int64) engine.Action {
	o.Reserve = r
	ads := &a.b.ads
	if uint(o.Cell) >= MaxCells {
		return o
	}
	if ads.offers == nil {
		ads.offers = new([MaxCells]engine.Action)
	}
	box := &ads.offers[o.Cell]
	if x, ok := (*box).(OfferToAll); !ok || x != o {
		*box = o
	}
	return *box
}

// Memory is the bot's memory for its advisors, kept between its choices.
func (a Advice) Memory() *AdviceMemory { return &a.b.memo }

// ownDeals are the strong bot's own rules, which its seat's bot plays in
// its decisions and in its playouts; the variants' advisors implement them
// (technopoly/strongrules.go).
type ownDeals struct {
	keep bool // deny every request for its properties
	ask  bool // ask for the properties their standard owner would hand over
	hire bool // hire into half its reserve where the first bankruptcy ends the game (bot_tp_strong.go)
}

// strongDeals are the rules the strong bot plays its own seat with.
func strongDeals() ownDeals { return ownDeals{keep: true, ask: true, hire: true} }

// StrongAsks reports whether the bot is the strong bot's own seat, which
// asks for what the standard bot would hand over.
func (a Advice) StrongAsks() bool { return a.b.own.ask }

// StrongKeeps reports whether the bot is the strong bot's own seat, which
// hands over none of its properties.
func (a Advice) StrongKeeps() bool { return a.b.own.keep }

// Values is what the trade or takeover o is worth to each side by the
// bot's valuation (tradeDeltas values both sides alike, money included),
// from the game's memo of valuations as Gain.
func (a Advice) Values(v *View, o *TradeOffer) (from, to int64) {
	e := a.b.dealDeltas(v, o)
	return e.from, e.to
}

// AdviceMemory is a word an Advisor remembers per bot: Key names what Bits
// belong to (Projectopoly: the turn, and the cells offered to all in it).
type AdviceMemory struct {
	Key  int
	Bits uint64
	// CellsVer and Cells are a set of cells worked out from the cells of
	// View.CellsVersion CellsVer alone (0: none), kept while they do not
	// change (Technopoly: the start-ups the bot would ask for).
	CellsVer uint64
	Cells    uint64
}

// advise asks the ruleset's advisors in their order.
// The advisors read the bot's choices (b.cur, Advice.Legal).
func (b *bot) advise(step AdviceStep, v *View) engine.Action {
	if v.Rules == nil {
		return nil
	}
	ads := b.advisorsOf(v.Rules)
	if ads.any&(1<<step) == 0 {
		return nil // no advisor advises at step
	}
	if ads.blocked&(1<<step) != 0 && !b.holdsBlocked(v, ads.streets&(1<<step) != 0) {
		return nil // every advisor advises there a seat holding a blocked property alone
	}
	if ads.many {
		for _, m := range v.Rules.Mechanisms {
			if ad, ok := m.(Advisor); ok && stepsOf(ad)&(1<<step) != 0 {
				if a := ad.Advise(Advice{b}, step, v); a != nil {
					return a
				}
			}
		}
		return nil
	}
	for i, ad := range ads.list[:ads.k] {
		if ads.steps[i]&(1<<step) == 0 {
			continue
		}
		if a := ad.Advise(Advice{b}, step, v); a != nil {
			return a
		}
	}
	return nil
}

// advisorsOf returns the bot's advisors, found for rules when they are
// not (rules not nil).
func (b *bot) advisorsOf(rules *Ruleset) *advisors {
	if b.ads.rules != rules || b.ads.n != len(rules.Mechanisms) {
		b.ads.find(rules)
	}
	return &b.ads
}

// mayAdvise is false when no advisor of v's rules advises at step, as
// found for them: the bot's turn asks it (inlined) before advise, whose
// call cost more than its answer where none advises (most steps).
func (b *bot) mayAdvise(step AdviceStep, v *View) bool {
	ads := &b.ads
	return ads.rules != v.Rules || ads.skip&(1<<step) == 0 || ads.n != len(v.Rules.Mechanisms)
}

// stepsOf is the steps ad advises at (StepAdvisor), every step for an
// Advisor that does not say.
func stepsOf(ad Advisor) uint8 {
	if sa, ok := ad.(StepAdvisor); ok {
		return sa.AdviceSteps()
	}
	return ^uint8(0)
}

// advisors are the Advisors among the mechanisms of rules (of n
// mechanisms), in their order: the bot asks them two or three times a
// step, and finding them by type costs more than most advice (a variant
// has one). many: more than list holds, found per call.
// steps are each listed advisor's steps (stepsOf), any their union (of
// every advisor when many), skip the steps at which none advises, blocked
// those at which every advisor advises only a seat holding a blocked
// property (BlockedAdvisor), streets those of blocked at which every
// advisor also advises only a seat owning a whole street group
// (StreetsAdvisor). offers are the boxes of the offers to all
// the advisors chose (Advice.OfferAt; nil until the first), one per cell.
type advisors struct {
	rules   *Ruleset
	n, k    int
	list    [2]Advisor
	steps   [2]uint8
	any     uint8
	skip    uint8 // ^any once found (0 for no rules: none skipped)
	blocked uint8
	streets uint8
	many    bool
	offers  *[MaxCells]engine.Action
}

// find lists rules' advisors.
func (ads *advisors) find(rules *Ruleset) {
	*ads = advisors{rules: rules, n: len(rules.Mechanisms), blocked: ^uint8(0), streets: ^uint8(0), offers: ads.offers}
	for _, m := range rules.Mechanisms {
		if ad, ok := m.(Advisor); ok {
			ads.any |= stepsOf(ad)
			if ba, ok := ad.(BlockedAdvisor); ok {
				ads.blocked &= ba.BlockedSteps()
			} else {
				ads.blocked = 0
			}
			if sa, ok := ad.(StreetsAdvisor); ok {
				ads.streets &= sa.StreetSteps()
			} else {
				ads.streets = 0
			}
			if ads.k == len(ads.list) {
				ads.many = true
				continue // any covers every advisor
			}
			ads.list[ads.k], ads.steps[ads.k] = ad, stepsOf(ad)
			ads.k++
		}
	}
	ads.skip = ^ads.any
	ads.streets &= ads.blocked
}
