package opoly_test

import (
	"flag"
	"fmt"
	"path/filepath"
	"testing"

	"boardroom/engine"
	"boardroom/engine/enginetest"
	"boardroom/engine/opoly/unipoly"
)

var updateGolden = flag.Bool("update", false, "rewrite testdata/playout_golden.txt")

// goldenCase is one recorded bot-only game.
type goldenCase struct {
	seats int
	seed  uint64
	end   string // endMode option; "" for the default (last player standing)
}

var goldenCases = []goldenCase{
	{4, 1, "rounds:100"}, {4, 2, "rounds:100"}, {4, 3, "rounds:100"}, {2, 4, ""},
	{3, 5, "rounds:50"}, {5, 6, ""}, {6, 7, "rounds:30"},
}

// TestPlayoutGolden keeps bot-only games byte-identical across changes made
// for speed (enginetest.Digest says what is hashed). Run with -update only
// when a rule, event or bot change is meant.
func TestPlayoutGolden(t *testing.T) {
	var cases []enginetest.GoldenCase
	for _, c := range goldenCases {
		var opts map[string]string
		if c.end != "" {
			opts = map[string]string{"endMode": c.end}
		}
		cases = append(cases, enginetest.GoldenCase{
			Name:  fmt.Sprintf("seats%d-seed%d-%s", c.seats, c.seed, c.end),
			Setup: engine.Setup{Seats: c.seats, Seed: c.seed, Options: opts},
		})
	}
	enginetest.Golden(t, unipoly.Definition{}, cases, true, filepath.Join("testdata", "playout_golden.txt"), *updateGolden)
}
