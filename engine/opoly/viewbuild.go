package opoly

import (
	"math/bits"

	"boardroom/engine"
)

// View implements engine.Game: see the View type for what it holds. The
// view of a seat or spectator is built once per published state and the
// same (immutable) value is returned to every caller until the state
// changes, so many spectators of a table share one.
func (g *Game) View(viewer int) engine.View {
	if viewer < engine.Spectator || viewer >= len(g.s.Players) {
		return g.view(viewer)
	}
	c := g.cached()
	if c.views[viewer+1] == nil {
		c.views[viewer+1] = g.view(viewer)
	}
	return c.views[viewer+1]
}

// view builds viewer's view of the current state as a snapshot made only
// of published, never rewritten parts.
func (g *Game) view(viewer int) View {
	var v View
	g.fillView(&v, viewer, false)
	return v
}

// fillView writes viewer's view of the current state to v. A lent view
// (PeekView) is rewritten in place, field by field, and reads the parts
// the game rewrites in place too (peek.go); the game's constants are
// written only when v is new (Board unset).
func (g *Game) fillView(v *View, viewer int, lent bool) {
	s := g.s
	rs := g.rs
	if v.Board == nil || v.Viewer != viewer {
		*v = View{Viewer: viewer, Game: rs.ID, Currency: rs.Money.Currency, CurrencySuffix: rs.Money.Suffix,
			Thousands: rs.Money.Thousands, Rules: rs, Options: s.Setup.Options, Board: rs.Board, Salary: rs.Turn.Salary, JailFee: rs.Jail.Fee,
			JailPos: rs.Jail.Cell, MaxLevel: rs.Buildings.MaxLevel, MaxRounds: s.MaxRounds, TimeLimit: s.TimeLimit,
			Order: s.Order, RollOff: s.RollOff, CardsOff: !g.cardsOn()}
	}
	v.Active, v.Phase = g.active(), g.phaseName()
	v.Dice, v.Doubles, v.MustRoll, v.Round, v.TimeUp = s.Dice, s.Doubles, s.Must, s.RoundNo, s.TimeUp
	v.Over = s.Phase == phOver
	v.LastCard = s.LastCard
	v.LastAuction = s.LastAuction
	if lent {
		v.Cells = g.s.Cells // the state's own: valid until the next Apply
	} else {
		v.Cells = g.snapshotCells()
	}
	v.CellsVersion = g.pub.cellsVer
	if lent {
		v.rents = &g.pub.rents
	}
	v.Decks = g.pub.decks
	v.Awaiting = g.pub.awaiting
	if lent {
		v.Players = g.livePlayers()
	} else {
		v.Players = g.snapshotPlayers()
	}
	v.Valuation, v.Outcome, v.Auction, v.Trade, v.Debt = nil, nil, nil, nil, nil
	if s.Mixed != nil && (s.Phase == phValue || s.Phase == phValued) {
		if lent {
			v.Valuation = g.lentValuation(viewer)
		} else {
			v.Valuation = g.valuationView(viewer)
		}
	}
	v.Placement = g.placementView()
	v.Received = g.receivedView()
	if g.supply() != nil {
		if lent {
			g.lent.supply = g.supplyView()
			v.Supply = &g.lent.supply
		} else {
			sv := g.supplyView()
			v.Supply = &sv
		}
	}
	if v.Over {
		v.Active = -1
		out := g.Outcome()
		v.Outcome = &out
	}
	if a := s.Auction; a != nil && s.Phase != phOver && lent {
		v.Auction = g.lentAuction(viewer)
	} else if a != nil && s.Phase != phOver {
		c := g.cached()
		if c.auction == nil {
			c.auction = &AuctionView{Lot: a.Lot, Bankrupt: a.Bankrupt, Bidders: g.blk.ints.copyOf(a.Bidders),
				Committed: make([]bool, len(a.Bidders)), MinBid: a.Min, TieRound: a.TieRound, MyBid: -1,
				Kind: auctionKindNames[a.Kind], Seller: a.Seller, Reserves: a.Reserves}
			for i, b := range a.Bids {
				c.auction.Committed[i] = b >= 0
			}
		}
		v.Auction = c.auction
		if i := a.index(viewer); i >= 0 && a.Bids[i] >= 0 {
			av := *c.auction
			av.MyBid = a.Bids[i]
			v.Auction = &av
		}
	}
	if t := s.Trade; t != nil && s.Phase == phTrade && lent {
		v.Trade = g.lentTrade(viewer)
	} else if t != nil && s.Phase == phTrade {
		c := g.cached()
		if c.trade == nil {
			o := t.Offer
			o.FromCells, o.ToCells = g.blk.ints.copyOf(o.FromCells), g.blk.ints.copyOf(o.ToCells)
			o.FromCards, o.ToCards = g.blk.ints.copyOf(o.FromCards), g.blk.ints.copyOf(o.ToCards)
			c.trade = &TradeView{From: t.Offer.From, To: t.Offer.To, Counter: t.Counter, Takeover: t.Takeover}
			c.tradeParty = &TradeView{From: t.Offer.From, To: t.Offer.To, Counter: t.Counter, Takeover: t.Takeover, Offer: &o}
		}
		v.Trade = c.trade
		if viewer >= 0 && (viewer == t.Offer.From || viewer == t.Offer.To) {
			v.Trade = c.tradeParty
		}
	}
	// The debt stays in view while the creditor values assets offered
	// against it and the debtor answers (mixed.go): both need its amount.
	if len(s.Queue) > 0 && (s.Phase == phDebt || s.Phase == phValue || s.Phase == phValued) {
		c := g.cached()
		switch {
		case lent:
			v.Debt = g.lentDebt()
		case c.debt == nil:
			c.debt = g.debtView(new(DebtView), &g.blk.ints, nil)
			fallthrough
		default:
			v.Debt = c.debt
		}
	}
}

