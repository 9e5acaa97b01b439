package projectopoly_test

import (
	"flag"
	"path/filepath"
	"testing"

	"boardroom/engine/enginetest"
	"boardroom/engine/opoly/opolytest"
	"boardroom/engine/opoly/projectopoly"
	"boardroom/internal/golden"
)

var updateGolden = flag.Bool("update", false, "rewrite testdata/playout_golden.txt")

// TestPlayoutGolden keeps bot-only Projectopoly games byte-identical across
// refactors of the core (enginetest.Digest says what is hashed). Run with
// -update only when a rule, event or bot change is meant.
func TestPlayoutGolden(t *testing.T) {
	cases := opolytest.EndCases(
		opolytest.EndCase{Seats: 4, Seed: 1, End: "rounds:100"}, opolytest.EndCase{Seats: 2, Seed: 2},
		opolytest.EndCase{Seats: 3, Seed: 3, End: "rounds:50"}, opolytest.EndCase{Seats: 5, Seed: 4},
		opolytest.EndCase{Seats: 6, Seed: 5, End: "rounds:30"}, opolytest.EndCase{Seats: 7, Seed: 6},
		opolytest.EndCase{Seats: 7, Seed: 7, End: "rounds:20"})
	golden.Check(t, filepath.Join("testdata", "playout_golden.txt"), enginetest.GoldenLines(t, projectopoly.Definition{}, cases, true), *updateGolden)
}
