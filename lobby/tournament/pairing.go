package tournament

// Shape is how many players sit at each table when n players are seated at
// tables of k seats: as few tables as hold them all, the players spread as
// evenly as they go and the top tables taking the odd ones, so that no
// table is mostly bots while another is full (seven at fours: 4 and 3,
// with one bot at the second; five at fours: 3 and 2).
func Shape(n, k int) []int {
	if n <= 0 || k < 1 {
		return nil
	}
	tables := (n + k - 1) / k
	out := make([]int, tables)
	for i := range out {
		out[i] = n / tables
		if i < n%tables {
			out[i]++
		}
	}
	return out
}

// searchBudget bounds the exact search for the fewest repeats; past it the
// best seating found so far is used (the search starts from the seating by
// standing and improves on it, so it is never worse than that).
const searchBudget = 300000

// SeatRound seats the players, given in standing order (the leader first),
// at tables of k seats: the top players together, unless moving a player
// to another table avoids repeating company (met counts the games each
// pair shared). Fewest repeated pairs come first, then the fewest places
// jumped away from standing order. Empty seats are bots'. Each table
// lists its players in standing order, then its bots.
func SeatRound(order []PlayerID, k int, met Met) [][]Seat {
	shape := Shape(len(order), k)
	if shape == nil {
		return nil
	}
	natural := make([]int, len(order))
	for t, i := 0, 0; t < len(shape); t++ {
		for j := 0; j < shape[t]; j++ {
			natural[i] = t
			i++
		}
	}
	first := make([]int, len(shape))
	for t := 1; t < len(shape); t++ {
		first[t] = first[t-1] + shape[t-1]
	}
	s := &search{order: order, shape: shape, met: met, natural: natural, first: first,
		at: make([]int, len(order)), count: make([]int, len(shape)), members: make([][]PlayerID, len(shape))}
	s.best = append([]int(nil), natural...)
	s.bestRep, s.bestMove = s.cost(natural)
	if s.bestRep > 0 {
		s.walk(0, 0, 0)
	}
	tables := make([][]Seat, len(shape))
	for i, p := range order {
		tables[s.best[i]] = append(tables[s.best[i]], Seat{Player: p})
	}
	for t := range tables {
		for len(tables[t]) < k {
			tables[t] = append(tables[t], Seat{Bot: true})
		}
	}
	return tables
}

type search struct {
	order    []PlayerID
	shape    []int
	met      Met
	natural  []int
	first    []int // the standing position of each table's first seat
	at       []int
	count    []int
	members  [][]PlayerID
	best     []int
	bestRep  int
	bestMove int
	nodes    int
}

func (s *search) cost(at []int) (repeats, moves int) {
	for i := range at {
		moves += s.moved(i, at[i])
		for j := i + 1; j < len(at); j++ {
			if at[i] == at[j] {
				repeats += s.met.Times(s.order[i], s.order[j])
			}
		}
	}
	return repeats, moves
}

// walk places player i given the repeats and moves of players 0..i-1,
// trying tables nearest the player's own first, and prunes any branch
// that cannot beat the best so far.
func (s *search) walk(i, rep, moves int) {
	s.nodes++
	if s.nodes > searchBudget {
		return
	}
	if i == len(s.order) {
		if rep < s.bestRep || (rep == s.bestRep && moves < s.bestMove) {
			s.bestRep, s.bestMove = rep, moves
			copy(s.best, s.at)
		}
		return
	}
	n := s.natural[i]
	for d := 0; d < len(s.shape); d++ {
		cands := []int{n - d, n + d}
		if d == 0 {
			cands = cands[:1]
		}
		for _, t := range cands {
			if t < 0 || t >= len(s.shape) {
				continue
			}
			if s.count[t] == s.shape[t] {
				continue
			}
			r := rep
			for _, q := range s.members[t] {
				r += s.met.Times(s.order[i], q)
			}
			m := moves + s.moved(i, t)
			if r > s.bestRep || (r == s.bestRep && m >= s.bestMove) {
				continue
			}
			s.at[i] = t
			s.count[t]++
			s.members[t] = append(s.members[t], s.order[i])
			s.walk(i+1, r, m)
			s.members[t] = s.members[t][:len(s.members[t])-1]
			s.count[t]--
		}
	}
}

// moved is how far player i (by standing position) sits from the places
// table t holds by standing: zero at their own table, and growing with
// every place they jump, so that a swap between neighbours in the
// standings is preferred to one across the field.
func (s *search) moved(i, t int) int {
	lo, hi := s.first[t], s.first[t]+s.shape[t]-1
	switch {
	case i < lo:
		return lo - i
	case i > hi:
		return i - hi
	}
	return 0
}

// SeatWaiting is the arena's re-seating: the waiting players, in standing
// order, are seated at full tables of k from the top, avoiding repeated
// company among those seated as SeatRound does; the rest wait for more
// to finish. When flush is set (nobody else is playing, or the wait has
// been long enough) the rest are seated too, their empty seats bots'.
func SeatWaiting(waiting []PlayerID, k int, met Met, flush bool) (tables [][]Seat, left []PlayerID) {
	full := len(waiting) / k * k
	if flush {
		full = len(waiting)
	}
	if full == 0 {
		return nil, waiting
	}
	return SeatRound(waiting[:full], k, met), waiting[full:]
}

// Active are the players seated next, in standing order: neither
// withdrawn nor absent.
func Active(st []Standing) []PlayerID {
	var out []PlayerID
	for _, s := range st {
		if !s.Withdrawn && !s.Absent {
			out = append(out, s.Player)
		}
	}
	return out
}

// NextRound seats the next Swiss round: the active entries by their
// standing after the games so far, at tables of k, avoiding the company
// of every game so far where it can.
func NextRound(entries []Entry, games []Game, k int) [][]Seat {
	return SeatRound(Active(Standings(entries, games)), k, Company(games))
}
