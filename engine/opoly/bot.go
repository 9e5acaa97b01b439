package opoly

import (
	"math/bits"

	"boardroom/engine"
	"boardroom/engine/rng"
)

// bot is the property games' bot. It sees only its own View and the legal
// actions: it values what it holds by what it earns (bot_value.go), buys
// and builds while it keeps a reserve that fits the board's rents, bids up
// to a lot's value, proposes trades that complete one of its groups and
// answers trades by their value to both sides (bot_trade.go), lifts
// mortgages when rich, raises money before it goes bankrupt, and pays to
// leave jail early in the game. Deterministic for a seed and its inputs.
type bot struct {
	seat    int
	r       *rng.PCG
	turnKey int   // round*MaxSeats+active of the last turn it proposed in
	res     int64 // reserve computed for the current Choose; -1: not yet
	// resVer, resRules and resPos are the cells (View.CellsVersion: the
	// same number means the same cells; a lent view's Cells slice is
	// rewritten in place, so its address cannot tell), rules and square of
	// the last reserve computed, resNear.
	resVer   uint64
	resRules *Ruleset
	resPos   int
	resNear  int64
	// resOthers is, when resLent, the fingerprint of the charges of the
	// cells the bot does not own (chargeKeys) of the last reserve worked
	// out on a lent view, on a board of resCells cells: on the same
	// square, with the same such charges, the reserve is the same.
	resOthers uint64
	resLent   bool
	resCells  int
	memo      AdviceMemory // its advisors' memory (bot_advice.go)
	gm        masks        // the groups' cells of a board (Advice.Blocked)
	ads       advisors     // the advisors of its rules (bot_advice.go)
	// rents and far are the rents of the cells of version rentsVer under
	// rentsRules, for a view that lends no table (cellRents).
	rents      *[MaxCells]int64 // rent of each cell to the bot (made when first needed)
	far        int64            // the highest of them
	rentsVer   uint64
	rentsRules *Ruleset
	scale      int64 // botScale of scaleRules and scaleBoard
	minBuild   int64 // minBuildPrice of scaleBoard
	// least is the least the reserve can be on the cells of version
	// leastVer (leastReserve; 0: none kept), under scaleRules
	least    int64
	leastVer uint64
	// leastOthers is, when leastLent, the fingerprint of the charges of
	// the cells the bot does not own (chargeKeys) that least was worked
	// out on: the least reserve reads only those.
	leastOthers uint64
	leastLent   bool
	// scaleRules and scaleBoard are the rules and board of scale: it
	// depends on them only.
	scaleRules *Ruleset
	scaleBoard *Board
	// minLift is leastLift of liftRules and liftBoard (bot_manage.go).
	minLift   int64
	liftRules *Ruleset
	liftBoard *Board
	scratch   []CellState // cells of a board the bot imagines (bot_value.go)
	tm        tradeMemo   // a trade search's memo (bot_memo.go)
	// cands is the last trade search's candidates and their values, kept
	// while the cells, the seats out and the rules stay (bot_trade_cands.go).
	cands tradeCands
	// offers remembers the bot's proposals, so that it neither repeats a
	// rejected one unchanged nor nags (bot_trade.go).
	offers map[offerKey]offerMemo
	// offered is the union of the cells of its offers (offers' keys'
	// take): a candidate asking for another cell needs no look-up.
	offered uint64
	// paid is what the bot paid for each cell, in which round (notePaid).
	paid [MaxCells]paidFor
	// askedFor is its last request (a takeover) for each cell (Advice.Asked).
	askedFor [MaxCells]askMemo
	// own, set only where the strong bot plays its own seat, tells the
	// variants' advisors to add its own dealings to these rules of thumb
	// (Advice.StrongKeeps, StrongAsks: Technopoly's takeovers); zero: the
	// standard bot.
	own ownDeals
	// cur is what the bot chooses from during a Choose (bot_legal.go);
	// its advisors read it (Advice.Legal).
	cur choices
	// bidList is a bidder's Legal list during its ChooseFrom (bot_legal.go)
	bidList [2]engine.Action
	// direct is set by the game's own loop of a simulation's steps around
	// the bot's ChooseFrom (Game.PlaySteps): propose then keeps its
	// proposal in kept, its cells in keptCells, and returns proposeKept{},
	// which the loop applies as the value kept (steps_kept.go).
	direct    bool
	kept      ProposeTrade
	keptCells [4]int
}