// perVersion holds the parts of views that are built on demand, at most
// once per published state, and shared by every view of that state (they
// are read-only like the rest of a View).
type perVersion struct {
	ver        uint64 // the published state they belong to
	auction    *AuctionView
	trade      *TradeView // as seen by anyone but the two parties
	tradeParty *TradeView // as seen by the two parties
	debt       *DebtView
	waiting    []engine.Wait             // the prompt of an auction or a debt
	views      [MaxSeats + 1]engine.View // by viewer+1 (spectator first)
}

// cached returns the on-demand parts of the current state.
func (g *Game) cached() *perVersion {
	c := &g.pv
	if c.ver == g.pub.ver {
		return c
	}
	c.ver = g.pub.ver
	// Clear only what is set: most states only ever build one view.
	if c.auction != nil || c.trade != nil || c.tradeParty != nil || c.debt != nil || c.waiting != nil {
		c.auction, c.trade, c.tradeParty, c.debt, c.waiting = nil, nil, nil, nil, nil
	}
	for i := range c.views {
		if c.views[i] != nil {
			c.views[i] = nil
		}
	}
	return c
}

// debtView writes the debt being resolved to dv: its lists are carved from
// ints (a snapshot) or, when ints is nil, written over buf's (a lent
// view's, reused).
func (g *Game) debtView(dv *DebtView, ints *block[int], buf *debtBufs) *DebtView {
	s := g.s
	ob := &s.Queue[0]
	d := ob.Debtor
	*dv = DebtView{Debtor: d, Amount: ob.total(), Reason: ob.Reason, Raised: s.Players[d].Cash, Potential: g.potential(d)}
	if ints != nil {
		dv.Creditors = append([]Owed(nil), ob.Creds...)
	} else {
		buf.creds = append(buf.creds[:0], ob.Creds...)
		dv.Creditors = buf.creds
	}
	if buf != nil { // a lent view's: kept for the debtor's legal part (legalPart)
		buf.manage = g.legalManage(d, true, buf.manage[:0])
		buf.manageVer = g.pub.ver
		buf.sell, buf.mort = sellsAndMortgages(buf.manage, buf.sell[:0], buf.mort[:0])
		if len(buf.sell) > 0 {
			dv.Sellable = buf.sell
		}
		if len(buf.mort) > 0 {
			dv.Mortgageable = buf.mort
		}
		return dv
	}
	var acts [2 * MaxCells]engine.Action
	var sellBuf, mortBuf [MaxCells]int
	sell, mort := sellsAndMortgages(g.legalManage(d, true, acts[:0]), sellBuf[:0], mortBuf[:0])
	dv.Sellable, dv.Mortgageable = ints.copyOf(sell), ints.copyOf(mort)
	return dv
}

