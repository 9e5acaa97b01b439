package live

import (
	"boardroom/engine"
)

// actor names who made the seat's action.
func (t *Table) actor(seatIdx int) string {
	switch {
	case seatIdx == engine.Table:
		return ActorTable
	case t.botPlays(seatIdx):
		return ActorBot
	}
	return ActorPlayer
}
