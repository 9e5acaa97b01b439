package unipoly_test

import (
	"testing"

	"boardroom/engine"
	"boardroom/engine/enginetest"
	"boardroom/engine/opoly/opolytest"
	"boardroom/engine/opoly/unipoly"
)

// FuzzPlay drives a game with legal and illegal actions chosen by the input
// and checks after every step (enginetest.Fuzz.Play): no panic, a refused
// action changes nothing, the invariants hold (money conserved against the
// bank's flows, no negative cash, buildings only on complete groups, ...),
// and the game ends within its round limit.
func FuzzPlay(f *testing.F) {
	fuzzer.Run(f, []byte("the quick brown fox jumps over the lazy dog, twice: the quick brown fox jumps"))
}

// fuzzer is FuzzPlay's driver: how the input picks the set-up and the junk.
var fuzzer = enginetest.Fuzz{
	Def: unipoly.Definition{},
	Setup: func(in *enginetest.Input) engine.Setup {
		seats := 2 + in.Next()%5
		return engine.Setup{Seats: seats, Seed: uint64(in.Next()), Options: map[string]string{"endMode": "rounds:10"}}
	},
	Junk: func(in *enginetest.Input) engine.Action { return opolytest.Junk(in) },
}

// TestFuzzPlaySeedCorpusIsBounded: FuzzPlay starts from a seed corpus of
// its own, and each seed fits in the bytes an input can use (so that
// every execution's work is bounded).
func TestFuzzPlaySeedCorpusIsBounded(t *testing.T) {
	fuzzer.CheckCorpus(t, "testdata/fuzz/FuzzPlay")
}
