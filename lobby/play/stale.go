package play

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

// SealedCheck is what a table notes before an action, to tell afterwards
// for which seats it was a sealed commitment of another seat.
type SealedCheck struct {
	phase string
	legal map[int][]engine.Action // awaited seats other than the actor, with their legal actions
}

// BeforeAction notes the awaited seats (of seats 0..seats-1) and their
// legal actions when the game is in a simultaneous phase; nil otherwise
// (nothing can be sealed).
func BeforeAction(g engine.Game, actor, seats int) *SealedCheck {
	if actor < 0 {
		return nil // the table's own actions (a time limit) change everyone's screen
	}
	p := g.Prompt()
	if !p.Simultaneous {
		return nil
	}
	var awaited []int // read first: the prompt's list may live in a buffer the game reuses
	for _, w := range p.Waiting {
		if w.Seat != actor && w.Seat >= 0 && w.Seat < seats {
			awaited = append(awaited, w.Seat)
		}
	}
	c := &SealedCheck{phase: p.Phase, legal: make(map[int][]engine.Action, len(awaited))}
	for _, s := range awaited {
		// A copy: games may reuse their Legal buffer (opoly does).
		c.legal[s] = append([]engine.Action(nil), g.Legal(s)...)
	}
	return c
}

// Sealed reports, once the action is applied (g is the game after it, evs
// its events), the seats for which it was a sealed commitment of another
// seat: their screens stay current. Every other seat's screen is stale.
func (c *SealedCheck) Sealed(g engine.Game, evs []engine.Event) map[int]bool {
	if c == nil || len(c.legal) == 0 {
		return nil
	}
	p := g.Prompt()
	if !p.Simultaneous || p.Phase != c.phase {
		return nil
	}
	kept := make(map[int]bool, len(c.legal))
	for seat, before := range c.legal {
		kept[seat] = p.Awaits(seat) && privateToOthers(evs, seat) &&
			sameActions(before, g.Legal(seat))
	}
	return kept
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
