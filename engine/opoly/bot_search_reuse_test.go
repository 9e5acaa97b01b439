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

// TestStrongPlayoutAllocations guards what a strong bot's playout
// allocates now that it is played in the last one's game with its bots
// (docs/decisions/2026-11-strong-bots-playouts-reuse-games.md): over the
// first 300 steps of a four-player game of seed 1 with strong bots of 16
// playouts a candidate in seats 0 and 2, the real game's and its bots'
// allocations included.
// Each playout made a new game and four bots before: a Unipoly playout
// allocated 70,496 bytes in 162 allocations, a Technopoly one 43,656 in 97
// (BenchmarkStrongPlayouts). The bounds are the figures measured since and
// a margin; what is left is mostly the standard bots' boxed actions.
func TestStrongPlayoutAllocations(t *testing.T) {
	if raceOn {
		t.Skip("the race detector allocates on its own")
	}
	for _, c := range []struct {
		def          strongDef
		budget       opoly.SearchBudget
		allocs, size float64 // the most a playout, on average
	}{
		// Unipoly measured 76.6, 6,783 (new games: 184.5, 77,967); 75.6,
		// 7,300 on 41cc99b; 8,296 with the games' tables of trade parts
		// (48 KiB once a playout game, bot_trade_parts.go); 8,365 on
		// 9583d5e, 14,878 with a table of 8,192 parts (320 KiB once a
		// playout game: about 130 games made in these 4,650 playouts),
		// which spares Unipoly and Projectopoly 1-2% of their
		// instructions (docs/decisions/2026-12-property-engines-trade-parts-table-sized.md)
		{unipoly.Definition{}, opoly.DefaultSearchBudget, 84, 16000},
		{technopoly.Definition{}, opoly.TakeoverSearchBudget, 54, 2900}, // measured 49.1, 2,553 (new games: 112.2, 46,665)
	} {
		t.Run(c.def.Info().ID, func(t *testing.T) {
			c.budget.Playouts, c.budget.DecisionSteps = 16, 30000
			var before, after runtime.MemStats
			runtime.ReadMemStats(&before)
			_, playouts := strongGame(t, c.def, c.budget, 1, 300, false)
			runtime.ReadMemStats(&after)
			allocs := float64(after.Mallocs-before.Mallocs) / float64(playouts)
			size := float64(after.TotalAlloc-before.TotalAlloc) / float64(playouts)
			t.Logf("%s: %d playouts, %.1f allocations, %.0f bytes a playout", c.def.Info().ID, playouts, allocs, size)
			require.LessOrEqual(t, allocs, c.allocs, "allocations a playout")
			require.LessOrEqual(t, size, c.size, "bytes a playout")
		})
	}
}
