package lobby

import "boardroom/engine"

// SeatBot is the bot the lobby makes for seat i of a table: the bot of the
// level of the account the seat holds (a test hook).
func SeatBot(s *Service, tableID int64, i int) engine.Bot {
	t := s.floor.Get(tableID)
	t.Mu.Lock()
	defer t.Mu.Unlock()
	return t.NewBot(i, 1)
}

// HoldSearches takes every slot of the node's strong bots' moves
// (Config.MaxSearches) until release is called (a test hook); waiting is
// how many moves wait for one.
func HoldSearches(s *Service) (release func(), waiting func() int) {
	for range s.searches.Size() {
		s.searches.Take()
	}
	return func() {
		for range s.searches.Size() {
			s.searches.Free()
		}
	}, s.searches.Waiting
}
