package allinthegame

import (
	"testing"

	"boardroom/engine/sim"
)

// BenchmarkSim4p plays 4-player bot games the way `boardroom sim` does.
func BenchmarkSim4p(b *testing.B) {
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		res := sim.Play(sim.Config{Def: Definition{}, Players: 4, Seed: 1}, i)
		if res.Err != nil {
			b.Fatal(res.Err)
		}
	}
}
