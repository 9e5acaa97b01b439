package opolytest

import (
	"fmt"

	"boardroom/engine"
	"boardroom/engine/enginetest"
)

// EndCase is one recorded bot-only game of a variant whose end is the
// endMode option (Unipoly, Projectopoly).
type EndCase struct {
	Seats int
	Seed  uint64
	End   string // endMode option; "" for the default (last player standing)
}

// EndCases makes golden cases of cs, named as the recorded files name them.
func EndCases(cs ...EndCase) []enginetest.GoldenCase {
	out := make([]enginetest.GoldenCase, 0, len(cs))
	for _, c := range cs {
		var opts map[string]string
		if c.End != "" {
			opts = map[string]string{"endMode": c.End}
		}
		out = append(out, enginetest.GoldenCase{
			Name:  fmt.Sprintf("seats%d-seed%d-%s", c.Seats, c.Seed, c.End),
			Setup: engine.Setup{Seats: c.Seats, Seed: c.Seed, Options: opts},
		})
	}
	return out
}
