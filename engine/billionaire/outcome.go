package billionaire

import (
	"slices"

	"boardroom/engine"
)

// Outcome implements engine.Game (4.e): the score of every seat is its
// adjusted capital (§6.2); placements follow the winner rule of the end.
func (g *Game) Outcome() engine.Outcome {
	s := g.s
	if s.Phase != PhaseOver {
		return engine.Outcome{}
	}
	billion := false
	for _, i := range s.active() {
		billion = billion || s.Players[i].Capital >= WinCapital
	}
	// key returns the two comparison values of a seat, most important first.
	key := func(i int) [2]int64 {
		if billion {
			return [2]int64{s.Players[i].Capital, s.adjusted(i)} // A003-14
		}
		return [2]int64{s.adjusted(i), s.Players[i].Capital} // R003-19, 4.e
	}
	act := s.active()
	slices.SortStableFunc(act, func(a, b int) int {
		ka, kb := key(a), key(b)
		for k := 0; k < 2; k++ {
			if ka[k] != kb[k] {
				if ka[k] > kb[k] {
					return -1
				}
				return 1
			}
		}
		return 0
	})
	res := make([]engine.SeatResult, len(s.Players))
	for n, i := range act {
		place := n + 1
		if n > 0 && key(act[n-1]) == key(i) {
			place = res[act[n-1]].Placement
		}
		res[i] = engine.SeatResult{Seat: i, Placement: place, Score: s.adjusted(i), Status: engine.StatusFinished}
	}
	// Resigned seats rank last, the earliest resignation lowest (MF-12).
	for k, i := range s.Resigned {
		res[i] = engine.SeatResult{Seat: i, Placement: len(s.Players) - k, Score: s.Players[i].OutScore, Status: engine.StatusResigned}
	}
	return engine.Outcome{Finished: true, Reason: s.EndReason, Results: res}
}
