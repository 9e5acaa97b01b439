package unipoly_test

import (
	"os"
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
	fuzzer.CheckCorpus(t, os.DirFS("."), "testdata/fuzz/FuzzPlay")
}

// TestFuzzPlayResignDuringAnEstateAuction replays what the fuzzer found: a
// player resigns while another's estate is auctioned and the game then
// went back to the decision the auctions interrupted, though it awaited
// the player who had just gone out: the active seat (its turn must end) or
// the one asked about a trade (the proposal must be off).
func TestFuzzPlayResignDuringAnEstateAuction(t *testing.T) {
	for name, in := range map[string]string{
		"active seat out":    "a\xcd\x00@\xe8V\xb3\xfc\x14r\xb8\x81ٜ\x84(\x18<?\xaeqf\xec\xbd|ú&\xc5^/Qi\xc9//F\x91\xfa\xe2\x8d\x00\xf7N\xca\xf2L",
		"active seat out, 2": "\xc0\xc6\xeb\"De\xe7\x1aW-D\x0e\x1c\x1e\xbbqڿB\x8eD;\xb7n1\xf1\x13\xb5\xa6u\x8a\x7f\x9f\xf3]>\xe5\x87q\xa00\xa1r\x9f\xda]\xa1\xe0",
		"trade partner out":  "\x11\u009bzU\x87\xbfG\xee\xc0@\xfei\x8e\xafC\xb5\x9a66\xb8\xcc\xf1\x7f]\xb7\x15\xcdƂ\xcd\xc9",
	} {
		if err := fuzzer.Play([]byte(in)); err != nil {
			t.Errorf("%s (input %q): %v", name, in, err)
		}
	}
}
