package allinthegame

import (
	"bytes"
	"testing"

	"boardroom/engine"
)

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

// junk builds an arbitrary, usually illegal, action.
func junk(b *byteSource) engine.Action {
	x, y := b.next()%9-2, b.next()%9-2
	switch b.next() % 11 {
	case 0:
		return Assign{Colour: x, Principal: y > 2, Project: y, Desk: x}
	case 1:
		return Move{FromProject: x, FromDesk: y, Project: y, Desk: x}
	case 2:
		return Train{Colour: x, Principal: y%2 == 0}
	case 3:
		return Promote{Colour: x}
	case 4:
		return Recruit{Colour: x, Principal: true}
	case 5:
		return TakeSenior{Colour: x}
	case 6:
		return TakePrincipal{Colour: y}
	case 7:
		return ChooseStart{Seat: x}
	case 8:
		return ReturnSenior{Colour: y}
	case 9:
		return Resign{}
	}
	return Pass{}
}

// FuzzPlay drives a game with random legal and illegal actions and checks
// after every step: no panic, a refused action is a rule error and changes
// nothing, the invariants hold, and the game ends.
func FuzzPlay(f *testing.F) {
	f.Add([]byte{0, 1, 2, 3, 4, 5, 6, 7, 8, 9})
	f.Add(bytes.Repeat([]byte{3, 200, 17, 90}, 64))
	f.Add(bytes.Repeat([]byte{255, 1, 128, 7, 33}, 200))
	f.Add([]byte("assign the consultants, train them, and complete the International projects"))
	f.Fuzz(func(t *testing.T, data []byte) {
		b := &byteSource{data: data}
		seats := 2 + b.next()%3
		opts := map[string]string{OptDeadlines: []string{"on", "off"}[b.next()%2], OptInnovation: []string{"on", "off"}[b.next()%2]}
		gi, err := Definition{}.New(engine.Setup{Seats: seats, Seed: uint64(b.next()), Options: opts})
		if err != nil {
			t.Fatal(err)
		}
		g := gi.(*Game)
		for step := 0; step < 4000 && !g.Outcome().Finished; step++ {
			p := g.Prompt()
			seat := p.Waiting[0].Seat
			var a engine.Action
			switch k := b.next(); {
			case b.done():
				a = p.Waiting[0].Default
			case k%4 == 0:
				a, seat = junk(b), b.next()%(seats+2)-1
			default:
				legal := g.Legal(seat)
				a = legal[b.next()%len(legal)]
				if a.Kind() == "resign" && b.next()%8 != 0 {
					a = Pass{}
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
			if err := g.CheckInvariants(); err != nil {
				t.Fatalf("step %d after seat %d %s: %v", step, seat, a.Kind(), err)
			}
		}
		if !g.Outcome().Finished {
			t.Fatalf("not finished (round %d)", g.Round())
		}
	})
}
