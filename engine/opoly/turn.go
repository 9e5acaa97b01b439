package opoly

import (
	"strconv"

	"boardroom/engine"
)

// waitPhases has bit ph set for each phase proceed leaves as it is (the
// game over, or a decision of its own under way): one test of a mask
// where there were six compares, at every roll.
const waitPhases = 1<<phOver | 1<<phChoose | 1<<phValue | 1<<phValued | 1<<phPlace | 1<<phReceive

// proceed runs the engine's own states (payments, auctions of an estate,
// the end of a turn) until the game needs a player's decision (MF-4, 5.f).
func (g *Game) proceed() {
	s := g.s
	for {
		if waitPhases>>s.Phase&1 != 0 {
			return
		}
		if s.Received != nil {
			s.Phase = phReceive
			return
		}
		if s.Auction != nil {
			s.Phase = phAuction
			return
		}
		if s.Estate != nil {
			if len(s.Estate.Lots) > 0 {
				lot := s.Estate.Lots[0]
				s.Estate.Lots = s.Estate.Lots[1:]
				g.startAuction(lot, true)
				continue
			}
			e := s.Estate
			s.Estate = nil
			// An active seat that went out meanwhile has no decision to
			// go back to: its turn ends below.
			if e.Resume && e.Return != phDebt && !s.Players[g.active()].Out {
				s.Phase = e.Return // resign.go: back to the decision it interrupted
				return
			}
			continue
		}
		if len(s.Queue) > 0 {
			ob := &s.Queue[0]
			p := &s.Players[ob.Debtor]
			t := ob.total()
			if g.rs.Debt.CreditorsInOrder && !p.Out && p.Cash < t && len(ob.Creds) > 1 {
				t = g.payInOrder(ob)
			}
			switch {
			case p.Out:
				s.popDebt()
			case p.Cash >= t:
				g.settle(ob)
				s.popDebt()
			case !g.rs.Debt.Liquidation || g.potential(ob.Debtor) < t && !g.mechCanSettle():
				debtor, creds, reason := ob.Debtor, ob.Creds, ob.Reason
				s.popDebt()
				g.emitSaid("debt", func() string { return who(debtor) + " owes " + g.money(t) + " (" + reason + ") and cannot raise it." })
				g.bankrupt(debtor, creds, false)
			default:
				if s.Phase != phDebt {
					g.emitSaid("debt", func() string {
						return who(ob.Debtor) + " owes " + g.money(t) + " (" + ob.Reason + ") but has " +
							g.money(p.Cash) + ": " + g.rs.raiseHint() + "."
					})
				}
				s.Phase = phDebt
				return
			}
			continue
		}
		if s.Players[g.active()].Out {
			g.endTurn()
			return
		}
		switch s.Next {
		case nextEndTurn:
			g.endTurn()
			return
		case nextJailMove:
			s.Next = nextPostRoll
			seat := g.active()
			p := g.wplayer(seat)
			p.Jailed, p.JailTurns = false, 0
			g.forward(seat, s.Dice[0]+s.Dice[1], false)
			g.land(landing{})
			if s.Phase == phBuy {
				return
			}
			continue
		}
		s.Phase = phPostRoll
		return
	}
}

// settle pays an obligation in full: creditors in order.
func (g *Game) settle(ob *obligation) {
	for _, c := range ob.Creds {
		to := c.Seat
		if to != Bank && g.s.Players[to].Out {
			to = Bank
		}
		g.move(ob.Debtor, to, c.Amount, "payment", ob.Reason)
	}
}

// payInOrder pays the creditors of ob one at a time, in their order (play
// order from the debtor), while the cash covers the next one in full, and
// leaves the rest in ob (A004-12). It returns what is still owed.
func (g *Game) payInOrder(ob *obligation) int64 {
	k := 0
	for k < len(ob.Creds) && ob.Creds[k].Amount <= g.s.Players[ob.Debtor].Cash {
		c := ob.Creds[k]
		to := c.Seat
		if to != Bank && g.s.Players[to].Out {
			to = Bank
		}
		g.move(ob.Debtor, to, c.Amount, "payment", ob.Reason)
		k++
	}
	if k > 0 {
		ob.Creds = append([]Owed(nil), ob.Creds[k:]...)
	}
	return ob.total()
}

