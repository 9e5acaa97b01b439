package opoly

import "math/bits"

// Publishing: after every change of state, publish brings up to date the
// parts of the views that do not depend on the viewer, and the sums Legal,
// the prompt and the rules read instead of walking the board, for the
// changed cells only.

// published holds the parts of the View that do not depend on the viewer.
// publish refreshes them after every change of state, allocating new slices
// only for the parts that changed; a published slice is never written
// again, so views share them and stay valid snapshots, and View itself only
// reads the published parts.
type published struct {
	ver uint64 // counts the calls of publish: a new number is a new state
	// cells is the last snapshot of the cells (built on demand by
	// snapshotCells), of cells version cellsOf; ncells is how many cells
	// were published.
	cells   []CellState
	cellsOf uint64
	ncells  int
	props   [MaxSeats][]int
	// propsBuf is the game's buffer of the lists of props (nil when they
	// are carved from a block); propsKept says that a snapshot holds the
	// lists, so that they are not rewritten.
	propsBuf  []int
	propsKept bool
	// propsIn says that the lists are in the game's buffer, seat i's
	// written from mask propsOf[i] (publishProps)
	propsIn  bool
	propsOf  [MaxSeats]uint64
	holdings [MaxSeats]int64 // holding value of each seat's cells
	// potential is what each seat's cells would raise sold down and
	// mortgaged (potential's sum over them), from each cell's share pot;
	// mortgages counts each seat's mortgaged cells and mortgaged says which
	// are (bit c: cell c, owned by a seat): legalLifts skips a seat without
	// any, a debt view does not walk the board for its Potential, and
	// Advice.Blocked takes them out of its sets without reading the cells.
	potential [MaxSeats]int64
	pot       [MaxCells]int64
	mortgages [MaxSeats]int
	mortgaged uint64
	// units and tops standing on the cells (a finite Supply only), and
	// each cell's level they were counted at.
	units, tops int
	levels      [MaxCells]int
	owners      [MaxCells]int8   // owner of each cell when props were listed
	ownedBy     [MaxSeats]uint64 // bit c set: cell c is in owners the seat's
	// cellsVer names the state of the cells (View.CellsVersion): the XOR
	// of cellKey of every cell, kept up to date for the changed ones only.
	// players is the last snapshot of the players (built on demand by
	// snapshotPlayers), of published state playersVer and cells cellsVer
	// playersCells.
	cellsVer     uint64
	cellKeys     [MaxCells]uint64 // cellKey of each cell, for cellsVer
	value        [MaxCells]int64  // holding value of each cell, counted in holdings
	players      []PlayerView
	playersVer   uint64
	playersCells uint64
	decks        []DeckView
	// awaiting is the seats the state of version awaitVer awaits
	// (awaitingList: worked out when a view that shows it is filled, not
	// at every state, as a bot's own view shows none)
	awaiting []int
	awaitVer uint64
	// grp summarises each group of the published cells for Legal.
	grp [64]groupState
	// fullOf has bit gi set for each street group the seat owns whole
	// (grp[gi].owner), for Legal.
	fullOf [MaxSeats]uint64
	// raisable are the groups of fullOf without a mortgage and below the
	// top level: the only ones groupBuilds may list a build in.
	raisable [MaxSeats]uint64
	// ownersSeq counts the changes of the owners (ownedBy) since the game
	// was made; blocked[s] has bit c set for each cell that is seat s's
	// only one in a group where another seat owns one (mortgaged or not),
	// for the owners of ownersSeq blockedSeq[s]-1 (0: never worked out),
	// when s owned blockedWas[s][0] and the other seats blockedWas[s][1].
	// Advice.Blocked works a seat's out when first asked after its owners
	// changed: they depend on the owners alone, which change a few dozen
	// times a game, and Projectopoly's advice asks at most of a bot's
	// steps (its bot's memory, by cells version, missed at half of them).
	ownersSeq  uint64
	blocked    [MaxSeats]uint64
	blockedSeq [MaxSeats]uint64
	blockedWas [MaxSeats][2]uint64
	// rents is what each cell charges, for the bots reading lent views.
	rents rentMemo
	// groupsSince has bit gi set for each group whose cells changed since
	// the lent debt view last brought its kept mortgages up to date
	// (keptMortgages).
	groupsSince uint64
}

