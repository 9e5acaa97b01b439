package opoly

import (
	"math"
	"slices"

	"boardroom/engine"
)

// The bot's trades. Both sides of a trade are valued the same way
// (tradeDeltas): the bot's own gain D and the other side's gain T. A rival's
// gain counts against the bot with a weight w (tradeEval), so with
// money M paid by the proposer
//
//	proposer's score = D - M - w·(T + M)
//	answerer's score = T + M - w·(D - M)
//
// and a trade both can want exists only when D + T > 0: when it makes
// something new, such as a complete group. The answerer also refuses
// anything that leaves it worse off by its own valuation (T + M <= 0),
// and the proposer never pays more than the trade is worth to it.

// offerKey names a proposal by its counterparty and the cells the bot
// asks for (whatever it gives for them: offering other streets instead is
// no excuse to nag).
type offerKey struct {
	to   int
	take uint64 // bit set of cells
}

// offerMemo is what the bot remembers of a proposal it made.
type offerMemo struct {
	tries int    // proposals of it since the board last changed
	money int64  // the last money offered
	round int    // the round of the last proposal
	stamp uint64 // the state of the groups involved, then
	// worth is the last proposal's value to the other side, by the bot's
	// valuation: within offerWait rounds of it the bot proposes the same
	// cells to the same player again only for more (issue 27: a refused
	// request is not repeated unless the offer improved), even when the
	// groups changed and the tries start again.
	worth int64
}

// answerWeight is the least rival weight, in hundredths, of the trades the
// bot answers (answer).
const answerWeight = 100

const (
	offerSteps = 3  // the offers the bot makes, rising, before it waits
	offerWait  = 10 // rounds it waits after its last offer was refused
)

// propose offers, at most once a turn, the trade it scores best that
// completes one of the bot's street groups, or buys the streets of one of
// three holders of a group: for money, for streets of ours that complete a
// group of the other side, or for one other property of ours (and money
// either way). The first offer is the least the other side should accept
// by the bot's valuation of it (starting a quarter lower made every trade
// take a round more, and games longer); each refused offer is raised the
// next turn, up to the bot's own limit, and after offerSteps offers it
// waits offerWait rounds unless the groups involved change. (Accepting the
// first offer at once made trades faster still, but gave the first players
// to move an edge of 6 points with 6 players.)
func (b *bot) propose(v *View, l *choices) engine.Action {
	key := v.Round*MaxSeats + v.Active
	if key == b.turnKey {
		return nil // one proposal per turn at most
	}
	if !l.mayPropose() {
		return nil
	}
	b.turnKey = key
	// Which candidates the search values, and what each is worth to both
	// sides, depend on the cells, on who is out and on the rules only: the
	// last search's list serves while they stay (bot_trade_cands.go). When
	// it holds none, there is nothing to value (two searches in five, in
	// Unipoly).
	out := outSeats(v)
	if !b.cands.valid(v, out) {
		b.listCands(v, out)
	}
	if len(b.cands.list) == 0 {
		return nil
	}
	t, res := &b.cands, b.reserve(v)
	if t.leastOK && v.PlayerCash(b.seat)-res < t.least {
		return nil // the cash is short for every candidate (least)
	}
	t.search(v, res)
	b.tm.begin(v)
	defer b.tm.end()
	// the best candidate by its index, its trade, key and valuation read
	// once it is known (copying them at each better score kept a dozen
	// words live across the loop)
	bestI, bestScore, bestMoney := 0, int64(0), int64(0)
	var bestMemo offerMemo
	var memo offerMemo // price's, of each candidate it prices
	list := t.list
	t.least = math.MaxInt64
	for i := range list {
		if m, score, ok := b.price(v, &list[i], &memo); ok && score > bestScore {
			bestI, bestScore, bestMoney, bestMemo = i, score, m, memo
		}
	}
	t.leastOK = true
	if bestScore <= 0 {
		return nil
	}
	tc := &list[bestI]
	best, bestKey := tc.cand(), tc.key()
	best.money = bestMoney
	bestMemo.stamp = b.takeStamp(v, tc) // price leaves it to the offer made
	b.offers[bestKey] = bestMemo
	b.offered |= bestKey.take
	if m := v.valsNow(); m != nil {
		// the answerer and the auditor value the same trade on the same
		// cells (dealDeltas): what the search worked out serves them
		m.keepDeal(dealKey{from: b.seat, to: best.to, fromCells: cellBits(best.give[:best.ng]), toCells: bestKey.take}, tc.eval())
	}
	if b.direct { // the game's own loop applies it as a value (steps_kept.go)
		return b.keep(&best)
	}
	// the cells in one allocation: the take's capacity ends where the
	// give's cells start
	cells := make([]int, best.nt+best.ng)
	copy(cells, best.take[:best.nt])
	copy(cells[best.nt:], best.give[:best.ng])
	p := ProposeTrade{To: best.to, Take: cells[:best.nt:best.nt], Money: best.money}
	if best.ng > 0 {
		p.Give = cells[best.nt:]
	}
	return p
}

