package opoly

import (
	"fmt"
	"math/bits"

	"boardroom/engine"
)

// ForgetTradeCands drops the trade search's kept candidates of the
// standard bot b (a *bot), so that its next search lists and values them
// afresh; it reports whether b is one.
func ForgetTradeCands(b engine.Bot) bool {
	x, ok := b.(*bot)
	if ok {
		x.cands = tradeCands{}
	}
	return ok
}

// TradeCandsKept reports whether the standard bot b's kept candidates are
// those of view (a search on it would not list them again).
func TradeCandsKept(b engine.Bot, view engine.View) bool {
	x, ok := b.(*bot)
	v := engine.ViewOf[View](view)
	return ok && v != nil && x.cands.valid(v, outSeats(v))
}

// TradeSearchShort reports whether the standard bot b's next search on
// view would be skipped because its free cash is short for every kept
// candidate (tradeCands.least).
func TradeSearchShort(b engine.Bot, view engine.View) bool {
	x, ok := b.(*bot)
	v := engine.ViewOf[View](view)
	if !ok || v == nil || !x.cands.valid(v, outSeats(v)) || !x.cands.leastOK {
		return false
	}
	x.res = -1 // as at the start of a choice
	return v.PlayerCash(x.seat)-x.reserve(v) < x.cands.least
}

// DebtPartFresh returns seat's debt parts (partDebt, then partDebtMechs)
// listed without the list the lent debt view kept, copied.
func DebtPartFresh(eg engine.Game, seat int) []engine.Action {
	g := eg.(*Game)
	if l := g.lent; l != nil {
		ver := l.debtBuf.manageVer
		l.debtBuf.manageVer = 0
		defer func() { l.debtBuf.manageVer = ver }()
	}
	part := append([]engine.Action(nil), g.legalPart(seat, partDebt)...)
	return append(part, g.legalPart(seat, partDebtMechs)...)
}

// TradeCandsBoth lists the trade candidates of a standard bot of seat on
// view both ways: as the search lists them (listCands, from one pass over
// the cells) and group by group and cell by cell as it did before
// (listCandsEach below); each candidate as its trade and stamp.
func TradeCandsBoth(view engine.View, seat int) (listed, each []string) {
	v := engine.ViewOf[View](view)
	b := newBot(seat, 1)
	b.listCands(v, outSeats(v))
	for i := range b.cands.list {
		tc := &b.cands.list[i]
		listed = append(listed, candString(tc, b.takeStamp(v, tc)))
	}
	r := newBot(seat, 1)
	r.listCandsEach(v, outSeats(v))
	for i := range r.cands.list {
		tc := &r.cands.list[i]
		// the stamp from the cells, not from the game's memo (groupMemo)
		each = append(each, candString(tc, groupStamp(v.Cells, &v.Board.Groups[v.Board.Cells[tc.take[0]].Group])))
	}
	return listed, each
}

func candString(tc *tradeCand, stamp uint64) string {
	c := tc.cand()
	return fmt.Sprint(c.to, c.take[:c.nt], c.give[:c.ng], tc.takeBits(), stamp)
}

// listCandsEach is listCands as it was before the one pass over the cells
// (issue 32): every check per group and per cell.
func (b *bot) listCandsEach(v *View, out uint64) {
	t := &b.cands
	t.ver, t.out, t.rules, t.board = v.CellsVersion, out, v.Rules, v.Board
	t.list = t.list[:0]
	var c cand
	add := func() {
		t.list = append(t.list, tradeCand{to: int8(c.to), take: [2]int8{int8(c.take[0]), int8(c.take[1])},
			give: [2]int8{int8(c.give[0]), int8(c.give[1])}, n: uint8(c.nt | c.ng<<2)})
	}
	consider := func(gi int) {
		c.ng = 0
		add()
		for gj := range v.Board.Groups {
			if o, n, ok := b.missing(v, gj, c.to, &c.give); ok && o == b.seat && gj != gi && !v.groupBuilt(gj) {
				c.ng = n
				add()
			}
		}
		for x := range v.Cells {
			if v.Cells[x].Owner != b.seat || v.Cells[x].Mortgaged || !v.Board.Cells[x].Kind.Property() {
				continue
			}
			if gx := v.Board.Cells[x].Group; gx == gi || v.Board.Groups[gx].Kind == KindStreet && v.groupBuilt(gx) {
				continue
			}
			c.give[0], c.ng = x, 1
			add()
		}
	}
	for gi := range v.Board.Groups {
		var ok bool
		if c.to, c.nt, ok = b.missing(v, gi, b.seat, &c.take); ok {
			consider(gi)
			continue
		}
		var hs [MaxSeats]int
		for _, to := range b.holders(v, gi, hs[:0]) {
			if c.to = to; b.heldBy(v, gi, to, &c.take, &c.nt) {
				consider(gi)
			}
		}
	}
}

