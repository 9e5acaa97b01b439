package opoly

import (
	"strconv"

	"boardroom/engine"
)

// Seller-run sales ("offer to all", G000-12) and shortage auctions of the
// building supply (G000-10). Both are sealed-bid auctions (MF-8) started in
// a player's own window; when they end the game goes back to that window.

// OfferToAll puts one of the player's properties up for a sealed-bid
// auction among all other players still in: the highest bid at or above
// Reserve (0: any bid) buys it automatically (G000-12). Listed by Legal as
// a template over Reserve.
type OfferToAll struct {
	Cell     int   `json:"cell"`
	Reserve  int64 `json:"reserve"`
	min, max int64
	step     int64
}

// Kind implements engine.Action.
func (OfferToAll) Kind() string { return "offer_to_all" }

// Param implements engine.Template: the reserve, 0 (none) up to three times
// the printed price.
func (o OfferToAll) Param() engine.Param {
	return engine.Param{Name: "reserve", Min: o.min, Max: o.max, Step: o.step}
}

// With implements engine.Template.
func (o OfferToAll) With(v int64) engine.Action { o.Reserve = v; return o }

// The rules of offering to all (when, what, the reserve) are
// Projectopoly's mechanism (projectopoly/offertoall.go); the auction it
// opens is the core's (settleSale, below).

// Proposals is the number of proposals (trades, sales) made this turn.
func (t Table) Proposals() int { return t.g.s.Trades }

// CanPropose reports whether seat may propose a trade now (its own turn
// or debt, the turn's proposals left).
func (t Table) CanPropose(seat int) bool { return t.g.canPropose(seat) }

// Props lists seat's properties as published (shared, read-only).
func (t Table) Props(seat int) []int { return t.g.pub.props[seat] }

// Tradeable reports whether cell c may change hands now.
func (t Table) Tradeable(c int) bool { return t.g.tradeable(c) }

// OfferBox is cell c's OfferToAll template (reserve 0 to three times the
// price), boxed once a game (and kept by a renewed one: it depends on
// the rules only).
func (t Table) OfferBox(c int) engine.Action {
	g := t.g
	if g.offerBox[c] == nil {
		g.offerBox[c] = OfferToAll{Cell: c, min: 0, max: 3 * g.rs.Board.Cells[c].Price, step: g.rs.Money.Step}
	}
	return g.offerBox[c]
}

// OpenSale opens seat's seller-run auction of cell with reserve among
// every other player still in; it counts as one of the turn's proposals.
func (t Table) OpenSale(seat, cell int, reserve int64) {
	g, s := t.g, t.g.s
	o := OfferToAll{Cell: cell, Reserve: reserve}
	s.Trades++
	a := newOf(&g.blk.auctions)
	*a = auction{Lot: o.Cell, Kind: lotSale, Seller: seat, Return: s.Phase}
	a.room(&g.blk, s.Players, seat, true)
	for q := range s.Players {
		if q != seat && !s.Players[q].Out {
			a.Bidders = append(a.Bidders, q)
			a.Bids = append(a.Bids, -1)
			a.Reserves = append(a.Reserves, o.Reserve)
		}
	}
	s.Auction = a
	s.Phase = phAuction
	lo := g.mark()
	if !g.quiet { // a quiet game writes no sentence: its names not even looked up
		g.appendText(who(seat), " offers ", g.rs.Board.Cells[o.Cell].Name, " to all")
		if o.Reserve > 0 {
			g.appendText(" with a reserve of ")
			g.appendMoney(o.Reserve)
		}
		g.appendText(": every other player places one sealed bid.")
	}
	g.emitText("auction", lo, nil)
}

var auctionKindNames = [...]string{lotBank: "", lotSale: "sale", lotUnit: "unit", lotTop: "top"}

// qualifies reports whether bid i counts: above zero and at its reserve.
func (a *auction) qualifies(i int) bool {
	if a.Bids[i] <= 0 {
		return false
	}
	return a.Reserves == nil || a.Bids[i] >= a.Reserves[i]
}

// lotName names what an auction sells.
func (g *Game) lotName(a *auction) string {
	if g.quiet {
		return "" // only sentences name the lot, and a quiet game writes none
	}
	name := g.rs.Board.Cells[a.Lot].Name
	switch a.Kind {
	case lotUnit:
		return "one " + g.rs.levelNameBase(1) + " (shortage auction)"
	case lotTop:
		return "one " + g.rs.levelNameBase(g.rs.Buildings.MaxLevel) + " (shortage auction)"
	case lotSale:
		return name + " (sold by " + who(a.Seller) + ")"
	}
	return name
}

