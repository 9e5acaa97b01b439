package enginetest

import (
	"testing"

	"boardroom/engine"
)

// BenchPlayout is the body of a game's BenchmarkPlayout: it plays bot-only
// games of def with seats seats and options opts, seed after seed, the way
// the simulator does (bots read lent views, no event sentences, when the
// game has those fast paths), and reports games/s and steps/game.
func BenchPlayout(b *testing.B, def engine.Definition, seats int, opts map[string]string) {
	b.ReportAllocs()
	steps := 0
	for i := 0; b.Loop(); i++ {
		n, err := PlayFast(def, engine.Setup{Seats: seats, Seed: uint64(i), Options: opts}, 100000)
		if err != nil {
			b.Fatal(err)
		}
		steps += n
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "games/s")
	b.ReportMetric(float64(steps)/float64(b.N), "steps/game")
}

// PlayFast plays one bot-only game of def from setup to its end as the
// simulator does: the first awaited seat's bot (seeded with BotSeed)
// chooses from its lent view (engine.PeekView) and legal actions
// (engine.ChooseAction: a bot may read parts of the list), and the
// game is quiet (engine.SetQuiet). It returns the number of actions
// applied; an error when a bot's choice is refused or the game has not
// finished within maxSteps.
func PlayFast(def engine.Definition, setup engine.Setup, maxSteps int) (int, error) {
	g, err := def.New(setup)
	if err != nil {
		return 0, err
	}
	engine.SetQuiet(g, true)
	engine.SetBatch(g, true)
	bots := Bots(def, setup)
	for step := 0; step < maxSteps; step++ {
		p := g.Prompt()
		if len(p.Waiting) == 0 {
			return step, nil
		}
		w := p.Waiting[0].Seat
		if _, err := g.Apply(w, engine.ChooseAction(bots[w], engine.PeekView(g, w), g, w)); err != nil {
			return step, err
		}
	}
	return maxSteps, ErrStepLimit
}