// owe makes debtor owe x to creditor. It pays at once when nothing else is
// pending and the cash is there; otherwise it queues for proceed.
func (g *Game) owe(debtor, creditor int, x int64, reason string) {
	if x <= 0 || debtor == creditor {
		return
	}
	s := g.s
	if len(s.Queue) == 0 && s.Players[debtor].Cash >= x {
		to := creditor
		if to != Bank && s.Players[to].Out {
			to = Bank
		}
		g.move(debtor, to, x, "payment", reason)
		return
	}
	creds := g.blk.owed.take(1) // carved: a debt per rent not paid at once
	creds[0] = Owed{Seat: creditor, Amount: x}
	s.Queue = append(s.Queue, obligation{Debtor: debtor, Creds: creds, Reason: reason})
}

// endTurn passes the turn to the next player still in, counting rounds
// (C-11) and ending the game at the round limit, or after the round in
// which the time limit lapsed (G004-12).
func (g *Game) endTurn() {
	s := g.s
	s.Doubles, s.Must, s.Trades, s.Next, s.Unfilled = 0, false, 0, nextPostRoll, 0
	// emptied in place: nothing but the state holds them (snapshots are
	// copies), and a turn's first rejection no longer makes a new list
	clear(s.Rejected)
	s.Asked, s.Rejected = s.Asked[:0], s.Rejected[:0]
	n := len(s.Order)
	wrapped := false
	for i := 1; i <= n; i++ {
		if s.Turn+i >= n && !wrapped {
			wrapped = true
			if g.mechRoundOver() { // a mechanism's end of the game (finishing the round)
				return
			}
			if s.MaxRounds > 0 && s.RoundNo >= s.MaxRounds {
				g.gameOver("The round limit of " + strconv.Itoa(s.MaxRounds) + " rounds was reached; " + g.rs.winRule() + ".")
				return
			}
			if c := g.rs.End.RoundCap; c > 0 && s.MaxRounds == 0 && s.RoundNo >= c {
				s.Capped = true
				g.gameOver("Nobody has won after " + strconv.Itoa(c) + " rounds, the most a game without a round limit lasts; " +
					g.rs.winRule() + ".")
				return
			}
			if s.TimeUp {
				g.gameOver("The time limit of " + strconv.Itoa(s.TimeLimit) + " minutes was reached; " + g.rs.winRule() + ".")
				return
			}
			s.RoundNo++
			if !g.mute { // a muted game returns no event: the round's is not made
				g.roundEvent()
			}
		}
		j := (s.Turn + i) % n
		if !s.Players[s.Order[j]].Out {
			s.Turn = j
			break
		}
	}
	s.Phase = phRoll
}

// roundEvent emits the event of a new round.
func (g *Game) roundEvent() {
	s := g.s
	lo := g.mark()
	if !g.quiet { // a quiet game's events get no sentence (endEvents)
		g.tb = append(strconv.AppendInt(append(g.tb, "Round "...), int64(s.RoundNo), 10), " begins."...)
		if s.RoundNo == g.rs.End.RoundCap && s.MaxRounds == 0 {
			g.tb = append(g.tb, " It is the last: a game without a round limit ends after it, "...)
			g.tb = append(append(g.tb, g.rs.winRule()...), '.')
		}
	}
	g.emitText("round", lo, nil)
}

// gameOver ends the game.
func (g *Game) gameOver(reason string) {
	s := g.s
	reason += g.tieNote() // A001-15: say which tie-break ranked equal scores
	s.Phase = phOver
	s.Reason = reason
	clear(s.Queue)
	s.Auction, s.Estate, s.Trade, s.Queue = nil, nil, nil, s.Queue[:0] // the list kept (popDebt)
	s.Place, s.Received = nil, nil
	g.emit("game_over", reason)
}

