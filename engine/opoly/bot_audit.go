package opoly

import (
	"math/bits"

	"boardroom/engine"
)

// The property games' bot auditor (engine.Auditor, issue 27). It judges
// the bots' decisions from the actions and the state, not from the bot's
// decision code; where a judgement needs a valuation it asks the bot's own
// valuation functions (a fresh bot of the seat: tradeDeltas, reserve,
// auctionValue, unitValue), because the rule is "worse off by its own
// valuation". What it counts:
//
//   - a deal (trade, takeover) a bot proposed or accepted that, when it is
//     carried out, leaves the bot worse off by its own valuation, or with
//     less cash than its reserve when it paid money for it; and a property
//     a bot bought (at the bank's price or at auction) and offered to all
//     in the same round with a reserve below what it paid;
//   - a bid above the bot's valuation of the lot (or of the unit);
//   - a request (trade, takeover) of a bot to the same player for the same
//     cells within auditWait rounds of that player's refusal, unless the
//     offer is better for the player by the player's valuation (a
//     takeover's price is fixed: it cannot improve).
//
// Undone moves: the property games have no move a bot can take back
// (engine.BotAudit.UndoneMoves stays 0).
type auditor struct {
	n   engine.BotAudit
	bot [MaxSeats]bool // seats seen acting as bots
	// val is the seats' valuation, made when first needed (view): one
	// bot, seated at the seat it values for each judgement (its memory
	// is a quarter of what a sim allocates, and what the valuations keep
	// between calls is exact, so one serves all seats)
	val *bot
	acq [MaxCells]acquired
	// owned are the cells each seat owned before the action (bit c: cell
	// c), from the game's published owners, and cash its cash then
	owned [MaxSeats]uint64
	cash  [MaxSeats]int64
	// kept says that Before kept them (a purchase or bid): After has
	// nothing to record otherwise, and tells so without a type switch
	kept bool
	// last is the state's last auction result when Before kept, and sale
	// whether the auction then running was a player's sale: an auction
	// the action ends is After's to read (its price, not the cash the
	// action took, which may pay other debts too)
	last *AuctionResult
	sale bool
	// open is the request waiting for its answer; refused remembers the
	// refusals, by requester, answerer and the cells asked for.
	open    request
	refused refusals
	// why counts the same by reason (auditWhy), for the tests and the
	// decision record's breakdown.
	why [nAuditWhy]int
}

// The reasons the auditor counts.
const (
	whyLoss           = iota // a deal worse by the bot's valuation
	whyReserve               // a deal paid out of the bot's reserve
	whyBuyBack               // bought and offered back below the price paid
	whyOverbidLot            // a bid above the lot's value
	whyOverbidUnit           // a bid above a unit's value
	whyRepeatTrade           // a refused trade proposed again, no better
	whyRepeatTakeover        // a refused takeover requested again
	nAuditWhy
)

// auditWait is the rounds within which a refused request must not come
// again unchanged (the 10 rounds; the bot's own wait is offerWait).
const auditWait = 10

type acquired struct {
	round int32 // round+1 of the purchase; 0: none recorded
	seat  int32 // the buyer
	paid  int64
}

type requestKey struct {
	from, to int
	take     uint64
}

type request struct {
	key      requestKey
	takeover bool
	round    int
	worth    int64 // the offer's value to the answerer, by its valuation
	live     bool
}

// NewAuditor implements engine.Audited.
func (d Definition) NewAuditor(players int) engine.Auditor { return newAuditor() }

// NewAuditor implements engine.Audited.
func (v Variant[B]) NewAuditor(players int) engine.Auditor { return newAuditor() }

func newAuditor() *auditor {
	// the seats' valuation is made by view when first needed
	return &auditor{}
}

// Audit implements engine.Auditor.
func (a *auditor) Audit() engine.BotAudit { return a.n }