// groupState is a group's ownership and buildings.
type groupState struct {
	owner  int // the seat owning every cell, or Bank
	lo, hi int // lowest and highest building level
	mort   bool
}

// publishProps lists each seat's properties in board order, from the
// published owners' masks (ownedBy). In the game's own buffer each seat
// has a region of its own, and only the lists whose mask changed since
// they were written (propsOf) are written again: one property changing
// hands rewrites two. Lists a snapshot holds (propsKept) are never written
// again: the lists are then carved anew from one piece of a block, all of
// them.
func (g *Game) publishProps() {
	pub := &g.pub
	n, cells := len(g.s.Players), len(g.s.Cells)
	if pub.propsKept {
		total := 0
		for i := 0; i < n; i++ {
			total += bits.OnesCount64(pub.ownedBy[i])
		}
		all := g.blk.ints.take(total)
		pub.propsBuf, pub.propsKept, pub.propsIn = nil, false, false
		k := 0
		for i := 0; i < n; i++ {
			start := k
			for m := pub.ownedBy[i]; m != 0; m &= m - 1 { // board order
				all[k] = bits.TrailingZeros64(m)
				k++
			}
			pub.props[i] = nil
			if k > start {
				pub.props[i] = all[start:k:k]
			}
		}
		g.touched = ^uint64(0)
		return
	}
	// The lists are rewritten in place in the game's buffer: lent views
	// and Legal read them only until the next Apply.
	if len(pub.propsBuf) < n*cells {
		pub.propsBuf, pub.propsIn = make([]int, n*cells), false
	}
	if !pub.propsIn {
		g.touched = ^uint64(0) // every list written into the buffer anew
	}
	for i := 0; i < n; i++ {
		if pub.propsIn && pub.propsOf[i] == pub.ownedBy[i] {
			continue // as written
		}
		region := pub.propsBuf[i*cells : (i+1)*cells]
		k := 0
		for m := pub.ownedBy[i]; m != 0 && k < len(region); m &= m - 1 { // board order
			region[k] = bits.TrailingZeros64(m)
			k++
		}
		pub.props[i] = nil
		if k > 0 {
			pub.props[i] = region[:k:k]
		}
		// its seat lost or got a cell: publishCells marked it touched
		pub.propsOf[i] = pub.ownedBy[i]
	}
	pub.propsIn = true
}

// wcell returns cell c of the state for writing: every change of a cell
// goes through it, so that publish knows which cells changed.
func (g *Game) wcell(c int) *CellState {
	g.dirty |= 1 << uint(c)
	return &g.s.Cells[c]
}

// wplayer returns seat's player of the state for writing: every change of
// a player goes through it, so that the lent views rewrite only the
// players that changed (livePlayers).
func (g *Game) wplayer(seat int) *player {
	g.touched |= 1 << uint(seat)
	return &g.s.Players[seat]
}

// publish makes the current state the published one (a new version):
// most actions (a roll that lands on nothing to buy or build, a bid, a
// trade refused) change no cell and no deck, and then only the version
// changes, checked here without publishChanged's frame and work.
func (g *Game) publish() {
	pub, s := &g.pub, g.s
	pub.ver++
	if g.dirty == 0 && !g.cellsDirty && !g.decksDirty && pub.ncells == len(s.Cells) &&
		len(pub.decks) == len(s.Decks) && pub.ver != 1 {
		return
	}
	g.publishChanged()
}

