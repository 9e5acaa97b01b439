package allinthegame

import (
	"os"
	"testing"

	"boardroom/engine"
	"boardroom/engine/enginetest"
)

// junk builds an arbitrary, usually illegal, action.
func junk(in *enginetest.Input) engine.Action {
	x, y := in.Next()%9-2, in.Next()%9-2
	switch in.Next() % 11 {
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
// after every step (enginetest.Fuzz.Play): no panic, a refused action is a
// rule error and changes nothing, the invariants hold, and the game ends.
func FuzzPlay(f *testing.F) {
	fuzzer.Run(f, []byte("assign the consultants, train them, and complete the International projects"))
}

// fuzzer is FuzzPlay's driver: how the input picks the set-up and the junk.
var fuzzer = enginetest.Fuzz{
	Def: Definition{},
	Setup: func(in *enginetest.Input) engine.Setup {
		seats := 2 + in.Next()%3
		opts := map[string]string{OptDeadlines: []string{"on", "off"}[in.Next()%2], OptInnovation: []string{"on", "off"}[in.Next()%2]}
		return engine.Setup{Seats: seats, Seed: uint64(in.Next()), Options: opts}
	},
	Junk:      junk,
	JunkOneIn: 4,
	MaxSteps:  4000,
}

// TestFuzzPlaySeedCorpusIsBounded: FuzzPlay starts from a seed corpus of
// its own, and each seed fits in the bytes an input can use (so that
// every execution's work is bounded).
func TestFuzzPlaySeedCorpusIsBounded(t *testing.T) {
	fuzzer.CheckCorpus(t, os.DirFS("."), "testdata/fuzz/FuzzPlay")
}