// GroupMemoBoth returns what the trade search reads of each group of a
// lent view, as the game's memo holds it (groupMemo: each group's summary
// and stamp, the whole groups' fingerprint, and seat's cells from its
// Props) and as summed up from the view's cells; ok is false when v lends
// no memo of its cells.
func GroupMemoBoth(view engine.View, seat int) (kept, fresh string, ok bool) {
	v := engine.ViewOf[View](view)
	m := v.lentGroups()
	if m == nil {
		return "", "", false
	}
	n := min(len(v.Board.Groups), len(m.sum))
	var sums [64]groupSum
	var mine [MaxCells]int8
	nm := sumGroups(v, seat, &sums, &mine)
	var stamps []uint64
	full := uint64(fullStart)
	var wholeOf, mixed [MaxSeats]uint64
	for gi := range v.Board.Groups[:n] {
		stamps = append(stamps, groupStamp(v.Cells, &v.Board.Groups[gi]))
		if sums[gi].whole() && v.Board.Groups[gi].Kind == KindStreet {
			full = fullMix(full, gi, &sums[gi])
			wholeOf[bits.TrailingZeros16(sums[gi].owners)] |= 1 << uint(gi)
		}
		for s := range mixed {
			if sum := &sums[gi]; v.Board.Groups[gi].Kind == KindStreet && !sum.bank && sum.owners&(1<<uint(s)) != 0 && sum.owners != 1<<uint(s) {
				mixed[s] |= 1 << uint(gi)
			}
		}
	}
	b := newBot(seat, 1)
	b.listCands(v, outSeats(v)) // from the memo: its fingerprint of the whole groups
	kept = fmt.Sprint(m.sum[:n], m.stamp[:n], b.cands.full, m.full, m.wholeOf, m.mixed, v.Players[seat].Props)
	fresh = fmt.Sprint(sums[:n], stamps, full, full, wholeOf, mixed, mine[:nm])
	return kept, fresh, true
}

// GroupWorthsKept returns the worths of the groups to the seats that the
// game's memo of a lent view holds (groupMemo.worthOf: those some bot
// asked for on these cells, or on cells of the same groups before), and
// the same worked out afresh from the view's cells; ok is false when v
// lends no memo of its cells.
func GroupWorthsKept(view engine.View) (kept, fresh []int64, ok bool) {
	v := engine.ViewOf[View](view)
	m := v.lentGroups()
	if m == nil {
		return nil, nil, false
	}
	land := landings(v)
	for gi := range v.Board.Groups[:min(len(v.Board.Groups), len(m.known))] {
		for seat := range v.Players {
			if m.known[gi]&(1<<uint(seat)) != 0 {
				kept = append(kept, m.worthOf(v, gi, seat, land))
				fresh = append(fresh, groupWorth(v, v.Cells, gi, seat, land, true))
			}
		}
	}
	return kept, fresh, true
}

// PendingDealKept returns the worths (from, to, wFrom, wTo) of the trade
// a lent view shows pending that the game's memo holds (dealDeltas:
// without money or cards), and the same worked out afresh; ok is false
// when no trade is pending or the memo does not hold it.
func PendingDealKept(view engine.View) (kept, fresh [4]int64, ok bool) {
	v := engine.ViewOf[View](view)
	m := v.valsNow()
	if m == nil || v.Trade == nil || v.Trade.Offer == nil {
		return kept, fresh, false
	}
	o := v.Trade.Offer
	i := m.deal(dealKey{from: o.From, to: o.To, fromCells: cellBits(o.FromCells), toCells: cellBits(o.ToCells)})
	if i < 0 {
		return kept, fresh, false
	}
	w := *v
	w.vals, w.rents = nil, nil
	o0 := TradeOffer{From: o.From, To: o.To, FromCells: o.FromCells, ToCells: o.ToCells}
	e, k := newBot(o.From, 0).tradeDeltas(&w, &o0), m.deals[i]
	return [4]int64{k.from, k.to, k.wFrom, k.wTo}, [4]int64{e.from, e.to, e.wFrom, e.wTo}, true
}

