package allinthegame

import (
	"sort"

	"boardroom/engine"
)

// Outcome implements engine.Game: most dollars first, ties shared
// (G002-14); resigned seats last, the earlier resignation lower (3.e).
func (g *Game) Outcome() engine.Outcome {
	s := g.s
	if s.Phase != PhaseOver {
		return engine.Outcome{}
	}
	n := s.seats()
	outAt := make([]int, n)
	for k, p := range s.OutOrder {
		outAt[p] = k + 1
	}
	idx := make([]int, n)
	for i := range idx {
		idx[i] = i
	}
	better := func(a, b int) bool {
		if s.Out[a] != s.Out[b] {
			return !s.Out[a]
		}
		if s.Out[a] {
			return outAt[a] > outAt[b]
		}
		return s.Dollars[a] > s.Dollars[b]
	}
	sort.SliceStable(idx, func(i, j int) bool { return better(idx[i], idx[j]) })
	res := make([]engine.SeatResult, n)
	for k, p := range idx {
		place := k + 1
		if k > 0 && !better(idx[k-1], p) && !better(p, idx[k-1]) {
			place = res[idx[k-1]].Placement
		}
		status := engine.StatusFinished
		if s.Out[p] {
			status = engine.StatusResigned
		}
		res[p] = engine.SeatResult{Seat: p, Placement: place, Score: s.Dollars[p], Status: status}
	}
	return engine.Outcome{Finished: true, Reason: s.EndReason + " " + s.winnersText(), Results: res}
}
