package opoly_test

import (
	"testing"

	"boardroom/engine"
	"boardroom/engine/opoly"
	"boardroom/engine/opoly/unipoly"

	"github.com/stretchr/testify/require"
)

// searchState plays a four-player Unipoly bot game until the standard bot
// of the awaited seat has at least min candidates to value in its trade
// search, and returns the game (not to be changed while its view is read),
// the seat, its lent view and a standard bot of the seat that has searched
// once (its buffers made).
func searchState(tb testing.TB, min int) (engine.Game, int, engine.View, engine.Bot) {
	def := unipoly.Definition{}
	g, err := def.New(engine.Setup{Seats: 4, Seed: 3})
	require.NoError(tb, err)
	bots := make([]engine.Bot, 4)
	for i := range bots {
		bots[i] = def.NewBot(i, uint64(20+i))
	}
	for step := 0; step < 20000; step++ {
		p := g.Prompt()
		require.NotEmpty(tb, p.Waiting, "the game ended before a search of %d candidates", min)
		w := p.Waiting[0].Seat
		probe := def.NewBot(w, 1)
		if n, _ := opoly.TradeSearchOnce(probe, engine.PeekView(g, w)); n >= min {
			return g, w, engine.PeekView(g, w), probe
		}
		_, err := g.Apply(w, engine.ChooseAction(bots[w], engine.PeekView(g, w), g, w))
		require.NoError(tb, err)
	}
	tb.Fatalf("no search of %d candidates in 20000 steps", min)
	return nil, 0, nil, nil
}

// TestTradeSearchAllocatesNothing: a trade search with its buffers made
// (the candidate list's, the memo's) lists and values its candidates
// without allocating.
func TestTradeSearchAllocatesNothing(t *testing.T) {
	_, _, v, b := searchState(t, 8)
	allocs := testing.AllocsPerRun(20, func() { opoly.TradeSearchOnce(b, v) })
	require.Zero(t, allocs)
}

// BenchmarkTradeSearch is one trade search of the standard bot, its list
// made and every candidate valued afresh, on a Unipoly state with at
// least eight candidates.
func BenchmarkTradeSearch(b *testing.B) {
	_, _, v, bot := searchState(b, 8)
	b.ReportAllocs()
	for b.Loop() {
		opoly.TradeSearchOnce(bot, v)
	}
}
