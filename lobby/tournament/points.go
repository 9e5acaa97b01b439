package tournament

import "strconv"

// Points are counted in halves so that tied placings can share their
// places' points exactly: two players tied for first at a four-player
// table share 3 and 2, 2.5 each, which is Points(5).
type Points int

// String shows the points as a player reads them: "3", "2.5".
func (p Points) String() string {
	s := strconv.Itoa(int(p) / 2)
	if p%2 != 0 { // points are never negative
		s += ".5"
	}
	return s
}

// Whole makes whole points.
func Whole(n int) Points { return Points(2 * n) }

// PlacingPoints is what a placing earns at a table of size seats (bots
// included: a bot that finishes ahead takes its place): the place p of k
// is worth k-p, so 3/2/1/0 at four seats, 1/0 at two, 6..0 at seven.
// tied seats (placing p shared by tied seats) split the points of the
// places they occupy, p .. p+tied-1, evenly; in halves that is
// 2k - 2p - tied + 1, always a whole number of halves.
func PlacingPoints(seats, placing, tied int) Points {
	if seats < 1 || placing < 1 || placing > seats {
		return 0
	}
	if tied < 1 {
		tied = 1
	}
	if placing+tied-1 > seats {
		tied = seats - placing + 1
	}
	return Points(2*seats - 2*placing - tied + 1)
}

// GamePoints are the points of each seat of a finished game, in seat order.
func GamePoints(g Game) []Points {
	shared := map[int]int{}
	for _, s := range g.Seats {
		shared[s.Placing]++
	}
	out := make([]Points, len(g.Seats))
	for i, s := range g.Seats {
		out[i] = PlacingPoints(len(g.Seats), s.Placing, shared[s.Placing])
	}
	return out
}
