package live

import "sync/atomic"

// Slots bounds how many strong bots' moves a node computes at once
// (Host.Bots().Searches, lobby.Config.MaxSearches): a move takes a slot before
// its bot chooses and frees it after, waiting while every slot is taken.
type Slots struct {
	ch      chan struct{}
	waiting atomic.Int32
}

// NewSlots makes n slots (at least one).
func NewSlots(n int) *Slots { return &Slots{ch: make(chan struct{}, max(n, 1))} }

// Take waits for a free slot and takes it.
func (s *Slots) Take() {
	select {
	case s.ch <- struct{}{}:
		return
	default:
	}
	s.waiting.Add(1)
	s.ch <- struct{}{}
	s.waiting.Add(-1)
}

// Free frees a slot taken with Take.
func (s *Slots) Free() { <-s.ch }

// Waiting is how many moves wait for a slot now.
func (s *Slots) Waiting() int { return int(s.waiting.Load()) }

// Size is how many slots there are.
func (s *Slots) Size() int { return cap(s.ch) }
