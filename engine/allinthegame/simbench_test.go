package allinthegame

import (
	"testing"

	"boardroom/engine/enginetest"
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

// BenchmarkSimCommand4p plays 4-player bot games exactly as `boardroom sim
// --players 4 --max-rounds 100` does (default options, invariants checked
// once a game stops, one of its workers: each game in the memory of the
// last, Game.Renew): games/s is the figure issue 32 measures.
func BenchmarkSimCommand4p(b *testing.B) {
	opts, err := Definition{}.ValidateOptions(4, nil)
	if err != nil {
		b.Fatal(err)
	}
	cfg := sim.Config{Def: Definition{}, Players: 4, Seed: 1, Options: opts, MaxRounds: 100, CheckAtEnd: true}
	b.ReportAllocs()
	var w sim.Worker
	for i := 0; b.Loop(); i++ {
		if res := w.Play(cfg, i); res.Err != nil {
			b.Fatalf("game %d (seed %d): %v", i, res.Seed, res.Err)
		}
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "games/s")
}

// TestSimGameAllocations guards what a simulated four-player game
// allocates once a worker runs (games 20 to 59 of `boardroom sim
// --players 4 --max-rounds 100`, on average): with Game.Renew the game
// keeps its events' arena and its lent views, 159 allocations of 49,260
// bytes before, 114 of 14,127 with it (2026-12-02; the bounds are those and
// a small margin). A game that makes its arena or lent views anew for each
// game fails here.
func TestSimGameAllocations(t *testing.T) {
	allocs, size := enginetest.SimGameAllocations(t, Definition{})
	if allocs > 125 || size > 16000 {
		t.Fatalf("%.1f allocations and %.0f bytes a game: more than 125 and 16,000", allocs, size)
	}
}
