package technopoly

import (
	"math/bits"

	"boardroom/engine"
	"boardroom/engine/opoly"
)

// The standard bot's rules of thumb for takeovers (R001-25), Technopoly's
// advice to the core's bot (opoly.Advisor): when to ask for a start-up and
// which requests to approve. The strong bot's own takeover rules are
// asked first (strongrules.go: Advice.StrongAsks, StrongKeeps).
type botRules struct{ opoly.NoActions } // it owns no action: it only advises

// AdviceSteps implements opoly.StepAdvisor: Advise answers a takeover
// request and makes one, and returns nil at every other step.
func (botRules) AdviceSteps() uint8 {
	return 1<<opoly.AdviceRequest | 1<<opoly.AdviceAnswer
}

// Advise implements opoly.Advisor.
func (botRules) Advise(b opoly.Advice, step opoly.AdviceStep, v *opoly.View) engine.Action {
	switch step {
	case opoly.AdviceRequest:
		return takeover(b, v)
	case opoly.AdviceAnswer:
		return answerTakeover(b, v, v.Trade.Offer)
	}
	return nil
}

// takeover asks, at most once a turn, for a start-up that gives the bot the
// majority of a field it has a foot in (or completes it), when the
// takeover price leaves its reserve.
func takeover(b opoly.Advice, v *opoly.View) engine.Action {
	// The memory's Key is the turn of the last request; a turn's key is
	// never 0, the memory's zero value.
	m := b.Memory()
	key := v.Round*opoly.MaxSeats + v.Active + 1
	if key == m.Key {
		return nil
	}
	seat := b.Seat()
	cash := v.PlayerCash(seat)
	// the requests it may make, listed only when it may make one
	var legal []engine.Action
	if b.StrongAsks() {
		legal = b.LegalOf(opoly.RequestTakeover{}.Kind())
	}
	if a := handover(b, v, legal); a != nil { // the strong bot's own seat (strongrules.go)
		m.Key = key
		return a
	}
	mine := wanted(v, seat, m)
	if mine == 0 {
		return nil
	}
	if legal == nil {
		// of those, the ones the loop below may ask for: not asked for
		// lately, and whose price leaves its reserve (most turns none,
		// and then no request is listed)
		for ms := mine; ms != 0; ms &= ms - 1 {
			c := bits.TrailingZeros64(ms)
			if b.Asked(v, c) || cash-v.Rules.TakeoverPrice(c) < b.Reserve(v) {
				mine &^= 1 << uint(c)
			}
		}
		if mine == 0 {
			return nil
		}
		legal = b.LegalOfCells(opoly.RequestTakeover{}.Kind(), mine)
	}
	for _, a := range legal {
		r, ok := a.(opoly.RequestTakeover)
		if !ok || mine&(1<<uint(r.Cell)) == 0 || b.Asked(v, r.Cell) { // refused within askAgain rounds: its price is the same
			continue
		}
		o := opoly.TradeOffer{From: seat, To: v.Cells[r.Cell].Owner, ToCells: []int{r.Cell}, Money: v.Rules.TakeoverPrice(r.Cell)}
		if cash-o.Money >= b.Reserve(v) && b.Gain(v, &o) > 0 {
			m.Key = key
			b.NoteAsked(v, r.Cell)
			return a
		}
	}
	return nil
}

// wanted is the set of the rivals' start-ups in the fields where seat has
// a foot and one more gives it the majority (or the field): the bot asks
// for no other, so most turns need no list of requests. It depends on the
// cells only, and is kept in m while they do not change. The fields where
// seat has a foot are found from its own start-ups (PlayerView.Props: the
// cells it owns), not by a walk over every field's cells: it runs at every
// turn in which the cells changed, and most fields are none of its.
func wanted(v *opoly.View, seat int, m *opoly.AdviceMemory) uint64 {
	if v.CellsVersion != 0 && m.CellsVer == v.CellsVersion {
		return m.Cells
	}
	var held [64]uint8 // seat's start-ups per field
	var fields uint64
	for _, c := range v.PlayerProps(seat) {
		if gi := v.Board.Cells[c].Group; gi >= 0 && gi < len(held) {
			held[gi]++
			fields |= 1 << uint(gi)
		}
	}
	var mine uint64
	for fs := fields; fs != 0; fs &= fs - 1 {
		gi := bits.TrailingZeros64(fs)
		grp := &v.Board.Groups[gi]
		if 2*(int(held[gi])+1) <= len(grp.Cells) {
			continue // not its field: no need to price it
		}
		for _, c := range grp.Cells {
			if o := v.Cells[c].Owner; o != seat && o != opoly.Bank {
				mine |= 1 << uint(c)
			}
		}
	}
	m.CellsVer, m.Cells = v.CellsVersion, mine
	return mine
}

// answerTakeover approves a takeover that costs the bot no prospect of its
// own: it holds no other start-up of that field. It does not complete a
// rival's field until the game has gone on long (round 40): the 20%
// mark-up is worth far less than the double fees and staff the field then
// earns against the bot. (It used to do so for a poorer buyer; but the
// first player, who has the first pick of the free start-ups, is the
// richer owner more often: in two-player games it approved 31% of such
// requests, the second player 19%, so rivals completed their fields with
// its start-ups and it won 44-46% of the games; see docs/decisions/2026-11-technopoly-bot-refuses-early-takeovers.md,
// "Turn-order balance".)
func answerTakeover(b opoly.Advice, v *opoly.View, o *opoly.TradeOffer) engine.Action {
	if len(o.ToCells) != 1 || b.StrongKeeps() {
		return opoly.DenyTakeover{}
	}
	c := o.ToCells[0]
	grp := &v.Board.Groups[v.Board.Cells[c].Group]
	buyer := 0
	for _, x := range grp.Cells {
		switch v.Cells[x].Owner {
		case b.Seat():
			if x != c {
				return opoly.DenyTakeover{}
			}
		case o.From:
			buyer++
		}
	}
	if buyer == len(grp.Cells)-1 && v.Round < 40 {
		return opoly.DenyTakeover{} // no rival's field completed early on
	}
	if b.Gain(v, o) <= 0 {
		// the price is worth less to it than the start-up (its rent and
		// prospects), by its own valuation: no deal (issue 27)
		return opoly.DenyTakeover{}
	}
	return opoly.ApproveTakeover{}
}
