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

// BenchmarkSimCommand4p plays 4-player bot games exactly as `boardroom sim
// --players 4 --max-rounds 100` does (default options, invariants checked
// once a game stops): games/s is the figure issue 32 measures.
func BenchmarkSimCommand4p(b *testing.B) {
	opts, err := Definition{}.ValidateOptions(4, nil)
	if err != nil {
		b.Fatal(err)
	}
	cfg := sim.Config{Def: Definition{}, Players: 4, Seed: 1, Options: opts, MaxRounds: 100, CheckAtEnd: true}
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		if res := sim.Play(cfg, i); res.Err != nil {
			b.Fatalf("game %d (seed %d): %v", i, res.Seed, res.Err)
		}
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "games/s")
}
