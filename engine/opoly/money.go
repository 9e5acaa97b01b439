package opoly

import (
	"math/bits"
	"strconv"

	"boardroom/engine"
)

// appendMoney writes x with the currency and thousands separators.
func appendMoney(b []byte, x int64, cur string, suffix bool, sep byte) []byte {
	return engine.AppendMoney(b, x, cur, suffix, sep)
}

// money formats an amount for event sentences.
func (g *Game) money(x int64) string {
	return string(appendMoney(make([]byte, 0, 16), x, g.rs.Money.Currency, g.rs.Money.Suffix, g.rs.Money.Thousands))
}

var seatNames = func() []string {
	out := make([]string, MaxSeats)
	for i := range out {
		out[i] = "Seat " + strconv.Itoa(i+1)
	}
	return out
}()

// sealedBid is the redacted sentence of each seat's sealed bid.
var sealedBid = func() []string {
	out := make([]string, MaxSeats)
	for i := range out {
		out[i] = seatNames[i] + " placed a sealed bid."
	}
	return out
}()

// who names a seat, or the bank.
func who(seat int) string {
	if seat == Bank {
		return "the bank"
	}
	if seat >= 0 && seat < len(seatNames) {
		return seatNames[seat]
	}
	return "Seat " + strconv.Itoa(seat+1)
}

// change records a money change of seat for an event.
func (g *Game) change(seat int, delta int64, reason string) engine.MoneyChange {
	return engine.MoneyChange{Seat: seat, Delta: delta, Balance: g.s.Players[seat].Cash, Reason: reason}
}

// bankPays moves money from the bank to seat, without an event.
func (g *Game) bankPays(seat int, x int64) {
	g.wplayer(seat).Cash += x
	g.s.BankOut += x
}

// payBank moves money from seat to the bank, without an event.
func (g *Game) payBank(seat int, x int64) {
	g.wplayer(seat).Cash -= x
	g.s.BankIn += x
}

// move transfers x from one party to another (Bank on either side) and
// emits an event: "<from> paid $x to <to>: <what>; balance $y."
func (g *Game) move(from, to int, x int64, kind, what string) {
	if x <= 0 || from == to {
		return
	}
	switch {
	case from == Bank:
		g.bankPays(to, x)
	case to == Bank:
		g.payBank(from, x)
	default:
		g.wplayer(from).Cash -= x
		g.wplayer(to).Cash += x
	}
	if g.mute {
		return // no event returned (SetMute): its changes and sentence go unwritten
	}
	lo := g.mark()
	var ch []engine.MoneyChange
	switch {
	case from == Bank:
		ch = g.changes(1)
		ch[0] = g.change(to, x, what)
	case to == Bank:
		ch = g.changes(1)
		ch[0] = g.change(from, -x, what)
	default:
		ch = g.changes(2)
		ch[0], ch[1] = g.change(from, -x, what), g.change(to, x, what)
	}
	if !g.quiet {
		g.tb = g.appendMove(g.tb, from, to, x, what)
	}
	g.emitText(kind, lo, ch)
}

// appendMove writes the sentence of a move (after the money moved).
func (g *Game) appendMove(b []byte, from, to int, x int64, what string) []byte {
	rs := g.rs
	switch {
	case from == Bank:
		b = append(append(b, who(to)...), " received "...)
		b = appendMoney(b, x, rs.Money.Currency, rs.Money.Suffix, rs.Money.Thousands)
		b = append(append(append(append(append(b, " from "...), rs.bankName()...), ": "...), what...), "; balance "...)
		b = appendMoney(b, g.s.Players[to].Cash, rs.Money.Currency, rs.Money.Suffix, rs.Money.Thousands)
	case to == Bank:
		b = append(append(b, who(from)...), " paid "...)
		b = appendMoney(b, x, rs.Money.Currency, rs.Money.Suffix, rs.Money.Thousands)
		b = append(append(append(append(append(b, " to "...), rs.bankName()...), ": "...), what...), "; balance "...)
		b = appendMoney(b, g.s.Players[from].Cash, rs.Money.Currency, rs.Money.Suffix, rs.Money.Thousands)
	default:
		b = append(append(b, who(from)...), " paid "...)
		b = appendMoney(b, x, rs.Money.Currency, rs.Money.Suffix, rs.Money.Thousands)
		b = append(append(append(append(append(b, " to "...), who(to)...), ": "...), what...), "; balance "...)
		b = appendMoney(b, g.s.Players[from].Cash, rs.Money.Currency, rs.Money.Suffix, rs.Money.Thousands)
		if rs.Money.BothBalances {
			b = append(append(b, ", "...), who(to)...)
			b = append(b, "'s balance "...)
			b = appendMoney(b, g.s.Players[to].Cash, rs.Money.Currency, rs.Money.Suffix, rs.Money.Thousands)
		}
	}
	return append(b, '.')
}

// capital is the seat's score under the ruleset (G004-13 for Unipoly).
func (g *Game) capital(seat int) int64 {
	p := &g.s.Players[seat]
	if p.Out {
		return 0
	}
	v := p.Cash
	for i := range g.s.Cells {
		c := &g.s.Cells[i]
		if c.Owner == seat {
			v += g.rs.holdingValue(&g.rs.Board.Cells[i], c.Mortgaged, c.Level)
		}
	}
	return v
}

// potential is the liquidation potential of seat (MF-10): cash + refunds of
// every building + mortgage values of every unmortgaged property. It reads
// the published sum of seat's cells, corrected for the cells changed since
// (an action under way), and walks the board only when those sums are not
// kept (before the first publish, or every cell to recount).
func (g *Game) potential(seat int) int64 {
	s, pub := g.s, &g.pub
	if g.cellsDirty || pub.ver == 0 || pub.ncells != len(s.Cells) || seat < 0 || seat >= MaxSeats || seat >= len(s.Players) {
		return g.potentialByBoard(seat)
	}
	v := s.Players[seat].Cash + pub.potential[seat]
	for d := g.dirty; d != 0; d &= d - 1 {
		c := bits.TrailingZeros64(d)
		if c >= len(s.Cells) {
			break
		}
		if int(pub.owners[c]) == seat {
			v -= pub.pot[c]
		}
		if st := &s.Cells[c]; st.Owner == seat {
			v += g.cellPotential(c, st)
		}
	}
	return v
}

// potentialByBoard is potential walking every cell of the board.
func (g *Game) potentialByBoard(seat int) int64 {
	v := g.s.Players[seat].Cash
	for i := range g.s.Cells {
		if c := &g.s.Cells[i]; c.Owner == seat {
			v += g.cellPotential(i, c)
		}
	}
	return v
}

// cellPotential is what cell i in state c adds to its owner's potential.
func (g *Game) cellPotential(i int, c *CellState) int64 {
	var v int64
	if g.rs.Buildings.Sell {
		v += int64(c.Level) * g.rs.SellRefund(i)
	}
	if g.rs.Mortgage.Allowed && !c.Mortgaged {
		v += g.rs.Board.Cells[i].Mortgage
	}
	return v
}