func newBot(seat int, seed uint64) *bot {
	return &bot{seat: seat, r: rng.FromSeed(seed), turnKey: -1, offers: map[offerKey]offerMemo{}}
}

// Choose implements engine.Bot.
func (b *bot) Choose(view engine.View, legal []engine.Action) engine.Action {
	if len(legal) == 0 {
		return nil
	}
	b.cur = choices{all: legal}
	a := b.choose(view)
	b.cur = choices{} // holds no game or list between choices
	return a
}

// choose is Choose from b.cur, which is never empty.
func (b *bot) choose(view engine.View) engine.Action {
	l := &b.cur
	v := engine.ViewOf[View](view)
	if v == nil || v.Board == nil || b.seat < 0 || b.seat >= v.Seats() {
		return l.list()[0]
	}
	b.res = -1
	switch v.Phase {
	case PhaseAuction:
		return b.bid(v, l.list())
	case PhaseTrade:
		return b.answer(v, l.part(partAnswer))
	case PhaseDebt:
		return b.raise(v, l)
	case PhaseValue, PhaseValued, PhasePlace, PhaseReceive: // a variant's own phases
		if a := b.advise(AdvicePhase, v); a != nil {
			return a
		}
		return l.list()[0]
	case PhaseChoose:
		var best engine.Action
		for _, a := range l.list() {
			if c, ok := a.(ChooseProperty); ok && (best == nil || v.Board.Cells[c.Cell].Price < v.Board.Cells[best.(ChooseProperty).Cell].Price) {
				best = a
			}
		}
		if best != nil {
			return best
		}
	case PhaseBuy:
		if !l.noBuilds() && !b.skipsManage(v) {
			if a := b.manage(v, l.part(partBuild)); a != nil {
				return a
			}
		}
		return b.buy(v, l.part(partTurn))
	}
	if v.Phase == PhaseJail {
		if a := b.jail(v, l); a != nil {
			return a
		}
	}
	if b.own.hire { // the strong seat's hiring, where it applies (bot_tp_strong.go)
		mg := l.part(partBuild)
		if a, ok := b.ownManage(v, mg); ok {
			if a != nil {
				return a
			}
		} else if a := b.manage(v, mg); a != nil {
			return a
		}
	} else if !l.noBuilds() && !b.skipsManage(v) {
		if a := b.manage(v, l.part(partBuild)); a != nil {
			return a
		}
	}
	if b.mayAdvise(AdviceTurn, v) {
		if a := b.advise(AdviceTurn, v); a != nil {
			return a
		}
	}
	// a ruleset without trades (Technopoly) lists no proposal: propose
	// would find none (Game.canPropose) and change nothing
	if v.Rules == nil || v.Rules.Trade.Allowed {
		if a := b.propose(v, l); a != nil {
			return a
		}
	}
	if b.mayAdvise(AdviceRequest, v) {
		if a := b.advise(AdviceRequest, v); a != nil {
			return a
		}
	}
	if l.parted() { // the part's first Roll or EndTurn, unlisted
		if a := l.g.turnStep(); a != nil {
			return a
		}
	}
	for _, a := range l.part(partTurn) {
		switch a.(type) {
		case Roll, EndTurn:
			return a
		}
	}
	return l.list()[0]
}

// reserve is the cash the bot keeps for rents it may have to pay: the
// highest rent it can land on with its next roll, or half the highest rent
// on the board if that is more (it will pass there within a few turns),
// plus a little. It is not capped: with hotels charging $2,000 a bot that
// builds into a smaller reserve has to sell its buildings again.
//
// The reserve of the current Choose is read where kept (a call small
// enough to be inlined: the trade search reads it for every candidate),
// else worked out (reserveOf).
func (b *bot) reserve(v *View) int64 {
	if b.res >= 0 {
		return b.res
	}
	return b.reserveOf(v)
}

