package opoly

import (
	"cmp"
	"slices"

	"boardroom/engine"
)

// Outcome implements engine.Game (5.e): last standing, or at the round
// limit the highest capital (ties: higher cash, then shared); players out
// rank below everyone still in, the later out the better.
func (g *Game) Outcome() engine.Outcome {
	if g.s.Phase != phOver {
		// asked after every action of a simulation: kept apart from the
		// ranking below, whose frame every call set up (a third of a
		// call's cost)
		return engine.Outcome{}
	}
	return g.outcome()
}

// outcome is Outcome of a game that is over.
func (g *Game) outcome() engine.Outcome {
	s := g.s
	n := len(s.Players)
	type row struct {
		seat      int
		cap, cash int64
		out       bool
		rank      int
		assets    int
	}
	var buf [MaxSeats]row // on the stack: the end of every simulated game
	rows := buf[:n]
	for i := range rows {
		p := &s.Players[i]
		rows[i] = row{seat: i, cap: g.capital(i), cash: p.Cash, out: g.excluded(i), rank: p.OutRank}
		if g.rs.End.TieBreakAssets {
			rows[i].assets = ownedBy(s.Cells, i)
		}
	}
	// A stable sort without sort.SliceStable's swapper (two allocations
	// a game); the order is a strict weak one, so any stable sort gives
	// the same rows.
	slices.SortStableFunc(rows, func(a, b row) int {
		if a.out != b.out {
			if !a.out {
				return -1
			}
			return 1
		}
		if a.out {
			return cmp.Compare(b.rank, a.rank)
		}
		if a.cap != b.cap {
			return cmp.Compare(b.cap, a.cap)
		}
		if a.cash != b.cash {
			return cmp.Compare(b.cash, a.cash)
		}
		return cmp.Compare(b.assets, a.assets) // 0 for all unless TieBreakAssets
	})
	res := make([]engine.SeatResult, n)
	for i, r := range rows {
		place := i + 1
		if i > 0 {
			prev := rows[i-1]
			if !r.out && !prev.out && prev.cap == r.cap && prev.cash == r.cash && prev.assets == r.assets {
				place = res[prev.seat].Placement
			}
		}
		status := engine.StatusFinished
		if r.out {
			status = s.Players[r.seat].Status
		}
		res[r.seat] = engine.SeatResult{Seat: r.seat, Placement: place, Score: r.cap, Status: status}
	}
	return engine.Outcome{Finished: true, Reason: s.Reason, Results: res}
}

// ownedBy counts the cells seat owns.
func ownedBy(cells []CellState, seat int) int {
	n := 0
	for i := range cells {
		if cells[i].Owner == seat {
			n++
		}
	}
	return n
}

// excluded reports whether seat cannot win: it is out, or it terminated
// the game (End.Resign, A001-06) and keeps its score.
func (g *Game) excluded(seat int) bool {
	p := &g.s.Players[seat]
	return p.Out || g.rs.End.Resign && p.Status == engine.StatusResigned
}
