package lobby

// SetSeatingHook sets the hook that runs after a round was moved on and
// before its tables open (nil: none), for the tests of lobby_test.
func SetSeatingHook(f func() error) { seatingHook = f }