// publishChanged is publish where a cell or a deck may have changed (or
// the cells are published whole: the first state, a new game's or a
// board's).
func (g *Game) publishChanged() {
	s := g.s
	pub := &g.pub
	n := len(s.Players)
	all := g.cellsDirty || pub.ver == 1 || pub.ncells != len(s.Cells)
	dirty := g.dirty
	g.cellsDirty, g.dirty = false, 0
	if all || dirty != 0 {
		pub.ncells = len(s.Cells)
		if all {
			dirty = 1<<uint(len(s.Cells)) - 1 // all ones for 64 cells too (1<<64 is 0)
			g.touched = ^uint64(0)
			pub.holdings = [MaxSeats]int64{}
			pub.value = [MaxCells]int64{}
			pub.potential, pub.pot = [MaxSeats]int64{}, [MaxCells]int64{}
			pub.mortgages, pub.mortgaged = [MaxSeats]int{}, 0
			pub.owners, pub.ownedBy = [MaxCells]int8{}, [MaxSeats]uint64{}
			pub.cellKeys, pub.cellsVer = [MaxCells]uint64{}, 0
			pub.fullOf, pub.raisable = [MaxSeats]uint64{}, [MaxSeats]uint64{}
			pub.ownersSeq++
			pub.blockedSeq = [MaxSeats]uint64{} // (perhaps of another board)
			for c := range pub.owners {
				pub.owners[c] = Bank
			}
		}
		one := !all && dirty&(dirty-1) == 0 // one cell changed
		if one && g.publishLevel(bits.TrailingZeros64(dirty)) {
			// its owner kept: no list of properties changed
		} else if g.publishCells(dirty, n) || all {
			g.publishProps() // every seat touched when it carves the lists anew
		}
		if g.supply() != nil {
			g.publishSupply(dirty, all)
		}
	}
	if all || g.decksDirty || len(pub.decks) != len(s.Decks) { // the sizes change only when a keep-card moves
		same := len(pub.decks) == len(s.Decks)
		for d := 0; same && d < len(s.Decks); d++ {
			same = pub.decks[d].Size == len(s.Decks[d].Order)
		}
		g.decksDirty = false
		if !same {
			pub.decks = g.blk.decks.take(len(s.Decks))
			for d := range s.Decks {
				pub.decks[d] = DeckView{Name: g.rs.Board.Decks[d].Name, Size: len(s.Decks[d].Order)}
			}
		}
	}
}

// awaitingList returns the seats the current state awaits (View.Awaiting),
// worked out once a state when first asked for: the same list as the
// last one worked out when the seats are the same (a published slice is
// never written again).
func (g *Game) awaitingList() []int {
	pub := &g.pub
	if pub.awaitVer == pub.ver {
		return pub.awaiting
	}
	pub.awaitVer = pub.ver
	n := len(g.s.Players)
	one, single := g.awaitsOne()
	if single { // most states: one seat or none, the list shared
		if one >= 0 && one < n {
			if len(pub.awaiting) != 1 || pub.awaiting[0] != one {
				pub.awaiting = oneCell[one] // shared, read-only
			}
		} else if len(pub.awaiting) != 0 {
			pub.awaiting = nil
		}
		return pub.awaiting
	}
	var aw [MaxSeats]int
	k := 0
	seats, _ := g.AwaitedSeats() // an auction: every bidder yet to bid, in seat order
	for ; seats != 0 && k < MaxSeats; seats &= seats - 1 {
		if seat := bits.TrailingZeros64(seats); seat < n {
			aw[k] = seat
			k++
		}
	}
	same := len(pub.awaiting) == k
	for i := 0; same && i < k; i++ {
		same = pub.awaiting[i] == aw[i]
	}
	if !same {
		switch k {
		case 0:
			pub.awaiting = nil
		case 1:
			pub.awaiting = oneCell[aw[0]] // shared, read-only
		default:
			pub.awaiting = g.blk.ints.copyOf(aw[:k])
		}
	}
	return pub.awaiting
}

