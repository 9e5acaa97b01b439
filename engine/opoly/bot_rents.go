package opoly

import "math/bits"

// cellRents computes the rents others charge the bot on each cell (rents)
// and the highest of them (far) for the view's cells. (Recomputing only the
// groups that changed since the last cells measured slower: comparing the
// cells costs as much as their rents.)
//
// A street of a rival's complete group that can still be built on counts
// at the rent of its next level: its owner builds in its own turn, before
// the bot lands there (Projectopoly's bots staffed their dealt groups in
// round 1 down to 520€ while the rivals' dealt groups were about to charge
// thousands, issue 27).
//
// What a cell charges does not depend on who lands there, only whether it
// is charged: the table of charges (rentTable) is computed once per cells
// version for all the seats reading one game's lent views, and each bot
// keeps the rivals' cells of it.
func (b *bot) cellRents(v *View) {
	var own [MaxCells]int64
	r := v.rentTable(&own)
	if b.rents == nil {
		b.rents = new([MaxCells]int64)
	}
	b.far = 0
	for c := range v.Cells {
		b.rents[c] = 0
		if o := v.Cells[c].Owner; o != Bank && o != b.seat {
			b.rents[c] = r[c]
			b.far = max(b.far, r[c])
		}
	}
	b.rentsVer, b.rentsRules = v.CellsVersion, v.Rules
	b.scaleOf(v)
}

// scaleOf brings b.scale and b.minBuild up to date for v's rules and
// board.
func (b *bot) scaleOf(v *View) {
	if v.Rules != b.scaleRules || v.Board != b.scaleBoard {
		b.rescale(v)
	}
}

// rescale is scaleOf for new rules or a new board.
func (b *bot) rescale(v *View) {
	b.scale, b.minBuild = botScale(v), minBuildPrice(v.Board)
	b.scaleRules, b.scaleBoard = v.Rules, v.Board
}

// minBuildPrice is the least price of a building on a street of board
// (skipsManage): 0 when a street builds for nothing.
func minBuildPrice(board *Board) int64 {
	least := int64(-1)
	for gi := range board.Groups {
		if grp := &board.Groups[gi]; grp.Kind == KindStreet {
			for _, c := range grp.Cells {
				if p := board.Cells[c].BuildPrice; least < 0 || p < least {
					least = p
				}
			}
		}
	}
	return max(least, 0)
}

// rentMemo is a game's table of what each cell charges a player who does
// not own it (rentTable) for the cells of version ver under rules rules.
// The game keeps it up to date group by group as cells change (publish)
// and lends it with its lent views only: a snapshot's reader may read it
// on another goroutine while the game writes.
type rentMemo struct {
	ver   uint64
	rules *Ruleset
	rent  [MaxCells]int64
	// top is, for the cells of version topVer, the highest charge of
	// each owner's cells (farFrom): worked out by the first bot that asks,
	// for the owners in stale alone (bit o: a cell of o's changed, or one
	// o had: publish marks them as it works the charges out). first and
	// second are the two highest of top, first's the owner of the first.
	top           [MaxSeats]int64
	topVer        uint64
	stale         uint64
	first, second int64
	firstOf       int
	// groups is what the bots' trade search reads of each group of the
	// same cells (bot_groups.go): publish marks the groups whose charges
	// it works out again, whose cells changed.
	groups groupMemo
	// others is what the reserve (bot.reserveOf) reads of the table:
	// cells (others.from) telling each seat's reserve apart.
	others chargeKeys
}

// chargeKeys tells, for each seat, the charges of the cells it does not
// own: the reserve of a seat on a square depends on those alone (the
// nearest charges it does not own, the highest of the other owners'). A
// cell's key is a 64-bit fingerprint of the cell and its charge (0 for a
// cell charging nothing: a bank's, a mortgaged one, which the reserve
// counts as a charge of 0, as it does a cell of the seat's own); all is
// the XOR of every cell's key and of[o] of the keys of the cells o owns,
// so that all^of[s] names the charges of the cells s does not own (short
// of a 64-bit collision, as View.CellsVersion names the cells). A seat
// building on its own streets, mortgaging or selling them leaves it as it
// was: its reserve is not worked out again.
//
// charged is the cells that charge something (bit c: cell c), whoever
// owns them, and chargedBy[o] those of them seat o owns: the reserve's
// nearest charge reads the cells of a roll's squares in charged and not
// in the seat's own (nearCharge), and an owner's highest charge its own
// (farFrom), instead of walking the squares or the owner's properties.
type chargeKeys struct {
	all       uint64
	of        [MaxSeats]uint64
	charged   uint64
	chargedBy [MaxSeats]uint64
	key       [MaxCells]uint64
	owner     [MaxCells]int8
}

// from is the fingerprint of the charges of the cells seat does not own.
func (k *chargeKeys) from(seat int) uint64 { return k.all ^ k.of[seat&(MaxSeats-1)] }