// mortgagedAny reports whether a cell of v is mortgaged (price reads the
// traded cells' fees only then, and it trades seats' cells alone): on a
// bot's own view from the published counts of each seat's mortgaged
// cells, else from the cells.
func mortgagedAny(v *View) bool {
	if _, ok := v.mortgagesOf(0); ok {
		for s := range min(v.Seats(), MaxSeats) {
			if n, _ := v.mortgagesOf(s); n != 0 {
				return true
			}
		}
		return false
	}
	for c := range v.Cells {
		if v.Cells[c].Mortgaged {
			return true
		}
	}
	return false
}

// outSeats has bit s set when seat s is out of the game (a bot's own
// view: worked out once a state, ownRead.outSeats).
func outSeats(v *View) uint64 {
	if o := v.own; o != nil {
		return o.outSeats()
	}
	var m uint64
	for i := range v.Seats() {
		if v.PlayerOut(i) {
			m |= 1 << uint(i)
		}
	}
	return m
}

// cand is a proposal the bot considers: the streets it takes from to, and
// the street it gives in a swap (ng = 1).
type cand struct {
	to         int
	take, give [2]int
	nt, ng     int
	money      int64
}

// missing reports whether seat owns all but one or two streets of group gi
// and one other player, to, owns the rest (the n cells put in take), none
// built on.
func (b *bot) missing(v *View, gi, seat int, take *[2]int) (to, n int, ok bool) {
	grp := &v.Board.Groups[gi]
	if grp.Kind != KindStreet || len(grp.Cells) < 2 {
		return Bank, 0, false
	}
	to = Bank
	for _, c := range grp.Cells {
		switch o := v.Cells[c].Owner; {
		case o == seat:
		case o == Bank || to != Bank && o != to || n == 2:
			return Bank, 0, false
		default:
			to = o
			take[n] = c
			n++
		}
	}
	if to == Bank || n == len(grp.Cells) || v.PlayerOut(to) {
		return Bank, 0, false
	}
	return to, n, true
}

// holders appends to out (the caller's array, so that the list is not
// allocated: it was a third of a game's allocations) the players other than
// the bot that hold streets of group gi, when the bot holds one too and the
// bank none.
func (b *bot) holders(v *View, gi int, out []int) []int {
	grp := &v.Board.Groups[gi]
	if grp.Kind != KindStreet {
		return nil
	}
	mine := false
	for _, c := range grp.Cells {
		switch o := v.Cells[c].Owner; {
		case o == Bank:
			return nil
		case o == b.seat:
			mine = true
		case !slices.Contains(out, o):
			out = append(out, o)
		}
	}
	if !mine || len(out) < 2 {
		return nil
	}
	return out
}

// heldBy puts into take the streets of group gi that to holds (at most
// two, none built on) and their number into n.
func (b *bot) heldBy(v *View, gi, to int, take *[2]int, n *int) bool {
	if v.PlayerOut(to) || v.groupBuilt(gi) {
		return false
	}
	*n = 0
	for _, c := range v.Board.Groups[gi].Cells {
		if v.Cells[c].Owner == to {
			if *n == 2 {
				return false
			}
			take[*n] = c
			*n++
		}
	}
	return *n > 0
}

// groupBuilt reports whether a cell of group gi has buildings.
func (v *View) groupBuilt(gi int) bool {
	for _, c := range v.Board.Groups[gi].Cells {
		if v.Cells[c].Level > 0 {
			return true
		}
	}
	return false
}

