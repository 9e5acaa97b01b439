package opoly

import (
	"strconv"

	"boardroom/engine"
	"boardroom/engine/rng"
)

// A new game: made (newGame) or renewed (renew.go), then started: the
// players' cash, the deal of properties, the decks shuffled, the roll-off
// for the play order.

func newGame(d Definition, setup engine.Setup) (*Game, error) {
	g := &Game{rs: d.rs, why: d.why, opts: d.opts, s: &state{}, blk: newBlocks(false)}
	g.start(setup)
	return g, nil
}

// start sets up a new game of setup (R004-02) in g, whose state is empty
// but may hold slices of a game before (Renew): each is written whole.
func (g *Game) start(setup engine.Setup) {
	rs := g.rs
	maxRounds, minutes, _ := parseEndMode(setup.Option(OptEndMode, rs.End.Modes[0]))
	if rs.End.RoundLimits != nil {
		// "off": 0, no limit (told first: Atoi's error for it allocates)
		maxRounds = 0
		if v := setup.Option(OptRoundLimit, "off"); v != "off" {
			maxRounds, _ = strconv.Atoi(v)
		}
	}
	n := setup.Seats
	s := g.s
	cells, players, order, decks, r := s.Cells, s.Players, s.Order, s.Decks, s.RNG
	if r == nil {
		r = new(rng.PCG)
	}
	r.Seed(setup.Seed)
	// the lists that grow during a game: empty (their JSON is omitted
	// empty as nil), kept
	clear(s.Queue[:cap(s.Queue)])
	clear(s.Rejected[:cap(s.Rejected)])
	*s = state{Setup: setup, Rules: rs.ID, MaxRounds: maxRounds, TimeLimit: minutes, RoundNo: 1, RNG: r,
		Queue: s.Queue[:0], Rejected: s.Rejected[:0], Asked: s.Asked[:0]}
	b := rs.Board
	s.Cells = resized(cells, len(b.Cells))
	for i := range s.Cells {
		s.Cells[i] = CellState{Owner: Bank}
	}
	s.Players = resized(players, n)
	for i := range s.Players {
		s.Players[i] = player{Pos: rs.Start.Cell, Status: engine.StatusPlaying}
	}
	var dealBuf [MaxSeats]int
	var deal []int
	if rs.Start.ByRollOff {
		s.Order, s.RollOff = rollOff(s.RNG, resized(order, n), &g.blk) // G000-17
		deal = dealBuf[:n]
		for i := range deal {
			deal[i] = i // G000-09: dealt in seat order
		}
	} else {
		s.Order = resized(order, n)
		s.RNG.PermInto(s.Order) // G004-11: the seat order is shuffled
		deal = s.Order
	}
	money := rs.Start.Money[n]
	for _, seat := range deal {
		g.bankPays(seat, money)
	}
	if x := g.catchUp(); x > 0 {
		for i, seat := range s.Order[1:] {
			g.bankPays(seat, int64(i+1)*x) // G000-18
		}
	}
	var cardBuf [MaxCells]int
	cards := append(cardBuf[:0], g.propertyCells(b)...)
	for i := len(cards) - 1; i > 0; i-- { // rng.Shuffle's draws, without its closure
		j := s.RNG.IntN(i + 1)
		cards[i], cards[j] = cards[j], cards[i]
	}
	k := 0
	for r := 0; r < rs.Start.Deal[n]; r++ {
		for _, seat := range deal {
			if k >= len(cards) {
				break
			}
			c := cards[k]
			k++
			g.wcell(c).Owner = seat
			g.payBank(seat, b.Cells[c].Price)
		}
	}
	s.Decks = resized(decks, len(b.Decks))
	for d := range b.Decks {
		s.Decks[d].Order = resized(s.Decks[d].Order, len(b.Decks[d].Cards))
		s.RNG.PermInto(s.Decks[d].Order)
	}
	s.Phase = phRoll
	g.publish()
}

// propertyCells returns board b's property cells in board order (kept in
// g.propCells for b: a board is not changed once a game is made of it).
func (g *Game) propertyCells(b *Board) []int {
	if g.propBoard != b {
		g.propCells = g.propCells[:0]
		for i := range b.Cells {
			if b.Cells[i].Kind.Property() {
				g.propCells = append(g.propCells, i)
			}
		}
		g.propBoard = b
	}
	return g.propCells
}

// rollOff rolls 2d6 for every seat; the seats tied highest roll again until
// one is highest (G000-17). The play order keeps the seats' order and
// starts at the winner.
//
// The order is written to order (n elements, the state's list), the rows
// are carved from the game's blocks (as the rest of what the state
// publishes): made new, they were three of a Projectopoly game's
// allocations.
func rollOff(r *rng.PCG, order []int, blk *blocks) (_ []int, rounds [][]int) {
	n := len(order)
	var inBuf [MaxSeats]bool
	in := inBuf[:n]
	for i := range in {
		in[i] = true
	}
	var rowsBuf [4][]int // rounds rarely more than one
	rounds = rowsBuf[:0]
	for {
		row := blk.ints.take(n)
		hi, top := 0, 0
		for i := range row {
			if in[i] {
				row[i] = r.Die() + r.Die()
				if row[i] > hi {
					hi, top = row[i], 0
				}
				if row[i] == hi {
					top++
				}
			}
		}
		rounds = append(rounds, row)
		for i := range in {
			in[i] = row[i] == hi
		}
		if top == 1 {
			w := 0
			for !in[w] {
				w++
			}
			for i := range order {
				order[i] = (w + i) % n
			}
			return order, blk.rows.copyOf(rounds)
		}
	}
}