// sellsAndMortgages appends the cells of a debtor's manage list to sell
// (buildings to sell) and mort (cells to mortgage), in the list's order.
func sellsAndMortgages(manage []engine.Action, sell, mort []int) ([]int, []int) {
	for _, a := range manage {
		switch a := a.(type) {
		case SellBuilding:
			sell = append(sell, a.Cell)
		case SellGroupDown:
			if len(sell) == 0 || sell[len(sell)-1] != a.Cell {
				sell = append(sell, a.Cell)
			}
		case Mortgage:
			mort = append(mort, a.Cell)
		case SellAndMortgage:
			mort = append(mort, a.Cell)
		}
	}
	return sell, mort
}

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
	holdings  [MaxSeats]int64 // holding value of each seat's cells
	// potential is what each seat's cells would raise sold down and
	// mortgaged (potential's sum over them), from each cell's share pot;
	// mortgages counts each seat's mortgaged cells and mortgaged says which
	// are: legalLifts skips a seat without any, and a debt view does not
	// walk the board for its Potential.
	potential [MaxSeats]int64
	pot       [MaxCells]int64
	mortgages [MaxSeats]int
	mortgaged [MaxCells]bool
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
	awaiting     []int
	// grp summarises each group of the published cells for Legal.
	grp [64]groupState
	// fullOf has bit gi set for each street group the seat owns whole
	// (grp[gi].owner), for Legal.
	fullOf [MaxSeats]uint64
	// raisable are the groups of fullOf without a mortgage and below the
	// top level: the only ones groupBuilds may list a build in.
	raisable [MaxSeats]uint64
	// rents is what each cell charges, for the bots reading lent views.
	rents rentMemo
}

// groupState is a group's ownership and buildings.
type groupState struct {
	owner  int // the seat owning every cell, or Bank
	lo, hi int // lowest and highest building level
	mort   bool
}

// publishProps lists each seat's properties in board order, carved from
// one piece of a block, from the published owners' masks (ownedBy).
func (g *Game) publishProps() {
	pub := &g.pub
	n := len(g.s.Players)
	total := 0
	for i := 0; i < n; i++ {
		total += bits.OnesCount64(pub.ownedBy[i])
	}
	// The lists are rewritten in place in the game's buffer unless a
	// snapshot (snapshotPlayers) holds them: lent views and Legal read them
	// only until the next Apply. Held ones are never written again.
	var all []int
	if pub.propsKept {
		all = g.blk.ints.take(total)
		pub.propsBuf, pub.propsKept = nil, false
	} else {
		if pub.propsBuf == nil {
			pub.propsBuf = make([]int, len(g.s.Cells))
		}
		all = pub.propsBuf[:total]
	}
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
}

// wcell returns cell c of the state for writing: every change of a cell
// goes through it, so that publish knows which cells changed.
func (g *Game) wcell(c int) *CellState {
	g.dirty |= 1 << uint(c)
	return &g.s.Cells[c]
}

