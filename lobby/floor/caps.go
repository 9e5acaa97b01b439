package floor

import (
	"fmt"
	"sync"
)

// An account may host or sit at Config.MaxTablesPerAccount unfinished
// (forming or playing) tables at once. Without a cap one key could start
// games with bots as fast as it can type (1,200 in 2.5 s, 350 MB, and a
// public table list full of them).

// SeatLock is the lock of an account's stripe. It is held across counting
// the account's unfinished tables and taking the seat the count allowed, so
// that two sessions of one key cannot both take the last place. It is taken
// before any table's lock, never while one is held.
func (fl *Floor) SeatLock(accountID int64) *sync.Mutex {
	return &fl.seatLocks[uint64(accountID)%uint64(len(fl.seatLocks))]
}

// unfinishedOf counts the live (not daily: lobby/live's pace.go) forming and playing
// tables the account hosts or sits at, leaving out the table except (0:
// none). It takes each table's
// lock in turn: call it without holding any.
func (fl *Floor) unfinishedOf(accountID, except int64) int {
	return fl.countTables(accountID, except, false)
}

// countTables counts the forming and playing tables of one pace (daily or
// live: lobby/live's pace.go) the account hosts or sits at, leaving out except.
func (fl *Floor) countTables(accountID, except int64, daily bool) int {
	n := 0
	fl.eachLocked(except, func(t *table) {
		if (t.Status == TableForming || t.Status == TablePlaying) && t.Daily() == daily &&
			(t.HostID == accountID || t.SeatOf(accountID) >= 0) {
			n++
		}
	})
	return n
}

// eachLocked calls f with every table but except (0: none), each under
// its lock, taken without the floor's: call it without holding any. The
// tables are copied out of the floor's lock into a list from tableLists:
// a list of 2,000 tables is 16 KB, and the caps count an account's tables
// at every table created, sat at or offered again (3% of what a full
// server allocated, issue 32).
func (fl *Floor) eachLocked(except int64, f func(t *table)) {
	lp := tableLists.Get().(*[]*table)
	all := fl.appendTables((*lp)[:0], except)
	for _, t := range all {
		t.Mu.Lock()
		f(t)
		t.Mu.Unlock()
	}
	clear(all) // the pool keeps no table
	*lp = all[:0]
	tableLists.Put(lp)
}

// tableLists are eachLocked's lists of tables, reused.
var tableLists = sync.Pool{New: func() any { return new([]*table) }}

// tooManyGames is the refusal once an account is at the cap.
func (fl *Floor) tooManyGames(n int) error {
	return userErr(ErrTooManyGames, fmt.Sprintf(
		"you already play or host %d unfinished games, the most one player may; finish or leave one first", n))
}

// CheckTableCap refuses a new unfinished table for the account when it is
// at the cap already, leaving out the table except.
func (fl *Floor) CheckTableCap(accountID, except int64) error {
	if n := fl.unfinishedOf(accountID, except); n >= fl.cfg.MaxTablesPerAccount {
		return fl.tooManyGames(n)
	}
	return nil
}

// dailyOf counts the daily forming and playing tables the account hosts
// or sits at, leaving out the table except. Call it without holding a
// table's lock.
func (fl *Floor) dailyOf(accountID, except int64) int {
	return fl.countTables(accountID, except, true)
}

// tooManyDaily is the refusal at the daily cap.
func (fl *Floor) tooManyDaily(n int) error {
	return userErr(ErrTooManyGames, fmt.Sprintf(
		"you already play or host %d unfinished daily games, the most one player may; finish or leave one first", n))
}
