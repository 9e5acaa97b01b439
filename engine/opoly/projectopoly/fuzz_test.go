package projectopoly_test

import (
	"os"
	"testing"

	"boardroom/engine"
	"boardroom/engine/enginetest"
	"boardroom/engine/opoly"
	"boardroom/engine/opoly/opolytest"
	"boardroom/engine/opoly/projectopoly"
)

// junk are Projectopoly's own arbitrary, usually illegal, actions on top of
// the core's (opolytest.Junk).
var junk = []opolytest.JunkKind{
	func(in *enginetest.Input, cell int) engine.Action {
		return opoly.SellGroupDown{Cell: cell, Level: in.Next()%7 - 1}
	},
	func(_ *enginetest.Input, cell int) engine.Action { return opoly.ChooseProperty{Cell: cell} },
	func(*enginetest.Input, int) engine.Action { return opoly.AcceptTrade{Redeem: true} },
	func(in *enginetest.Input, cell int) engine.Action {
		return opoly.ProposeTrade{To: in.Next() % 7, Give: []int{cell}, Redeem: true, Money: int64(in.Next()*10) - 1000}
	},
	func(in *enginetest.Input, cell int) engine.Action {
		return opoly.OfferAssets{Cells: []int{cell, in.Next() % 40}}
	},
	func(in *enginetest.Input, _ int) engine.Action {
		return opoly.ValueAssets{Amount: int64(in.Next()*10) - 200}
	},
	func(in *enginetest.Input, cell int) engine.Action {
		return opoly.OfferToAll{Cell: cell, Reserve: int64(in.Next() * 50)}
	},
	func(*enginetest.Input, int) engine.Action { return opoly.AcceptValuation{} },
}

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
	Def: projectopoly.Definition{},
	Setup: func(in *enginetest.Input) engine.Setup {
		seats := 2 + in.Next()%6
		return engine.Setup{Seats: seats, Seed: uint64(in.Next()), Options: map[string]string{"endMode": "rounds:10"}}
	},
	Junk: func(in *enginetest.Input) engine.Action { return opolytest.Junk(in, junk...) },
}

// TestFuzzPlaySeedCorpusIsBounded: FuzzPlay starts from a seed corpus of
// its own, and each seed fits in the bytes an input can use (so that
// every execution's work is bounded).
func TestFuzzPlaySeedCorpusIsBounded(t *testing.T) {
	fuzzer.CheckCorpus(t, os.DirFS("."), "testdata/fuzz/FuzzPlay")
}
