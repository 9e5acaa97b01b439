package opoly_test

import (
	"testing"

	"boardroom/engine"
	"boardroom/engine/opoly"
	"boardroom/engine/opoly/opolytest"
	"boardroom/engine/opoly/unipoly"

	"github.com/stretchr/testify/require"
)

// TestLentViewFillAllocatesNothing: filling a seat's lent view for a new
// state (fillLent, with its players, auction, trade, debt and supply
// views) allocates nothing once the game's lent buffers are made, at
// every step of bot games of the three games but the end and
// Projectopoly's rare placements and receipts (their parts are made
// anew, as for a snapshot), and shows what a snapshot shows. The fill runs once per action of a simulation.
func TestLentViewFillAllocatesNothing(t *testing.T) {
	if raceOn {
		t.Skip("allocations are counted without the race detector")
	}
	steps := 0
	botSteps(t, 1, true, func(s opolytest.BotStep) {
		if v := s.View; v.Over || v.Placement != nil || v.Received != nil {
			// the outcome (once a game), Projectopoly's placement and
			// receipt of mortgaged properties (rare) are made anew
			return
		}
		opoly.RefillLentView(s.G, s.Seat) // the buffers of this state's parts grown
		allocs := testing.AllocsPerRun(3, func() { opoly.RefillLentView(s.G, s.Seat) })
		require.Zero(t, allocs, "%s: a fill of seat %d's lent view allocates (phase %s)", s.At(), s.Seat, s.View.Phase)
		require.Equal(t, encode(t, s.G.View(s.Seat)), encode(t, opoly.RefillLentView(s.G, s.Seat)), s.At())
		steps++
	}, nil)
	require.Positive(t, steps)
}

// BenchmarkLentViewFill fills a seat's lent view at the states of a
// four-player Unipoly bot game, as PeekView does once per action of a
// simulation (fillLent, and livePlayers with the seat's player written:
// a step touches one or two).
func BenchmarkLentViewFill(b *testing.B) {
	def := unipoly.Definition{}
	g, err := def.New(engine.Setup{Seats: 4, Seed: 3})
	require.NoError(b, err)
	engine.SetQuiet(g, true)
	bots := make([]engine.Bot, 4)
	for i := range bots {
		bots[i] = def.NewBot(i, uint64(i)+5)
	}
	var states []engine.Game // a few states along the game, each its own
	for step := 0; step < 400; step++ {
		p := g.Prompt()
		if len(p.Waiting) == 0 {
			break
		}
		w := p.Waiting[0].Seat
		_, err := g.Apply(w, engine.ChooseAction(bots[w], engine.PeekView(g, w), g, w))
		require.NoError(b, err)
		if step%50 == 49 {
			c, err := def.Restore(mustSnapshot(b, g))
			require.NoError(b, err)
			states = append(states, c)
		}
	}
	require.NotEmpty(b, states)
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		opoly.RefillLentView(states[i%len(states)], i%4)
	}
}

func mustSnapshot(tb testing.TB, g engine.Game) []byte {
	data, err := g.Snapshot()
	require.NoError(tb, err)
	return data
}
