package billionaire

import (
	"testing"

	"boardroom/engine"
	"boardroom/engine/rng"
)

// FuzzActions drives a game with a mix of legal actions and illegal or
// malformed ones chosen by the fuzzer's bytes, checking after every step
// that refused actions leave the state untouched and that every invariant
// holds.
func FuzzActions(f *testing.F) {
	f.Add(uint64(1), []byte{0, 1, 2, 3, 4, 5, 6, 7, 8, 9})
	f.Add(uint64(7), []byte{200, 13, 77, 5, 250, 1, 1, 1, 0, 99, 42})
	f.Add(uint64(42), make([]byte, 64))
	f.Fuzz(func(t *testing.T, seed uint64, data []byte) {
		seats := 2 + int(seed%3)
		gi, err := Definition{}.New(engine.Setup{Seats: seats, Seed: seed, Options: map[string]string{OptRounds: "5"}})
		if err != nil {
			t.Fatal(err)
		}
		g := gi.(*Game)
		r := rng.FromSeed(seed)
		for step := 0; step < 3000 && !g.Outcome().Finished; step++ {
			var b byte
			if len(data) > 0 {
				b, data = data[0], data[1:]
			} else {
				b = byte(r.IntN(256))
			}
			seat := int(b) % (seats + 1)
			if b%7 == 0 { // an illegal or malformed attempt
				junk := []engine.Action{AcquireLab{Loc: int(b) % 20}, SellLab{Lab: int(b) % 19, Container: int(b)%4 - 1},
					DoWork{Container: int(b) % 3, Labs: []int{int(b) % 18, int(b) % 18}}, StopWork{Item: int(b)},
					Choose{Work: int(b) % 6, Stop: -1}, SelectWork{First: 2}, Accept{}, nil}
				before, _ := g.Snapshot()
				if _, err := g.Apply(seat, junk[int(b/7)%len(junk)]); err == nil {
					if err := g.CheckInvariants(); err != nil {
						t.Fatalf("seed %d step %d: %v", seed, step, err)
					}
					continue
				}
				after, _ := g.Snapshot()
				if string(before) != string(after) {
					t.Fatalf("seed %d step %d: a refused action changed the state", seed, step)
				}
				continue
			}
			p := g.Prompt()
			w := p.Waiting[int(b)%len(p.Waiting)].Seat
			legal := g.Legal(w)
			var a engine.Action
			if b%11 == 0 {
				a = p.Waiting[int(b)%len(p.Waiting)].Default
			} else {
				a = legal[int(b)%len(legal)]
				if _, resign := a.(Resign); resign && b%5 != 0 {
					a = legal[0]
				}
			}
			if _, err := g.Apply(w, a); err != nil {
				t.Fatalf("seed %d step %d: legal %#v refused: %v", seed, step, a, err)
			}
			if err := g.CheckInvariants(); err != nil {
				t.Fatalf("seed %d step %d after %#v: %v", seed, step, a, err)
			}
		}
	})
}
