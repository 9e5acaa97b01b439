package lobby

import "boardroom/lobby/live"

// The lobby's source of time and timers (lobby/live): tests use a fake one
// (lobbytest.FakeClock).
type (
	Clock = live.Clock
	Timer = live.Timer
)

// RealClock returns the wall clock.
func RealClock() Clock { return live.RealClock() }