// view returns the view of seat by, lent by the game (its own view,
// Game.ownView, which the bot read: engine.PeekView for another game),
// and seat's valuation to value it with: the auditor reads it before the action
// is applied and keeps nothing of it, so a snapshot per bid and request
// (most of a sim's allocation) is not needed. by is the seat that acts:
// its lent view is filled for its own choice already, and what the
// valuations read of a view (the board, cells, players, rules, the table
// of charges) is the same in every seat's, so the other side of a deal
// needs no view filled of its own.
func (a *auditor) view(g engine.Game, by, seat int) (*View, *bot) {
	var v *View
	if gm, ok := g.(*Game); ok && uint(by) < uint(len(gm.s.Players)) {
		v = gm.ownView(by)
	} else {
		v = engine.ViewOf[View](engine.PeekView(g, by))
	}
	if a.val == nil {
		a.val = newBot(seat, 0)
	}
	b := a.val
	if b.seat != seat { // what it keeps of another seat's reserve and charges goes
		b.seat, b.resVer, b.rentsVer, b.leastVer, b.resLent, b.leastLent = seat, 0, 0, 0, false, false
	}
	b.res = -1
	return v, b
}

// Before implements engine.Auditor. Most actions (rolls, ends of turns,
// buildings) judge nothing: the few that do are judged by judge, whose
// frame holds the deals' offers, so that the common case's call is small.
func (a *auditor) Before(g engine.Game, seat int, act engine.Action, isBot bool) {
	a.kept = false
	if seat < 0 || seat >= MaxSeats {
		return
	}
	if isBot {
		a.bot[seat] = true
	}
	if gm, ok := g.(*Game); ok {
		a.before(gm, seat, act, isBot)
	}
}

// botBefore is Before of a bot's action in the game's own loop of a
// simulation's steps (Game.PlaySteps), seat one of gm's: before is not
// called for an action it has nothing to judge or keep of (judgesNothing).
func (a *auditor) botBefore(gm *Game, seat int, act engine.Action) {
	a.kept = false
	if uint(seat) < MaxSeats {
		a.bot[seat] = true
		if !judgesNothing(act) {
			a.before(gm, seat, act, true)
		}
	}
}

// judgesNothing reports whether before has nothing to judge or keep of
// act: a roll, an end of turn or a build, most of the steps. Assertions
// compare the type word with the types' own; before's type switch would
// load its hash from the type word's table, a cache miss at many steps.
func judgesNothing(act engine.Action) bool {
	_, roll := act.(Roll)
	_, end := act.(EndTurn)
	_, build := act.(Build)
	return roll || end || build
}

// before is Before's judging of seat's action act in gm.
func (a *auditor) before(gm *Game, seat int, act engine.Action, isBot bool) {
	switch x := act.(type) {
	case Buy: // what After compares with: only its purchases need it
		a.keep(gm)
	case Bid:
		a.keep(gm)
		if isBot {
			a.bid(gm, seat, x)
		}
	case ProposeTrade, CounterTrade, RequestTakeover, RejectTrade, DenyTakeover, AcceptTrade, ApproveTakeover, OfferToAll:
		a.judge(gm, seat, act, isBot)
	}
}

// judge is Before for a request, an answer to one or an offer to all:
// one type switch, the round asked only where it counts.
func (a *auditor) judge(gm *Game, seat int, act engine.Action, isBot bool) {
	var g engine.Game = gm
	s := gm.s
	switch x := act.(type) {
	case ProposeTrade:
		o := offerOf(seat, x)
		a.ask(g, seat, isBot, &o, false, g.Round())
	case CounterTrade:
		round := g.Round()
		a.refuse(round)
		if s.Trade != nil {
			o := counterOffer(seat, s.Trade.Offer.From, x)
			a.ask(g, seat, isBot, &o, false, round)
		}
	case RequestTakeover:
		if x.Cell >= 0 && x.Cell < len(s.Cells) {
			o := TradeOffer{From: seat, To: s.Cells[x.Cell].Owner, ToCells: []int{x.Cell}, Money: gm.rs.TakeoverPrice(x.Cell)}
			a.ask(g, seat, isBot, &o, true, g.Round())
		}
	case RejectTrade, DenyTakeover:
		a.refuse(g.Round())
	case AcceptTrade, ApproveTakeover:
		a.open.live = false
		if s.Trade != nil {
			o := s.Trade.Offer
			a.deal(g, seat, &o)
		}
	case OfferToAll:
		if p := a.acq[x.Cell]; isBot && int(p.round) == g.Round()+1 && int(p.seat) == seat && x.Reserve < p.paid {
			a.n.DealsBelowValuation++ // bought and offered back at a loss
			a.why[whyBuyBack]++
		}
	}
}