// DealsBothWays values, with the standard bot b of seat (a *bot, whose
// scratch board keeps what its earlier valuations left), trades of seat
// with each other seat on a lent view: one of the other's properties for
// money, and for one of seat's. Each is valued as the view lends the
// game's memo of the groups (tradeDeltas outside a search: the worths
// before and the other groups' owners from the memo, the scratch board
// written for the traded groups alone) and on a copy of the view that
// lends nothing (every worth and owner from the cells).
func DealsBothWays(bt engine.Bot, view engine.View, seat int) (lent, plain [][4]int64) {
	b, ok := bt.(*bot)
	v := engine.ViewOf[View](view)
	if !ok || v == nil || v.lentGroups() == nil {
		return nil, nil
	}
	w := *v
	w.rents, w.vals = nil, nil
	me := v.Players[seat].Props
	for q := range v.Players {
		them := v.Players[q].Props
		if q == seat || v.Players[q].Out || len(them) == 0 {
			continue
		}
		offers := []TradeOffer{{From: seat, To: q, ToCells: them[len(them)-1:]}}
		if len(me) > 0 {
			offers = append(offers, TradeOffer{From: seat, To: q, ToCells: them[:1], FromCells: me[:1]})
		}
		for i := range offers {
			e, f := b.tradeDeltas(v, &offers[i]), newBot(seat, 0).tradeDeltas(&w, &offers[i])
			lent = append(lent, [4]int64{e.from, e.to, e.wFrom, e.wTo})
			plain = append(plain, [4]int64{f.from, f.to, f.wFrom, f.wTo})
		}
	}
	return lent, plain
}

// OfferedCovers reports whether the cells of every offer the standard
// bot b remembers are among those it marks offered (price looks up the
// memory only for candidates of such cells), and how many it remembers.
func OfferedCovers(bt engine.Bot) (ok bool, offers int) {
	b, isBot := bt.(*bot)
	if !isBot {
		return false, 0
	}
	for k := range b.offers {
		if k.take&^b.offered != 0 {
			return false, len(b.offers)
		}
	}
	return true, len(b.offers)
}

// NoteOfferOn has the standard bot b remember proposal p as chosen for it
// by the strong bot's search (noteChoice) on view.
func NoteOfferOn(bt engine.Bot, view engine.View, p ProposeTrade) {
	bt.(*bot).noteChoice(engine.ViewOf[View](view), p)
}

// TradeCandsValued returns, for each candidate the standard bot b's kept
// list (of view) holds valued, its worths as kept (from, to, wFrom, wTo)
// and as a fresh bot values the trade on view, and how many of them the
// list before valued (eval took its worths over), of which reweighted
// with other whole groups' owners (eval worked out their rival weights).
func TradeCandsValued(b engine.Bot, view engine.View) (kept, fresh [][4]int64, before, reweighted int) {
	x, ok := b.(*bot)
	v := engine.ViewOf[View](view)
	if !ok || v == nil || !x.cands.valid(v, outSeats(v)) {
		return nil, nil, 0, 0
	}
	w := *v
	w.vals = nil
	for i := range x.cands.list {
		tc := &x.cands.list[i]
		if !tc.valued() {
			continue
		}
		c := tc.cand()
		o := TradeOffer{From: x.seat, To: c.to, FromCells: c.give[:c.ng], ToCells: c.take[:c.nt]}
		e := newBot(x.seat, 0).tradeDeltas(&w, &o)
		e0 := tc.eval()
		kept = append(kept, [4]int64{e0.from, e0.to, e0.wFrom, e0.wTo})
		fresh = append(fresh, [4]int64{e.from, e.to, e.wFrom, e.wTo})
		if p, sameFull := x.cands.valuedBefore(tc); p != nil {
			before++
			if !sameFull {
				reweighted++
			}
		}
	}
	return kept, fresh, before, reweighted
}

