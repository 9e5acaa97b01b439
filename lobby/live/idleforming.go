package live

import "time"

// PlayerConnected reports whether a seated player watches the table.
func (t *Table) PlayerConnected() bool {
	for _, st := range t.Seats {
		if !st.Bot && !st.Empty() && t.Connections(st.AccountID) > 0 {
			return true
		}
	}
	return false
}

// IdleCheckLocked runs after every change of the table (updateFrame): a
// forming table that the owner holds and no seated player watches has an
// idle timer running; any other has none.
func (t *Table) IdleCheckLocked() {
	if t.Status != TableForming || t.Own.Replica() || t.Closed || t.PlayerConnected() {
		t.stopIdleTimer()
		return
	}
	if t.idleT != nil {
		return
	}
	gen := t.idleGen
	t.idleT = t.Host.AfterFunc(FormingIdleAfter, "forming idle", func() { t.Host.OnFormingIdle(t, gen) })
}

func (t *Table) stopIdleTimer() {
	if t.idleT != nil {
		t.idleT.Stop()
		t.idleT = nil
	}
	t.idleGen++
}

// FormingIdleAfter is how long a forming table may go with no seated player
// connected (watching it in a session) before the lobby closes it, so that
// a table whose host has gone does not hold its seats, its place in the
// list and its host's count of tables for ever.
//
// The time counts from the moment the last player stopped watching, or from
// the table's creation when nobody has watched it yet (a table made by the
// plain `new` command). After a restart it counts from start-up: nobody
// can have been connected while the server was down, and players waiting
// for it to come back get the full time to return; the stored update time
// says when the table last changed, not when someone last looked at it.
const FormingIdleAfter = 10 * time.Minute