// reserveOf is reserve, not yet kept for the current Choose.
func (b *bot) reserveOf(v *View) int64 {
	n := len(v.Cells)
	if n == 0 {
		return 0
	}
	pos := v.PlayerPos(b.seat)
	if v.CellsVersion != 0 && v.CellsVersion == b.resVer && v.Rules == b.resRules && pos == b.resPos {
		b.res = b.resNear // the same cells and square as the last Choose
		return b.res
	}
	var near, far int64
	if m := v.lentRents(); m != nil {
		b.scaleOf(v)
		others := m.others.from(b.seat)
		if b.resLent && others == b.resOthers && pos == b.resPos && v.Rules == b.resRules && n == b.resCells {
			// only cells of its own changed (its buildings, its
			// mortgages, its purchases from the bank), or none: the
			// charges it reads are the same
			b.res, b.resVer = b.resNear, v.CellsVersion
			return b.res
		}
		// a lent view: the game's table of charges is read where the
		// bot may land, and its highest charge by owner gives the
		// farthest (the same numbers as cellRents, without copying 40)
		near = nearCharge(v.Cells, m, pos, b.seat)
		far = m.farFrom(b.seat, v)
		b.resVer, b.resRules = v.CellsVersion, v.Rules
		b.resOthers, b.resLent, b.resCells = others, true, n
	} else {
		b.resLent = false
		if v.CellsVersion == 0 || v.CellsVersion != b.rentsVer || v.Rules != b.rentsRules {
			b.cellRents(v)
		}
		for d := 2; d <= 12; d++ {
			c := pos + d
			if c >= n {
				c %= n
			}
			near = max(near, b.rents[c])
		}
		far = b.far
		b.resVer, b.resRules = v.CellsVersion, v.Rules
	}
	b.res = 100*b.scale + max(near, far/2)
	b.resPos, b.resNear = pos, b.res
	return b.res
}

// botScale is the ruleset's BotScale, or else the board's scale of money:
// a hundredth of its mean property price, halved (1 in Unipoly, whose
// mean price is about $200; 10 in Projectopoly, whose money is ten times
// Unipoly's: its bots kept a reserve of 100€ more than the rents, a tenth
// of what they meant, issue 27).
func botScale(v *View) int64 {
	if v.Rules.BotScale > 0 {
		return v.Rules.BotScale
	}
	var sum, n int64
	for i := range v.Board.Cells {
		if cell := &v.Board.Cells[i]; cell.Kind.Property() {
			sum, n = sum+cell.Price, n+1
		}
	}
	return max(sum/max(n, 1)/200, 1)
}

func (b *bot) buy(v *View, legal []engine.Action) engine.Action {
	c := v.PlayerPos(b.seat)
	price := v.Board.Cells[c].Price
	left := v.PlayerCash(b.seat) - price
	if left >= b.reserve(v) || b.marginal(v, c, b.seat) > price && left >= b.reserve(v)/2 {
		for _, a := range legal {
			if _, ok := a.(Buy); ok {
				b.notePaid(v, c, price)
				return a
			}
		}
	}
	return Decline{}
}

func (b *bot) bid(v *View, legal []engine.Action) engine.Action {
	t, ok := legal[0].(Bid)
	if !ok || v.Auction == nil {
		return legal[0]
	}
	return bidAction(legal[0], t, b.bidAmount(v, t))
}

