package lobby

// WaitTournaments waits until every tournament step running apart from
// its caller (a finished game's, a resumption's) is done, so that tests
// need not sleep.
func (s *Service) WaitTournaments() { s.tour.busy.Wait() }
