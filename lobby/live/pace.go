package live

import (
	"time"

	"boardroom/lobby/play"
)

// Daily reports whether the table plays at a Daily pace. The caller holds
// t.mu.
func (t *Table) Daily() bool { return play.Daily(t.TurnTimer) }

// OpenDeadlinesLocked sets the deadlines of the seats a daily table's game
// awaits from when each one's decision opened (opened, tables.DecisionsOpened),
// for a table that was just restored or adopted: the timers then fire when
// they would have. Live tables start their timers afresh.
func (t *Table) OpenDeadlinesLocked(opened map[int]time.Time) {
	if !t.Daily() || t.G == nil {
		return
	}
	p := t.G.Prompt()
	secs := play.TurnSeconds(t.TurnTimer, p.DecisionKind())
	for _, w := range p.Waiting {
		at, ok := opened[w.Seat]
		if ok && w.Seat >= 0 && w.Seat < len(t.Play) && t.Play[w.Seat].Deadline.IsZero() {
			t.Play[w.Seat].Deadline = at.Add(time.Duration(secs) * time.Second)
		}
	}
}
