package lobby

import (
	"sort"
	"time"

	"boardroom/engine"
)

// Observer is told what the lobby does, for an operator's metrics (cmd
// wires a Prometheus implementation; the lobby itself knows nothing of
// it). Its methods run on the table's goroutine with the table's lock
// held: they must be quick, must not block and must not call the lobby.
// A nil Config.Observer costs one nil check per action and nothing else.
type Observer interface {
	// ActionApplied reports an action the game accepted and the store
	// wrote, of a game (engine.Info.ID) by an actor (ActorPlayer, ActorBot
	// or ActorTable). took is from the game's Apply to the stored record:
	// what the table's lock is held for, the fan-out excluded.
	ActionApplied(game, actor string, took time.Duration)
	// BotThought reports how long a bot took to choose an action.
	BotThought(game string, took time.Duration)
}

// Actors of an applied action, for Observer.ActionApplied.
const (
	ActorPlayer = "player" // a seated player's own action, or their seat's default (timer, away)
	ActorBot    = "bot"    // a bot seat, an open seat, or a seat handed over to a bot
	ActorTable  = "table"  // the table itself (a time limit lapsing)
)

// actor names who made the seat's action.
func (t *table) actor(seatIdx int) string {
	switch {
	case seatIdx == engine.Table:
		return ActorTable
	case t.botPlays(seatIdx):
		return ActorBot
	}
	return ActorPlayer
}

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
		t.mu.Lock()
		n[key{t.info.ID, t.status}]++
		t.mu.Unlock()
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
