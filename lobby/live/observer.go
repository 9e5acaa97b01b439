package live

import "time"

// Observer is told what the live tables do, for an operator's metrics (cmd
// wires a Prometheus implementation; the lobby itself knows nothing of
// it). Its methods run on the table's goroutine with the table's lock
// held: they must be quick, must not block and must not call the lobby.
// A nil lobby.Config.Observer costs one nil check per action and nothing
// else.
type Observer interface {
	// ActionApplied reports an action the game accepted and the store
	// wrote, of a game (engine.Info.ID) by an actor (ActorPlayer, ActorBot
	// or ActorTable). took is from the game's Apply to the stored record:
	// what the table's lock is held for, the fan-out excluded.
	ActionApplied(game, actor string, took time.Duration)
	// BotThought reports how long a bot took to choose an action.
	BotThought(game string, took time.Duration)
}

// Actors of an applied action, for Observer.ActionApplied.
const (
	ActorPlayer = "player" // a seated player's own action, or their seat's default (timer, away)
	ActorBot    = "bot"    // a bot seat, an open seat, or a seat handed over to a bot
	ActorTable  = "table"  // the table itself (a time limit lapsing)
)
