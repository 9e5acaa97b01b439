package technopoly_test

import (
	"flag"
	"fmt"
	"path/filepath"
	"testing"

	"boardroom/engine"
	"boardroom/engine/enginetest"
	"boardroom/engine/opoly/technopoly"
	"boardroom/internal/golden"
)

var updateGolden = flag.Bool("update", false, "rewrite testdata/playout_golden.txt")

// goldenCase is one recorded bot-only game.
type goldenCase struct {
	seats int
	seed  uint64
	end   string // roundLimit option; "" for the default (off)
	news  bool   // the Tech News deck
}

var goldenCases = []goldenCase{
	{4, 1, "40", false}, {2, 2, "", false}, {3, 3, "", true}, {4, 4, "", false},
	{2, 5, "20", true}, {3, 6, "", false}, {4, 7, "", true},
}

// TestPlayoutGolden keeps bot-only Technopoly games byte-identical across
// refactors of the core (enginetest.Digest says what is hashed). Run with
// -update only when a rule, event or bot change is meant.
func TestPlayoutGolden(t *testing.T) {
	var cases []enginetest.GoldenCase
	for _, c := range goldenCases {
		opts := map[string]string{}
		if c.end != "" {
			opts["roundLimit"] = c.end
		}
		if c.news {
			opts["techNewsDeck"] = "on"
		}
		cases = append(cases, enginetest.GoldenCase{
			Name:  fmt.Sprintf("seats%d-seed%d-%s-news=%v", c.seats, c.seed, c.end, c.news),
			Setup: engine.Setup{Seats: c.seats, Seed: c.seed, Options: opts},
		})
	}
	golden.Check(t, filepath.Join("testdata", "playout_golden.txt"), enginetest.GoldenLines(t, technopoly.Definition{}, cases, true), *updateGolden)
}
