package billionaire

import (
	"testing"

	"boardroom/engine"
	"boardroom/engine/rng"

	"github.com/stretchr/testify/require"
)

// playBots plays a game where the seats in bots use the bot and every other
// seat takes its prompt default (an absent player), and returns it.
func playBots(t testing.TB, seats int, seed uint64, bots map[int]bool, opts map[string]string) *Game {
	gi, err := Definition{}.New(engine.Setup{Seats: seats, Seed: seed, Options: opts})
	require.NoError(t, err)
	g := gi.(*Game)
	players := map[int]engine.Bot{}
	for i := 0; i < seats; i++ {
		players[i] = Definition{}.NewBot(i, seed*31+uint64(i))
	}
	for step := 0; !g.Outcome().Finished; step++ {
		require.Less(t, step, 100000, "seed %d", seed)
		w := g.Prompt().Waiting[0]
		a := w.Default
		if bots[w.Seat] {
			a = players[w.Seat].Choose(g.View(w.Seat), g.Legal(w.Seat))
		}
		_, err := g.Apply(w.Seat, a)
		require.NoError(t, err, "seed %d step %d", seed, step)
	}
	return g
}

// The bot builds a company: against seats that only take defaults it wins
// nearly always and ends far above its start.
func TestBotBeatsAbsentPlayers(t *testing.T) {
	wins := 0
	for seed := uint64(1); seed <= 20; seed++ {
		g := playBots(t, 3, seed, map[int]bool{1: true}, nil)
		res := g.Outcome().Results
		if res[1].Placement == 1 {
			wins++
		}
		require.Greater(t, res[1].Score, int64(StartCapital), "seed %d", seed)
	}
	require.GreaterOrEqual(t, wins, 19)
}

// The bot plays from its View only: in a game whose hidden parts (stack
// order, others' cards and draws, the random source) were perturbed, the
// same bot makes the same choice at every step.
func TestBotUsesItsViewOnly(t *testing.T) {
	gi, err := Definition{}.New(engine.Setup{Seats: 3, Seed: 9, Options: map[string]string{OptRounds: "5"}})
	require.NoError(t, err)
	g := gi.(*Game)
	for step := 0; !g.Outcome().Finished; step++ {
		w := g.Prompt().Waiting[0].Seat
		snap, err := g.Snapshot()
		require.NoError(t, err)
		pert, err := perturb(snap, w, rng.FromSeed(uint64(step)))
		require.NoError(t, err)
		other, err := Definition{}.Restore(pert)
		require.NoError(t, err)
		a := newBot(w, uint64(step)).Choose(g.View(w), g.Legal(w))
		b := newBot(w, uint64(step)).Choose(other.View(w), other.Legal(w))
		require.True(t, engine.SameAction(a, b), "step %d: %#v vs %#v", step, a, b)
		_, err = g.Apply(w, a)
		require.NoError(t, err)
	}
}

func BenchmarkBotGame4p(b *testing.B) {
	for i := 0; i < b.N; i++ {
		playBots(b, 4, uint64(i+1), map[int]bool{0: true, 1: true, 2: true, 3: true}, nil)
	}
}
