package opoly

import "math/bits"

// The candidates of the bot's trade search (propose), kept between its
// turns. Which trades the search considers, and what each is worth to
// both sides (tradeDeltas), depend on the cells, on who is out and on the
// rules only: not on cash, positions or the bot's memory of its offers,
// which price reads afresh every time. So the list and the valuations of
// the last search serve every later search on the same cells version,
// seats out, rules and board, and a search values a trade at most once per
// state of the cells instead of once per turn.

// The valuations outlive the list, too: when the cells change, most of the
// new list's candidates are the old list's, and a candidate's worths
// depend only on the cells of its own groups, on which seat owns each
// whole street group (the rival weights: onlyFull), on who is out and on
// the rules. A candidate valued in the last list is not valued again when
// those are as they were (eval): the cells of its groups by their
// fingerprint (tradeCand.cells), the owners of the whole groups by the
// list's (tradeCands.full).

// tradeCands is the last search's candidates, in the order it tried them,
// and the list before them (prev, of the same seats out, rules and board,
// whole groups' owners prevFull), whose valuations the list's candidates
// take over.
type tradeCands struct {
	ver, out uint64 // View.CellsVersion (0: keep none) and outSeats
	rules    *Ruleset
	board    *Board
	full     uint64 // fingerprint of the owners of the whole street groups
	list     []tradeCand
	prev     []tradeCand
	prevFull uint64
	// valued and prevValued have a bit set for each valued candidate of
	// list and of prev (valuedBit: of its trade and the fingerprint of
	// its groups' cells, what valuedBefore compares): a candidate whose
	// bit prev lacks was not valued there, and eval looks no further
	// (most candidates valued afresh are in no list before, and the walk
	// of the whole list to find none cost more than a group's valuation)
	valued, prevValued [4]uint64
	// next is where valuedBefore looks first in prev: after the last
	// candidate it found there (the lists are made in the same order, so
	// the next candidate valued before is usually the next one)
	next int
	// mort says, during a search, whether a cell of the search's view is
	// mortgaged (mortgagedAny), the cash of each seat and the bot's
	// reserve (search)
	mort bool
	cash [MaxSeats]int64
	res  int64
	// least is, once a search has priced every candidate of the list
	// (leastOK), the least free cash (the bot's cash less its reserve)
	// with which one of them passes price's tests of cash and value: a
	// later search of the list with less finds none (price), and is not
	// made. A fifth of Projectopoly's searches, whose cash is short.
	least   int64
	leastOK bool
}

// valuedBit is the word and bit of valued candidate tc in
// tradeCands.valued: a hash of what valuedBefore compares.
func valuedBit(tc *tradeCand) (int, uint64) {
	trade := uint64(uint8(tc.take[0])) | uint64(uint8(tc.take[1]))<<8 | uint64(uint8(tc.give[0]))<<16 | uint64(uint8(tc.give[1]))<<24 |
		uint64(uint8(tc.to))<<32 | uint64(tc.n)<<40
	h := (tc.cells ^ trade*0x9e3779b97f4a7c15) * 0xc2b2ae3d27d4eb4f
	return int(h >> 62), 1 << (h >> 56 & 63)
}

// tradeCand is one candidate: the trade (the cells by number, kept small:
// a bot's list holds dozens) and, once valued, what it is worth to both
// sides. It is 32 bytes, two to a cache line: the lists are written and
// walked cold at most searches (another bot's turns come between a bot's
// own), and at 64 bytes each candidate listed was a cache line written
// and each candidate of the list before walked (valuedBefore) one read.
// Its stamp (the group it asks for) is read from the view when needed
// (takeStamp), and the cells it asks for as bits from take (takeBits).
type tradeCand struct {
	from, gain int64  // once valued: tradeEval's from and to
	cells      uint64 // once valued: the fingerprint of its groups' cells (groupsStamp)
	to         int8
	take, give [2]int8 // take[1] and give's unused cells are 0
	n          uint8   // the cells taken, nt, and given, ng<<2
	// wFrom and wTo are the rival weights once valued (tradeEval's), 0
	// before: a weight is rivalWeight (25 at least, with MaxSeats players)
	// or firstWeight, so it fits a byte and is never 0
	wFrom, wTo uint8
}

