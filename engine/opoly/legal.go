package opoly

import "boardroom/engine"

// Legal implements engine.Game. The returned list is the game's own
// buffer for seat: it stays valid and unchanged until the next successful
// Apply (calling Legal again before then returns the same list); a caller
// that keeps it longer must copy it. Bots and menus choose from it and
// apply at once, so the game lists every step without allocating.
func (g *Game) Legal(seat int) []engine.Action {
	s := g.s
	if seat < 0 || seat >= len(s.Players) {
		return nil
	}
	if !g.awaits(seat) {
		if s.Phase != phOver && !s.Players[seat].Out {
			return resignOnly[:1:1] // resign at any time (C-8; A001-06: terminate)
		}
		return nil
	}
	lb := &g.legalBuf[seat]
	if lb.ver != g.pub.ver {
		lb.list = g.legal(seat, lb.list[:0])
		if n := len(lb.list); n == 0 || lb.list[n-1].Kind() != "resign" {
			lb.list = append(lb.list, Resign{})
		}
		lb.ver = g.pub.ver
	}
	n := len(lb.list)
	return lb.list[:n:n]
}

// legalList is a seat's Legal buffer and the published state it lists.
type legalList struct {
	ver  uint64
	list []engine.Action
}

func (g *Game) legal(seat int, out []engine.Action) []engine.Action {
	s := g.s
	switch s.Phase {
	case phAuction:
		return append(out, g.boxedBid(seat))
	case phTrade:
		if s.Trade.Takeover {
			return g.mechLegal(seat, out) // a mechanism's request (takeover)
		}
		out = append(out, AcceptTrade{}, RejectTrade{})
		if g.rs.Mortgage.TransferPct > 0 {
			if o := s.Trade.Offer; g.transferCost(o.FromCells, true) > g.transferCost(o.FromCells, false) {
				o.ToRedeems = true
				if g.checkOffer(&o) == nil {
					out = append(out, AcceptTrade{Redeem: true})
				}
			}
		}
		if g.canCounter() {
			if ct, ok := g.counterTemplate(false); ok {
				out = append(out, ct)
			}
			if o := &s.Trade.Offer; g.rs.Mortgage.TransferPct > 0 && g.transferCost(o.FromCells, true) > g.transferCost(o.FromCells, false) {
				if ct, ok := g.counterTemplate(true); ok {
					out = append(out, ct)
				}
			}
		}
		return out
	case phDebt:
		out = g.legalManage(seat, true, out)
		if g.canPropose(seat) {
			out = g.tradeTemplates(seat, out)
		}
		out = g.mechLegal(seat, out) // sales to all, offers against the debt (mixed payment)
		return append(out, DeclareBankruptcy{})
	case phValue, phValued:
		return g.mechLegal(seat, out) // the mixed payment's answers
	case phPlace:
		return g.rs.mechanism("place_unit").Legal(Table{g}, seat, out) // the winner's choice
	case phReceive:
		return g.mechLegal(seat, out) // the receiver's choice
	case phChoose:
		var buf [MaxCells]int
		for _, c := range g.cancellable(seat, buf[:0]) {
			out = append(out, ChooseProperty{Cell: c})
		}
		return out
	}
	// phBuy, phPostRoll, phRoll: the turn's own actions, then managing,
	// trades and the mechanisms' actions.
	out = g.legalTurn(seat, out)
	if s.Phase == phBuy && g.rs.Turn.BuyDecisionOnly {
		return append(out, Resign{}) // G001-08: only buy or decline
	}
	out = g.legalManage(seat, false, out)
	if g.canPropose(seat) {
		out = g.tradeTemplates(seat, out)
	}
	out = g.mechLegal(seat, out)
	return append(out, Resign{})
}

// legalTurn appends the actions of seat's turn in the phases of a turn
// (buy, post-roll, roll): buy or decline, roll or end the turn, the ways
// out of jail. They come first in its Legal list.
func (g *Game) legalTurn(seat int, out []engine.Action) []engine.Action {
	s := g.s
	switch s.Phase {
	case phBuy:
		pos := s.Players[seat].Pos
		if s.Players[seat].Cash >= g.rs.Board.Cells[pos].Price {
			out = append(out, Buy{})
		}
		return append(out, Decline{})
	case phPostRoll:
		if s.Must {
			return append(out, Roll{})
		}
		return append(out, EndTurn{})
	}
	return g.legalRoll(seat, out)
}

// turnStep is the first Roll or EndTurn that legalTurn lists in phases
// roll and post-roll (it lists Roll first in roll), nil in the others: the
// step the bot ends a turn's choice with, told without listing the part.
func (g *Game) turnStep() engine.Action {
	switch g.s.Phase {
	case phRoll:
		return Roll{}
	case phPostRoll:
		if g.s.Must {
			return Roll{}
		}
		return EndTurn{}
	}
	return nil
}

// legalPart is a part of the Legal list of a seat in the phases
// partsPhase names, which the game's own bot asks for instead of the whole
// list (bot.ChooseFrom): each part holds the actions of its kinds in the
// order of the whole list.
type legalPart uint8

const (
	// in its turn (phases buy, post-roll, roll):
	partTurn legalPart = iota // legalTurn: buy, decline, roll, end the turn, leave jail
	// partBuild: legalManage's builds, then its lifts of mortgages (in
	// the whole list, sales and mortgages come between them)
	partBuild
	// in a debt: legalManage's sales and mortgages (in the whole list,
	// trade templates and the mechanisms' actions follow them)
	partDebt
	// partDebtMechs: in a debt, the mechanisms' actions (sales to all,
	// offers against the debt): the bot reads them only when its sales
	// and mortgages leave it no step (bot.raise)
	partDebtMechs
	// answering a trade: accept, reject (the whole list goes on with
	// counter-offer templates); answering a takeover, the mechanism's
	// answers (the whole list but the resignation)
	partAnswer
	// in its turn, one mechanism's actions (Advice.LegalOf)
	partMech
	nParts
)

