package floor

import (
	"time"

	"boardroom/lobby/live"
)

// A table between owners (cluster only). While no node owns a table its
// players must be told the truth: a replica that has not heard from the
// owner for OwnerSilence says so on the play screen (GameState.OwnerLost),
// the turn timers pause and resume on the new owner with the time that was
// left, and a move made meanwhile waits for the new owner (moving.go).
//
// An owner is heard of through its table notices and through the list of
// tables it owns that every node announces after each lease renewal
// (NoticeOwner, lobby/cluster): an idle table is heard of every second.

// DefaultOwnerSilence is how long a replica goes without a word from its
// table's owner before its players read that the game is reconnecting
// (Config.OwnerSilence): three lease periods (lobby/live).
const DefaultOwnerSilence = live.DefaultOwnerSilence

// OwnerHeard records that node, the tables' owner, was heard of (its
// announced list of owned tables, NoticeOwner): replicas among them that
// said they were reconnecting stop saying so, when node is the owner they
// knew. A new owner's list can come before its table notice (another
// subject): until that notice brings the deadlines it resumed, the copy
// here has the old owner's, and showing them unpaused would make the timer
// jump (issue 29), so the replica goes on saying it is reconnecting.
func (fl *Floor) OwnerHeard(node string, tables []int64) {
	now := fl.clock.Now().UTC()
	for _, id := range tables {
		fl.mu.RLock()
		t, ok := fl.tables[id]
		fl.mu.RUnlock()
		if !ok {
			continue
		}
		t.Mu.Lock()
		quiet, newOwner := t.Own.HeardOf(node, now) // quiet: nothing on screen changes, no update
		t.Mu.Unlock()
		if newOwner {
			continue // its table notice clears it (ReceiveTable)
		}
		if !quiet {
			_ = fl.Update(t, func() error { t.HeardLocked(now); return nil })
		}
	}
}

// WatchOwners starts the check, every third of OwnerSilence, that marks
// the playing replicas whose owner went silent. It stops with the floor (Shutdown).
func (fl *Floor) WatchOwners() {
	every := max(fl.cfg.OwnerSilence/3, 10*time.Millisecond)
	var tick func()
	tick = func() {
		if fl.ShuttingDown() {
			return
		}
		fl.checkOwners(fl.clock.Now().UTC())
		fl.host.AfterFunc(every, "owner watch", tick)
	}
	fl.host.AfterFunc(every, "owner watch", tick)
}

// checkOwners marks the playing replicas whose owner has not been heard of
// for OwnerSilence, so that their players read it.
func (fl *Floor) checkOwners(now time.Time) {
	for _, t := range fl.All() {
		t.Mu.Lock()
		silent := !t.Closed && t.Status == TablePlaying && t.G != nil && t.Own.Silent(now, fl.cfg.OwnerSilence)
		t.Mu.Unlock()
		if silent {
			_ = fl.Update(t, func() error {
				if t.Own.MarkLost(now, fl.cfg.OwnerSilence) {
					t.Changed(false)
					fl.log.Debug("no word from the table's owner", "table", t.ID, "since", t.Own.HeardAt())
				}
				return nil
			})
		}
	}
}
