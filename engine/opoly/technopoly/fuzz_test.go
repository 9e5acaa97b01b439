package technopoly_test

import (
	"os"
	"testing"

	"boardroom/engine"
	"boardroom/engine/enginetest"
	"boardroom/engine/opoly"
	"boardroom/engine/opoly/opolytest"
	"boardroom/engine/opoly/technopoly"
)

// junk are Technopoly's own arbitrary, usually illegal, actions on top of
// the core's (opolytest.Junk).
var junk = []opolytest.JunkKind{
	func(_ *enginetest.Input, cell int) engine.Action { return opoly.RequestTakeover{Cell: cell} },
	func(*enginetest.Input, int) engine.Action { return opoly.ApproveTakeover{} },
	func(*enginetest.Input, int) engine.Action { return opoly.DenyTakeover{} },
}

// FuzzPlay drives a Technopoly game with legal and illegal actions chosen
// by the input (hiring, takeover requests and answers, terminations by any
// seat) and checks after every step (enginetest.Fuzz.Play): no panic, a
// refused action changes nothing, the invariants hold (money conserved
// against the bank's flows, no negative cash, staff only on complete fields
// and evenly, a takeover request that can be carried out, ...), and the
// game ends within its round limit.
func FuzzPlay(f *testing.F) {
	fuzzer.Run(f, []byte("the quick brown fox jumps over the lazy dog, twice: the quick brown fox jumps"))
}

// fuzzer is FuzzPlay's driver: how the input picks the set-up and the junk.
var fuzzer = enginetest.Fuzz{
	Def: technopoly.Definition{},
	Setup: func(in *enginetest.Input) engine.Setup {
		seats := 2 + in.Next()%3
		news := []string{"off", "on"}[in.Next()%2]
		finish := []string{"off", "on"}[in.Next()%2] // G001-09
		return engine.Setup{Seats: seats, Seed: uint64(in.Next()), Options: map[string]string{
			"roundLimit": "20", "techNewsDeck": news, technopoly.OptFinishRound: finish}}
	},
	Junk: func(in *enginetest.Input) engine.Action { return opolytest.Junk(in, junk...) },
}

// TestFuzzPlaySeedCorpusIsBounded: FuzzPlay starts from a seed corpus of
// its own, and each seed fits in the bytes an input can use (so that
// every execution's work is bounded).
func TestFuzzPlaySeedCorpusIsBounded(t *testing.T) {
	fuzzer.CheckCorpus(t, os.DirFS("."), "testdata/fuzz/FuzzPlay")
}
