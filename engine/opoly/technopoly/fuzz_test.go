package technopoly_test

import (
	"bytes"
	"testing"

	"boardroom/engine"
	"boardroom/engine/opoly"
	"boardroom/engine/opoly/technopoly"
)

// byteSource reads choices from fuzz input; when it runs out it returns 0.
type byteSource struct {
	data []byte
	pos  int
}

func (b *byteSource) next() int {
	if b.pos >= len(b.data) {
		return 0
	}
	v := int(b.data[b.pos])
	b.pos++
	return v
}

func (b *byteSource) done() bool { return b.pos >= len(b.data) }

// junk builds an arbitrary, usually illegal, action from the input.
func junk(b *byteSource) engine.Action {
	cell := b.next() - 20
	switch b.next() % 15 {
	case 12:
		return opoly.RequestTakeover{Cell: cell}
	case 13:
		return opoly.ApproveTakeover{}
	case 14:
		return opoly.DenyTakeover{}
	case 0:
		return opoly.Build{Cell: cell}
	case 1:
		return opoly.SellBuilding{Cell: cell}
	case 2:
		return opoly.Mortgage{Cell: cell}
	case 3:
		return opoly.SellAndMortgage{Cell: cell}
	case 4:
		return opoly.Unmortgage{Cell: cell}
	case 5:
		return opoly.Bid{Amount: int64(b.next()*b.next()) - 100}
	case 6:
		return opoly.ProposeTrade{To: b.next()%8 - 1, Give: []int{cell}, Take: []int{b.next() - 5}, Money: int64(b.next()*40) - 5000}
	case 7:
		return opoly.CounterTrade{Give: []int{cell, cell}, GiveCards: []int{b.next() % 3}, Money: int64(b.next())}
	case 8:
		return opoly.UseJailCard{Deck: b.next()%5 - 1}
	case 9:
		return opoly.ProposeTrade{To: b.next() % 6, TakeCards: []int{b.next()%4 - 1}}
	case 10:
		return opoly.AcceptTrade{}
	default:
		return opoly.EndTurn{}
	}
}

// FuzzPlay drives a Technopoly game with legal and illegal actions chosen
// by the input (hiring, takeover requests and answers, terminations by any
// seat) and checks after every step: no panic, a refused action changes
// nothing, the invariants hold (money conserved against the bank's flows,
// no negative cash, staff only on complete fields and evenly, a takeover
// request that can be carried out, ...), and the game ends within its
// round limit.
func FuzzPlay(f *testing.F) {
	f.Add([]byte{0, 1, 2, 3, 4, 5, 6, 7, 8, 9})
	f.Add(bytes.Repeat([]byte{3, 200, 17, 90}, 64))
	f.Add(bytes.Repeat([]byte{255, 1, 128, 7, 33}, 200))
	f.Add([]byte("the quick brown fox jumps over the lazy dog, twice: the quick brown fox jumps"))
	f.Fuzz(runOne)
}

func runOne(t *testing.T, data []byte) {
	def := technopoly.Definition{}
	{
		b := &byteSource{data: data}
		seats := 2 + b.next()%3
		news := []string{"off", "on"}[b.next()%2]
		g, err := def.New(engine.Setup{Seats: seats, Seed: uint64(b.next()), Options: map[string]string{"roundLimit": "20", "techNewsDeck": news}})
		if err != nil {
			t.Fatal(err)
		}
		check := g.(engine.Checker)
		for step := 0; step < 5000; step++ {
			if g.Outcome().Finished {
				return
			}
			p := g.Prompt()
			if len(p.Waiting) == 0 {
				t.Fatalf("step %d: nobody awaited in %s", step, p.Phase)
			}
			seat := p.Waiting[b.next()%len(p.Waiting)].Seat
			var a engine.Action
			switch k := b.next(); {
			case b.done():
				a = p.Waiting[0].Default // out of input: play the defaults to the end
				seat = p.Waiting[0].Seat
			case k%5 == 0:
				a, seat = junk(b), b.next()%(seats+2)-1
			default:
				if k%23 == 1 { // now and then another seat, whose one action is to terminate
					seat = b.next() % seats
				}
				legal := g.Legal(seat)
				if len(legal) == 0 {
					t.Fatalf("step %d: seat %d has no legal action", step, seat)
				}
				if n := len(legal); n > 1 && legal[n-1].Kind() == "resign" && k%61 != 0 {
					legal = legal[:n-1] // terminate rarely, so that the game goes on
				}
				a = legal[b.next()%len(legal)]
				if tp, ok := a.(engine.Template); ok {
					pr := tp.Param()
					if span := pr.Max - pr.Min; span > 0 {
						a = tp.With(pr.Min + int64(b.next()*b.next())%(span+1))
					}
				}
			}
			before, _ := g.Snapshot()
			if _, err := g.Apply(seat, a); err != nil {
				if _, ok := engine.IsRuleError(err); !ok {
					t.Fatalf("step %d: %v is not a rule error", step, err)
				}
				after, _ := g.Snapshot()
				if !bytes.Equal(before, after) {
					t.Fatalf("step %d: refused %s changed the state", step, a.Kind())
				}
				continue
			}
			if err := check.CheckInvariants(); err != nil {
				t.Fatalf("step %d after seat %d %s: %v", step, seat, a.Kind(), err)
			}
		}
		if !g.Outcome().Finished {
			t.Fatalf("not finished after 5000 steps (round %d)", g.Round())
		}
	}
}