// cellKey is a 64-bit fingerprint of cell c in state st (splitmix64's
// finaliser of its fields). The XOR of the keys of all cells names the
// state of the cells by its content: games in the same state have the same
// number, so views of equal states stay equal, and a bot that plays
// several games (as a searching one does) cannot take one game's cells for
// another's, short of a 64-bit collision.
func cellKey(c int, st *CellState) uint64 {
	x := uint64(c)&0xff | uint64(uint32(st.Owner))<<8 | uint64(st.Level)&0x7fffff<<40
	if st.Mortgaged {
		x |= 1 << 63
	}
	x += 0x9e3779b97f4a7c15
	x = (x ^ x>>30) * 0xbf58476d1ce4e5b9
	x = (x ^ x>>27) * 0x94d049bb133111eb
	return x ^ x>>31
}

// snapshotCells returns the cells of the current state as a snapshot,
// copied once per change of the cells and never written again; games that
// only lend views (bot-only simulations, a bot's playouts) never copy.
func (g *Game) snapshotCells() []CellState {
	pub := &g.pub
	if pub.cellsOf != pub.cellsVer || pub.cells == nil {
		pub.cells, pub.cellsOf = g.blk.cells.copyOf(g.s.Cells), pub.cellsVer
	}
	return pub.cells
}

// publishCells brings the holdings, owners and group summaries up to date
// for the cells in mask dirty (bit c: cell c changed), and reports whether
// an owner changed.
func (g *Game) publishCells(dirty uint64, n int) (ownersChanged bool) {
	s, pub, b := g.s, &g.pub, g.rs.Board
	// the groups of the changed cells, and of those whose owner changed
	var groups, owned uint64
	for d := dirty; d != 0; d &= d - 1 { // the changed cells, in board order
		c := bits.TrailingZeros64(d)
		if c >= len(s.Cells) {
			break
		}
		st := &s.Cells[c]
		k := cellKey(c, st)
		pub.cellsVer ^= pub.cellKeys[c] ^ k
		pub.cellKeys[c] = k
		if o := int(pub.owners[c]); o >= 0 && o < n {
			g.touched |= 1 << uint(o)       // its capital
			pub.rents.stale |= 1 << uint(o) // its highest charge, should it lose the cell (farFrom)
			pub.holdings[o] -= pub.value[c]
			pub.potential[o] -= pub.pot[c]
			if pub.mortgaged&(1<<uint(c)) != 0 {
				pub.mortgages[o]--
			}
		}
		pub.value[c], pub.pot[c] = 0, 0
		pub.mortgaged &^= 1 << uint(c)
		if o := st.Owner; o >= 0 && o < n {
			g.touched |= 1 << uint(o) // its capital
			pub.value[c] = g.rs.holdingValue(&b.Cells[c], st.Mortgaged, st.Level)
			pub.holdings[o] += pub.value[c]
			pub.pot[c] = g.cellPotential(c, st)
			pub.potential[o] += pub.pot[c]
			if st.Mortgaged {
				pub.mortgaged |= 1 << uint(c)
				pub.mortgages[o]++
			}
		}
		if pub.owners[c] != int8(st.Owner) {
			if o := int(pub.owners[c]); o >= 0 && o < MaxSeats {
				pub.ownedBy[o] &^= 1 << uint(c)
			}
			if o := st.Owner; o >= 0 && o < MaxSeats {
				pub.ownedBy[o] |= 1 << uint(c)
			}
			pub.owners[c] = int8(st.Owner)
			ownersChanged = true
			if gi := b.Cells[c].Group; gi >= 0 {
				owned |= 1 << uint(gi)
			}
		}
		if gi := b.Cells[c].Group; gi >= 0 {
			groups |= 1 << uint(gi)
		}
	}
	for gs := groups; gs != 0; gs &= gs - 1 {
		gi := bits.TrailingZeros64(gs)
		grp := &b.Groups[gi]
		if o := pub.grp[gi].owner; o >= 0 && o < MaxSeats {
			pub.fullOf[o] &^= 1 << uint(gi)
			pub.raisable[o] &^= 1 << uint(gi)
		}
		gs := groupSummary(s.Cells, grp)
		pub.grp[gi] = gs
		if o := gs.owner; grp.Kind == KindStreet && o >= 0 && o < MaxSeats {
			pub.fullOf[o] |= 1 << uint(gi)
			if !gs.mort && gs.lo < g.rs.Buildings.MaxLevel {
				pub.raisable[o] |= 1 << uint(gi)
			}
		}
	}
	if ownersChanged {
		pub.ownersSeq++ // the blocked sets (Advice.Blocked) are stale
	}
	pub.groupsSince |= groups
	g.publishRents(groups, owned, dirty, dirty == 1<<uint(len(s.Cells))-1)
	return ownersChanged
}

