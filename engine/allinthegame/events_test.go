package allinthegame

import (
	"testing"

	"boardroom/engine"
	"boardroom/engine/enginetest"
)

// applyAllocs is the allocations of applying a recorded bot game's
// actions to a fresh quiet game, per action.
func applyAllocs(t *testing.T, setup engine.Setup) float64 {
	t.Helper()
	steps := enginetest.RecordSteps(t, Definition{}, setup, 100000)
	g, err := Definition{}.New(setup)
	if err != nil {
		t.Fatal(err)
	}
	engine.SetQuiet(g, true)
	k := 0
	per := testing.AllocsPerRun(len(steps)-1, func() {
		if _, err := g.Apply(steps[k].Seat, steps[k].Action); err != nil {
			t.Fatalf("seed %d, step %d: %v", setup.Seed, k, err)
		}
		k++
	})
	return per
}

// quietApplyAllocs is the most allocations a quiet Apply may make on
// average (TestQuietApplyCutsEventsFromReusedMemory).
const quietApplyAllocs = 4.0

// TestQuietApplyCutsEventsFromReusedMemory: a quiet game's events (their
// lists and money changes) come from memory reused on every Apply
// (events.go), so applying a bot game's actions allocates little per
// action: 3 (testing.AllocsPerRun's whole number), where it was 6 before
// the arena, as every event list and every payment's money change was
// allocated.
func TestQuietApplyCutsEventsFromReusedMemory(t *testing.T) {
	for _, seed := range []uint64{7, 8} {
		if per := applyAllocs(t, engine.Setup{Seats: 4, Seed: seed}); per > quietApplyAllocs {
			t.Errorf("seed %d: a quiet Apply allocates %.2f times on average, want at most %.2f", seed, per, quietApplyAllocs)
		}
	}
}