// doRoll rolls for the active player (R004-04, R004-05, MF-2).
func (g *Game) doRoll(seat int) {
	s := g.s
	var d1, d2 int
	if len(g.script) == 0 { // die's common case inlined (die is too large to be): no call a die
		d1, d2 = s.RNG.Die(), s.RNG.Die()
	} else {
		d1, d2 = g.die(), g.die()
	}
	s.Dice = [2]int{d1, d2}
	p := &s.Players[seat]
	if p.Jailed {
		rolled := ""
		if !g.quiet {
			rolled = who(seat) + " rolled " + strconv.Itoa(d1) + " and " + strconv.Itoa(d2)
		}
		g.jailRoll(seat, rolled)
		return
	}
	double := d1 == d2
	if double {
		s.Doubles++
	}
	if double && s.Doubles >= 3 {
		if g.rs.Jail.ThirdDouble == ThirdDoubleJail {
			g.emitSaid("roll", func() string {
				return who(seat) + " rolled " + strconv.Itoa(d1) + " and " + strconv.Itoa(d2) + ": a third double."
			})
			g.goToJail(seat, "three doubles in a row")
			g.proceed()
			return
		}
		double = false // ThirdDoubleTax: move, pay, resolve; the turn then ends
		g.forward(seat, d1+d2, true)
		g.owe(seat, Bank, g.rs.Jail.ThirdDoubleTax, "tax for a third double")
		if len(s.Queue) > 0 { // short of the tax: settle it (or go bankrupt, A001-03) before the landing
			g.proceed()
			if s.Phase != phPostRoll {
				return
			}
		}
	} else {
		g.forward(seat, d1+d2, true)
	}
	s.Must = double
	g.land(landing{})
	if s.Phase != phBuy {
		g.proceed()
	}
}

// jailRoll is the roll for doubles in jail (R004-19, G004-07); rolled is
// the start of its sentences ("" in a quiet game, which writes none).
func (g *Game) jailRoll(seat int, rolled string) {
	s := g.s
	p := g.wplayer(seat)
	s.Must = false
	if s.Dice[0] == s.Dice[1] {
		p.Jailed, p.JailTurns = false, 0
		g.emitSaid("jail", func() string { return rolled + ": a double, leaving " + g.rs.jailWord() + " (no extra roll)." })
		g.forward(seat, s.Dice[0]+s.Dice[1], false)
		g.land(landing{})
		if s.Phase != phBuy {
			g.proceed()
		}
		return
	}
	p.JailTurns++
	if p.JailTurns >= g.rs.Jail.MaxTurns {
		g.emitSaid("jail", func() string {
			return rolled + ": no double on the " + engine.Ordinal(p.JailTurns) + " turn in " + g.rs.jailWord() + "; the fee is due and the token moves."
		})
		s.Next = nextJailMove
		g.owe(seat, Bank, g.rs.Jail.Fee, g.why.jailOwed)
		g.proceed()
		return
	}
	g.emitSaid("jail", func() string { return rolled + ": no double, staying in " + g.rs.jailWord() + "." })
	s.Next = nextEndTurn
	g.proceed()
}

// goToJail sends seat to the holding cell: no salary; the turn ends (R004-17).
func (g *Game) goToJail(seat int, why string) {
	s := g.s
	if g.rs.Jail.Cell < 0 {
		return
	}
	p := g.wplayer(seat)
	p.Pos, p.Jailed, p.JailTurns = g.rs.Jail.Cell, true, 0
	s.Must = false
	s.Next = nextEndTurn
	g.emitSaid("jail", func() string {
		return who(seat) + " goes to " + g.rs.Board.Cells[g.rs.Jail.Cell].Name + ": " + why + "."
	})
}

