package opoly

import (
	"strconv"
	"strings"

	"boardroom/engine"
)

// startAuction opens a sealed-bid auction of cell lot among every player
// still in (MF-8, G004-14). bankrupt marks the liquidation of an estate,
// whose proceeds go to its creditors first (A004-10).
func (g *Game) startAuction(lot int, bankrupt bool) {
	s := g.s
	a := newOf(&g.blk.auctions)
	*a = auction{Lot: lot, Bankrupt: bankrupt}
	a.room(&g.blk, s.Players, -1, false)
	for seat := range s.Players {
		if !s.Players[seat].Out {
			a.Bidders = append(a.Bidders, seat)
			a.Bids = append(a.Bids, -1)
		}
	}
	s.Auction = a
	s.Phase = phAuction
	g.emitSaid("auction", func() string {
		return g.rs.Board.Cells[lot].Name + " is up for auction: every player still in places one sealed bid."
	})
}

// room gives a's Bidders and Bids (and Reserves with reserves) the
// capacity for every player still in but except, carved from the game's
// blocks so that listing them allocates nothing; none stays nil, as
// appending gives.
func (a *auction) room(blk *blocks, players []player, except int, reserves bool) {
	n := 0
	for q := range players {
		if q != except && !players[q].Out {
			n++
		}
	}
	if n == 0 {
		return
	}
	a.Bidders, a.Bids = blk.ints.take(n)[:0], blk.int64s.take(n)[:0]
	if reserves {
		a.Reserves = blk.int64s.take(n)[:0]
	}
}

func (a *auction) index(seat int) int {
	for i, b := range a.Bidders {
		if b == seat {
			return i
		}
	}
	return -1
}

// boxedBid is bidTemplate(seat) as an Action, boxed again only when it
// differs from the last one boxed for seat (an auction lists one per bidder
// and round, mostly the same: the bounds are the minimum and the cash).
func (g *Game) boxedBid(seat int) engine.Action {
	t := g.bidTemplate(seat)
	if seat < 0 || seat >= MaxSeats {
		return t
	}
	b := &g.bids[seat]
	if b.boxed == nil || b.tpl != t {
		b.tpl, b.boxed = t, t
	}
	return b.boxed
}

// boxedBidOf is a seat's last boxed Bid template.
type boxedBidOf struct {
	tpl   Bid
	boxed engine.Action
}

// bidTemplate is the Bid a bidder may place now.
func (g *Game) bidTemplate(seat int) Bid {
	a := g.s.Auction
	return Bid{Amount: a.Min, min: a.Min, max: g.maxBid(seat), step: g.rs.Money.Step}
}

func (g *Game) maxBid(seat int) int64 {
	c := g.s.Players[seat].Cash
	if a := g.s.Auction; a.Kind == lotSale && g.s.Cells[a.Lot].Mortgaged {
		c -= g.rs.TransferFee(a.Lot) // the winner pays it at once (R000-28)
	}
	c -= c % g.rs.Money.Step
	if c < g.s.Auction.Min {
		c = g.s.Auction.Min
	}
	return c
}

func (g *Game) checkBid(seat int, b Bid) error {
	a := g.s.Auction
	if g.s.Phase != phAuction || a == nil {
		return engine.Errf(engine.CodeNotYourTurn, "There is no auction now.")
	}
	i := a.index(seat)
	if i < 0 || a.Bids[i] >= 0 {
		return engine.Errf(engine.CodeNotYourTurn, "You have no bid to place now.")
	}
	hi := g.maxBid(seat)
	var wrong []string
	switch {
	case b.Amount > hi:
		wrong = append(wrong, "more than your cash allows ("+g.money(hi)+")")
	case b.Amount < a.Min:
		wrong = append(wrong, "less than "+g.money(a.Min))
	}
	if b.Amount%g.rs.Money.Step != 0 {
		wrong = append(wrong, "not a multiple of "+g.money(g.rs.Money.Step))
	}
	if len(wrong) > 0 { // everything wrong in one sentence
		return engine.Errf(engine.CodeIllegal, "A bid of %s is %s: from %s to %s in steps of %s.", g.money(b.Amount),
			strings.Join(wrong, " and "), g.money(a.Min), g.money(hi), g.money(g.rs.Money.Step))
	}
	return nil
}

// applyBid is applyAwaited of seat's bid b, which is not boxed as an
// action: check's case of a Bid, then do's, the publication and the
// events as applyAwaited has them (the caller keeps none: the game's own
// loop of a simulation's bids, playBotBid).
func (g *Game) applyBid(seat int, b Bid) error {
	if !g.hasBids() {
		return g.noSuchMove()
	}
	if err := g.checkBid(seat, b); err != nil {
		return err
	}
	mute := g.openEvents()
	g.doBid(seat, b)
	g.publish()
	if !mute {
		g.endEvents()
	}
	return nil
}

// doBid records a sealed bid; when every bid is in, reveals and settles.
func (g *Game) doBid(seat int, b Bid) {
	s := g.s
	a := s.Auction
	a.Bids[a.index(seat)] = b.Amount
	lo := g.mark()
	if !g.quiet { // a quiet game writes no sentence: its names not even looked up
		g.appendText(who(seat), " placed a sealed bid of ")
		g.appendMoney(b.Amount)
		g.appendText(" for ", g.lotName(a), ".")
	}
	if !g.mute { // emitEvent returns when muted: the event not even built
		g.emitEvent(engine.Event{Kind: "bid", To: oneCell[seat], Redacted: sealedBid[seat]}, lo)
	}
	for _, x := range a.Bids {
		if x < 0 {
			return
		}
	}
	g.reveal()
	if a.Kind != lotBank && s.Auction == nil {
		return // afterSale has restored the phase
	}
	g.proceed()
}

