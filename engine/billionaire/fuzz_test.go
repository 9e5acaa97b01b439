package billionaire

import (
	"os"
	"testing"

	"boardroom/engine"
	"boardroom/engine/enginetest"
)

// junk is an illegal or malformed attempt (or now and then a legal one).
func junk(in *enginetest.Input) engine.Action {
	b := in.Next()
	all := []engine.Action{AcquireLab{Loc: b % 20}, SellLab{Lab: b % 19, Container: b%4 - 1},
		DoWork{Container: b % 3, Labs: []int{b % 18, b % 18}}, StopWork{Item: b},
		Choose{Work: b % 6, Stop: -1}, SelectWork{First: 2}, Accept{}, nil}
	return all[in.Next()%len(all)]
}

// FuzzPlay (named as every game's fuzz target, so that one -fuzz=FuzzPlay
// runs them all) drives a game with a mix of legal actions and illegal or
// malformed ones chosen by the fuzzer's bytes, checking after every step
// (enginetest.Fuzz.Play) that refused actions leave the state untouched,
// that legal ones apply and that every invariant holds.
func FuzzPlay(f *testing.F) {
	fuzzer.Run(f, []byte{200, 13, 77, 5, 250, 1, 1, 1, 0, 99, 42}, make([]byte, 64))
}

// fuzzer is FuzzPlay's driver: how the input picks the set-up and the junk.
var fuzzer = enginetest.Fuzz{
	Def: Definition{},
	Setup: func(in *enginetest.Input) engine.Setup {
		seats := 2 + in.Next()%3
		return engine.Setup{Seats: seats, Seed: uint64(in.Next()), Options: map[string]string{OptRounds: "5"}}
	},
	Junk:      junk,
	JunkOneIn: 7,
	MaxSteps:  3000,
}

// TestFuzzPlaySeedCorpusIsBounded: FuzzPlay starts from a seed corpus of
// its own, and each seed fits in the bytes an input can use (so that
// every execution's work is bounded).
func TestFuzzPlaySeedCorpusIsBounded(t *testing.T) {
	fuzzer.CheckCorpus(t, os.DirFS("."), "testdata/fuzz/FuzzPlay")
}
