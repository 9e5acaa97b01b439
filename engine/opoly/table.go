package opoly

import "boardroom/engine"

// Table is what a Mechanism may read and do in a game: the state it asks
// about and the core's own steps (paying, handing a property over,
// opening and closing a request, ending the game), so that every change
// keeps the bank's books and the published view in step. It is valid only
// during the call that received it.
type Table struct{ g *Game }

// Rules is the game's ruleset.
func (t Table) Rules() *Ruleset { return t.g.rs }

// Option is the value of a table option (def when unset).
func (t Table) Option(key, def string) string { return t.g.s.Setup.Option(key, def) }

// Active is the seat whose turn it is.
func (t Table) Active() int { return t.g.active() }

// Window reports whether the active player is before or after rolling,
// the window in which a turn's own requests may be made.
func (t Table) Window() bool { return t.g.s.Phase == phRoll || t.g.s.Phase == phPostRoll }

// Over reports whether the game has ended.
func (t Table) Over() bool { return t.g.s.Phase == phOver }

// Cells is the number of cells of the board.
func (t Table) Cells() int { return len(t.g.s.Cells) }

// ValidCell reports whether c is a cell of the board.
func (t Table) ValidCell(c int) bool { return t.g.validCell(c) }

// Owner is the owner of cell c (Bank when nobody).
func (t Table) Owner(c int) int { return t.g.s.Cells[c].Owner }

// Owned is the cells seat owns, one bit per cell (MaxCells is 64): the
// published owners' mask when no cell changed since it was published (a
// mechanism asking in the middle of an action that moved no property),
// else a walk over the cells.
func (t Table) Owned(seat int) uint64 {
	g := t.g
	s, pub := g.s, &g.pub
	if g.dirty == 0 && !g.cellsDirty && pub.ver != 0 && pub.ncells == len(s.Cells) && uint(seat) < MaxSeats {
		return pub.ownedBy[seat]
	}
	var m uint64
	for c := range s.Cells {
		if s.Cells[c].Owner == seat {
			m |= 1 << uint(c)
		}
	}
	return m
}

// Built reports whether the group of property c has buildings.
func (t Table) Built(c int) bool {
	_, hi, _ := groupLevels(t.g.s.Cells, &t.g.rs.Board.Groups[t.g.rs.Board.Cells[c].Group])
	return hi > 0
}

// Out reports whether seat has left the game.
func (t Table) Out(seat int) bool { return t.g.s.Players[seat].Out }

// Status is seat's engine status (engine.StatusBankrupt, ...).
func (t Table) Status(seat int) string { return t.g.s.Players[seat].Status }

// Cash is seat's cash.
func (t Table) Cash(seat int) int64 { return t.g.s.Players[seat].Cash }

// Seats is the number of players.
func (t Table) Seats() int { return len(t.g.s.Players) }

// Alive is the number of players still in.
func (t Table) Alive() int { return t.g.alive() }

// Order is the play order (shared, read-only) and Turn the index of the
// active player in it.
func (t Table) Order() []int { return t.g.s.Order }

// Turn is the index in Order of the active player.
func (t Table) Turn() int { return t.g.s.Turn }

// Round is the round in progress.
func (t Table) Round() int { return t.g.s.RoundNo }

// Asked reports whether cell c was asked for this turn (a request per
// cell and turn); Ask records that it was. The core clears the list at the
// end of every turn.
func (t Table) Asked(c int) bool {
	for _, a := range t.g.s.Asked {
		if a == c {
			return true
		}
	}
	return false
}

// Ask records that cell c was asked for this turn.
func (t Table) Ask(c int) { t.g.s.Asked = append(t.g.s.Asked, c) }

// Request is the pending request of a mechanism (a takeover), if the game
// waits for its answer.
func (t Table) Request() (TradeOffer, bool) {
	s := t.g.s
	if s.Phase != phTrade || !s.Trade.Takeover {
		return TradeOffer{}, false
	}
	return s.Trade.Offer, true
}

// OpenRequest makes the game wait for o.To's answer to the request o
// (approve or deny), in the trade phase; CloseRequest returns to the phase
// the request was made in.
func (t Table) OpenRequest(o TradeOffer) {
	s := t.g.s
	s.Trade = newOf(&t.g.blk.trades)
	*s.Trade = pendingTrade{Offer: o, Takeover: true, Return: s.Phase}
	s.Phase = phTrade
}

// CloseRequest ends the pending request.
func (t Table) CloseRequest() { t.g.endTrade() }

// CopyInts returns a copy of src carved from the game's blocks (nil for
// none): for the lists in the actions a mechanism lists, which the game
// never writes again, without an allocation each.
func (t Table) CopyInts(src []int) []int { return t.g.blk.ints.copyOf(src) }

// Event appends an event as it is (private ones name their readers).
func (t Table) Event(e engine.Event) {
	if !t.g.mute { // no event returned (SetMute)
		t.g.ev = append(t.g.ev, e)
	}
}

// Quiet reports whether the game writes no sentences (engine.SetQuiet): a
// mechanism then leaves an Event's Text and Redacted empty instead of
// building them, as Apply would empty them anyway.
func (t Table) Quiet() bool { return bool(t.g.quiet) }

// Muted reports whether Apply returns no events (engine.SetMute): a
// mechanism then need not build its own events, nor the reasons of its
// money moves, which only the events carry.
func (t Table) Muted() bool { return t.g.mute }

// Emit appends a public event.
func (t Table) Emit(kind, text string) { t.g.emit(kind, text) }

// SetOwner hands cell c to seat, as it is (level and mortgage kept).
func (t Table) SetOwner(c, seat int) { t.g.wcell(c).Owner = seat }

// Move pays x from one seat (or Bank) to another, with the money event's
// kind and reason.
func (t Table) Move(from, to int, x int64, kind, why string) { t.g.move(from, to, x, kind, why) }

// GameOver ends the game now, by the limit rule, with reason.
func (t Table) GameOver(reason string) { t.g.gameOver(reason) }

// Money writes an amount in the game's currency.
func (t Table) Money(x int64) string { return t.g.money(x) }

// Who names a seat in a sentence.
func Who(seat int) string { return who(seat) }

// PropertyWord, GroupWord and WinRule are the ruleset's words for a
// property, a group and who wins at a limit.
func (rs *Ruleset) PropertyWord() string { return rs.propertyWord() }

// GroupWord is the ruleset's word for a group.
func (rs *Ruleset) GroupWord() string { return rs.groupWord() }

// WinRule is the sentence of who wins at a limit.
func (rs *Ruleset) WinRule() string { return rs.winRule() }

// Article is "a" or "an" before s ("an FTE", "a start-up").
func Article(s string) string { return article(s) }
