package play

import "sync"

// Awaited remembers, per table, the accounts its game awaited at its
// last update, so that only a decision that opens rings (the lobby's
// bell.go). A table's accounts are a small set kept in the map's value: a map of
// them was made at every update of every table and one kept per table
// for the collector (issue 32).
type Awaited struct {
	mu      sync.Mutex
	waiting map[int64]AccountSet // table id -> awaited accounts
}

// Swap stores the table's awaited accounts and returns the ones stored
// before.
func (b *Awaited) Swap(tableID int64, now AccountSet) AccountSet {
	b.mu.Lock()
	defer b.mu.Unlock()
	before := b.waiting[tableID]
	switch {
	case now.Len() > 0:
		if b.waiting == nil {
			b.waiting = map[int64]AccountSet{}
		}
		b.waiting[tableID] = now
	default:
		delete(b.waiting, tableID)
	}
	return before
}

// accountSetInline is how many accounts an AccountSet holds without a
// slice: every game's seats (eight at most).
const accountSetInline = 8

// AccountSet is a set of account ids in the order added, each once. Its
// zero value is empty; it is a value (copy it freely) until it holds more
// than accountSetInline accounts.
type AccountSet struct {
	n    int
	ids  [accountSetInline]int64
	more []int64
}

// Add adds id unless the set has it.
func (s *AccountSet) Add(id int64) {
	if s.Has(id) {
		return
	}
	if s.n < len(s.ids) {
		s.ids[s.n] = id
		s.n++
		return
	}
	// a copy made before shares more's array: append to a full slice of
	// it, so that the copies never write over each other's accounts
	s.more = append(s.more[:len(s.more):len(s.more)], id)
}

// Has reports whether the set holds id.
func (s AccountSet) Has(id int64) bool {
	for _, x := range s.ids[:s.n] {
		if x == id {
			return true
		}
	}
	for _, x := range s.more {
		if x == id {
			return true
		}
	}
	return false
}

// Len is the number of accounts in the set.
func (s AccountSet) Len() int { return s.n + len(s.more) }

// At is the i-th account added (0 <= i < Len).
func (s AccountSet) At(i int) int64 {
	if i < s.n {
		return s.ids[i]
	}
	return s.more[i-s.n]
}
