package lobby

import "boardroom/engine"

// SeatBot is the bot the lobby makes for seat i of a table: the bot of the
// level of the account the seat holds (a test hook).
func SeatBot(s *Service, tableID int64, i int) engine.Bot {
	s.mu.RLock()
	t := s.tables[tableID]
	s.mu.RUnlock()
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.newBot(i, 1)
}
