package lobby

import "boardroom/lobby/tourneys"

// SetSeatingHook sets the hook that runs after a round was moved on and
// before its tables open (nil: none), for the tests of lobby_test.
func SetSeatingHook(f func() error) { tourneys.SetSeatingHook(f) }

// SetJoinHook sets the hook between a join's reading and its write (nil:
// none), for the tests of lobby_test.
func SetJoinHook(f func()) { tourneys.SetJoinHook(f) }
