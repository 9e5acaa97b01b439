package lobby

import (
	"fmt"
	"time"
)

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

// playerConnected reports whether a seated player watches the table.
func (t *table) playerConnected() bool {
	for _, st := range t.seats {
		if !st.bot && !st.empty() && t.connections(st.accountID) > 0 {
			return true
		}
	}
	return false
}

// idleCheckLocked runs after every change of the table (updateFrame): a
// forming table that the owner holds and no seated player watches has an
// idle timer running; any other has none.
func (t *table) idleCheckLocked() {
	if t.status != TableForming || t.own.Replica() || t.closed || t.playerConnected() {
		t.stopIdleTimer()
		return
	}
	if t.idleT != nil {
		return
	}
	gen := t.idleGen
	t.idleT = t.s.afterFunc(FormingIdleAfter, "forming idle", func() { t.s.onFormingIdle(t, gen) })
}

func (t *table) stopIdleTimer() {
	if t.idleT != nil {
		t.idleT.Stop()
		t.idleT = nil
	}
	t.idleGen++
}

// onFormingIdle closes a forming table nobody has watched for
// FormingIdleAfter: it is abandoned like a table whose last player stood
// up, and the lobby's chat says so, where its host reads it on coming back.
func (s *Service) onFormingIdle(t *table, gen uint64) {
	var note string
	lobbyID := t.lobbyID
	err := s.update(t, func() error {
		if t.idleGen != gen || t.status != TableForming || t.own.Replica() {
			return nil
		}
		t.idleT = nil
		if t.playerConnected() {
			return nil
		}
		before := t.snapshot()
		t.status = TableAbandoned
		if err := t.save(s.bg, before); err != nil {
			return err // rolled back: the timer starts again (idleCheckLocked)
		}
		note = fmt.Sprintf("%s's %s table (table %d) was closed: no player was at it for %d minutes.",
			s.handle(t.hostID), t.info.Title, t.id, int(FormingIdleAfter/time.Minute))
		s.log.Info("idle forming table closed", "table", t.id, "host", t.hostID)
		return nil
	})
	if err != nil {
		s.log.Error("closing an idle forming table failed", "table", t.id, "err", err)
	}
	if note != "" {
		s.chatDesk.Notice(LobbyChannel(lobbyID), note)
	}
}
