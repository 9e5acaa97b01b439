package opoly

// Receiving properties under a mortgage outside a trade (R000-28, A000-25):
// the creditor who takes over a bankrupt's estate, or who accepts properties
// in a mixed payment, "immediately pays the 10% (or repays fully)" for each
// one. The receiver chooses, property by property, to redeem (RedeemReceived,
// the lift cost) and then pays the transfer fee on the rest
// (PayTransferFees, also the default, C-7); a fee it cannot pay is a debt
// to the bank. Only rulesets with Mortgage.TransferPct get here.

// RedeemReceived lifts at once the mortgage of a property just received.
type RedeemReceived struct {
	Cell int `json:"cell"`
}

// PayTransferFees pays the transfer fee of every property just received
// that was not redeemed, and ends the choice.
type PayTransferFees struct{}

// Kind implementations.
func (RedeemReceived) Kind() string  { return "redeem_received" }
func (PayTransferFees) Kind() string { return "pay_transfer_fees" }

// received is the mortgaged properties a player just received outside a
// trade, waiting for its choice.
type received struct {
	Seat  int   `json:"seat"`
	Cells []int `json:"cells"`
}

// ReceivedView is that choice as everyone sees it.
type ReceivedView struct {
	Seat  int   `json:"seat"`
	Cells []int `json:"cells"`
}

// receive records that seat received cells; the mortgaged ones wait for
// its choice (the receive phase, entered by proceed).
func (g *Game) receive(seat int, cells []int) {
	if g.rs.Mortgage.TransferPct == 0 {
		return
	}
	s := g.s
	for _, c := range cells {
		if !s.Cells[c].Mortgaged {
			continue
		}
		if s.Received == nil {
			s.Received = newOf(&g.blk.received) // carved, as the auctions are
			s.Received.Seat = seat
		}
		r := s.Received
		if n := len(r.Cells); n == cap(r.Cells) {
			// carved with room to grow: the list is the state's alone
			// (receivedView copies it), so it is written in place
			cells := g.blk.ints.take(max(2*n, 4))
			copy(cells, r.Cells)
			r.Cells = cells[:n]
		}
		r.Cells = append(r.Cells, c)
	}
}

// The receiver's choice (the receive phase) is Projectopoly's mechanism
// (projectopoly/receive.go); the core records what was received (receive,
// above), waits for the receiver and shows the choice (receivedView).

// Received is the pending choice of a receiver of mortgaged properties:
// the seat and the cells still to redeem or pay for (shared, read-only).
func (t Table) Received() (seat int, cells []int, ok bool) {
	r := t.g.s.Received
	if t.g.s.Phase != phReceive || r == nil {
		return -1, nil, false
	}
	return r.Seat, r.Cells, true
}

// RedeemReceived lifts at once the mortgage of cell c, just received: the
// receiver pays the lift cost; it reports how many cells are left.
func (t Table) RedeemReceived(c int) int {
	r := t.g.s.Received
	i := indexOf(r.Cells, c)
	r.Cells = append(r.Cells[:i], r.Cells[i+1:]...) // in place: see receive
	t.g.payTransfers(r.Seat, oneCell[c], true)
	return len(r.Cells)
}

// CloseReceived ends the choice: the receiver owes the bank the transfer
// fee of every cell not redeemed, and the game goes on.
func (t Table) CloseReceived() {
	g, s := t.g, t.g.s
	r := s.Received
	s.Received = nil
	// proceed settles what is owed, then goes back to the turn. A debt that
	// was already being raised (a mixed payment) goes on without being
	// announced again.
	s.Phase = phRoll
	if len(s.Queue) > 0 {
		s.Phase = phDebt
	}
	for _, c := range r.Cells {
		g.owe(r.Seat, Bank, g.rs.TransferFee(c), g.why.transfer[c])
	}
	g.proceed()
}

// MortgageWord is the ruleset's word for a mortgage.
func (rs *Ruleset) MortgageWord() string { return rs.mortgageWord() }

// receivedView is the pending choice, nil when none.
func (g *Game) receivedView() *ReceivedView {
	r := g.s.Received
	if r == nil || g.s.Phase != phReceive {
		return nil
	}
	v := newOf(&g.blk.recvViews) // carved, with a carved copy of the cells
	*v = ReceivedView{Seat: r.Seat, Cells: g.blk.ints.copyOf(r.Cells)}
	return v
}

func indexOf(l []int, x int) int {
	for i, y := range l {
		if y == x {
			return i
		}
	}
	return -1
}
