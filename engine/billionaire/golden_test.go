package billionaire

import (
	"flag"
	"fmt"
	"path/filepath"
	"testing"

	"boardroom/engine"
	"boardroom/engine/enginetest"
	"boardroom/internal/golden"
)

var updateGolden = flag.Bool("update", false, "rewrite testdata/playout_golden.txt")

type goldenCase struct {
	seats  int
	seed   uint64
	rounds string
}

var goldenCases = []goldenCase{{2, 1, "25"}, {3, 2, "25"}, {4, 3, "25"}, {4, 4, "10"}, {2, 5, "5"}}

// TestPlayoutGolden keeps bot-only games byte-identical across refactors
// (enginetest.Digest says what is hashed; a simultaneous prompt is played
// by its awaited seats in seat order). Run with -update only when a rule,
// event, view or bot change is meant.
func TestPlayoutGolden(t *testing.T) {
	var cases []enginetest.GoldenCase
	for _, c := range goldenCases {
		cases = append(cases, enginetest.GoldenCase{
			Name:  fmt.Sprintf("seats%d-seed%d-rounds%s", c.seats, c.seed, c.rounds),
			Setup: engine.Setup{Seats: c.seats, Seed: c.seed, Options: map[string]string{OptRounds: c.rounds}},
		})
	}
	golden.Check(t, filepath.Join("testdata", "playout_golden.txt"), enginetest.GoldenLines(t, Definition{}, cases, false), *updateGolden)
}