// bidAmount is the amount the bot bids on template t (v.Auction not nil):
// bid's choice without an action boxed, which the game's own loop of a
// simulation's bids applies as it is (Game.playBotBid).
func (b *bot) bidAmount(v *View, t Bid) int64 {
	p := t.Param()
	lot := v.Auction.Lot
	if k := v.Auction.Kind; k == "unit" || k == "top" {
		return b.bidUnit(v, t)
	}
	// What the lot is worth paying for to the bot (auctionValue: never
	// more, issue 27), but no more than it takes to outbid the rival who
	// wants it most, by the same valuation (and within their cash).
	vals := v.valsNow() // one memo for every bidder's value
	value := b.auctionValueIn(vals, v, lot, b.seat)
	limit := v.PlayerCash(b.seat) - b.reserve(v)/2
	if value > limit {
		value = limit
	}
	price := v.Board.Cells[lot].Price
	var rival int64
	for _, s := range v.Auction.Bidders {
		if s != b.seat {
			rival = max(rival, min(b.auctionValueIn(vals, v, lot, s), v.PlayerCash(s)))
		}
	}
	value = min(value, rival+price/10)
	x := value - int64(b.r.IntN(int(price/20+1)))
	if st := p.Step; st > 1 {
		x -= ((x % st) + st) % st
	}
	if x < p.Min {
		x = p.Min
	}
	if x > p.Max {
		x = p.Max
	}
	// what it pays if it wins: a mortgaged property of a player's sale
	// costs the winner its transfer fee too (R000-28, Game.maxBid)
	paid := x
	if v.Auction.Kind == "sale" && v.Cells[lot].Mortgaged && v.Rules != nil {
		paid += v.Rules.TransferFee(lot)
	}
	b.notePaid(v, lot, paid)
	return x
}

// bidAction is the bid of x on template t, which boxed is tpl: tpl
// itself when x is its amount (the minimum: t.With(x) is t, and a boxed
// value is never written again), which saves an allocation a bid.
func bidAction(tpl engine.Action, t Bid, x int64) engine.Action {
	if x == t.Amount {
		return tpl
	}
	return t.With(x)
}

// notePaid remembers that the bot pays x for cell c in this round (a
// purchase, or its bid in case it wins), so that it never offers it back
// for less in the same round (Advice.Paid).
func (b *bot) notePaid(v *View, c int, x int64) {
	if c >= 0 && c < MaxCells {
		b.paid[c] = paidFor{round: v.Round + 1, amount: x}
	}
}

// noteChoice remembers a request or purchase in a, chosen for the bot
// (by the strong bot's search): what notePaid and noteAsked remember of
// the bot's own choices.
func (b *bot) noteChoice(v *View, a engine.Action) {
	switch x := a.(type) {
	case Buy:
		c := v.PlayerPos(b.seat)
		b.notePaid(v, c, v.Board.Cells[c].Price)
	case Bid:
		if v.Auction != nil && v.Auction.Kind != "unit" && v.Auction.Kind != "top" {
			b.notePaid(v, v.Auction.Lot, x.Amount)
		}
	case RequestTakeover:
		b.noteAsked(v, x.Cell)
	case ProposeTrade:
		b.noteOffer(v, x)
	}
}

// paidFor is what the bot paid for a cell and in which round (+1; 0: never).
type paidFor struct {
	round  int
	amount int64
}

// jail pays to leave jail early in the game, or uses a card; it reads its
// turn's actions (l's partTurn) only then.
func (b *bot) jail(v *View, l *choices) engine.Action {
	if v.Round >= 15 && !b.unownedOver(v, 4) { // early: before round 15, or more than 4 left to buy
		return nil
	}
	for _, a := range l.part(partTurn) {
		switch a.(type) {
		case UseJailCard:
			return a
		case PayJailFee:
			if v.PlayerCash(b.seat)-v.JailFee >= b.reserve(v) {
				return a
			}
		}
	}
	return nil
}

// unownedOver is the package's unownedOver, on the bot's own view read
// from the published owners' masks against the board's properties (a
// walk over the board's cells, most of jail's work late in a game, when
// few are left).
func (b *bot) unownedOver(v *View, n int) bool {
	o := v.own
	if o == nil || v.Board == nil {
		return unownedOver(v, n)
	}
	if b.gm.board != v.Board && b.groupMasks(v.Board) == nil || b.gm.n < 0 {
		return unownedOver(v, n)
	}
	var owned uint64
	for _, m := range o.pub.ownedBy[:min(v.Seats(), MaxSeats)] {
		owned |= m
	}
	return bits.OnesCount64(b.gm.props&^owned) > n
}

// unownedOver reports whether the bank holds more than n properties of
// v's board (counted only as far as n+1).
func unownedOver(v *View, n int) bool {
	for c := range v.Cells {
		if v.Board.Cells[c].Kind.Property() && v.Cells[c].Owner == Bank {
			if n--; n < 0 {
				return true
			}
		}
	}
	return false
}