// levelNameBase names a unit ("FTE") or the top ("Team+QM") of a ruleset
// with finite supply, for auction sentences.
func (rs *Ruleset) levelNameBase(l int) string {
	if l >= rs.Buildings.MaxLevel && len(rs.Words.Levels) >= rs.Buildings.MaxLevel {
		return rs.Words.Levels[rs.Buildings.MaxLevel-1]
	}
	return rs.buildingWord()
}

// unsold is the sentence of an auction without a qualifying bid.
func (g *Game) unsold(a *auction) string {
	if g.quiet {
		return "" // a sentence, which a quiet game does not write
	}
	if a.Kind == lotSale {
		return "No qualifying bid: " + g.rs.Board.Cells[a.Lot].Name + " stays with " + who(a.Seller) + "."
	}
	return "No qualifying bid: nobody is staffed."
}

// afterSale returns to the window the auction was started from.
func (g *Game) afterSale(a *auction) {
	g.s.Phase = a.Return
	if a.Return == phDebt {
		g.proceed()
	}
}

// settleSale completes a seller-run or shortage auction won by winner at
// price (the sentence so far starts at mark lo).
func (g *Game) settleSale(a *auction, winner int, price int64, lo int) {
	s := g.s
	switch a.Kind {
	case lotSale:
		cell := &g.rs.Board.Cells[a.Lot]
		if !g.quiet {
			g.appendText(who(winner), " buys ", cell.Name, " for ")
			g.appendMoney(price)
			g.appendText(".")
		}
		g.emitText("auction_reveal", lo, nil)
		g.wcell(a.Lot).Owner = winner
		why := "" // a muted game's moves tell no reason (move)
		if !g.mute {
			why = "sale of " + cell.Name + " to the best offer"
		}
		g.move(winner, a.Seller, price, "auction", why)
		g.payTransfers(winner, oneCell[a.Lot], false)
	default:
		c := a.Lot
		if winner != a.Seller {
			var buf [MaxCells]int
			cells := g.placeCells(winner, a.Kind == lotTop, buf[:0])
			if len(cells) != 1 {
				g.appendText(who(winner), " wins it and chooses the project to staff.")
				g.emitText("auction_reveal", lo, nil)
				g.awaitPlacement(a, winner, price) // the place phase returns to a.Return
				return
			}
			c = cells[0]
		}
		only := 0
		for i := range a.Bidders {
			if a.qualifies(i) {
				only++
			}
		}
		if winner == a.Seller && only == 1 && s.LastAuction != nil && !s.LastAuction.Tied {
			price = g.rs.Board.Cells[c].BuildPrice // only the requester bid: the printed price
		}
		if !g.quiet {
			g.appendText(who(winner), " wins it and staffs ", g.rs.Board.Cells[c].Name, ".")
		}
		g.emitText("auction_reveal", lo, nil)
		g.wcell(c).Level++
		why := "" // a muted game's moves tell no reason (move)
		if !g.mute {
			why = "shortage auction: " + g.why.build[c][s.Cells[c].Level]
		}
		g.move(winner, Bank, price, "build", why)
	}
	g.afterSale(a)
}

// groupUnbuilt reports whether cell c's group has no buildings.
func (g *Game) groupUnbuilt(c int) bool {
	cell, grp := g.street(c)
	return g.groupNow(cell.Group, grp).hi == 0
}

// When a build request becomes a shortage auction (G000-10: who may bid,
// at what reserve, below which supply) is Projectopoly's mechanism
// (Stock.Shortage, projectopoly/supply.go); the auction is the core's.

// OpenShortage opens the shortage auction of the one unit (or top) that
// seat's build of street c needs, among bidders (seat first) with their
// reserves, instead of the build.
func (t Table) OpenShortage(seat, c int, bidders []int, reserves []int64) {
	g, s := t.g, t.g.s
	a := newOf(&g.blk.auctions)
	*a = auction{Lot: c, Kind: lotUnit, Seller: seat, Return: s.Phase}
	if s.Cells[c].Level+1 >= g.rs.Buildings.MaxLevel {
		a.Kind = lotTop
	}
	a.Bidders, a.Reserves = bidders, reserves
	a.Bids = g.blk.int64s.take(len(bidders)) // carved, as room's
	for i := range a.Bids {
		a.Bids[i] = -1
	}
	s.Auction = a
	s.Phase = phAuction
	u, _ := g.free()
	lo := g.mark()
	g.appendText(who(seat), " asks for ", g.lotName(a), " with only ", strconv.Itoa(min(u, 1<<20)), " left: ")
	for i, q := range a.Bidders {
		if i > 0 {
			g.appendText(", ")
		}
		g.appendText(who(q), " (reserve ")
		g.appendMoney(a.Reserves[i])
		g.appendText(")")
	}
	g.appendText(" place sealed bids; the best offer staffs.")
	g.emitText("auction", lo, nil)
}
