package tournament

import "sort"

// Standing is one player's line of the standings.
type Standing struct {
	Player PlayerID
	// Rank is 1 for the leader; players still equal after every
	// tie-break share a rank.
	Rank   int
	Points Points
	// Opponents is the first tie-break: the sum of the current points of
	// every tournament player met, once per game met (bots count nothing).
	Opponents Points
	// Direct is the second: among the players tied on points and
	// opponents, how many times this player placed ahead of one of them
	// minus how many times behind, over the games they shared.
	Direct    int
	Games     int
	Withdrawn bool
	Absent    bool
}

// Standings ranks the entries by the finished games: points, then the sum
// of opponents' points, then direct placings among those still tied; the
// order of joining only orders lines that share a rank.
func Standings(entries []Entry, games []Game) []Standing {
	idx := map[PlayerID]int{}
	out := make([]Standing, len(entries))
	for i, e := range entries {
		idx[e.Player] = i
		out[i] = Standing{Player: e.Player, Withdrawn: e.Withdrawn, Absent: e.Absent}
	}
	for _, g := range games {
		if !g.Finished {
			continue
		}
		pts := GamePoints(g)
		for i, s := range g.Seats {
			if j, ok := idx[s.Player]; ok && !s.Bot {
				out[j].Points += pts[i]
				out[j].Games++
			}
		}
	}
	for _, g := range games {
		if !g.Finished {
			continue
		}
		for _, a := range g.Players() {
			for _, b := range g.Players() {
				ja, oka := idx[a]
				jb, okb := idx[b]
				if a != b && oka && okb {
					out[ja].Opponents += out[jb].Points
				}
			}
		}
	}
	key := func(s Standing) [2]Points { return [2]Points{s.Points, s.Opponents} }
	// Direct placings are counted within each group tied on both sums.
	for i := range out {
		for _, g := range games {
			if !g.Finished {
				continue
			}
			mine := seatOf(g, out[i].Player)
			if mine < 0 {
				continue
			}
			for _, s := range g.Seats {
				j, ok := idx[s.Player]
				if s.Bot || !ok || j == i || key(out[j]) != key(out[i]) {
					continue
				}
				switch {
				case g.Seats[mine].Placing < s.Placing:
					out[i].Direct++
				case g.Seats[mine].Placing > s.Placing:
					out[i].Direct--
				}
			}
		}
	}
	less := func(a, b Standing) int {
		switch {
		case a.Points != b.Points:
			return cmp(b.Points, a.Points)
		case a.Opponents != b.Opponents:
			return cmp(b.Opponents, a.Opponents)
		default:
			return cmp(b.Direct, a.Direct)
		}
	}
	sort.SliceStable(out, func(i, j int) bool { return less(out[i], out[j]) < 0 })
	for i := range out {
		if i > 0 && less(out[i-1], out[i]) == 0 {
			out[i].Rank = out[i-1].Rank
		} else {
			out[i].Rank = i + 1
		}
	}
	return out
}

func cmp[T ~int](a, b T) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

func seatOf(g Game, p PlayerID) int {
	for i, s := range g.Seats {
		if !s.Bot && s.Player == p {
			return i
		}
	}
	return -1
}

// Met counts, for each pair of players, the games they shared (finished or
// running): the company Swiss seating tries not to repeat.
type Met map[[2]PlayerID]int

// Company counts the shared games of the players.
func Company(games []Game) Met {
	m := Met{}
	for _, g := range games {
		ps := g.Players()
		for i := range ps {
			for j := i + 1; j < len(ps); j++ {
				m[pair(ps[i], ps[j])]++
			}
		}
	}
	return m
}

func pair(a, b PlayerID) [2]PlayerID {
	if a > b {
		a, b = b, a
	}
	return [2]PlayerID{a, b}
}

// Times is how often a and b shared a table.
func (m Met) Times(a, b PlayerID) int { return m[pair(a, b)] }
