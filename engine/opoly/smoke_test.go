package opoly_test

import (
	"testing"

	"boardroom/engine"
	"boardroom/engine/opoly"
	"boardroom/engine/opoly/unipoly"

	"github.com/stretchr/testify/require"
)

func TestSmokeBots(t *testing.T) {
	def := unipoly.Definition{}
	for seed := uint64(1); seed <= 20; seed++ {
		g, err := def.New(engine.Setup{Seats: 4, Seed: seed, Options: map[string]string{"endMode": "rounds:100"}})
		require.NoError(t, err)
		bots := make([]engine.Bot, 4)
		for i := range bots {
			bots[i] = def.NewBot(i, seed*10+uint64(i))
		}
		steps := 0
		for !g.Outcome().Finished {
			p := g.Prompt()
			require.NotEmpty(t, p.Waiting)
			w := p.Waiting[0].Seat
			a := bots[w].Choose(g.View(w), g.Legal(w))
			_, err := g.Apply(w, a)
			require.NoError(t, err, "step %d %#v", steps, a)
			require.NoError(t, g.(engine.Checker).CheckInvariants())
			steps++
			require.Less(t, steps, 100000)
		}
		o := g.Outcome()
		t.Logf("seed %d: %d steps, round %d, %s %+v", seed, steps, g.Round(), o.Reason, o.Results)
		_ = opoly.Bank
	}
}
