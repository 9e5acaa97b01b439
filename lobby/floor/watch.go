package floor

// Watch records that a subscription watches a table: its viewer is
// connected there (or spectating), and a player flagged away is back.
func (fl *Floor) Watch(sub *subscription, id int64) {
	t, err := fl.Lookup(sub.Viewer(), id)
	if err != nil {
		return
	}
	_ = fl.Update(t, func() error {
		if _, ok := t.Watchers[sub]; ok {
			return nil
		}
		before := t.SpectatorCount()
		t.Watchers[sub] = sub.Viewer()
		if i := t.SeatOf(sub.Viewer()); i >= 0 && t.Status == TablePlaying && !t.Own.Replica() {
			t.BackLocked(fl.bg, i)
		}
		// The lobby's table list shows the spectator count: its watchers
		// hear of a change at once, so every screen reads the live number.
		t.Changed(t.SpectatorCount() != before)
		return nil
	})
	fl.announcePresence(t)
}

// Unwatch records that a subscription stopped watching a table. A
// player with no session left at a game starts the away timer. The log
// tells apart a player who went elsewhere in the lobby (a session of theirs
// is still open: the screen left the table) from one whose sessions all
// ended; Close drops the subscription from the hub first, so a closing
// session never counts as online.
func (fl *Floor) Unwatch(sub *subscription, id int64) {
	fl.mu.RLock()
	t, ok := fl.tables[id]
	fl.mu.RUnlock()
	if !ok {
		return
	}
	online := fl.sessions.Here(sub.Viewer())
	_ = fl.Update(t, func() error {
		if _, ok := t.Watchers[sub]; !ok {
			return nil
		}
		before := t.SpectatorCount()
		delete(t.Watchers, sub)
		if i := t.SeatOf(sub.Viewer()); i >= 0 && t.Status == TablePlaying && !t.Own.Replica() && t.Connections(sub.Viewer()) == 0 {
			t.AbsentLocked(i, online)
		}
		t.Changed(t.SpectatorCount() != before)
		return nil
	})
	fl.announcePresence(t)
}
