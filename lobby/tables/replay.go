package tables

import (
	"fmt"
	"time"

	"boardroom/engine"
)

// A stored game replayed: its actions applied in order (a restore, a
// replay, a replica catching up) and, after a restart, when each awaited
// decision opened.

// ApplyStored decodes a stored action and applies it, as a restore or a
// replay does: the log is the truth, so any refusal is an error naming it.
func ApplyStored(def engine.Definition, g engine.Game, r ActionRecord) ([]engine.Event, error) {
	a, err := def.DecodeAction(r.Action)
	if err != nil {
		return nil, fmt.Errorf("action %d: %w", r.Seq, err)
	}
	evs, err := g.Apply(r.Seat, a)
	if err != nil {
		return nil, fmt.Errorf("action %d (%s by seat %d): %w", r.Seq, a.Kind(), r.Seat, err)
	}
	return evs, nil
}

// DecisionsOpened replays a stored game and says, for each seat it awaits
// at the end, when that seat's decision opened: when it became awaited, or
// when it last acted while staying awaited (a live table restarts a
// seat's timer after each of its actions). A simultaneous decision thus
// keeps the deadline it opened with for every seat, whoever answered
// since. nil when the log does not replay.
func DecisionsOpened(def engine.Definition, setup engine.Setup, log []ActionRecord, start time.Time) map[int]time.Time {
	g, err := def.New(setup)
	if err != nil {
		return nil
	}
	engine.SetQuiet(g, true)
	opened := map[int]time.Time{}
	awaited := func() map[int]bool {
		m := map[int]bool{}
		for _, w := range g.Prompt().Waiting {
			m[w.Seat] = true
		}
		return m
	}
	before := awaited()
	for seat := range before {
		opened[seat] = start
	}
	for _, r := range log {
		if _, err := ApplyStored(def, g, r); err != nil {
			return nil
		}
		now := awaited()
		for seat := range now {
			if !before[seat] || seat == r.Seat {
				opened[seat] = r.At
			}
		}
		for seat := range opened {
			if !now[seat] {
				delete(opened, seat)
			}
		}
		before = now
	}
	return opened
}