// set records that cell c, owned by o (Bank or another owner not a seat:
// nobody's), charges r; was is what it charged before (the fingerprint
// of a cell's charge is worked out only when it changed).
func (k *chargeKeys) set(c, o int, r, was int64) {
	if o < 0 || o >= MaxSeats {
		o = Bank
	}
	if r == was && int(k.owner[c]) == o {
		return
	}
	// key: splitmix64's finaliser of the cell and its charge; bit: c's in
	// the masks of the cells that charge (both 0 for no charge)
	var key, bit uint64
	if r != 0 {
		x := uint64(r)*0x9e3779b97f4a7c15 + uint64(c)
		x = (x ^ x>>30) * 0xbf58476d1ce4e5b9
		x = (x ^ x>>27) * 0x94d049bb133111eb
		key, bit = x^x>>31, 1<<uint(c&(MaxCells-1))
	}
	old := k.key[c]
	k.all ^= old ^ key
	k.charged = k.charged&^(1<<uint(c&(MaxCells-1))) | bit
	if p := k.owner[c]; p >= 0 {
		p &= MaxSeats - 1
		k.of[p] ^= old
		k.chargedBy[p] &^= 1 << uint(c&(MaxCells-1))
	}
	if o >= 0 {
		o &= MaxSeats - 1
		k.of[o] ^= key
		k.chargedBy[o] |= bit
	}
	k.key[c], k.owner[c] = key, int8(o)
}

// reset is the keys of a table of no charges.
func (k *chargeKeys) reset() {
	*k = chargeKeys{}
	for c := range k.owner {
		k.owner[c] = Bank
	}
}

// lentRents returns the game's table of charges that a lent view lends,
// when it is the table of the view's cells; else nil.
func (v *View) lentRents() *rentMemo {
	if m := v.rents; m != nil && v.CellsVersion != 0 && m.ver == v.CellsVersion && m.rules == v.Rules {
		return m
	}
	return nil
}

// farFrom is the highest charge of a cell owned by a player other than
// seat (cellRents' far), for v, a view of the table's version: the owners'
// highest charges are read from the cells each owner owns that charge
// something (chargeKeys.chargedBy), not from every cell.
func (m *rentMemo) farFrom(seat int, v *View) int64 {
	if m.topVer != m.ver {
		n := min(v.Seats(), MaxSeats)
		for st := m.stale & (1<<MaxSeats - 1); st != 0; st &= st - 1 {
			o := bits.TrailingZeros64(st)
			top := int64(0)
			if o < n {
				for cs := m.others.chargedBy[o]; cs != 0; cs &= cs - 1 {
					top = max(top, m.rent[bits.TrailingZeros64(cs)])
				}
			}
			m.top[o] = top
		}
		m.stale = 0
		m.topVer = m.ver
		m.first, m.second, m.firstOf = 0, 0, -1
		// the seats of the game alone: the others' top is 0, which
		// changes neither (every top is at least 0)
		for o, t := range m.top[:max(n, 1)] {
			switch {
			case m.firstOf < 0 || t > m.first:
				m.second, m.first, m.firstOf = m.first, t, o
			case t > m.second:
				m.second = t
			}
		}
	}
	if seat == m.firstOf {
		return m.second
	}
	return m.first
}

// rentTable returns what each owned cell of v charges a player other than
// its owner, as cellRents counts it: the rent at a dice total of 7, or the
// rent of the next level for a street of a complete group that can still
// be built on. A lent view reads its game's table; any other view (or a
// lent one kept past the next Apply) computes the table into buf.
func (v *View) rentTable(buf *[MaxCells]int64) *[MaxCells]int64 {
	if m := v.lentRents(); m != nil {
		return &m.rent
	}
	var full uint64 // street groups one player owns whole, one bit each
	for gi := range v.Board.Groups {
		grp := &v.Board.Groups[gi]
		if grp.Kind == KindStreet && groupOwner(v.Cells, grp) != Bank {
			full |= 1 << uint(gi)
		}
	}
	for c := range v.Cells {
		buf[c] = 0
		if v.Cells[c].Owner != Bank {
			gi := v.Board.Cells[c].Group
			buf[c] = chargeOf(v.Rules, v.Cells, c, gi >= 0 && full&(1<<uint(gi)) != 0)
		}
	}
	return buf
}

// chargeOf is rentTable's charge of owned cell c, in a complete street
// group if full.
func chargeOf(rs *Ruleset, cells []CellState, c int, full bool) int64 {
	r := rentOf(rs, cells, c, 7)
	cell, st := &rs.Board.Cells[c], &cells[c]
	if full && !st.Mortgaged && st.Level < rs.Buildings.MaxLevel && st.Level+1 < len(cell.Rents) {
		r = max(r, cell.Rents[st.Level+1])
	}
	return r
}

