package lobby

// watchTable records that a subscription watches a table: its viewer is
// connected there (or spectating), and a player flagged away is back.
func (s *Service) watchTable(sub *subscription, id int64) {
	t, err := s.lookupTable(sub.viewer, id)
	if err != nil {
		return
	}
	_ = s.update(t, func() error {
		if _, ok := t.watchers[sub]; ok {
			return nil
		}
		t.watchers[sub] = sub.viewer
		if i := t.seatOf(sub.viewer); i >= 0 && t.status == TablePlaying && !t.replica {
			t.backLocked(s.bg, i)
		}
		t.changed(false)
		return nil
	})
	s.announcePresence(t)
}

// unwatchTable records that a subscription stopped watching a table. A
// player with no session left at a game starts the away timer.
func (s *Service) unwatchTable(sub *subscription, id int64) {
	s.mu.RLock()
	t, ok := s.tables[id]
	s.mu.RUnlock()
	if !ok {
		return
	}
	_ = s.update(t, func() error {
		if _, ok := t.watchers[sub]; !ok {
			return nil
		}
		delete(t.watchers, sub)
		if i := t.seatOf(sub.viewer); i >= 0 && t.status == TablePlaying && !t.replica && t.connections(sub.viewer) == 0 {
			t.absentLocked(i)
		}
		t.changed(false)
		return nil
	})
	s.announcePresence(t)
}
