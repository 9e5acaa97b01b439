package floor

import (
	"sort"
)

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
func (fl *Floor) TableCounts() []TableCount {
	fl.mu.RLock()
	tables := make([]*table, 0, len(fl.tables))
	for _, t := range fl.tables {
		tables = append(tables, t)
	}
	fl.mu.RUnlock()
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
