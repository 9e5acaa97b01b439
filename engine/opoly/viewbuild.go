package opoly

import "boardroom/engine"

// View implements engine.Game: see the View type for what it holds. The
// view of a seat or spectator is built once per published state and the
// same (immutable) value is returned to every caller until the state
// changes, so many spectators of a table share one.
func (g *game) View(viewer int) engine.View {
	if viewer < engine.Spectator || viewer >= len(g.s.Players) {
		return g.view(viewer)
	}
	c := g.cached()
	if c.views[viewer+1] == nil {
		c.views[viewer+1] = g.view(viewer)
	}
	return c.views[viewer+1]
}

func (g *game) view(viewer int) View {
	s := g.s
	rs := g.rs
	v := View{
		Viewer: viewer, Game: rs.ID, Currency: rs.Currency, CurrencySuffix: rs.CurrencySuffix,
		Thousands: rs.Thousands, Rules: rs, Options: s.Setup.Options, Board: rs.Board, Salary: rs.Salary, JailFee: rs.JailFee,
		JailPos: rs.JailCell, MaxLevel: rs.MaxLevel, Active: g.active(), Phase: g.phaseName(),
		Dice: s.Dice, Doubles: s.Doubles, MustRoll: s.Must, Round: s.RoundNo, MaxRounds: s.MaxRounds,
		TimeLimit: s.TimeLimit, TimeUp: s.TimeUp,
		Order: s.Order, Over: s.Phase == phOver, LastCard: s.LastCard, LastAuction: s.LastAuction,
		Cells: g.pub.cells, Players: g.pub.players, Decks: g.pub.decks, Awaiting: g.pub.awaiting,
	}
	v.RollOff = s.RollOff
	v.CardsOff = !g.cardsOn()
	if s.Mixed != nil && (s.Phase == phValue || s.Phase == phValued) {
		v.Valuation = g.valuationView(viewer)
	}
	v.Placement, v.Received = g.placementView(), g.receivedView()
	if g.rs.Supply != nil {
		v.Supply = g.supplyView()
	}
	if v.Over {
		v.Active = -1
		out := g.Outcome()
		v.Outcome = &out
	}
	if a := s.Auction; a != nil && s.Phase != phOver {
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
	if t := s.Trade; t != nil && s.Phase == phTrade {
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
		if c.debt == nil {
			c.debt = g.debtView()
		}
		v.Debt = c.debt
	}
	return v
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
func (g *game) cached() *perVersion {
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

func (g *game) debtView() *DebtView {
	s := g.s
	ob := &s.Queue[0]
	d := ob.Debtor
	dv := &DebtView{Debtor: d, Amount: ob.total(), Creditors: append([]Owed(nil), ob.Creds...), Reason: ob.Reason,
		Raised: s.Players[d].Cash, Potential: g.potential(d)}
	var buf [2 * MaxCells]engine.Action
	var sell, mort [MaxCells]int
	ns, nm := 0, 0
	for _, a := range g.legalManage(d, true, buf[:0]) {
		switch a := a.(type) {
		case SellBuilding:
			sell[ns] = a.Cell
			ns++
		case SellGroupDown:
			if ns == 0 || sell[ns-1] != a.Cell {
				sell[ns] = a.Cell
				ns++
			}
		case Mortgage:
			mort[nm] = a.Cell
			nm++
		case SellAndMortgage:
			mort[nm] = a.Cell
			nm++
		}
	}
	dv.Sellable, dv.Mortgageable = g.blk.ints.copyOf(sell[:ns]), g.blk.ints.copyOf(mort[:nm])
	return dv
}

// published holds the parts of the View that do not depend on the viewer.
// publish refreshes them after every change of state, allocating new slices
// only for the parts that changed; a published slice is never written
// again, so views share them and stay valid snapshots, and View itself only
// reads the published parts.
type published struct {
	ver      uint64 // counts the calls of publish: a new number is a new state
	cells    []CellState
	props    [MaxSeats][]int
	holdings [MaxSeats]int64
	owners   [MaxCells]int8 // owner of each cell when props were listed
	players  []PlayerView
	decks    []DeckView
	awaiting []int
	// grp summarises each group of the published cells for Legal.
	grp [64]groupState
}

// groupState is a group's ownership and buildings.
type groupState struct {
	owner  int // the seat owning every cell, or Bank
	lo, hi int // lowest and highest building level
	mort   bool
}

// publishProps lists each seat's properties in board order, carved from
// one piece of a block.
func (g *game) publishProps() {
	s := g.s
	pub := &g.pub
	n := len(s.Players)
	var cnt [MaxSeats + 1]int
	total := 0
	for c := range s.Cells {
		if o := s.Cells[c].Owner; o >= 0 && o < n {
			cnt[o+1]++
			total++
		}
	}
	for i := 1; i <= n; i++ {
		cnt[i] += cnt[i-1] // cnt[i] is now where seat i's properties start
	}
	all := g.blk.ints.take(total)
	next := cnt
	for c := range s.Cells {
		if o := s.Cells[c].Owner; o >= 0 && o < n {
			all[next[o]] = c
			next[o]++
		}
	}
	for i := 0; i < n; i++ {
		pub.props[i] = nil
		if cnt[i+1] > cnt[i] {
			pub.props[i] = all[cnt[i]:cnt[i+1]:cnt[i+1]]
		}
	}
}

// wcell returns cell c of the state for writing: every change of a cell
// goes through it, so that publish knows the cells changed.
func (g *game) wcell(c int) *CellState {
	g.cellsDirty = true
	return &g.s.Cells[c]
}

func (g *game) publish() {
	s := g.s
	pub := &g.pub
	pub.ver++
	n := len(s.Players)
	cellsChanged := g.cellsDirty || len(pub.cells) != len(s.Cells)
	g.cellsDirty = false
	if cellsChanged {
		pub.cells = g.blk.cells.copyOf(s.Cells)
		pub.holdings = [MaxSeats]int64{}
		ownersChanged := false
		for c := range s.Cells {
			st := &s.Cells[c]
			if o := st.Owner; o >= 0 && o < n {
				pub.holdings[o] += g.rs.holdingValue(&g.rs.Board.Cells[c], st.Mortgaged, st.Level)
			}
			if pub.owners[c] != int8(st.Owner) {
				pub.owners[c] = int8(st.Owner)
				ownersChanged = true
			}
		}
		if ownersChanged || pub.ver == 1 {
			g.publishProps()
		}
		for gi := range g.rs.Board.Groups {
			grp := &g.rs.Board.Groups[gi]
			lo, hi, mort := groupLevels(s.Cells, grp)
			pub.grp[gi] = groupState{owner: groupOwner(s.Cells, grp), lo: lo, hi: hi, mort: mort}
		}
	}
	same := !cellsChanged && len(pub.players) == n
	for i := 0; same && i < n; i++ {
		p, old := &s.Players[i], &pub.players[i]
		same = old.Cash == p.Cash && old.Position == p.Pos && old.InJail == p.Jailed &&
			old.JailTurns == p.JailTurns && old.Out == p.Out && old.Status == p.Status && old.Laps == p.Laps &&
			len(old.JailCards) == len(p.Cards)
		for k := 0; same && k < len(p.Cards); k++ {
			same = old.JailCards[k] == p.Cards[k].Deck
		}
	}
	if !same {
		players := g.blk.players.take(n)
		for i := range players {
			p := &s.Players[i]
			capital := p.Cash + pub.holdings[i]
			if p.Out {
				capital = 0
			}
			players[i] = PlayerView{Seat: i, Cash: p.Cash, Capital: capital, Position: p.Pos, InJail: p.Jailed,
				JailTurns: p.JailTurns, Out: p.Out, Status: p.Status, Props: pub.props[i], Laps: p.Laps}
			if len(p.Cards) > 0 {
				players[i].JailCards = g.blk.ints.take(len(p.Cards))
				for k, c := range p.Cards {
					players[i].JailCards[k] = c.Deck
				}
			}
		}
		pub.players = players
	}
	same = len(pub.decks) == len(s.Decks)
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
	for seat := 0; seat < n; seat++ {
		if g.awaits(seat) {
			aw[k] = seat
			k++
		}
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
