package opoly_test

import (
	"runtime"
	"testing"

	"boardroom/engine"
	"boardroom/engine/opoly"
	"boardroom/engine/opoly/projectopoly"
	"boardroom/engine/opoly/technopoly"
	"boardroom/engine/opoly/unipoly"
	"boardroom/engine/sim"

	"github.com/stretchr/testify/require"
)

// strongDef is a property game's Definition that makes strong bots of a
// given budget.
type strongDef interface {
	engine.Definition
	searcher
}

// searched is one decision a strong bot searched: its candidates' mean
// scores and the index it picked.
type searched struct {
	seat  int
	means []float64
	pick  int
}

// strongGame plays up to steps actions of a four-player game of seed as
// the simulator does (quiet, batched, bots reading lent views) with strong
// bots of budget in seats 0 and 2 and standard bots in the others, fresh
// making every playout in a new game with new bots; it returns every
// searched decision and the playouts played.
func strongGame(t testing.TB, def strongDef, budget opoly.SearchBudget, seed uint64, steps int, fresh bool) ([]searched, int) {
	g, err := def.New(engine.Setup{Seats: 4, Seed: seed})
	require.NoError(t, err)
	engine.SetQuiet(g, true)
	engine.SetBatch(g, true)
	var out []searched
	playouts := 0
	bots := make([]engine.Bot, 4)
	for s := range bots {
		bots[s] = def.NewBot(s, sim.BotSeed(seed, s))
		if s%2 == 0 {
			b := def.NewSearchBot(s, sim.BotSeed(seed, s), budget)
			if fresh {
				opoly.SearchFresh(b)
			}
			opoly.SearchTrace(b, func(_ *opoly.View, cands []engine.Action, means []float64, pick int) {
				used, _ := opoly.SearchSpent(b)
				playouts += used * len(cands)
				out = append(out, searched{seat: s, means: means, pick: pick})
			})
			bots[s] = b
		}
	}
	for step := 0; step < steps && !g.Outcome().Finished; step++ {
		seat := g.Prompt().Waiting[0].Seat
		_, err := g.Apply(seat, engine.ChooseAction(bots[seat], engine.PeekView(g, seat), g, seat))
		require.NoError(t, err, "seed %d step %d", seed, step)
	}
	return out, playouts
}

// TestStrongPlayoutsInKeptGamesSearchAsNew: the strong bot plays each
// playout in the memory of the last one's game and bots (fromViewInto,
// bot.Renew: search.Problem's Resample and Rebot). Over the first 600
// steps of games of each property game, every searched decision's mean
// score per candidate, to the last bit, and its pick are those of a bot
// that makes every playout's game and bots anew.
func TestStrongPlayoutsInKeptGamesSearchAsNew(t *testing.T) {
	small := func(b opoly.SearchBudget) opoly.SearchBudget {
		b.Playouts, b.DecisionSteps = 6, 12000
		return b
	}
	for _, tc := range []struct {
		name   string
		def    strongDef
		budget opoly.SearchBudget
		seeds  []uint64
	}{
		{"unipoly", unipoly.Definition{}, small(opoly.DefaultSearchBudget), []uint64{1, 2}},
		{"projectopoly", projectopoly.Definition{}, small(opoly.SupplySearchBudget), []uint64{1}},
		{"technopoly", technopoly.Definition{}, small(opoly.TakeoverSearchBudget), []uint64{1, 2}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			for _, seed := range tc.seeds {
				kept, _ := strongGame(t, tc.def, tc.budget, seed, 600, false)
				fresh, _ := strongGame(t, tc.def, tc.budget, seed, 600, true)
				require.Greater(t, len(fresh), 20, "seed %d: too few searched decisions", seed)
				for i := range min(len(kept), len(fresh)) {
					require.Equal(t, fresh[i], kept[i], "seed %d: decision %d of %d", seed, i, len(fresh))
				}
				require.Len(t, kept, len(fresh), "seed %d", seed)
				t.Logf("seed %d: %d decisions", seed, len(fresh))
			}
		})
	}
}

// BenchmarkStrongPlayouts plays the first 300 steps of four-player Unipoly
// games (seeds 1-4 in turn) with strong bots (DefaultSearchBudget) in
// seats 0 and 2, as the simulator does; allocs/playout and B/playout are
// the figures to watch (a playout in a kept game with kept bots allocates
// a few objects; one in a new game several hundred).
func BenchmarkStrongPlayouts(b *testing.B) {
	benchStrong(b, unipoly.Definition{}, opoly.DefaultSearchBudget)
}

// BenchmarkStrongPlayoutsTechnopoly is BenchmarkStrongPlayouts for
// Technopoly (TakeoverSearchBudget).
func BenchmarkStrongPlayoutsTechnopoly(b *testing.B) {
	benchStrong(b, technopoly.Definition{}, opoly.TakeoverSearchBudget)
}

func benchStrong(b *testing.B, def strongDef, budget opoly.SearchBudget) {
	var m0, m1 runtime.MemStats
	runtime.ReadMemStats(&m0)
	playouts := 0
	for i := 0; b.Loop(); i++ {
		_, n := strongGame(b, def, budget, uint64(1+i%4), 300, false)
		playouts += n
	}
	runtime.ReadMemStats(&m1)
	b.ReportMetric(float64(playouts)/float64(b.N), "playouts/op")
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(playouts), "ns/playout")
	b.ReportMetric(float64(m1.Mallocs-m0.Mallocs)/float64(playouts), "allocs/playout")
	b.ReportMetric(float64(m1.TotalAlloc-m0.TotalAlloc)/float64(playouts), "B/playout")
}