// partsPhase reports whether seat is awaited in a phase whose Legal list
// legalPart splits: its turn, its debt, a trade or takeover offered to it.
// It asks what awaits asks in those phases, without its call (every
// choice of the bot asks it: ChooseFrom).
func (g *Game) partsPhase(seat int) bool {
	s := g.s
	switch s.Phase {
	case phRoll, phBuy, phPostRoll:
		return seat == s.Order[s.Turn]
	case phDebt:
		return s.Queue[0].Debtor == seat
	case phTrade:
		return s.Trade.Offer.To == seat
	}
	return false
}

// legalPart returns part p of seat's Legal list (partsPhase must hold, in
// the phase of p), in the game's buffer for p (the debt's part: the lent
// debt view's list when it is of this state): valid until the next Apply
// or the next call for p. The caller only reads it.
func (g *Game) legalPart(seat int, p legalPart) []engine.Action {
	out := g.partBuf[p][:0]
	switch p {
	case partTurn:
		out = g.legalTurn(seat, out)
	case partBuild:
		if g.s.Phase != phBuy || !g.rs.Turn.BuyDecisionOnly {
			out = g.legalBuilds(seat, out)
			out = g.legalLifts(seat, out)
		}
	case partDebt:
		if l := g.lent; l != nil && l.debtBuf.manageVer == g.pub.ver && len(g.s.Queue) > 0 && g.s.Queue[0].Debtor == seat {
			// listed for the lent debt view, which rewrites it only for a
			// new state (after an Apply): lent as it is, not copied, its
			// capacity cut so that an append cannot write into it
			g.lentDebtSales()
			return l.debtBuf.part()
		} else {
			out = g.legalManage(seat, true, out)
		}
	case partDebtMechs:
		out = g.mechLegal(seat, out)
	case partAnswer:
		if g.s.Trade.Takeover { // a mechanism's request: its answers (Legal's but the resignation)
			out = g.mechLegal(seat, out)
			break
		}
		out = append(out, AcceptTrade{}, RejectTrade{})
	}
	g.partBuf[p] = out
	return out
}

// buildsNone reports that part partBuild of seat's list is empty whatever
// its cash: it holds no street group whole that it may build on
// (raisable) and no mortgage to lift, or a buy decision is the only thing
// open. The bot then neither asks for the part nor works out whether it
// could use it (bot.skipsManage): most steps of a Technopoly game.
func (g *Game) buildsNone(seat int) bool {
	return g.s.Phase == phBuy && g.rs.Turn.BuyDecisionOnly ||
		seat >= 0 && seat < MaxSeats && g.pub.raisable[seat] == 0 && (!g.rs.Mortgage.Allowed || g.pub.mortgages[seat] == 0)
}

// mayPropose reports whether seat's Legal list holds a ProposeTrade
// template, without listing them.
func (g *Game) mayPropose(seat int) bool {
	if g.s.Phase == phBuy && g.rs.Turn.BuyDecisionOnly || !g.canPropose(seat) {
		return false
	}
	if len(g.s.Rejected) > 0 { // a rejected offer may narrow a range to nothing
		return g.anyTradeTemplate(seat)
	}
	return g.anyUnrejectedTemplate(seat)
}

// anyUnrejectedTemplate is anyTradeTemplate where no offer was rejected in
// this turn (narrow changes no range): tradeKey's asset and moneyRange's
// bounds for each partner in turn, without an offer, a key or its step
// built (the bots' trade search asks at every turn).
func (g *Game) anyUnrejectedTemplate(seat int) bool {
	s, rs := g.s, g.rs
	if uint(seat) >= uint(len(s.Players)) {
		return false
	}
	mine, firstMine := false, -1 // firstMine looked up
	for q := range s.Players {
		if q == seat || s.Players[q].Out {
			continue // tradeKey lists none
		}
		from, to := -1, -1           // the cell seat gives, the cell it takes
		gives, takes := false, false // an asset of seat's, of q's
		if c := g.firstTradeableOf(q); c >= 0 {
			to, takes = c, true
		} else {
			if !mine {
				firstMine, mine = g.firstTradeableOf(seat), true
			}
			switch {
			case firstMine >= 0:
				from, gives = firstMine, true
			case len(s.Players[seat].Cards) > 0:
				gives = true
			case len(s.Players[q].Cards) > 0:
				takes = true
			default:
				continue
			}
		}
		// moneyRange of the offer (its redeems false)
		lo, hi := -s.Players[q].Cash, s.Players[seat].Cash
		if rs.Mortgage.TransferPct > 0 { // transferCost of the one cell
			if from >= 0 && s.Cells[from].Mortgaged {
				lo += rs.TransferFee(from)
			}
			if to >= 0 && s.Cells[to].Mortgaged {
				hi -= rs.TransferFee(to)
			}
		}
		if rs.Trade.NoGifts {
			if !gives {
				lo = max(lo, rs.Money.Step)
			}
			if !takes {
				hi = min(hi, -rs.Money.Step)
			}
		}
		if st := rs.Money.Step; st > 1 {
			lo = -floorStep(-lo, st)
			hi = floorStep(hi, st)
		}
		if lo <= hi {
			return true
		}
	}
	return false
}
