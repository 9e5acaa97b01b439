package tournament

import (
	"fmt"
	"math/rand"
	"testing"

	"github.com/stretchr/testify/require"
)

func TestShapeOddNumbersAndEveryTableSize(t *testing.T) {
	for _, c := range []struct {
		n, k int
		want []int
	}{
		{8, 4, []int{4, 4}}, {7, 4, []int{4, 3}}, {5, 4, []int{3, 2}}, {9, 4, []int{3, 3, 3}},
		{6, 3, []int{3, 3}}, {7, 3, []int{3, 2, 2}}, {3, 2, []int{2, 1}}, {1, 4, []int{1}},
		{13, 7, []int{7, 6}}, {11, 5, []int{4, 4, 3}}, {12, 6, []int{6, 6}}, {0, 4, nil},
	} {
		require.Equal(t, c.want, Shape(c.n, c.k), "%d players at %d", c.n, c.k)
	}
	for k := MinTableSize; k <= MaxTableSize; k++ {
		for n := 1; n <= 30; n++ {
			s := Shape(n, k)
			sum, lo, hi := 0, k, 0
			for _, x := range s {
				sum += x
				lo, hi = min(lo, x), max(hi, x)
			}
			require.Equal(t, n, sum)
			require.Equal(t, (n+k-1)/k, len(s), "as few tables as hold them")
			require.LessOrEqual(t, hi, k)
			require.LessOrEqual(t, hi-lo, 1, "spread evenly")
		}
	}
}

func TestSeatRoundFirstRoundTopTogetherBotsMarked(t *testing.T) {
	for _, c := range []struct {
		name string
		n, k int
		want [][]Seat
	}{
		{"eight_at_four", 8, 4, [][]Seat{{p(1), p(2), p(3), p(4)}, {p(5), p(6), p(7), p(8)}}},
		{"seven_at_four", 7, 4, [][]Seat{{p(1), p(2), p(3), p(4)}, {p(5), p(6), p(7), b()}}},
		{"five_at_two", 5, 2, [][]Seat{{p(1), p(2)}, {p(3), p(4)}, {p(5), b()}}},
		{"six_at_three", 6, 3, [][]Seat{{p(1), p(2), p(3)}, {p(4), p(5), p(6)}}},
		{"nine_at_five", 9, 5, [][]Seat{{p(1), p(2), p(3), p(4), p(5)}, {p(6), p(7), p(8), p(9), b()}}},
		{"eight_at_six", 8, 6, [][]Seat{{p(1), p(2), p(3), p(4), b(), b()}, {p(5), p(6), p(7), p(8), b(), b()}}},
		{"three_at_seven", 3, 7, [][]Seat{{p(1), p(2), p(3), b(), b(), b(), b()}}},
	} {
		t.Run(c.name, func(t *testing.T) {
			require.Equal(t, c.want, SeatRound(ids(c.n), c.k, Met{}))
		})
	}
}

func TestSeatRoundAvoidsRepeatedCompany(t *testing.T) {
	// Eight at fours after round 1 seated 1-4 and 5-8: any seating that
	// takes two from each table repeats 2 pairs per table (4 in all) at
	// best, and the search keeps the top together beyond that.
	met := Company([]Game{game(1, at(1, 1), at(2, 2), at(3, 3), at(4, 4)), game(1, at(5, 1), at(6, 2), at(7, 3), at(8, 4))})
	tables := SeatRound(ids(8), 4, met)
	require.Equal(t, 4, repeats(tables, met))
	require.Equal(t, [][]Seat{{p(1), p(2), p(5), p(6)}, {p(3), p(4), p(7), p(8)}}, tables)

	// Six at twos after 1-2, 3-4, 5-6: nobody meets again.
	met = Company([]Game{game(1, at(1, 1), at(2, 2)), game(1, at(3, 1), at(4, 2)), game(1, at(5, 1), at(6, 2))})
	tables = SeatRound(ids(6), 2, met)
	require.Zero(t, repeats(tables, met))
	require.Equal(t, [][]Seat{{p(1), p(3)}, {p(2), p(4)}, {p(5), p(6)}}[0], tables[0], "the leader meets the nearest new face")
}

func TestNextRoundLeavesOutWithdrawnAndAbsent(t *testing.T) {
	e := entries(1, 2, 3, 4, 5, 6, 7)
	e[1].Withdrawn = true // 2 left the tournament
	e[4].Absent = true    // 5 timed out of round 1
	games := []Game{game(1, at(1, 1), at(2, 2), at(3, 3), at(4, 4)), game(1, at(5, 1), at(6, 2), at(7, 3), bot(4))}
	tables := NextRound(e, games, 4)
	seated := map[PlayerID]bool{}
	for _, tb := range tables {
		for _, s := range tb {
			if !s.Bot {
				seated[s.Player] = true
			}
		}
	}
	require.Equal(t, map[PlayerID]bool{1: true, 3: true, 4: true, 6: true, 7: true}, seated)
	require.Equal(t, []int{3, 2}, humans(tables), "five players at fours: 3 and 2, bots in the rest")
}

