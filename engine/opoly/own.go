package opoly

// A seat's own view: what the game's bot reads while it chooses, in a
// simulation once per action. A lent view (PeekView) is written at every
// new state, every changed player's public state copied into its
// Players. The bot reads a few fields of them, so its own view holds no
// Players and reads them where the game keeps them instead (the state's
// players, the published sums) through accessors that read a whole
// view's Players as well (Seats, PlayerCash, PlayerPos, PlayerOut,
// PlayerProps). At a new state it is written only the phase, the turn,
// the round and the cells' version (read many times a choice: a field
// is cheaper to read than an accessor), and its optional parts where it
// shows any (fillParts: none in most of a turn's phases); its cells are
// the state's, set once, an auction's bidders the state's list, and a
// trade's offer, for its two parties, the state's.
//
// It leaves empty what the bot never reads: Dice, Doubles, MustRoll,
// TimeUp, Over, LastCard, LastAuction, Decks, Awaiting and Supply (the
// strong bot, which rebuilds a game from them, is handed a whole view),
// an auction's Committed, and the debt in a debt's phase (the debtor's
// bot reads its lists: lentDebtList).
//
// A bot reading the game this way sees no more than its View would show:
// the own view reaches the game through ownRead alone, which holds the
// players' public state and the published sums (property lists, counts
// of mortgages: what any view shows or adds up), not the state (no deck
// order, no sealed bid, no random source, no trade offer between others).

// ownRead is what a seat's own view reads of its game in place.
type ownRead struct {
	players []player   // the state's players (for the game's life: lent.renew makes the view again)
	pub     *published // the published sums: the lists of properties, counts of mortgages
	// out has bit s set when seat s is out, worked out when the state's
	// count of seats gone out (seq, the state's OutSeq) was outSeq-1
	// (outSeats)
	seq    *int
	out    uint64
	outSeq int
}

// outSeats has bit s set when seat s is out of the game: worked out again
// only when a seat has gone out since (the bot asks at most of its
// choices, several times each, and a seat goes out a few times a game).
// Every change of a player's Out in a game counts in its OutSeq (a
// bankruptcy, a resignation; fromViewInto's players), which only grows
// until the game is renewed, and a renewed game's own view is made anew.
func (o *ownRead) outSeats() uint64 {
	if o.outSeq != *o.seq+1 {
		var m uint64
		for i := range o.players {
			if o.players[i].Out {
				m |= 1 << uint(i)
			}
		}
		o.out, o.outSeq = m, *o.seq+1
	}
	return o.out
}

// ownView returns seat's own view of the current state: what
// PeekView(seat) holds but its players (nil), read in place by Seats,
// PlayerCash, PlayerPos, PlayerOut and PlayerProps, and the parts the
// bot does not read (left empty). Valid until the next Apply, like a
// lent view; seat must be one of the game's. It runs once per action of
// a simulation: its short path writes what a new state changes (the
// active seat, the phase, the round, the cells' version) and the
// optional parts only where the view shows one; a view not yet made
// (or renewed) is made by ownNew.
func (g *Game) ownView(seat int) *View {
	l := g.lent
	if l == nil {
		return g.ownNew(seat)
	}
	p := l.own[seat&(MaxSeats-1)]
	if p == nil {
		return g.ownNew(seat)
	}
	v := &p.own
	if p.ownVer == g.pub.ver {
		return v
	}
	p.ownVer = g.pub.ver
	s := g.s
	ph := s.Phase
	v.Active = s.Order[s.Turn] // g.active()
	// phaseName's label
	if v.Phase = phaseLabels[ph&phaseMask]; ph == phRoll && s.Players[v.Active].Jailed {
		v.Phase = PhaseJail
	}
	v.Round, v.CellsVersion = s.RoundNo, g.pub.cellsVer
	// a turn's phases without an auction show no optional part
	if ph > phPostRoll || p.ownExtra || s.Auction != nil || v.Auction != nil {
		g.fillParts(v, &p.ownExtra, seat)
	}
	return v
}

// phaseMask bounds a phase as an index of phaseLabels (no bounds check).
const phaseMask = 15

// phaseLabels are phaseNames in a table phaseMask bounds (the array's
// length fails to compile when the phases outgrow it).
var _ = [phaseMask + 1 - len(phaseNames)]struct{}{}
var phaseLabels = func() (t [phaseMask + 1]string) {
	copy(t[:], phaseNames[:])
	return t
}()

