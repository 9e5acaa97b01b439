package enginetest

import (
	"testing"

	"boardroom/engine"
)

// Benchmarks of a game's hot paths step by step, beside BenchPlayout's
// whole games: Legal at every position of a bot game, and Apply of a bot
// game's actions. Both play the game quiet (engine.SetQuiet), as the
// simulator does, and report allocations.

// Step is one action of a recorded game: the position before it (a game
// of its own, quiet), the seat that acted and what it did.
type Step struct {
	Game   engine.Game
	Seat   int
	Action engine.Action
}

// RecordSteps plays one quiet bot-only game of def as PlayFast does and
// returns every step, each position restored from its snapshot (so that
// Legal may be asked of any of them in any order). Actions go through
// their JSON, so none shares memory with the game that listed it.
func RecordSteps(tb testing.TB, def engine.Definition, setup engine.Setup, maxSteps int) []Step {
	tb.Helper()
	g, err := def.New(setup)
	if err != nil {
		tb.Fatal(err)
	}
	engine.SetQuiet(g, true)
	bots := Bots(def, setup)
	var steps []Step
	for len(steps) < maxSteps {
		p := g.Prompt()
		if len(p.Waiting) == 0 {
			return steps
		}
		w := p.Waiting[0].Seat
		a := bots[w].Choose(engine.PeekView(g, w), g.Legal(w))
		enc, err := engine.EncodeAction(a)
		if err != nil {
			tb.Fatal(err)
		}
		if a, err = def.DecodeAction(enc); err != nil {
			tb.Fatal(err)
		}
		snap, err := g.Snapshot()
		if err != nil {
			tb.Fatal(err)
		}
		at, err := def.Restore(snap)
		if err != nil {
			tb.Fatal(err)
		}
		engine.SetQuiet(at, true)
		steps = append(steps, Step{Game: at, Seat: w, Action: a})
		if _, err := g.Apply(w, a); err != nil {
			tb.Fatal(err)
		}
	}
	tb.Fatalf("the game did not end within %d steps", maxSteps)
	return nil
}

// BenchLegal asks Legal of the acting seat at every position of a
// recorded bot game in turn; one op is one Legal call.
func BenchLegal(b *testing.B, def engine.Definition, setup engine.Setup) {
	steps := RecordSteps(b, def, setup, 100000)
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		s := &steps[i%len(steps)]
		if len(s.Game.Legal(s.Seat)) == 0 {
			b.Fatalf("step %d: no legal action", i%len(steps))
		}
	}
}

// BenchApply applies a recorded bot game's actions to a fresh quiet game
// (New included); one op is one whole game, and ns/apply the time of one
// action.
func BenchApply(b *testing.B, def engine.Definition, setup engine.Setup) {
	steps := RecordSteps(b, def, setup, 100000)
	b.ReportAllocs()
	for b.Loop() {
		g, err := def.New(setup)
		if err != nil {
			b.Fatal(err)
		}
		engine.SetQuiet(g, true)
		for k := range steps {
			if _, err := g.Apply(steps[k].Seat, steps[k].Action); err != nil {
				b.Fatalf("step %d: %v", k, err)
			}
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(steps)), "ns/apply")
}
