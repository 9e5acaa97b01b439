package play

import (
	"iter"

	"boardroom/engine"
)

// After every change of a table, each session watching it needs the game as
// its viewer sees it. Rather than have every session come back for it (one
// GameState build per session and change), the table builds the state once
// per viewer class while it still holds its lock, and the hub hands each
// subscription the state of its own class with the update.
//
// A class is what one viewer may see: each seat is a class of its own (its
// view may hold private parts, and its legal actions, turn deadline and
// private log lines are its own), and every spectator and guest shares the
// spectators' class. Only classes someone watches are built, so an action
// at a table of 4 players and 100 spectators costs 5 builds, not 104.
//
// A subscription only ever receives the state of its own viewer's class:
// the hub picks it by the subscription's account, never by anything the
// session says.

// Frame is a table's state S after one change, per viewer class.
type Frame[S any] struct {
	seats  map[int64]int // seated human accounts -> seat, as of the build
	states map[int]*S    // by class: seat index, or engine.Spectator
}

// BuildFrame builds the state of every class that one of watchers (viewer
// accounts, 0 a guest) belongs to, with build(class); a seated account's
// class is its first seat.
func BuildFrame[S any](seats []Seat, watchers iter.Seq[int64], build func(class int) S) *Frame[S] {
	f := &Frame[S]{seats: make(map[int64]int, len(seats)), states: make(map[int]*S, len(seats)+1)}
	for i, st := range seats {
		if _, seen := f.seats[st.Account]; !seen && st.human() {
			f.seats[st.Account] = i // the first, as a table's seatOf
		}
	}
	for viewer := range watchers {
		c := f.classOf(viewer)
		if _, ok := f.states[c]; !ok {
			st := build(c)
			f.states[c] = &st
		}
	}
	return f
}

// classOf is the viewer class of an account (0: a guest).
func (f *Frame[S]) classOf(viewer int64) int {
	if i, ok := f.seats[viewer]; ok && viewer != 0 {
		return i
	}
	return engine.Spectator
}

// ForViewer is the state of the viewer's class, nil when the frame has none
// (no one of that class watched the table when it was built) or f is nil.
func (f *Frame[S]) ForViewer(viewer int64) *S {
	if f == nil {
		return nil
	}
	return f.states[f.classOf(viewer)]
}