// publishLevel is publishCells for cell c alone when its owner is the one
// published (a building raised or sold, a mortgage taken or lifted: most
// changes of cells), in straight-line code, with publishRents' charge of
// c alone (its group's owners kept, the others' charges are as they
// were). It reports false, changing nothing, for any other change: a new
// owner, a cell outside any group, a board of one cell.
func (g *Game) publishLevel(c int) bool {
	s, pub, rs := g.s, &g.pub, g.rs
	b := rs.Board
	if uint(c) >= MaxCells || c >= len(s.Cells) || len(s.Cells) < 2 { // (c < MaxCells: no bounds checks below)
		return false
	}
	st, cell := &s.Cells[c], &b.Cells[c]
	gi := cell.Group
	if gi < 0 || pub.owners[c] != int8(st.Owner) {
		return false
	}
	k := cellKey(c, st)
	pub.cellsVer ^= pub.cellKeys[c] ^ k
	pub.cellKeys[c] = k
	o := st.Owner
	if uint(o) < MaxSeats && o < len(s.Players) {
		g.touched |= 1 << uint(o)       // its capital
		pub.rents.stale |= 1 << uint(o) // its highest charge (farFrom)
		pub.holdings[o] -= pub.value[c]
		pub.potential[o] -= pub.pot[c]
		bit := uint64(1) << uint(c)
		if pub.mortgaged&bit != 0 {
			pub.mortgages[o]--
		}
		pub.value[c] = rs.holdingValue(cell, st.Mortgaged, st.Level)
		pub.pot[c] = g.cellPotential(c, st)
		pub.holdings[o] += pub.value[c]
		pub.potential[o] += pub.pot[c]
		pub.mortgaged &^= bit
		if st.Mortgaged {
			pub.mortgages[o]++
			pub.mortgaged |= bit
		}
	} else {
		pub.value[c], pub.pot[c] = 0, 0
		pub.mortgaged &^= 1 << uint(c)
	}
	// its group's summary (publishCells' walk over the changed groups)
	grp, bit := &b.Groups[gi], uint64(1)<<uint(gi)
	if p := pub.grp[gi].owner; p >= 0 && p < MaxSeats {
		pub.fullOf[p] &^= bit
		pub.raisable[p] &^= bit
	}
	gs := groupSummary(s.Cells, grp)
	pub.grp[gi] = gs
	if p := gs.owner; grp.Kind == KindStreet && p >= 0 && p < MaxSeats {
		pub.fullOf[p] |= bit
		if !gs.mort && gs.lo < rs.Buildings.MaxLevel {
			pub.raisable[p] |= bit
		}
	}
	pub.groupsSince |= bit
	// its charge (publishRents)
	m := &pub.rents
	m.groups.stale |= bit
	was := m.rent[c]
	var r int64
	if o != Bank {
		if uint(o) < MaxSeats {
			m.stale |= 1 << uint(o) // its highest charge (farFrom)
		}
		if !st.Mortgaged {
			whole := gs.owner != Bank
			r = chargeIn(cell, st, s.Cells, grp, whole, grp.Kind == KindStreet && whole,
				max(rs.Buildings.FullGroupMultiplier, 1), rs.Buildings.MaxLevel)
		}
	}
	m.rent[c] = r
	m.others.set(c, o, r, was)
	m.ver, m.rules = pub.cellsVer, rs
	return true
}