// Property: whatever the history, nobody sits twice in a round, every
// active player sits, each table has k seats; and on small cases the
// repeats are the fewest any seating of that shape could have (checked by
// trying every seating).
func TestSeatRoundPropertyOnceEachAndFewestRepeats(t *testing.T) {
	seed := int64(20261129)
	rng := rand.New(rand.NewSource(seed))
	for trial := 0; trial < 300; trial++ {
		k := MinTableSize + rng.Intn(MaxTableSize-MinTableSize+1)
		n := 2 + rng.Intn(9)
		met := Met{}
		for i := 0; i < rng.Intn(3*n); i++ {
			a, b := PlayerID(1+rng.Intn(n)), PlayerID(1+rng.Intn(n))
			if a != b {
				met[pair(a, b)]++
			}
		}
		order := ids(n)
		rng.Shuffle(len(order), func(i, j int) { order[i], order[j] = order[j], order[i] })
		tables := SeatRound(order, k, met)
		name := fmt.Sprintf("seed %d trial %d: %d players at %d, met %v", seed, trial, n, k, met)
		seen := map[PlayerID]bool{}
		for _, tb := range tables {
			require.Len(t, tb, k, name)
			for _, s := range tb {
				if s.Bot {
					require.Zero(t, s.Player, name)
					continue
				}
				require.False(t, seen[s.Player], "%s: %d sits twice", name, s.Player)
				seen[s.Player] = true
			}
		}
		require.Len(t, seen, n, name)
		require.Equal(t, Shape(n, k), humans(tables), name)
		require.Equal(t, fewestRepeats(order, Shape(n, k), met), repeats(tables, met), name)
	}
}

// Three rounds of eight at fours (the end-to-end case): the second round
// meets each old partner at most once more, as few as can be.
func TestSwissEightAtFourThreeRounds(t *testing.T) {
	e := entries(1, 2, 3, 4, 5, 6, 7, 8)
	var games []Game
	for round := 1; round <= 3; round++ {
		tables := NextRound(e, games, 4)
		met := Company(games)
		require.Equal(t, fewestRepeats(Active(Standings(e, games)), Shape(8, 4), met), repeats(tables, met), "round %d", round)
		for ti, tb := range tables {
			g := Game{Round: round, Table: ti + 1, Finished: true}
			for i, s := range tb {
				s.Placing = 1 + (i+round)%4
				g.Seats = append(g.Seats, s)
			}
			games = append(games, g)
		}
	}
	st := Standings(e, games)
	var total Points
	for _, s := range st {
		require.Equal(t, 3, s.Games)
		total += s.Points
	}
	require.Equal(t, Whole(3*2*6), total, "three rounds of two tables of 6 points")
}

func TestSeatWaitingArena(t *testing.T) {
	tables, left := SeatWaiting(ids(6), 4, Met{}, false)
	require.Equal(t, [][]Seat{{p(1), p(2), p(3), p(4)}}, tables)
	require.Equal(t, []PlayerID{5, 6}, left, "the lowest wait for more to finish")

	tables, left = SeatWaiting(ids(3), 4, Met{}, false)
	require.Nil(t, tables)
	require.Equal(t, []PlayerID{1, 2, 3}, left)

	tables, left = SeatWaiting(ids(3), 4, Met{}, true)
	require.Equal(t, [][]Seat{{p(1), p(2), p(3), b()}}, tables, "flushed: bots fill the table")
	require.Empty(t, left)

	// Eight waiting at fours after 1-4 played together: the seating
	// avoids them as SeatRound would.
	met := Company([]Game{game(1, at(1, 1), at(2, 2), at(3, 3), at(4, 4))})
	tables, _ = SeatWaiting(ids(8), 4, met, false)
	require.Equal(t, fewestRepeats(ids(8), []int{4, 4}, met), repeats(tables, met))
}

func p(id PlayerID) Seat { return Seat{Player: id} }
func b() Seat            { return Seat{Bot: true} }

func ids(n int) []PlayerID {
	out := make([]PlayerID, n)
	for i := range out {
		out[i] = PlayerID(i + 1)
	}
	return out
}

func humans(tables [][]Seat) []int {
	var out []int
	for _, tb := range tables {
		n := 0
		for _, s := range tb {
			if !s.Bot {
				n++
			}
		}
		out = append(out, n)
	}
	return out
}

func repeats(tables [][]Seat, met Met) int {
	r := 0
	for _, tb := range tables {
		for i := range tb {
			for j := i + 1; j < len(tb); j++ {
				if !tb[i].Bot && !tb[j].Bot {
					r += met.Times(tb[i].Player, tb[j].Player)
				}
			}
		}
	}
	return r
}

// fewestRepeats tries every seating of the players into tables of the
// shape, independently of the search in SeatRound.
func fewestRepeats(players []PlayerID, shape []int, met Met) int {
	best := -1
	tables := make([][]PlayerID, len(shape))
	var try func(i, r int)
	try = func(i, r int) {
		if i == len(players) {
			if best < 0 || r < best {
				best = r
			}
			return
		}
		for t := range shape {
			if len(tables[t]) == shape[t] {
				continue
			}
			add := 0
			for _, q := range tables[t] {
				add += met.Times(players[i], q)
			}
			tables[t] = append(tables[t], players[i])
			try(i+1, r+add)
			tables[t] = tables[t][:len(tables[t])-1]
		}
	}
	try(0, 0)
	return best
}