// price names the money of proposal p, with the memory of the bot's
// earlier offers of it, which it writes to *out when ok (all of it but
// the stamp, which propose adds to the one offer it makes): ok is false
// when the trade cannot be made now, or the offer would repeat a refused
// one.
// It reads the cash and the reserve the search noted (tradeCands.search),
// and lowers tradeCands.least to the free cash with which tc could pass
// its tests of cash and value.
//
// Every refusal returns the same and changes nothing, so their order is
// free: the cash first, then the valuation, then the memory (most
// candidates are refused for cash or value, and a look-up in the memory
// cost more than the valuations it spared while the bot waits).
func (b *bot) price(v *View, tc *tradeCand, out *offerMemo) (money, score int64, ok bool) {
	t := &b.cands
	myCash, theirCash := t.cash[b.seat&(MaxSeats-1)], t.cash[tc.to&(MaxSeats-1)]
	// the fees for mortgaged properties received (R000-28), when a cell
	// is mortgaged at all
	var fees, theirFees int64
	if t.mort {
		for _, x := range tc.take[:tc.nt()] {
			if v.Cells[x].Mortgaged {
				fees += v.Rules.TransferFee(int(x))
			}
		}
		for _, x := range tc.give[:tc.ng()] {
			if v.Cells[x].Mortgaged {
				theirFees += v.Rules.TransferFee(int(x))
			}
		}
	}
	// it keeps half its reserve: a purchase (which the other side sells
	// only for money, lo > 0) needs some left. Keeping the whole reserve
	// and the money for three houses on the group as well left most
	// groups split for the whole game, as money was too short to buy
	// them (Projectopoly 4 players: 68 rounds instead of 48)
	spare := myCash - fees - t.res
	if tc.n < 4 && spare < 0 { // ng == 0
		t.least = min(t.least, fees) // free cash of fees at least
		return 0, 0, false
	}
	e := b.eval(v, tc)
	d, t2 := e.from, e.to
	if d+t2 <= 0 {
		return 0, 0, false
	}
	wTo := max(e.wTo, answerWeight)              // as the other side's bot answers
	lo := (wTo*d - 100*t2) / (100 + wTo)         // the least the other side should accept
	hi := (100*d - e.wFrom*t2) / (100 + e.wFrom) // the most the bot pays
	if hi = min(hi, d-1); hi >= lo {
		// spare lo at least, whatever the cash: free cash of lo+fees
		t.least = min(t.least, lo+fees)
	}
	hi = min(hi, spare)
	if hi < lo || -lo > theirCash/2 {
		return 0, 0, false
	}
	var memo offerMemo
	seen := false
	if tc.takeBits()&^b.offered == 0 { // else it never offered these cells
		memo, seen = b.offers[tc.key()]
	}
	last, lastWorth := -offerWait, int64(0) // the last proposal, whatever the stamp
	if seen {
		last, lastWorth = memo.round, memo.worth
	}
	switch {
	case !seen || memo.stamp != b.takeStamp(v, tc):
		memo = offerMemo{}
	case memo.tries >= offerSteps && v.Round-memo.round < offerWait:
		return 0, 0, false // it waits
	case memo.tries >= offerSteps:
		memo.tries = 0
	}
	money = lo + (hi-lo)*int64(memo.tries)/int64(offerSteps)
	st := max(v.Rules.Money.Step, 1)
	money -= ((money % st) + st) % st
	if recent := v.Round-last < offerWait; recent && t2+money <= lastWorth {
		// better than the last proposal of it, or not at all
		money = lastWorth - t2 + st
		money -= ((money % st) + st) % st
		if money > hi || t2+money <= lastWorth {
			return 0, 0, false
		}
	}
	if seen && memo.tries > 0 && money == memo.money || money+fees > myCash || theirCash+money < theirFees {
		return 0, 0, false // unchanged: not again
	}
	if v.Rules.Trade.NoGifts && money < v.Rules.Money.Step && tc.n < 4 {
		return 0, 0, false
	}
	*out = offerMemo{tries: memo.tries + 1, money: money, round: v.Round, worth: t2 + money} // the stamp: propose's
	return money, d - money - e.wFrom*(t2+money)/100, true
}