// forward moves seat steps ahead, paying the salary for passing or landing
// on START (MF-3). rolled says the move is the dice just rolled, which the
// event sentence then names.
func (g *Game) forward(seat, steps int, rolled bool) {
	p := g.wplayer(seat)
	n := len(g.rs.Board.Cells)
	from := p.Pos
	p.Pos = (from + steps) % n
	if !g.mute { // a muted game returns no event: the movement's is not made
		g.moved(seat, rolled)
	}
	if from+steps >= n {
		if g.rs.Turn.CountLaps {
			p.Laps++
		}
		g.move(Bank, seat, g.rs.Turn.Salary, "salary", g.why.salary)
	}
}

// moved emits the movement event, with the dice when rolled is set; a
// muted game (SetMute) makes none: it returns no event.
func (g *Game) moved(seat int, rolled bool) {
	if g.mute {
		return
	}
	lo := g.mark()
	if g.quiet {
		g.emitText("move", lo, nil)
		return
	}
	b := append(g.tb, who(seat)...)
	if rolled {
		b = append(b, " rolled "...)
		b = strconv.AppendInt(b, int64(g.s.Dice[0]), 10)
		b = append(b, " and "...)
		b = strconv.AppendInt(b, int64(g.s.Dice[1]), 10)
		b = append(b, " and"...)
	}
	b = append(append(append(b, " moved to "...), g.rs.Board.Cells[g.s.Players[seat].Pos].Name...), '.')
	g.tb = b
	g.emitText("move", lo, nil)
}

// landing carries the card modifiers of a landing (G004-08 U5, U6).
type landing struct {
	rentMul int64 // Counted rent multiplier
	diceMul int64 // Dice: roll afresh and pay this multiple
}

// land resolves the cell the active player stands on (MF-4, 5.f RESOLVE).
func (g *Game) land(l landing) {
	s := g.s
	seat := g.active()
	pos := s.Players[seat].Pos
	cell := &g.rs.Board.Cells[pos]
	switch cell.Kind {
	case KindTax:
		g.owe(seat, Bank, cell.Tax, cell.Name)
	case KindGoToJail:
		why := "" // only the sentence says why, and a quiet game writes none
		if !g.quiet {
			why = "landed on " + cell.Name
		}
		g.goToJail(seat, why)
	case KindCard:
		if g.cardsOn() {
			g.drawCard(seat, cell.Deck)
		}
	case KindStreet, KindCounted, KindDice:
		st := s.Cells[pos]
		if st.Owner == Bank {
			s.Phase = phBuy
			return
		}
		if st.Owner == seat || st.Mortgaged || s.Players[st.Owner].Out {
			return
		}
		var rent int64
		switch {
		case cell.Kind == KindDice && l.diceMul > 0:
			d1, d2 := g.die(), g.die()
			rent = l.diceMul * int64(d1+d2)
			g.emitSaid("roll", func() string { // a quiet game builds no sentence
				return who(seat) + " rolled " + strconv.Itoa(d1) + " and " + strconv.Itoa(d2) + " for the " + g.rs.rentWord() + ": " +
					strconv.FormatInt(l.diceMul, 10) + " times the total."
			})
		default:
			rent = rentOf(g.rs, s.Cells, pos, s.Dice[0]+s.Dice[1])
			if l.rentMul > 1 {
				rent *= l.rentMul
			}
		}
		g.owe(seat, st.Owner, rent, g.why.rent[pos])
	}
}

// legalRoll lists the pre-roll actions (the roll, jail exits).
func (g *Game) legalRoll(seat int, out []engine.Action) []engine.Action {
	p := &g.s.Players[seat]
	out = append(out, Roll{})
	if p.Jailed {
		if p.Cash >= g.rs.Jail.Fee {
			out = append(out, PayJailFee{})
		}
		for _, c := range p.Cards {
			out = append(out, boxJailCard[c.Deck])
		}
	}
	return out
}
