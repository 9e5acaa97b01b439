package floor

import (
	"fmt"
	"time"

	"boardroom/lobby/live"
)

// onFormingIdle closes a forming table nobody has watched for
// FormingIdleAfter: it is abandoned like a table whose last player stood
// up, and the lobby's chat says so, where its host reads it on coming back.
func (fl *Floor) onFormingIdle(t *table, gen uint64) {
	var note string
	lobbyID := t.LobbyID
	err := fl.Update(t, func() error {
		if !t.IdleCurrent(gen) || t.Status != TableForming || t.Own.Replica() {
			return nil
		}
		t.IdleFired()
		if t.PlayerConnected() {
			return nil
		}
		before := t.Snapshot()
		t.Status = TableAbandoned
		if err := t.Save(fl.bg, before); err != nil {
			return err // rolled back: the timer starts again (idleCheckLocked)
		}
		note = fmt.Sprintf("%s's %s table (table %d) was closed: no player was at it for %d minutes.",
			fl.host.Handle(t.HostID), t.Info.Title, t.ID, int(live.FormingIdleAfter/time.Minute))
		fl.log.Info("idle forming table closed", "table", t.ID, "host", t.HostID)
		return nil
	})
	if err != nil {
		fl.log.Error("closing an idle forming table failed", "table", t.ID, "err", err)
	}
	if note != "" {
		fl.sessions.Notice(lobbyChannel(lobbyID), note)
	}
}
