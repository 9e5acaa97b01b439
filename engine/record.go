package engine

import (
	"encoding/json"
	"fmt"
)

// LoggedAction is one entry of a game's action log.
type LoggedAction struct {
	Seat   int             `json:"seat"`
	Action json.RawMessage `json:"action"`
}

// Replay creates a game from its setup and applies its log in order. The
// log is the truth; any refused entry is an error naming its index.
func Replay(def Definition, setup Setup, log []LoggedAction) (Game, error) {
	g, err := def.New(setup)
	if err != nil {
		return nil, err
	}
	for i, la := range log {
		a, err := def.DecodeAction(la.Action)
		if err != nil {
			return nil, fmt.Errorf("engine: replay entry %d: %w", i, err)
		}
		if _, err := g.Apply(la.Seat, a); err != nil {
			return nil, fmt.Errorf("engine: replay entry %d (%s by seat %d): %w", i, a.Kind(), la.Seat, err)
		}
	}
	return g, nil
}

// Log encodes an action for the log.
func Log(seat int, a Action) (LoggedAction, error) {
	b, err := EncodeAction(a)
	if err != nil {
		return LoggedAction{}, err
	}
	return LoggedAction{Seat: seat, Action: b}, nil
}
