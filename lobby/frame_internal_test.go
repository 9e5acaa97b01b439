package lobby

// StateBuilds is how many GameStates the service has built, for the
// fan-out tests and benchmarks of package lobby_test.
func StateBuilds(s *Service) int64 { return s.stateBuilds.Load() }