// The weights fit a byte, and none is 0 (tradeCand.wFrom).
const (
	_ = uint8(firstWeight)
	_ = uint8(200/MaxSeats - 1)
)

// nt and ng are the numbers of the cells the candidate takes and gives.
func (tc *tradeCand) nt() int { return int(tc.n & 3) }
func (tc *tradeCand) ng() int { return int(tc.n >> 2) }

// valued reports whether the candidate holds its valuation.
func (tc *tradeCand) valued() bool { return tc.wFrom != 0 }

// eval returns the candidate's valuation (valued).
func (tc *tradeCand) eval() tradeEval {
	return tradeEval{from: tc.from, to: tc.gain, wFrom: int64(tc.wFrom), wTo: int64(tc.wTo)}
}

// set keeps valuation e in the candidate.
func (tc *tradeCand) set(e tradeEval) {
	tc.from, tc.gain, tc.wFrom, tc.wTo = e.from, e.to, uint8(e.wFrom), uint8(e.wTo)
}

// takeBits is the cells asked for, one bit each (offerKey).
func (tc *tradeCand) takeBits() uint64 {
	m := uint64(1) << uint(tc.take[0])
	if tc.n&3 > 1 {
		m |= 1 << uint(tc.take[1])
	}
	return m
}

// takeStamp is the stamp of the group candidate tc asks for on view v
// (b.stamp's; in a search, from its view's memo).
func (b *bot) takeStamp(v *View, tc *tradeCand) uint64 {
	if m := b.tm.lent; m != nil {
		return m.stamp[v.Board.Cells[tc.take[0]].Group&63]
	}
	return b.stampOf(v, tc)
}

// stampOf is takeStamp outside a search, or on a view lending no memo.
//
//go:noinline
func (b *bot) stampOf(v *View, tc *tradeCand) uint64 { return b.stamp(v, int(tc.take[0])) }

// cand returns the candidate's trade.
func (tc *tradeCand) cand() cand {
	return cand{to: int(tc.to), take: [2]int{int(tc.take[0]), int(tc.take[1])}, give: [2]int{int(tc.give[0]), int(tc.give[1])},
		nt: tc.nt(), ng: tc.ng()}
}

// key is the candidate's name in the bot's memory of its offers.
func (tc *tradeCand) key() offerKey { return offerKey{to: int(tc.to), take: tc.takeBits()} }

// valid reports whether the kept candidates are those of view v.
func (t *tradeCands) valid(v *View, out uint64) bool {
	return v.CellsVersion != 0 && t.ver == v.CellsVersion && t.out == out && t.rules == v.Rules && t.board == v.Board
}

// eval returns what candidate tc is worth to both sides, valuing it on
// first use unless the list before valued it on the same cells of its
// groups and the same owners of the whole groups.
func (b *bot) eval(v *View, tc *tradeCand) tradeEval {
	if !tc.valued() {
		tc.cells = b.groupsStamp(v, tc)
		w, bit := valuedBit(tc)
		b.cands.valued[w] |= bit
		if b.cands.prevValued[w]&bit != 0 { // else not valued in the list before
			if p, sameFull := b.cands.valuedBefore(tc); p != nil {
				tc.from, tc.gain, tc.wFrom, tc.wTo = p.from, p.gain, p.wFrom, p.wTo
				if !sameFull {
					// the gains are the groups' own; only the rival
					// weights read the other groups (onlyFull)
					wFrom, wTo := tradeWeights(v, b.seat, tc)
					tc.wFrom, tc.wTo = uint8(wFrom), uint8(wTo)
				}
				return tc.eval()
			}
		}
		if b.tm.on { // a search (propose): tradeDeltas is candDeltas
			tc.set(b.candDeltas(v, tc))
		} else {
			c := tc.cand()
			o := TradeOffer{From: b.seat, To: c.to, FromCells: c.give[:c.ng], ToCells: c.take[:c.nt]}
			tc.set(b.tradeDeltas(v, &o))
		}
	}
	return tc.eval()
}