// ownNew makes seat's own view (the game's lent views too, when it has
// none yet): its constants, the state's cells and players, which are the
// game's for its life, and its place in lent.own; then fills it as
// ownView does.
func (g *Game) ownNew(seat int) *View {
	l := g.lent
	if l == nil {
		l = newLent(len(g.s.Players))
		g.lent = l
	}
	p := l.view(seat + 1)
	v := &p.own
	if v.Board == nil { // new, or renewed (lent.renew)
		s := g.s
		g.viewConsts(v, seat, true)
		// the state's cells and players: their slices are the game's for
		// its life (start and fromViewInto write them after lent.renew)
		v.Cells = s.Cells
		p.ownRd = ownRead{players: s.Players, pub: &g.pub, seq: &s.OutSeq}
		v.own = &p.ownRd
		p.ownVer = ^g.pub.ver // no state's: filled below
	}
	l.own[seat&(MaxSeats-1)] = p
	return g.ownView(seat)
}

// ownAuction returns viewer's AuctionView of the auction under way for its
// own view: lentAuction's, but its Bidders the state's own list (valid
// until the next Apply, as the view is) and its Committed left empty (the
// bot does not read it).
func (g *Game) ownAuction(viewer int) *AuctionView {
	a := g.s.Auction
	av := &g.lent.view(viewer + 1).ownAuc
	*av = AuctionView{Lot: a.Lot, Bankrupt: a.Bankrupt, Bidders: a.Bidders, MinBid: a.Min, TieRound: a.TieRound, MyBid: -1,
		Kind: auctionKindNames[a.Kind], Seller: a.Seller, Reserves: a.Reserves}
	if len(a.Bidders) == 0 {
		av.Bidders = nil // as lentAuction gives
	}
	if i := a.index(viewer); i >= 0 && a.Bids[i] >= 0 {
		av.MyBid = a.Bids[i]
	}
	return av
}

// ownTrade returns viewer's TradeView of the trade under way for its own
// view: lentTrade's, but a party's Offer the state's own (valid until the
// next Apply, as the view is; the bot only reads it), not copied list by
// list. Only the two parties see it, as in every view.
func (g *Game) ownTrade(viewer int) *TradeView {
	t := g.s.Trade
	tv := &g.lent.view(viewer + 1).ownTrd
	*tv = TradeView{From: t.Offer.From, To: t.Offer.To, Counter: t.Counter, Takeover: t.Takeover}
	if viewer >= 0 && (viewer == t.Offer.From || viewer == t.Offer.To) {
		tv.Offer = &t.Offer
	}
	return tv
}

// Seats returns the number of seats: len(Players), in a bot's own view
// as well.
func (v *View) Seats() int {
	if o := v.own; o != nil {
		return len(o.players)
	}
	return len(v.Players)
}

// PlayerCash returns seat i's cash: Players[i].Cash, read in place in a
// bot's own view.
func (v *View) PlayerCash(i int) int64 {
	if o := v.own; o != nil {
		return o.players[i].Cash
	}
	return v.Players[i].Cash
}

// PlayerPos returns seat i's square: Players[i].Position, read in place
// in a bot's own view.
func (v *View) PlayerPos(i int) int {
	if o := v.own; o != nil {
		return o.players[i].Pos
	}
	return v.Players[i].Position
}

// PlayerOut reports whether seat i is out of the game: Players[i].Out,
// read in place in a bot's own view.
func (v *View) PlayerOut(i int) bool {
	if o := v.own; o != nil {
		return o.players[i].Out
	}
	return v.Players[i].Out
}

// PlayerProps returns the cells seat i owns, in board order:
// Players[i].Props, read in place in a bot's own view (read-only).
func (v *View) PlayerProps(i int) []int {
	if o := v.own; o != nil {
		return o.pub.props[i]
	}
	return v.Players[i].Props
}

// mortgagesOf returns how many of seat's cells are mortgaged, with ok,
// where the view knows it without a walk over them: a bot's own view
// reads the published count (published.mortgages).
func (v *View) mortgagesOf(seat int) (n int, ok bool) {
	if o := v.own; o != nil && uint(seat) < MaxSeats {
		return o.pub.mortgages[seat], true
	}
	return 0, false
}
