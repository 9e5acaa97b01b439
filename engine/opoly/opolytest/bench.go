package opolytest

import (
	"testing"

	"boardroom/engine"
	"boardroom/engine/opoly"
	"boardroom/engine/sim"
)

// BenchSim plays four-player bot-only games of def exactly as `boardroom
// sim --players 4 --max-rounds 100 --workers 1` does (a sim.Worker:
// invariants checked when the game stops, the auditor counting), one game
// per iteration; games/s is the figure issue 32 measures.
func BenchSim(b *testing.B, def engine.Definition, opts map[string]string) {
	opts, err := def.ValidateOptions(4, opts)
	if err != nil {
		b.Fatal(err)
	}
	cfg := sim.Config{Def: def, Players: 4, Seed: 1, Options: opts, MaxRounds: 100, CheckAtEnd: true}
	b.ReportAllocs()
	actions := 0
	var w sim.Worker // as one of the simulator's workers: each game in the memory of the last
	for i := 0; b.Loop(); i++ {
		res := w.Play(cfg, i)
		if res.Err != nil {
			b.Fatalf("game %d (seed %d): %v", i, res.Seed, res.Err)
		}
		actions += res.Actions
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "games/s")
	b.ReportMetric(float64(actions)/float64(b.N), "actions/game")
}

// replay is a recorded four-player bot-only game: its setup and every
// action with the seat that applied it.
type replay struct {
	setup engine.Setup
	seats []int
	acts  []engine.Action
}

// record plays games of def (four standard bots, a 100-round limit given
// by opts) and keeps their actions so that a benchmark can apply them again
// without the bots' cost. The games are played with sentences on, so that
// no recorded action shares memory with a quiet game's reused buffers.
func record(b *testing.B, def engine.Definition, opts map[string]string, games int) []replay {
	b.Helper()
	opts, err := def.ValidateOptions(4, opts)
	if err != nil {
		b.Fatal(err)
	}
	out := make([]replay, games)
	for i := range out {
		r := &out[i]
		r.setup = engine.Setup{Seats: 4, Seed: uint64(i + 1), Options: opts}
		g, err := def.New(r.setup)
		if err != nil {
			b.Fatal(err)
		}
		bots := make([]engine.Bot, 4)
		for s := range bots {
			bots[s] = def.NewBot(s, r.setup.Seed*31+uint64(s))
		}
		for {
			p := g.Prompt()
			if len(p.Waiting) == 0 {
				break
			}
			w := p.Waiting[0].Seat
			a := bots[w].Choose(g.View(w), g.Legal(w))
			if _, err := g.Apply(w, a); err != nil {
				b.Fatalf("seed %d: %v", r.setup.Seed, err)
			}
			r.seats, r.acts = append(r.seats, w), append(r.acts, a)
		}
	}
	return out
}

// benchReplay replays recorded games into new quiet games, as the
// simulator's Apply does, calling start at each game's start (when set) and
// before ahead of each action, and reports the time per action.
func benchReplay(b *testing.B, def engine.Definition, opts map[string]string, start func(r *replay), before func(g engine.Game, r *replay, k int)) {
	games := record(b, def, opts, 16)
	b.ReportAllocs()
	b.ResetTimer()
	acts := 0
	for i := 0; b.Loop(); i++ {
		r := &games[i%len(games)]
		g, err := def.New(r.setup)
		if err != nil {
			b.Fatal(err)
		}
		engine.SetQuiet(g, true)
		engine.SetBatch(g, true)
		if start != nil {
			start(r)
		}
		for k, a := range r.acts {
			before(g, r, k)
			if _, err := g.Apply(r.seats[k], a); err != nil {
				b.Fatalf("seed %d action %d: %v", r.setup.Seed, k, err)
			}
		}
		acts += len(r.acts)
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(acts), "ns/action")
	b.ReportMetric(float64(acts)/float64(b.N), "actions/game")
}

// BenchApply applies recorded games' actions to new quiet games, as the
// simulator's Apply does: the cost of New and Apply alone, per action.
// With legal set, the awaited seat's Legal list is built before each
// action too, so the difference between the two is Legal's cost.
func BenchApply(b *testing.B, def engine.Definition, opts map[string]string, legal bool) {
	benchReplay(b, def, opts, nil, func(g engine.Game, r *replay, k int) {
		if legal && len(g.Legal(r.seats[k])) == 0 {
			b.Fatalf("seed %d action %d: no legal action", r.setup.Seed, k)
		}
	})
}

// BenchChoose replays recorded games as BenchApply does, and before each
// action asks the awaited seat's standard bot (seeded as the recording's,
// so it makes the same choices) for its choice from its lent view: with
// whole set, from the whole Legal list (Bot.Choose), else as the simulator
// does (engine.ChooseAction: the property games' bot reads only the parts
// of the list it considers). The difference with BenchApply is the cost
// of choosing.
func BenchChoose(b *testing.B, def engine.Definition, opts map[string]string, whole bool) {
	bots := make([]engine.Bot, 4)
	benchReplay(b, def, opts, func(r *replay) {
		for s := range bots {
			bots[s] = def.NewBot(s, r.setup.Seed*31+uint64(s))
		}
	}, func(g engine.Game, r *replay, k int) {
		w := r.seats[k]
		var c engine.Action
		if whole {
			c = bots[w].Choose(engine.PeekView(g, w), g.Legal(w))
		} else {
			c = engine.ChooseAction(bots[w], engine.PeekView(g, w), g, w)
		}
		if c == nil {
			b.Fatalf("seed %d action %d: the bot chose nothing", r.setup.Seed, k)
		}
	})
}

// BenchPeek replays recorded games as BenchApply does, and before each
// action fills the awaited seat's lent view (engine.PeekView) and reads
// its players, as a bot does: the difference with BenchApply is the cost
// of the lent view, which a bot-only game pays at every step, and its
// allocations (none in steady state).
func BenchPeek(b *testing.B, def engine.Definition, opts map[string]string) {
	benchReplay(b, def, opts, nil, func(g engine.Game, r *replay, k int) {
		v := engine.ViewOf[opoly.View](engine.PeekView(g, r.seats[k]))
		if v == nil || len(v.Players) == 0 {
			b.Fatalf("seed %d action %d: no lent view", r.setup.Seed, k)
		}
	})
}