// groupsStamp is the fingerprint of the cells of candidate tc's groups:
// its stamp (the group it asks for), and the group of what it gives.
func (b *bot) groupsStamp(v *View, tc *tradeCand) uint64 {
	if m := b.tm.lent; m != nil { // in a search, on v: b.stamp's
		bc := v.Board.Cells
		h := m.stamp[bc[tc.take[0]].Group&63]
		if tc.n > 3 { // ng > 0
			h = h*1099511628211 ^ m.stamp[bc[tc.give[0]].Group&63]
		}
		return h
	}
	h := b.stamp(v, int(tc.take[0]))
	if tc.n > 3 {
		h = h*1099511628211 ^ b.stamp(v, int(tc.give[0]))
	}
	return h
}

// valuedBefore returns the candidate of the list before that is tc,
// valued on the cells tc's groups hold now, and whether the whole groups'
// owners were as they are (else its rival weights are not tc's); else nil.
//
// It looks from next round to it: a candidate is in prev at most once (a
// list names each trade once), and were it twice, the two would have been
// valued alike (a valuation depends on the trade and these cells alone).
func (t *tradeCands) valuedBefore(tc *tradeCand) (p *tradeCand, sameFull bool) {
	n := len(t.prev)
	for k, i := 0, t.next; k < n; k, i = k+1, i+1 {
		if i >= n {
			i = 0
		}
		p := &t.prev[i]
		if p.cells == tc.cells && p.valued() && p.take == tc.take && p.to == tc.to && p.n == tc.n && p.give == tc.give {
			t.next = i + 1
			return p, t.prevFull == t.full
		}
	}
	return nil, false
}

// tradeWeights are the rival weights tradeDeltas gives candidate tc of
// seat from on view v: rivalWeight, but firstWeight against the side
// that the trade makes the only owner of whole street groups. Only the
// candidate's groups change hands (its take and give), so the others'
// owners are read from the view.
func tradeWeights(v *View, from int, tc *tradeCand) (wFrom, wTo int64) {
	rw := rivalWeight(v)
	wFrom, wTo = rw, rw
	to := int(tc.to)
	var changed uint64
	for _, c := range tc.take[:tc.nt()] {
		changed |= 1 << uint(v.Board.Cells[c].Group)
	}
	for _, c := range tc.give[:tc.ng()] {
		changed |= 1 << uint(v.Board.Cells[c].Group)
	}
	only := Bank
	if m := v.lentGroups(); m != nil && len(v.Board.Groups) <= len(m.sum) {
		// the owners of the groups it leaves as they are from the game's
		// memo (wholeOf: groupOwner's, as onlyFullAfter reads them), of
		// its own groups after it
		for s := range m.wholeOf {
			if m.wholeOf[s]&^changed != 0 {
				if only != Bank {
					return wFrom, wTo
				}
				only = s
			}
		}
		for gs := changed; gs != 0; gs &= gs - 1 {
			grp := &v.Board.Groups[bits.TrailingZeros64(gs)]
			if grp.Kind != KindStreet {
				continue
			}
			if o := ownerAfter(v, grp, from, tc); o != Bank {
				if only != Bank && o != only {
					return wFrom, wTo
				}
				only = o
			}
		}
	} else {
		for gi := range v.Board.Groups {
			grp := &v.Board.Groups[gi]
			if grp.Kind != KindStreet {
				continue
			}
			o := groupOwner(v.Cells, grp)
			if changed&(1<<uint(gi)) != 0 {
				o = ownerAfter(v, grp, from, tc)
			}
			if o != Bank {
				if only != Bank && o != only {
					return wFrom, wTo
				}
				only = o
			}
		}
	}
	switch only {
	case to:
		wFrom = firstWeight
	case from:
		wTo = firstWeight
	}
	return wFrom, wTo
}

