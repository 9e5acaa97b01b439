package lobby

import (
	"reflect"

	"boardroom/engine"
)

// A player's action carries the game version their screen showed (the
// number of actions applied, GameState.Version). Act refuses it with
// ErrStale when the seat would now see something else, rather than apply a
// key press to a state the player never saw.
//
// "Something else" is any change but one: another seat's sealed commitment
// in a simultaneous phase (a sealed bid). Such a commitment tells the other
// bidders only that it was made, not what it was, so a bid typed while it
// arrived means what its player meant; refusing it would make every player
// of a busy auction retype. A commitment counts as sealed for seat i when
//   - the phase was simultaneous and awaited i before, and still is, with the
//     same phase name, after;
//   - i's legal actions are the same before and after;
//   - every event the commitment made is private to other seats (i reads
//     only the redacted sentence, "Seat 2 committed a bid").
// Anything else (i's own action, a reveal, a turn moving on, a time limit
// lapsing) makes every earlier screen of i stale.

// sealedCheck is what apply notes before an action, to tell afterwards for
// which seats it was a sealed commitment of another seat.
type sealedCheck struct {
	phase string
	legal map[int][]engine.Action // awaited seats other than the actor, with their legal actions
}

// beforeAction notes the awaited seats and their legal actions when the
// game is in a simultaneous phase; nil otherwise (nothing can be sealed).
func (t *table) beforeAction(actor int) *sealedCheck {
	if actor < 0 {
		return nil // the table's own actions (a time limit) change everyone's screen
	}
	p := t.g.Prompt()
	if !p.Simultaneous {
		return nil
	}
	var seats []int // read first: the prompt's list may live in a buffer the game reuses
	for _, w := range p.Waiting {
		if w.Seat != actor && w.Seat >= 0 && w.Seat < len(t.play) {
			seats = append(seats, w.Seat)
		}
	}
	c := &sealedCheck{phase: p.Phase, legal: make(map[int][]engine.Action, len(seats))}
	for _, s := range seats {
		// A copy: games may reuse their Legal buffer (opoly does).
		c.legal[s] = append([]engine.Action(nil), t.g.Legal(s)...)
	}
	return c
}

// afterAction moves each seat's oldest current version to t.version, the
// version just reached, unless the action was a sealed commitment of
// another seat for it.
func (t *table) afterAction(c *sealedCheck, evs []engine.Event) {
	var kept map[int]bool
	if c != nil && len(c.legal) > 0 {
		p := t.g.Prompt()
		if p.Simultaneous && p.Phase == c.phase {
			kept = make(map[int]bool, len(c.legal))
			for seat, before := range c.legal {
				kept[seat] = p.Awaits(seat) && privateToOthers(evs, seat) &&
					sameActions(before, t.g.Legal(seat))
			}
		}
	}
	for i := range t.play {
		if !kept[i] {
			t.play[i].since = t.version
		}
	}
}

// privateToOthers reports whether seat reads none of evs but redacted
// sentences of events addressed to other seats.
func privateToOthers(evs []engine.Event, seat int) bool {
	for _, ev := range evs {
		if ev.To == nil {
			return false
		}
		for _, s := range ev.To {
			if s == seat {
				return false
			}
		}
	}
	return true
}

// sameActions compares two legal lists; actions are small value structs.
func sameActions(a, b []engine.Action) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if !reflect.DeepEqual(a[i], b[i]) {
			return false
		}
	}
	return true
}

// staleFor reports whether an action of seat made on a screen of version
// is stale: a version the table has not reached, or one older than the
// seat's last visible change.
func (t *table) staleFor(seat, version int) bool {
	return version > t.version || seat >= len(t.play) || version < t.play[seat].since
}
