package live

import (
	"time"

	"boardroom/engine"
)

// TurnDeadlines sets, in place, the turn deadline of each of a table's
// seats for the game's prompt (waiting: who it awaits; seats: how many the
// table has): a seat awaited whose player the lobby waits for keeps the
// deadline it has or gets one secs from now; every other seat, and every
// seat when the timer is off (secs <= 0), has none. auto reports whether
// the lobby moves for a seat without waiting for its player. It returns the
// first deadline (zero: none), for the turn timer, and whether a seat the
// lobby moves for is awaited, for the bots.
func TurnDeadlines(waiting []engine.Wait, seats int, auto func(seat int) bool, secs int, now time.Time, deadlines []time.Time) (first time.Time, botDue bool) {
	awaited := map[int]bool{}
	for _, w := range waiting {
		if w.Seat >= 0 && w.Seat < seats {
			awaited[w.Seat] = true
			botDue = botDue || auto(w.Seat)
		}
	}
	for i := range deadlines {
		if !awaited[i] || auto(i) || secs <= 0 {
			deadlines[i] = time.Time{}
			continue
		}
		if deadlines[i].IsZero() {
			deadlines[i] = now.Add(time.Duration(secs) * time.Second)
		}
		if first.IsZero() || deadlines[i].Before(first) {
			first = deadlines[i]
		}
	}
	return first, botDue
}
