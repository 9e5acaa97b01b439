package enginetest

import (
	"runtime"
	"testing"

	"boardroom/engine/sim"
)

// SimAllocations plays games of cfg as one of the simulator's workers
// (sim.Worker: each game in the memory of the last) and returns what a
// game allocates on average once the worker runs: warm games are played
// first (a worker's first games make what it keeps), then games are
// counted, allocations and bytes. A game that breaks ends the test.
func SimAllocations(tb testing.TB, cfg sim.Config, warm, games int) (allocs, bytes float64) {
	tb.Helper()
	var w sim.Worker
	i := 0
	play := func() {
		if res := w.Play(cfg, i); res.Err != nil {
			tb.Fatalf("game %d (seed %d): %v", i, res.Seed, res.Err)
		}
		i++
	}
	for range warm {
		play()
	}
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	allocs = testing.AllocsPerRun(games-1, play) // and one run first, not counted
	runtime.ReadMemStats(&after)
	return allocs, float64(after.TotalAlloc-before.TotalAlloc) / float64(games)
}
