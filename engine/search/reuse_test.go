package search

import (
	"testing"

	"boardroom/engine"
	"boardroom/engine/rng"

	"github.com/stretchr/testify/require"
)

// keptBot is firstBot with an identity, to tell a renewed bot from a new one.
type keptBot struct{ seat, made int }

func (*keptBot) Choose(_ engine.View, legal []engine.Action) engine.Action { return legal[0] }

// TestResampleAndRebotGetTheLastPlayouts: with Resample and Rebot a search
// hands each playout the last playout's game and each seat's last bot
// (nil at its first playout), never calls Sample or NewBot, scores as it
// does without them, and keeps nothing once it has decided.
func TestResampleAndRebotGetTheLastPlayouts(t *testing.T) {
	cands := []engine.Action{pick{0}, pick{1}, pick{2}}
	budget := Budget{Playouts: 8, Steps: 10, Margin: 1}
	plain := problem([]float64{0.3, 0.5, 0.9}, 0.2, false)
	s := Searcher{R: rng.FromSeed(3), Budget: budget}
	want := s.Best(plain, cands)
	wantMeans := []float64{s.Mean(0), s.Mean(1), s.Mean(2)}

	p := problem([]float64{0.3, 0.5, 0.9}, 0.2, false)
	p.Sample = func(uint64) (engine.Game, error) { panic("Sample with Resample set") }
	p.NewBot = func(int, uint64) engine.Bot { panic("NewBot with Rebot set") }
	var games, bots, newGames, newBots int
	var last *oneShot
	p.Resample = func(prev engine.Game, seed uint64) (engine.Game, error) {
		games++
		if prev == nil {
			newGames++
			last = &oneShot{}
		} else {
			require.Same(t, last, prev, "the last playout's game")
		}
		*last = oneShot{picked: -1, moved: -1, seed: seed}
		return last, nil
	}
	p.Rebot = func(prev engine.Bot, seat int, _ uint64) engine.Bot {
		bots++
		if prev == nil {
			newBots++
			return &keptBot{seat: seat}
		}
		b := prev.(*keptBot)
		require.Equal(t, seat, b.seat, "the bot that played the seat")
		b.made++
		return b
	}
	s = Searcher{R: rng.FromSeed(3), Budget: budget}
	require.Equal(t, want, s.Best(p, cands))
	for k, m := range wantMeans {
		require.Equal(t, m, s.Mean(k), "candidate %d", k)
	}
	require.Equal(t, 8*3, games)
	require.Equal(t, 8*3*2, bots)
	require.Equal(t, 1, newGames, "one game for the whole search")
	require.Equal(t, 2, newBots, "one bot a seat for the whole search")
	require.Nil(t, s.game, "an idle searcher holds no game")
	for _, b := range s.bots[:cap(s.bots)] {
		require.Nil(t, b, "an idle searcher holds no bot")
	}
	s.Best(p, cands)
	require.Equal(t, 2, newGames, "the next search starts with a new game")
}
