package enginetest

import (
	"runtime"
	"testing"

	"boardroom/engine"
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

// SimGameAllocations is SimAllocations of def's four-player games as
// `boardroom sim --players 4 --max-rounds 100` plays them (default
// options, seed 1, invariants checked when a game stops): games 20 to 59
// of one worker, on average, logged. Under the race detector, which
// allocates on its own, the test is skipped.
func SimGameAllocations(t *testing.T, def engine.Definition) (allocs, bytes float64) {
	t.Helper()
	if raceOn {
		t.Skip("the race detector allocates on its own")
	}
	opts, err := def.ValidateOptions(4, nil)
	if err != nil {
		t.Fatal(err)
	}
	cfg := sim.Config{Def: def, Players: 4, Seed: 1, Options: opts, MaxRounds: 100, CheckAtEnd: true}
	allocs, bytes = SimAllocations(t, cfg, 20, 40)
	t.Logf("%s: %.1f allocations, %.0f bytes a game", def.Info().ID, allocs, bytes)
	return allocs, bytes
}