func (g *Game) publish() {
	s := g.s
	pub := &g.pub
	pub.ver++
	n := len(s.Players)
	all := g.cellsDirty || pub.ver == 1 || pub.ncells != len(s.Cells)
	dirty := g.dirty
	g.cellsDirty, g.dirty = false, 0
	if all || dirty != 0 {
		pub.ncells = len(s.Cells)
		if all {
			dirty = 1<<uint(len(s.Cells)) - 1 // all ones for 64 cells too (1<<64 is 0)
			pub.holdings = [MaxSeats]int64{}
			pub.value = [MaxCells]int64{}
			pub.potential, pub.pot = [MaxSeats]int64{}, [MaxCells]int64{}
			pub.mortgages, pub.mortgaged = [MaxSeats]int{}, [MaxCells]bool{}
			pub.owners, pub.ownedBy = [MaxCells]int8{}, [MaxSeats]uint64{}
			pub.cellKeys, pub.cellsVer = [MaxCells]uint64{}, 0
			pub.fullOf, pub.raisable = [MaxSeats]uint64{}, [MaxSeats]uint64{}
			for c := range pub.owners {
				pub.owners[c] = Bank
			}
		}
		if g.publishCells(dirty, n) || all {
			g.publishProps()
		}
		if g.supply() != nil {
			g.publishSupply(dirty, all)
		}
	}
	same := len(pub.decks) == len(s.Decks)
	for d := 0; same && d < len(s.Decks); d++ {
		same = pub.decks[d].Size == len(s.Decks[d].Order)
	}
	if !same {
		pub.decks = g.blk.decks.take(len(s.Decks))
		for d := range s.Decks {
			pub.decks[d] = DeckView{Name: g.rs.Board.Decks[d].Name, Size: len(s.Decks[d].Order)}
		}
	}
	var aw [MaxSeats]int
	k := 0
	if one, single := g.awaitsOne(); !single { // an auction: every bidder yet to bid
		for seat := 0; seat < n; seat++ {
			if g.awaits(seat) {
				aw[k] = seat
				k++
			}
		}
	} else if one >= 0 && one < n {
		aw[0], k = one, 1
	}
	same = len(pub.awaiting) == k
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
	var groups uint64
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
			pub.holdings[o] -= pub.value[c]
			pub.potential[o] -= pub.pot[c]
			if pub.mortgaged[c] {
				pub.mortgages[o]--
			}
		}
		pub.value[c], pub.pot[c], pub.mortgaged[c] = 0, 0, false
		if o := st.Owner; o >= 0 && o < n {
			pub.value[c] = g.rs.holdingValue(&b.Cells[c], st.Mortgaged, st.Level)
			pub.holdings[o] += pub.value[c]
			pub.pot[c] = g.cellPotential(c, st)
			pub.potential[o] += pub.pot[c]
			if st.Mortgaged {
				pub.mortgaged[c] = true
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
		}
		if gi := b.Cells[c].Group; gi >= 0 {
			groups |= 1 << uint(gi)
		}
	}
	for gs := groups; gs != 0; gs &= gs - 1 {
		gi := bits.TrailingZeros64(gs)
		grp := &b.Groups[gi]
		lo, hi, mort := groupLevels(s.Cells, grp)
		if o := pub.grp[gi].owner; o >= 0 && o < MaxSeats {
			pub.fullOf[o] &^= 1 << uint(gi)
			pub.raisable[o] &^= 1 << uint(gi)
		}
		pub.grp[gi] = groupState{owner: groupOwner(s.Cells, grp), lo: lo, hi: hi, mort: mort}
		if o := pub.grp[gi].owner; grp.Kind == KindStreet && o >= 0 && o < MaxSeats {
			pub.fullOf[o] |= 1 << uint(gi)
			if !mort && lo < g.rs.Buildings.MaxLevel {
				pub.raisable[o] |= 1 << uint(gi)
			}
		}
	}
	g.publishRents(groups, dirty == 1<<uint(len(s.Cells))-1)
	return ownersChanged
}
