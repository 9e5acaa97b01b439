package lobby

import (
	"boardroom/engine"
	"boardroom/lobby/play"
)

// Act refuses an action made on a screen the seat no longer sees with
// ErrStale; lobby/play (stale.go) says which changes make a screen stale.

// beforeAction notes what play.SealedCheck needs before seat actor acts.
func (t *table) beforeAction(actor int) *play.SealedCheck {
	return play.BeforeAction(t.g, actor, len(t.play))
}

// afterAction moves each seat's oldest current version to t.version, the
// version just reached, unless the action was a sealed commitment of
// another seat for it.
func (t *table) afterAction(c *play.SealedCheck, evs []engine.Event) {
	kept := c.Sealed(t.g, evs)
	for i := range t.play {
		if !kept[i] {
			t.play[i].since = t.version
		}
	}
}

// staleFor reports whether an action of seat made on a screen of version
// is stale: a version the table has not reached, or one older than the
// seat's last visible change.
func (t *table) staleFor(seat, version int) bool {
	return version > t.version || seat >= len(t.play) || version < t.play[seat].since
}
