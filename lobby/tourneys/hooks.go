package tourneys

// Hooks for the tests of the lobby (a node that dies while it seats a
// round, a start on another node during a join): both nil in a server.
var (
	// seatingHook runs after a round was moved on and before its tables
	// open: an error stops the seating there, as a node that died would.
	seatingHook func() error
	// joinHook runs between a join's reading of the tournament and its
	// write: where a start on another node may fall.
	joinHook func()
)

// SetSeatingHook sets the hook that runs after a round was moved on and
// before its tables open (nil: none). Tests only.
func SetSeatingHook(f func() error) { seatingHook = f }

// SetJoinHook sets the hook between a join's reading and its write (nil:
// none). Tests only.
func SetJoinHook(f func()) { joinHook = f }
