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

// Frame is a table's state S after one change, per viewer class. A table
// has a handful of seats and classes: lists, searched in order, cost less
// than maps for every change of every table.
type Frame[S any] struct {
	seats  []seatOf     // seated human accounts, as of the build
	states []classOf[S] // the classes built: seat index, or engine.Spectator
}

type seatOf struct {
	account int64
	seat    int
}

type classOf[S any] struct {
	class int
	st    *S
}

// BuildFrame builds the state of every class that one of watchers (viewer
// accounts, 0 a guest) belongs to, with build(class); a seated account's
// class is its first seat.
func BuildFrame[S any](seats []Seat, watchers iter.Seq[int64], build func(class int) S) *Frame[S] {
	f := &Frame[S]{seats: make([]seatOf, 0, len(seats))}
	for i, st := range seats {
		if st.human() && f.seatOf(st.Account) < 0 {
			f.seats = append(f.seats, seatOf{st.Account, i}) // the first, as a table's seatOf
		}
	}
	for viewer := range watchers {
		c := f.classOf(viewer)
		if f.state(c) == nil {
			st := build(c)
			f.states = append(f.states, classOf[S]{c, &st})
		}
	}
	return f
}

// seatOf is the account's first seat, -1 if it has none.
func (f *Frame[S]) seatOf(account int64) int {
	for _, s := range f.seats {
		if s.account == account {
			return s.seat
		}
	}
	return -1
}

// state is the class's state, nil if it was not built.
func (f *Frame[S]) state(class int) *S {
	for _, c := range f.states {
		if c.class == class {
			return c.st
		}
	}
	return nil
}

// classOf is the viewer class of an account (0: a guest).
func (f *Frame[S]) classOf(viewer int64) int {
	if viewer != 0 {
		if i := f.seatOf(viewer); i >= 0 {
			return i
		}
	}
	return engine.Spectator
}

// ForViewer is the state of the viewer's class, nil when the frame has none
// (no one of that class watched the table when it was built) or f is nil.
func (f *Frame[S]) ForViewer(viewer int64) *S {
	if f == nil {
		return nil
	}
	return f.state(f.classOf(viewer))
}