// TradeCandsValuedCovered reports whether the standard bot b's marks of
// its valued candidates (tradeCands.valued and prevValued) hold the bit of
// every valued candidate of its list and of the list before, and how many
// valued candidates the list before holds.
func TradeCandsValuedCovered(b engine.Bot) (covered bool, prevValued int) {
	x, ok := b.(*bot)
	if !ok {
		return false, 0
	}
	t := &x.cands
	covered = true
	for _, l := range []struct {
		list  []tradeCand
		marks *[4]uint64
	}{{t.list, &t.valued}, {t.prev, &t.prevValued}} {
		for i := range l.list {
			if tc := &l.list[i]; tc.valued() {
				w, bit := valuedBit(tc)
				covered = covered && l.marks[w]&bit != 0
			}
		}
	}
	for i := range t.prev {
		if t.prev[i].valued() {
			prevValued++
		}
	}
	return covered, prevValued
}

// ValuedBeforeAsScan looks every valued candidate of the standard bot b's
// list up in its list before twice: with valuedBefore, from each place it
// may start (next), and by a walk from the start; it returns how many
// look-ups both made, and whether they always found the same valuation
// (or both none).
func ValuedBeforeAsScan(b engine.Bot) (looked int, same bool) {
	x, ok := b.(*bot)
	if !ok {
		return 0, false
	}
	t := &x.cands
	next := t.next
	defer func() { t.next = next }()
	same = true
	for i := range t.list {
		tc := &t.list[i]
		if !tc.valued() {
			continue
		}
		var want *tradeCand
		for j := range t.prev {
			if p := &t.prev[j]; p.valued() && p.cells == tc.cells && p.takeBits() == tc.takeBits() && p.to == tc.to && p.n == tc.n && p.give == tc.give {
				want = p
				break
			}
		}
		for start := range max(len(t.prev), 1) {
			t.next = start
			got, _ := t.valuedBefore(tc)
			same = same && (got == nil) == (want == nil) && (got == nil || got.eval() == want.eval())
			looked++
		}
	}
	return looked, same
}

// TradeWeightsBoth returns, for each candidate of the standard bot b's
// kept list (of view), its rival weights as tradeWeights works them out on
// view (a lent one reads the game's memo of the whole groups) and on a
// copy of it that lends nothing (the owners read from the cells), and how
// many of the candidates give a cell of a street group a seat owns whole.
func TradeWeightsBoth(b engine.Bot, view engine.View) (lent, plain [][2]int64, fromWhole int) {
	x, ok := b.(*bot)
	v := engine.ViewOf[View](view)
	if !ok || v == nil || !x.cands.valid(v, outSeats(v)) {
		return nil, nil, 0
	}
	w := *v
	w.rents, w.vals = nil, nil
	for i := range x.cands.list {
		tc := &x.cands.list[i]
		f, t := tradeWeights(v, x.seat, tc)
		lent = append(lent, [2]int64{f, t})
		f, t = tradeWeights(&w, x.seat, tc)
		plain = append(plain, [2]int64{f, t})
		for _, c := range tc.give[:tc.ng()] {
			if gi := v.Board.Cells[c].Group; v.Board.Groups[gi].Kind == KindStreet && groupOwner(v.Cells, &v.Board.Groups[gi]) != Bank {
				fromWhole++
				break
			}
		}
	}
	return lent, plain, fromWhole
}

// TradeSearchOnce runs the standard bot b's trade search on view as
// propose does with no list kept (the list made and every candidate
// valued afresh, the buffers of earlier searches reused) and prices every
// candidate without remembering an offer; it returns the number of
// candidates and of those priced.
func TradeSearchOnce(bt engine.Bot, view engine.View) (cands, priced int) {
	b := bt.(*bot)
	v := engine.ViewOf[View](view)
	b.cands = tradeCands{list: b.cands.list[:0], prev: b.cands.prev[:0]}
	b.listCands(v, outSeats(v))
	b.tm.begin(v)
	b.cands.search(v, b.reserve(v))
	var memo offerMemo
	for i := range b.cands.list {
		if _, _, ok := b.price(v, &b.cands.list[i], &memo); ok {
			priced++
		}
	}
	b.tm.end()
	return len(b.cands.list), priced
}
