package opoly

import "math/bits"

// The advice of a seat holding a blocked property: the advisors that
// advise only such a seat (BlockedAdvisor, StreetsAdvisor), the blocked
// set and the streets owned whole as the bot's own view tells them
// (Advice.Blocked, Advice.WholeStreets), and the gate advise asks first
// (holdsBlocked).

// BlockedAdvisor is a StepAdvisor that advises at some of its steps
// (BlockedSteps) only a bot whose seat holds a blocked property (one that
// Advice.Blocked tells): where every advisor of the rules says so of a
// step, the bot asks none of them there while its own view tells none
// (Projectopoly's advice in the bot's turn and debt offers blocked
// properties alone, and most of its steps found none, after four calls).
type BlockedAdvisor interface {
	StepAdvisor
	// BlockedSteps has bit s set for each step s at which Advise returns
	// nil and changes nothing when Advice.Blocked tells the bot's seat no
	// blocked property.
	BlockedSteps() uint8
}

// StreetsAdvisor is a BlockedAdvisor that advises at some of its blocked
// steps (StreetSteps) only a bot whose seat also owns a whole street group
// (Advice.WholeStreets): where every advisor of the rules says so of a
// step, the bot asks none of them there while its own view tells none
// (Projectopoly's advice in the bot's turn sells a blocked property to
// staff a group it owns, and half the steps that held a blocked property
// owned no such group).
type StreetsAdvisor interface {
	BlockedAdvisor
	// StreetSteps has bit s set for each step s of BlockedSteps at which
	// Advise returns nil and changes nothing when Advice.WholeStreets
	// tells the bot's seat no street group owned whole.
	StreetSteps() uint8
}

// Blocked returns seat's unmortgaged properties that are its only one in
// a group where another seat holds one (bit c: cell c), with ok, where the
// view tells them without a walk over the seat's properties: a bot's own
// view of its game's board, from the published owners' masks (a cell
// owned by neither the bank nor a seat is not one) and the groups' cells
// as masks, kept by the bot per board (groupMasks). The set before the
// mortgages is kept in the game's published sums until the owners change
// (published.blocked), for every bot of the game, and the mortgaged cells
// are the published mask's. Projectopoly's advice
// offers them to all (its blockedOf: a walk over the properties and their
// groups), and its bot asks at most steps of its turns.
func (a Advice) Blocked(v *View, seat int) (set uint64, ok bool) {
	o := v.own
	if o == nil || v.Board != v.Rules.Board || v.Board == nil || uint(seat) >= MaxSeats {
		return 0, false
	}
	pub := o.pub
	if pub.blockedSeq[seat] != pub.ownersSeq+1 && !a.b.blockedOwned(v, pub, seat) {
		return 0, false
	}
	// less the mortgaged ones (published.mortgaged: the cells' own)
	return pub.blocked[seat] &^ pub.mortgaged, true
}

// blockedOwned brings pub.blocked[seat] up to date for the owners
// published, on v's board (the game's), from the groups' masks; false for
// a board the masks do not hold. Only the groups of the cells whose owner
// changed for seat since it was last worked out (its own, another seat's
// or nobody's: published.blockedWas) are looked at again: an owner's
// change is most often one cell's.
func (b *bot) blockedOwned(v *View, pub *published, seat int) bool {
	gm := &b.gm
	if gm.board != v.Board && b.groupMasks(v.Board) == nil || gm.n < 0 {
		return false
	}
	s := seat & (MaxSeats - 1)
	var all uint64 // the cells the seats own
	for _, m := range pub.ownedBy[:min(v.Seats(), MaxSeats)] {
		all |= m
	}
	owned := pub.ownedBy[s]
	others := all &^ owned
	was, set := pub.blockedWas[s], pub.blocked[s]
	if pub.blockedSeq[s] == 0 {
		was, set = [2]uint64{}, 0 // never worked out: from no owners
	}
	for ch := (owned ^ was[0]) | (others ^ was[1]); ch != 0; {
		c := bits.TrailingZeros64(ch)
		gi := v.Board.Cells[c].Group
		if uint(gi) >= uint(gm.n) {
			ch &= ch - 1 // in no group
			continue
		}
		g := gm.of[gi]
		ch &^= g | 1<<uint(c) // its group's other cells with it
		set &^= g
		if mine := owned & g; mine != 0 && mine&(mine-1) == 0 && others&g != 0 {
			set |= mine
		}
	}
	pub.blocked[s], pub.blockedWas[s], pub.blockedSeq[s] = set, [2]uint64{owned, others}, pub.ownersSeq+1
	return true
}

// holdsBlocked is false when the bot's own view v tells that its seat
// holds no blocked property (Advice.Blocked) or, with streets, owns no
// whole street group (Advice.WholeStreets), true otherwise (and for any
// other view).
func (b *bot) holdsBlocked(v *View, streets bool) bool {
	o := v.own
	if o == nil || v.Board != v.Rules.Board || v.Board == nil {
		return true
	}
	pub, s := o.pub, b.seat&(MaxSeats-1)
	if streets && s == b.seat && pub.fullOf[s] == 0 {
		return false // told first: the blocked set may need working out
	}
	if pub.blockedSeq[s] != pub.ownersSeq+1 && (s != b.seat || !b.blockedOwned(v, pub, s)) {
		return true
	}
	return pub.blocked[s]&^pub.mortgaged != 0
}

// WholeStreets is v.StreetsOwnedWhole(seat), the street groups seat owns
// whole, read on a bot's own view from the groups the game publishes
// (published.fullOf) rather than from the bots' memo of the groups, which
// the first reader of new cells sums up (groupMemo.sumUp): Projectopoly's
// advice asks at most steps of the bot's turns, before the trade search
// that sums them up when it needs them.
func (a Advice) WholeStreets(v *View, seat int) uint64 {
	if o := v.own; o != nil && uint(seat) < MaxSeats && v.Board == v.Rules.Board {
		return o.pub.fullOf[seat]
	}
	return v.StreetsOwnedWhole(seat)
}

// masks are the cells of each group of a board as sets (bit c: cell c),
// and its properties (jail's unownedOver).
type masks struct {
	board *Board
	n     int
	of    [64]uint64
	props uint64
}

// groupMasks returns the cells of each group of board as sets, or nil for
// a board of more than 64 groups or cells.
func (b *bot) groupMasks(board *Board) []uint64 {
	gm := &b.gm
	if gm.board != board {
		*gm = masks{board: board, n: -1}
		if len(board.Groups) <= len(gm.of) && len(board.Cells) <= MaxCells {
			gm.n = len(board.Groups)
			for gi := range board.Groups {
				for _, c := range board.Groups[gi].Cells {
					gm.of[gi] |= 1 << uint(c)
				}
			}
			for c := range board.Cells {
				if board.Cells[c].Kind.Property() {
					gm.props |= 1 << uint(c)
				}
			}
		}
	}
	if gm.n < 0 {
		return nil
	}
	return gm.of[:gm.n]
}
