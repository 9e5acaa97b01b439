package live

import (
	"boardroom/engine"
	"boardroom/lobby/play"
)

// beforeAction notes what play.SealedCheck needs before seat actor acts.
func (t *Table) beforeAction(actor int) *play.SealedCheck {
	return play.BeforeAction(t.G, actor, len(t.Play))
}

// afterAction moves each seat's oldest current version to t.version, the
// version just reached, unless the action was a sealed commitment of
// another seat for it.
func (t *Table) afterAction(c *play.SealedCheck, evs []engine.Event) {
	kept := c.Sealed(t.G, evs)
	for i := range t.Play {
		if !kept[i] {
			t.Play[i].since = t.Version
		}
	}
}

// StaleFor reports whether an action of seat made on a screen of version
// is stale: a version the table has not reached, or one older than the
// seat's last visible change.
func (t *Table) StaleFor(seat, version int) bool {
	return version > t.Version || seat >= len(t.Play) || version < t.Play[seat].since
}
