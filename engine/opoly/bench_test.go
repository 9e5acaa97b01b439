package opoly_test

import (
	"testing"

	"boardroom/engine"
	"boardroom/engine/opoly/unipoly"
)

// playout plays one bot-only game to its end and returns the steps taken.
func playout(tb testing.TB, def engine.Definition, seats int, seed uint64, opts map[string]string) (engine.Game, int) {
	return playoutWith(tb, def, seats, seed, opts, false)
}

// playoutWith is playout; with fast set it drives the game as the simulator does (bots read lent
// views, no event sentences); without, as the lobby does (snapshot views,
// sentences written).
func playoutWith(tb testing.TB, def engine.Definition, seats int, seed uint64, opts map[string]string, fast bool) (engine.Game, int) {
	g, err := def.New(engine.Setup{Seats: seats, Seed: seed, Options: opts})
	if err != nil {
		tb.Fatal(err)
	}
	view := g.View
	if fast {
		engine.SetQuiet(g, true)
		engine.SetBatch(g, true)
		view = func(v int) engine.View { return engine.PeekView(g, v) }
	}
	bots := make([]engine.Bot, seats)
	for i := range bots {
		bots[i] = def.NewBot(i, seed*31+uint64(i))
	}
	steps := 0
	for {
		p := g.Prompt()
		if len(p.Waiting) == 0 {
			return g, steps
		}
		w := p.Waiting[0].Seat
		if _, err := g.Apply(w, bots[w].Choose(view(w), g.Legal(w))); err != nil {
			tb.Fatalf("seed %d step %d: %v", seed, steps, err)
		}
		steps++
	}
}

// BenchmarkPlayout plays four-player bot-only Unipoly games with a
// 100-round cap the way the simulator does; games/s is the figure to watch
// (target: 2,000 per core).
func BenchmarkPlayout(b *testing.B) {
	benchPlayout(b, unipoly.Definition{}, map[string]string{"endMode": "rounds:100"}, true)
}

// BenchmarkPlayoutViews plays the same games reading snapshot views and
// writing every event sentence, as a table in the lobby does.
func BenchmarkPlayoutViews(b *testing.B) {
	benchPlayout(b, unipoly.Definition{}, map[string]string{"endMode": "rounds:100"}, false)
}

func benchPlayout(b *testing.B, def engine.Definition, opts map[string]string, fast bool) {
	b.ReportAllocs()
	steps := 0
	for i := 0; b.Loop(); i++ {
		_, n := playoutWith(b, def, 4, uint64(i), opts, fast)
		steps += n
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "games/s")
	b.ReportMetric(float64(steps)/float64(b.N), "steps/game")
}

// BenchmarkCheckInvariants checks the invariants of mid-game states, as the
// simulator does after every action.
func BenchmarkCheckInvariants(b *testing.B) {
	def := unipoly.Definition{}
	var games []engine.Checker
	for seed := uint64(1); seed <= 8; seed++ {
		g, err := def.New(engine.Setup{Seats: 4, Seed: seed})
		if err != nil {
			b.Fatal(err)
		}
		bots := make([]engine.Bot, 4)
		for i := range bots {
			bots[i] = def.NewBot(i, seed)
		}
		for step := 0; step < 150; step++ {
			p := g.Prompt()
			if len(p.Waiting) == 0 {
				break
			}
			w := p.Waiting[0].Seat
			if _, err := g.Apply(w, bots[w].Choose(g.View(w), g.Legal(w))); err != nil {
				b.Fatal(err)
			}
		}
		games = append(games, g.(engine.Checker))
	}
	for i := 0; b.Loop(); i++ {
		if err := games[i%len(games)].CheckInvariants(); err != nil {
			b.Fatal(err)
		}
	}
}
