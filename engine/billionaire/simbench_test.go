package billionaire

import (
	"testing"

	"boardroom/engine"
	"boardroom/engine/sim"
)

// BenchmarkSim4p plays 4-player bot games the way `boardroom sim` does
// (invariants checked after every action).
func BenchmarkSim4p(b *testing.B) {
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		res := sim.Play(sim.Config{Def: Definition{}, Players: 4, Seed: 1, Options: map[string]string{OptRounds: "25"}}, i)
		if res.Err != nil {
			b.Fatal(res.Err)
		}
	}
}

var _ engine.Definition = Definition{}
