package play

import "sync"

// Awaited remembers, per table, the accounts its game awaited at its
// last update, so that only a decision that opens rings (the lobby's
// bell.go).
type Awaited struct {
	mu      sync.Mutex
	waiting map[int64]map[int64]bool // table id -> awaited accounts
}

// Swap stores the table's awaited accounts and returns the ones stored
// before.
func (b *Awaited) Swap(tableID int64, now map[int64]bool) map[int64]bool {
	b.mu.Lock()
	defer b.mu.Unlock()
	before := b.waiting[tableID]
	switch {
	case len(now) > 0:
		if b.waiting == nil {
			b.waiting = map[int64]map[int64]bool{}
		}
		b.waiting[tableID] = now
	default:
		delete(b.waiting, tableID)
	}
	return before
}