// publishRents brings the game's rentTable up to date for the groups in
// mask groups (bit gi: a cell of group gi changed), after their summaries
// (pub.grp); all says every cell may have changed. A cell's charge depends
// on its own level and mortgage and on its group's owners: in a group
// whose owners did not change (not in owned: a building, a sale, a
// mortgage), only the changed cells (dirty) are worked out again.
func (g *Game) publishRents(groups, owned, dirty uint64, all bool) {
	pub, b, s := &g.pub, g.rs.Board, g.s
	m := &pub.rents
	if all {
		m.rent = [MaxCells]int64{}
		m.stale = ^uint64(0)
		m.groups.stale = ^uint64(0)
		m.others.reset()
	}
	m.groups.stale |= groups
	mult, top := max(g.rs.Buildings.FullGroupMultiplier, 1), g.rs.Buildings.MaxLevel
	for ; groups != 0; groups &= groups - 1 {
		gi := bits.TrailingZeros64(groups)
		grp := &b.Groups[gi]
		// chargeOf of each owned cell, with what the group's summary
		// (pub.grp) tells of its owners instead of rentOf's walks over
		// the group: whole, one seat owns every cell
		whole := pub.grp[gi].owner != Bank
		full := grp.Kind == KindStreet && whole
		some := !all && owned&(1<<uint(gi)) == 0
		for _, c := range grp.Cells {
			if some && dirty&(1<<uint(c)) == 0 {
				continue // its charge is as it was
			}
			was := m.rent[c]
			m.rent[c] = 0
			st := &s.Cells[c]
			o := st.Owner
			if o == Bank {
				m.others.set(c, o, 0, was)
				continue
			}
			if o >= 0 && o < MaxSeats {
				m.stale |= 1 << uint(o) // its highest charge (farFrom)
			}
			if st.Mortgaged {
				m.others.set(c, o, 0, was)
				continue // charges nothing (rentOf), and is not built on
			}
			r := chargeIn(&b.Cells[c], st, s.Cells, grp, whole, full, mult, top)
			m.rent[c] = r
			m.others.set(c, o, r, was)
		}
	}
	m.ver, m.rules = pub.cellsVer, g.rs
}

// chargeIn is publishRents' charge of cell, owned and not mortgaged (st),
// of group grp of cells, whole when one seat owns every cell of it, full
// when it is a street group and whole; mult is the full group's multiplier
// (at least 1) and top the highest building level.
func chargeIn(cell *Cell, st *CellState, cells []CellState, grp *Group, whole, full bool, mult int64, top int) int64 {
	var r int64
	switch cell.Kind {
	case KindStreet:
		switch {
		case st.Level > 0:
			r = cell.Rents[st.Level]
		case whole:
			r = cell.Rents[0] * mult
		default:
			r = cell.Rents[0]
		}
	case KindCounted:
		r = cell.Rents[ownedIn(cells, grp, st.Owner)-1]
	case KindDice:
		r = cell.Rents[ownedIn(cells, grp, st.Owner)-1] * 7
	}
	if full && st.Level < top && st.Level+1 < len(cell.Rents) {
		r = max(r, cell.Rents[st.Level+1])
	}
	return r
}

// nearCharge is the highest charge in m.rent, the table of charges of
// cells (a lent view's: a bank's cell charges 0), of the cells 2 to 12
// squares past pos (a roll of two dice) that seat does not own: the
// reserve's nearest charge. The squares are a mask of the board's cells,
// read against the cells that charge something and are not the seat's
// (chargeKeys.charged, chargedBy): most squares charge nothing or are the
// seat's, and none of them is read.
func nearCharge(cells []CellState, m *rentMemo, pos, seat int) int64 {
	n := len(cells)
	if n < 13 || n > MaxCells || pos < 0 || pos >= n || uint(seat) >= MaxSeats {
		return nearChargeWalk(cells, &m.rent, pos, seat)
	}
	const roll uint64 = 1<<11 - 1 // the 11 squares of a roll of two dice
	a := pos + 2
	if a >= n {
		a -= n
	}
	sq := roll << uint(a) // the squares a to the end of the board
	if n < 64 {
		sq &= 1<<uint(n) - 1
	}
	if a+11 > n {
		sq |= roll >> uint(n-a) // and on from its start
	}
	var near int64
	for cs := sq & m.others.charged &^ m.others.chargedBy[seat]; cs != 0; cs &= cs - 1 {
		near = max(near, m.rent[bits.TrailingZeros64(cs)])
	}
	return near
}

// nearChargeWalk is nearCharge read square by square from the cells'
// owners (a board of fewer than 13 or more than MaxCells cells, a square
// off the board, a seat the masks do not name).
func nearChargeWalk(cells []CellState, rent *[MaxCells]int64, pos, seat int) int64 {
	n := len(cells)
	var near int64
	for d := 2; d <= 12 && n > 0; d++ {
		c := (pos + d) % n
		if c < 0 || c >= MaxCells {
			continue
		}
		if o := cells[c].Owner; o != Bank && o != seat {
			near = max(near, rent[c])
		}
	}
	return near
}
