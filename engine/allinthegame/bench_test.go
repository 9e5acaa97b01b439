package allinthegame

import (
	"testing"

	"boardroom/engine"
	"boardroom/engine/enginetest"
)

// benchSetup is a four-player game with the default modules.
var benchSetup = engine.Setup{Seats: 4, Seed: 7}

// BenchmarkPlayout plays four-player bot-only games with the default
// modules the way the simulator does; games/s is the figure to watch.
func BenchmarkPlayout(b *testing.B) {
	enginetest.BenchPlayout(b, Definition{}, 4, nil)
}

// BenchmarkLegal is one Legal call of the acting seat, over every position
// of a four-player bot game.
func BenchmarkLegal(b *testing.B) { enginetest.BenchLegal(b, Definition{}, benchSetup) }

// BenchmarkApply replays a four-player bot game's actions (one op: a game).
func BenchmarkApply(b *testing.B) { enginetest.BenchApply(b, Definition{}, benchSetup) }

// BenchmarkPeekView replays a recorded four-player bot game on a fresh
// quiet game, taking the acting seat's lent view (engine.PeekView) before
// each action as a bot does: one op is a game; less BenchmarkApply, it is
// what the views cost a playout (a lent view rewrites only what changed).
func BenchmarkPeekView(b *testing.B) {
	steps := enginetest.RecordSteps(b, Definition{}, benchSetup, 100000)
	b.ReportAllocs()
	for b.Loop() {
		g, err := Definition{}.New(benchSetup)
		if err != nil {
			b.Fatal(err)
		}
		engine.SetQuiet(g, true)
		for k := range steps {
			if engine.PeekView(g, steps[k].Seat) == nil {
				b.Fatalf("step %d: no view", k)
			}
			if _, err := g.Apply(steps[k].Seat, steps[k].Action); err != nil {
				b.Fatalf("step %d: %v", k, err)
			}
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(steps)), "ns/step")
}
