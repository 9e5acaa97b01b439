package allinthegame

import "boardroom/engine"

// A quiet game's events (engine.Quieter) are valid until its next Apply,
// so their lists and money changes are cut from memory reused on every
// Apply instead of allocated: events were most of what a bot-only sim
// allocates. A game with sentences (one players watch) allocates them as
// before, as its events are kept.

// evChunk is the room each list gets in the arena: most Apply calls
// return fewer events; a list that outgrows it moves to the heap by
// append, as any slice does.
const evChunk = 16

// firstBlock is the arena's first block of events: a round's end takes a
// couple of hundred events of room (its lists join into one), and a
// smaller first block was replaced by larger ones in every game.
const firstBlock = 16 * evChunk

// evArena is the reused memory of a quiet game's events.
type evArena struct {
	events []engine.Event
	money  []engine.MoneyChange
	seats  [maxSeats][]int // []int{seat}: the recipients of a private event
}

// maxSeats is the most seats of a table (Info.MaxSeats).
const maxSeats = 4

// to is the recipients of an event only seat reads: a quiet game's lists
// are made once (its events are valid until the next Apply, and nobody
// writes a list of recipients).
func (s *state) to(seat int) []int {
	if !s.quiet || seat < 0 || seat >= maxSeats {
		return []int{seat}
	}
	a := &s.ev
	if a.seats[seat] == nil {
		a.seats[seat] = []int{seat}
	}
	return a.seats[seat]
}

// reset makes the arena's memory free again: called when Apply starts, as
// the events of the last Apply are no longer valid.
// The old events are not cleared: what they point to (sentences, lists
// of the arena) stays reachable until overwritten, a bounded amount, and
// clearing the arena at every Apply was a twentieth of a bot-only game.
func (a *evArena) reset() {
	a.events, a.money = a.events[:0], a.money[:0]
}

// events returns a list holding es, with room to append evChunk events.
func (s *state) events(es ...engine.Event) []engine.Event {
	if !s.quiet || len(es) > evChunk {
		return append([]engine.Event(nil), es...)
	}
	a := &s.ev
	k := len(a.events)
	if k+evChunk > cap(a.events) {
		// a new block: the old one may still hold this Apply's lists
		a.events = make([]engine.Event, 0, max(firstBlock, 2*cap(a.events)))
		k = 0
	}
	a.events = a.events[:k+evChunk]
	out := a.events[k : k : k+evChunk]
	return append(out, es...)
}

// join appends more to evs: a quiet game's list that outgrows its room
// moves to a new one cut from the arena, not to the heap (a round's end
// joins dozens of events).
func (s *state) join(evs, more []engine.Event) []engine.Event {
	if !s.quiet || len(evs)+len(more) <= cap(evs) {
		return append(evs, more...)
	}
	a := &s.ev
	need := len(evs) + len(more) + evChunk
	k := len(a.events)
	if k+need > cap(a.events) {
		// a new block: the old one may still hold this Apply's lists
		a.events = make([]engine.Event, 0, max(firstBlock, 2*cap(a.events), 2*need))
		k = 0
	}
	a.events = a.events[:k+need]
	out := append(a.events[k:k:k+need], evs...)
	return append(out, more...)
}

// moneyChange returns a list holding the one change m.
func (s *state) moneyChange(m engine.MoneyChange) []engine.MoneyChange {
	if !s.quiet {
		return []engine.MoneyChange{m}
	}
	a := &s.ev
	k := len(a.money)
	if k == cap(a.money) {
		a.money = make([]engine.MoneyChange, 0, max(32, 2*cap(a.money)))
		k = 0
	}
	a.money = append(a.money, m)
	return a.money[k : k+1 : k+1]
}