// ownerAfter is groupOwner of grp once candidate tc of seat from is
// made: the cells it takes are from's, those it gives tc.to's.
func ownerAfter(v *View, grp *Group, from int, tc *tradeCand) int {
	owner := func(c int) int {
		for _, x := range tc.take[:tc.nt()] {
			if int(x) == c {
				return from
			}
		}
		for _, x := range tc.give[:tc.ng()] {
			if int(x) == c {
				return int(tc.to)
			}
		}
		return v.Cells[c].Owner
	}
	o := owner(grp.Cells[0])
	for _, c := range grp.Cells[1:] {
		if owner(c) != o {
			return Bank
		}
	}
	return o
}

// listCands lists the candidates of a search on view v into b.cands: for
// each group the bot can complete, or whose streets one of three holders
// sells, the streets asked for paid with money only, with the streets of
// ours that complete a group of the other side, or with one other
// property of ours (and money either way).
func (b *bot) listCands(v *View, out uint64) {
	t := &b.cands
	// the list so far becomes the list before (its buffer is reused), if
	// its valuations can serve: the same seats out, rules and board
	t.prev, t.list, t.prevFull = t.list, t.prev[:0], t.full
	t.prevValued, t.valued, t.next = t.valued, [4]uint64{}, 0
	t.leastOK = false
	if t.ver == 0 || t.out != out || t.rules != v.Rules || t.board != v.Board {
		t.prev, t.prevValued = t.prev[:0], [4]uint64{}
	}
	t.ver, t.out, t.rules, t.board = v.CellsVersion, out, v.Rules, v.Board
	lent := v.lentGroups()
	if lent != nil && (b.seat >= MaxSeats || lent.mixed[b.seat] == 0) {
		// no street group the bot holds a cell of with another seat and
		// the bank none: nothing to list (missing and holders list no
		// other), known before the arrays and the closure below are made
		// (most lists of a lent view, early in a game, end here)
		t.full = lent.full
		return
	}
	// what the lists below read of each group: the functions that list
	// the cells (missing, holders, heldBy) run only on the groups that can
	// pass them. A lent view lends the game's summaries (groupMemo), kept
	// as the cells change, and the bot's cells are its Props; any other
	// view is summed up here, in one pass over the cells.
	me := uint16(1) << uint(b.seat)
	// the bot's cells it may give towards a price (unmortgaged
	// properties of no built street group), in board order, and their
	// groups
	var mine, mineG [MaxCells]int8
	var sums *[64]groupSum
	// the street groups each seat holds a cell of, with another seat and
	// the bank none (groupMemo.mixed): the bot's are those missing or
	// holders may list, and a swap gives the streets of a group the bot
	// and the other side alone hold
	var mixed *[MaxSeats]uint64
	nm := -1 // not listed yet (a lent view's: when first asked for)
	if m := lent; m != nil {
		sums, t.full, mixed = &m.sum, m.full, &m.mixed
	} else {
		var own [64]groupSum
		var mix [MaxSeats]uint64
		sums, mixed = &own, &mix
		nm = sumGroups(v, b.seat, sums, &mine)
		t.full = fullStart
		for gi := range v.Board.Groups[:min(len(v.Board.Groups), len(sums))] {
			switch sum := &sums[gi]; {
			case v.Board.Groups[gi].Kind != KindStreet:
			case sum.whole():
				t.full = fullMix(t.full, gi, sum)
			default:
				for os := sum.mixed(); os != 0; os &= os - 1 {
					if s := bits.TrailingZeros16(os); s < MaxSeats {
						mix[s] |= 1 << uint(gi)
					}
				}
			}
		}
		n := 0
		for _, x := range mine[:nm] {
			if gx, ok := giveable(v, sums, int(x)); ok {
				mine[n], mineG[n] = x, int8(gx)
				n++
			}
		}
		nm = n
	}
	var mineMixed uint64
	if b.seat < MaxSeats {
		mineMixed = mixed[b.seat]
	}
	var c cand
	for gs := mineMixed; gs != 0; gs &= gs - 1 { // the others neither missing nor holders lists
		gi := bits.TrailingZeros64(gs)
		// the seats asked for streets of gi: the one other holder of the
		// streets the bot misses, else each of those holding the group
		// split among three players or more (its streets, which leave one
		// rival to trade with: groupWorth), if heldBy lists them
		var hs [MaxSeats]int
		asks, one := hs[:0], false
		if to, n, ok := b.missing(v, gi, b.seat, &c.take); ok {
			c.nt, hs[0], asks, one = n, to, hs[:1], true
		} else {
			asks = b.holders(v, gi, asks)
		}
		// the ways to pay for the streets c asks for (one memory key and
		// stamp for them all: they ask for the same); a plain loop rather
		// than a closure called from two places, as a search runs through
		// this code once, cold: fewer lines of code to fetch
		for _, to := range asks {
			if c.to = to; !one && !b.heldBy(v, gi, to, &c.take, &c.nt) {
				continue
			}
			if cap(t.list) == 0 { // one allocation for most games' lists
				t.list = make([]tradeCand, 0, 32)
			}
			tc := tradeCand{to: int8(c.to), take: [2]int8{int8(c.take[0])}, n: uint8(c.nt)}
			if c.nt > 1 {
				tc.take[1] = int8(c.take[1])
			}
			t.list = append(t.list, tc) // money only
			// a swap: the streets of ours that complete a group of theirs
			// (missing(gj, c.to) needs the two of us only, no buildings: of
			// the groups both of us hold a cell of, the bank none)
			pair := me | 1<<uint(c.to)
			var theirs uint64
			if c.to < MaxSeats {
				theirs = mixed[c.to]
			}
			for gs := mineMixed & theirs &^ (1 << uint(gi)); gs != 0; gs &= gs - 1 {
				gj := bits.TrailingZeros64(gs)
				if sum := &sums[gj]; sum.owners != pair || sum.built {
					continue
				}
				if o, n, ok := b.missing(v, gj, c.to, &c.give); ok && o == b.seat {
					tc.give, tc.n = [2]int8{int8(c.give[0])}, uint8(c.nt|n<<2)
					if n > 1 {
						tc.give[1] = int8(c.give[1])
					}
					t.list = append(t.list, tc)
				}
			}
			// or one other property of ours towards the price: money is
			// short when groups are dear, properties less so
			if nm < 0 {
				nm = 0
				for _, x := range v.PlayerProps(b.seat) {
					if gx, ok := giveable(v, sums, x); ok {
						mine[nm], mineG[nm] = int8(x), int8(gx)
						nm++
					}
				}
			}
			tc.give, tc.n = [2]int8{}, uint8(c.nt|1<<2)
			for i, x := range mine[:nm] {
				if int(mineG[i]) != gi {
					tc.give[0] = x
					t.list = append(t.list, tc)
				}
			}
		}
	}
}

// giveable returns the group of the bot's cell x, and whether the bot
// may give x towards the price of another group's streets (listCands):
// a property of a group (below 64), unmortgaged, not of a street group
// with buildings (by sums).
func giveable(v *View, sums *[64]groupSum, x int) (int, bool) {
	gx := v.Board.Cells[x].Group
	if gx < 0 || gx >= len(sums) || v.Cells[x].Mortgaged || !v.Board.Cells[x].Kind.Property() {
		return gx, false
	}
	return gx, v.Board.Groups[gx].Kind != KindStreet || !sums[gx].built
}

// sumGroups sums up the groups of v's cells into sums, and lists seat's
// cells in board order into mine, for listCands; it returns their number.
func sumGroups(v *View, seat int, sums *[64]groupSum, mine *[MaxCells]int8) int {
	nm := 0
	for x := range v.Cells {
		gi := v.Board.Cells[x].Group
		if gi < 0 || gi >= len(sums) {
			continue
		}
		st := &v.Cells[x]
		sums[gi].add(st)
		if st.Owner == seat {
			mine[nm] = int8(x)
			nm++
		}
	}
	return nm
}