// reveal opens the bids and decides the round (MF-8 steps 3-6).
func (g *Game) reveal() {
	s := g.s
	a := s.Auction
	lot := a.Lot
	var name string
	if !g.quiet { // only sentences name the lot: no call in a quiet game
		name = g.lotName(a)
	}
	res := newOf(&g.blk.results)
	*res = AuctionResult{Lot: lot, Winner: -1, Bids: g.blk.seatBids.take(len(a.Bidders))}
	if res.Bids == nil {
		res.Bids = []SeatBid{} // never nil, as make gave (the view's JSON)
	}
	var hi int64
	for i, seat := range a.Bidders {
		res.Bids[i] = SeatBid{Seat: seat, Amount: a.Bids[i]}
		if a.Bids[i] > hi && a.qualifies(i) {
			hi = a.Bids[i]
		}
	}
	var tiedBuf [MaxSeats]int
	tied := tiedBuf[:0]
	for i, seat := range a.Bidders {
		if a.Bids[i] == hi && a.qualifies(i) {
			tied = append(tied, seat)
		}
	}
	lo := g.mark()
	if !g.quiet {
		g.appendText("Bids for ", name, ": ")
		for i, b := range res.Bids {
			if i > 0 {
				g.appendText(", ")
			}
			g.appendText(who(b.Seat), " ")
			g.appendMoney(b.Amount)
		}
		g.appendText(". ")
	}
	s.LastAuction = res
	switch {
	case hi == 0 && a.Kind != lotBank:
		s.Auction = nil
		if a.Kind == lotUnit || a.Kind == lotTop {
			s.Unfilled |= unfilledBit(a.Seller, a.Kind == lotTop)
		}
		if !g.quiet {
			g.appendText(g.unsold(a))
		}
		g.emitText("auction_reveal", lo, nil)
		g.afterSale(a)
		return
	case hi == 0:
		s.Auction = nil
		g.appendText("No bid: ", name, " stays with ", g.rs.bankName(), ".")
		g.emitText("auction_reveal", lo, nil)
		return
	case len(tied) > 1 && a.TieRound < g.rs.Auction.TieRounds:
		res.Tied = true
		a.TieRound++
		if a.Reserves != nil {
			keep := g.blk.int64s.take(len(tied))[:0] // carved, as the bidders
			for i, seat := range a.Bidders {
				if a.Bids[i] == hi && a.qualifies(i) && seat >= 0 {
					keep = append(keep, a.Reserves[i])
				}
			}
			a.Reserves = keep
		}
		a.Bidders = g.blk.ints.copyOf(tied) // carved from the game's blocks
		a.Bids = a.Bids[:len(tied)]
		for i := range a.Bids {
			a.Bids[i] = -1
		}
		a.Min = hi
		g.appendText("A tie at ")
		g.appendMoney(hi)
		g.appendText(": the tied bidders bid again (at least ")
		g.appendMoney(hi)
		g.tb = strconv.AppendInt(append(g.tb, "), round "...), int64(a.TieRound), 10)
		g.appendText(".")
		g.emitText("auction_reveal", lo, nil)
		return
	}
	winner := tied[0]
	if len(tied) > 1 {
		winner = tied[s.RNG.IntN(len(tied))]
		res.Random = true
		g.tb = strconv.AppendInt(append(g.tb, "Still tied after "...), int64(a.TieRound), 10)
		g.appendText(" re-bids: ", who(winner), " is drawn at random. ")
	}
	res.Winner, res.Price = winner, hi
	s.Auction = nil
	if a.Kind != lotBank {
		g.settleSale(a, winner, hi, lo)
		return
	}
	if !g.quiet {
		g.appendText(who(winner), " wins ", name, " for ")
		g.appendMoney(hi)
		g.appendText(".")
	}
	g.emitText("auction_reveal", lo, nil)
	*g.wcell(lot) = CellState{Owner: winner}
	if a.Bankrupt && s.Estate != nil {
		g.payEstate(winner, hi, g.why.auction[lot])
		return
	}
	g.move(winner, Bank, hi, "auction", g.why.auction[lot])
}

// payEstate pays an estate auction's price to the bankrupt's creditors,
// in proportion to their unpaid amounts, then the rest to the bank (A004-10,
// A004-12).
func (g *Game) payEstate(from int, price int64, what string) {
	creds := g.s.Estate.Creds
	var rem int64
	for _, c := range creds {
		rem += c.Amount
	}
	paid := int64(0)
	for i := range creds {
		c := &creds[i]
		if c.Amount == 0 {
			continue
		}
		share := c.Amount
		if price < rem {
			share = price * c.Amount / rem
		}
		c.Amount -= share
		paid += share
		to := c.Seat
		if to != Bank && g.s.Players[to].Out {
			to = Bank
		}
		g.move(from, to, share, "auction", what)
	}
	g.move(from, Bank, price-paid, "auction", what)
}