// keep records the owners and cash before a purchase or bid (After). The
// owners are the game's published masks of each seat's cells (the state's
// owners, kept up to date by every publish), not a walk over the board.
func (a *auditor) keep(g *Game) {
	a.owned, a.kept = g.pub.ownedBy, true
	a.last, a.sale = g.s.LastAuction, g.s.Auction != nil && g.s.Auction.Kind == lotSale
	for p := range g.s.Players {
		a.cash[p] = g.s.Players[p].Cash
	}
}

// After implements engine.Auditor: it records what seats bought this round
// (at the bank's price, at auction) and at what price.
func (a *auditor) After(g engine.Game, seat int, act engine.Action, isBot bool) {
	if !a.kept { // not a purchase or bid: Before kept nothing
		return
	}
	a.kept = false
	gm, ok := g.(*Game)
	if !ok {
		return
	}
	s := gm.s
	for o := range min(len(s.Players), MaxSeats) {
		for got := gm.pub.ownedBy[o] &^ a.owned[o]; got != 0; got &= got - 1 {
			c := bits.TrailingZeros64(got)
			paid := a.cash[o] - s.Players[o].Cash
			if r := s.LastAuction; r != nil && r != a.last && r.Lot == c && r.Winner == o {
				// won at the auction this action ended: its price (and a
				// mortgaged property's transfer fee, at a player's sale),
				// not the cash the step took, which may pay other debts
				// too (a card's collection the sale's proceeds completed)
				paid = r.Price
				if a.sale && s.Cells[c].Mortgaged {
					paid += gm.rs.TransferFee(c)
				}
			}
			a.acq[c] = acquired{round: int32(g.Round() + 1), seat: int32(o), paid: paid}
		}
	}
}

// ask records a request of seat by and counts it when it repeats a
// refused one.
func (a *auditor) ask(g engine.Game, by int, isBot bool, o *TradeOffer, takeover bool, round int) {
	if o.To < 0 || o.To >= MaxSeats {
		return
	}
	r := request{key: requestKey{from: o.From, to: o.To, take: cellBits(o.ToCells)}, takeover: takeover, round: round, live: true}
	if !takeover {
		v, b := a.view(g, by, o.To)
		r.worth = b.dealDeltas(v, o).to
	}
	if old, ok := a.refused.get(r.key); ok && isBot && round-old.round < auditWait && (takeover || r.worth <= old.worth) {
		a.n.RepeatedRequests++
		a.why[whyRepeatTrade+b2i(takeover)]++
	}
	a.open = r
}

// refuse records the refusal of the open request.
func (a *auditor) refuse(round int) {
	if a.open.live {
		a.open.live = false
		a.refused.put(a.open)
	}
}

// deal judges a trade or takeover about to be carried out, for each side
// that is a bot: worse off by its own valuation, or left below its
// reserve by what it pays. by is the seat that accepts.
func (a *auditor) deal(g engine.Game, by int, o *TradeOffer) {
	for _, side := range [2]int{o.From, o.To} {
		if side < 0 || side >= MaxSeats || !a.bot[side] {
			continue
		}
		v, b := a.view(g, by, side)
		e := b.dealDeltas(v, o)
		mine, pay := e.to, -o.Money
		if side == o.From {
			mine, pay = e.from, o.Money
		}
		switch {
		case mine <= 0:
			a.why[whyLoss]++
		case pay > 0 && v.PlayerCash(side)-pay < b.reserve(v):
			a.why[whyReserve]++
		default:
			continue
		}
		a.n.DealsBelowValuation++
	}
}

// bid counts a bot's bid above its valuation (and above the least bid
// allowed: a forced bid is no choice).
func (a *auditor) bid(g engine.Game, seat int, x Bid) {
	v, b := a.view(g, seat, seat)
	if v.Auction == nil || x.Amount <= 0 || x.Amount <= v.Auction.MinBid {
		return
	}
	unit := v.Auction.Kind == "unit" || v.Auction.Kind == "top"
	var worth int64
	if unit {
		worth = b.unitValue(v, v.Auction.Kind == "top")
	} else {
		worth = b.auctionValue(v, v.Auction.Lot, seat)
	}
	if x.Amount > worth {
		a.n.Overbids++
		a.why[whyOverbidLot+b2i(unit)]++
	}
}
