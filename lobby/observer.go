package lobby

import (
	"sort"
	"time"

	"boardroom/lobby/live"
)

// Observer is told what the live tables do, for an operator's metrics
// (lobby/live).
type Observer = live.Observer

// Actors of an applied action, for Observer.ActionApplied (lobby/live).
const (
	ActorPlayer = live.ActorPlayer // a seated player's own action, or their seat's default (timer, away)
	ActorBot    = live.ActorBot    // a bot seat, an open seat, or a seat handed over to a bot
	ActorTable  = live.ActorTable  // the table itself (a time limit lapsing)
)

// observeStart is the start of something the observer times; the zero
// time when there is no observer, so that no clock is read for nothing.
// Durations of work are wall time, not the lobby's Clock (which tests fake
// and which only schedules timers).
func (s *Service) observeStart() time.Time {
	if s.cfg.Observer == nil {
		return time.Time{}
	}
	return time.Now()
}

// TableCount is how many tables of a game the lobby holds in one status.
type TableCount struct {
	Game   string
	Status string // TableForming, TablePlaying, TableFinished or TableAbandoned
	Tables int
}

// TableCounts counts the tables the lobby holds in memory by game and
// status, ordered by game then status. Finished and abandoned tables stay
// in memory for a while after their game (for rematches) and are counted
// until then. Every table's lock is taken in turn, as Tables does.
func (s *Service) TableCounts() []TableCount {
	s.mu.RLock()
	tables := make([]*table, 0, len(s.tables))
	for _, t := range s.tables {
		tables = append(tables, t)
	}
	s.mu.RUnlock()
	type key struct{ game, status string }
	n := map[key]int{}
	for _, t := range tables {
		t.Mu.Lock()
		n[key{t.Info.ID, t.Status}]++
		t.Mu.Unlock()
	}
	out := make([]TableCount, 0, len(n))
	for k, c := range n {
		out = append(out, TableCount{Game: k.game, Status: k.status, Tables: c})
	}
	sort.Slice(out, func(i, j int) bool {
		if out[i].Game != out[j].Game {
			return out[i].Game < out[j].Game
		}
		return out[i].Status < out[j].Status
	})
	return out
}