// search notes, before a search prices its candidates, what price reads
// of view v for every one: whether a cell is mortgaged, each seat's cash,
// and the bot's reserve res.
func (t *tradeCands) search(v *View, res int64) {
	t.mort, t.res = mortgagedAny(v), res
	for s := range min(v.Seats(), MaxSeats) {
		t.cash[s] = v.PlayerCash(s)
	}
}

// refusedLately reports whether the bot proposed the cells take of seat to
// within offerWait rounds for an offer worth as much to to as worth, or
// more (by the bot's valuation): not again (issue 27).
func (b *bot) refusedLately(v *View, to int, take []int, worth int64) bool {
	m, seen := b.offers[offerKey{to: to, take: cellBits(take)}]
	return seen && v.Round-m.round < offerWait && worth <= m.worth
}

// noteOffer remembers the proposal p, chosen for the bot (by the strong
// bot's search), as price remembers its own.
func (b *bot) noteOffer(v *View, p ProposeTrade) {
	if len(p.Take) == 0 {
		return
	}
	o := TradeOffer{From: b.seat, To: p.To, FromCells: p.Give, ToCells: p.Take, Money: p.Money}
	k := offerKey{to: p.To, take: cellBits(p.Take)}
	m := b.offers[k]
	b.offered |= k.take
	b.offers[k] = offerMemo{tries: m.tries + 1, money: p.Money, round: v.Round, stamp: b.stamp(v, p.Take[0]), worth: b.tradeDeltas(v, &o).to}
}

// stamp sums up the owners, levels and mortgages of the group the bot
// asks for, to tell when the holdings that matter to the offer change
// (groupStamp; a lent view lends the game's, kept as the cells change).
func (b *bot) stamp(v *View, take int) uint64 {
	gi := v.Board.Cells[take].Group
	if m := v.lentGroups(); m != nil && gi < len(m.stamp) {
		return m.stamp[gi]
	}
	return groupStamp(v.Cells, &v.Board.Groups[gi])
}

func b2i(x bool) int {
	if x {
		return 1
	}
	return 0
}

func cellBits(cells []int) uint64 {
	var m uint64
	for _, c := range cells {
		m |= 1 << uint(c)
	}
	return m
}

// answer accepts a trade that leaves the bot better off by its own
// valuation, all of its groups' buildings and lost full groups included,
// by more than it helps the other side (weighted by rivalWeight).
func (b *bot) answer(v *View, legal []engine.Action) engine.Action {
	if v.Trade == nil || v.Trade.Offer == nil {
		if v.Trade != nil && v.Trade.Takeover {
			return DenyTakeover{}
		}
		return RejectTrade{}
	}
	o := v.Trade.Offer
	if v.Trade.Takeover { // a variant's request (Technopoly's takeover)
		if a := b.advise(AdviceAnswer, v); a != nil {
			return a
		}
		return DenyTakeover{}
	}
	e := b.dealDeltas(v, o)
	mine, theirs, w, pay := e.to, e.from, e.wTo, -o.Money
	if o.From == b.seat {
		mine, theirs, w, pay = e.from, e.to, e.wFrom, o.Money
	}
	// A proposal it answers gains it at least as much as the proposer
	// (answerWeight): a player who proposes to each bot in turn the
	// trade it accepts that is best for the player otherwise collects
	// twice what each bot gets (issue 27's exploiter won 40% of Unipoly
	// games against three standard bots).
	w = max(w, answerWeight)
	ok := mine > 0 && 100*mine > w*theirs
	if ok && (pay <= 0 || v.PlayerCash(b.seat)-pay >= b.reserve(v)) {
		for _, a := range legal {
			if _, ok := a.(AcceptTrade); ok {
				return a
			}
		}
	}
	return RejectTrade{}
}

// completesFor reports whether a player other than seat owns every other
// cell of the group of cell c.
func completesFor(v *View, c, seat int) bool {
	grp := &v.Board.Groups[v.Board.Cells[c].Group]
	owner := Bank
	for _, x := range grp.Cells {
		if x == c {
			continue
		}
		o := v.Cells[x].Owner
		if o == Bank || o == seat || owner != Bank && o != owner {
			return false
		}
		owner = o
	}
	return owner != Bank
}
