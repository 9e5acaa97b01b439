package opoly_test

import (
	"encoding/json"
	"testing"

	"boardroom/engine"
	"boardroom/engine/opoly"
	"boardroom/engine/opoly/opolytest"
	"boardroom/engine/opoly/projectopoly"
	"boardroom/engine/opoly/technopoly"
	"boardroom/engine/opoly/unipoly"
	"boardroom/engine/rng"
	"boardroom/engine/sim"

	"github.com/stretchr/testify/require"
)

// variants are the three property games, for tests that run on each.
var variants = []struct {
	name string
	def  interface {
		engine.Definition
		engine.Leveled
		FromView(opoly.View, uint64) (engine.Game, error)
	}
}{
	{"unipoly", unipoly.Definition{}},
	{"projectopoly", projectopoly.Definition{}},
	{"technopoly", technopoly.Definition{}},
}

// TestFromViewShowsTheSameView plays standard-bot games and, at every
// decision of a phase FromView supports, rebuilds the game from the
// deciding seat's View: that seat must see the same View and have the
// same legal actions in the rebuilt game, proposals, offers to all and
// takeover requests too: how many proposals were made this turn, the
// seat's own offers rejected and takeovers asked for, and the shortage
// requests nobody bid on are in its View (View.Trades).
func TestFromViewShowsTheSameView(t *testing.T) {
	for _, vt := range variants {
		t.Run(vt.name, func(t *testing.T) {
			seed := uint64(7)
			g, err := vt.def.New(engine.Setup{Seats: 4, Seed: seed})
			require.NoError(t, err, "seed %d", seed)
			bots := make([]engine.Bot, 4)
			for s := range bots {
				bots[s] = vt.def.NewBot(s, sim.BotSeed(seed, s))
			}
			rebuilt := 0
			for step := 0; step < 4000 && !g.Outcome().Finished; step++ {
				seat := g.Prompt().Waiting[0].Seat
				v := (*engine.ViewOf[opoly.View](g.View(seat)))
				legal := g.Legal(seat)
				if g2, err := vt.def.FromView(v, uint64(step)); err == nil {
					rebuilt++
					require.NoError(t, g2.(engine.Checker).CheckInvariants(), "step %d", step)
					want, _ := json.Marshal(v)
					got, _ := json.Marshal(g2.View(seat))
					require.JSONEq(t, string(want), string(got), "step %d", step)
					require.Equal(t, encodeAll(t, legal), encodeAll(t, g2.Legal(seat)), "step %d", step)
				} else {
					require.ErrorIs(t, err, opoly.ErrNotDeterminisable)
				}
				a := bots[seat].Choose(v, legal)
				_, err := g.Apply(seat, a)
				require.NoError(t, err)
			}
			require.Greater(t, rebuilt, 100)
		})
	}
}

func encodeAll(t *testing.T, as []engine.Action) []string {
	var out []string
	for _, a := range as {
		b, err := engine.EncodeAction(a)
		require.NoError(t, err)
		out = append(out, string(b))
	}
	return out
}

// TestStrongBotSeesOnlyItsView perturbs, at decisions of the strong bot's
// seat, only what that seat cannot see (deck orders, the random source,
// others' sealed bids, trades it is not party to): the two real games give
// the same View, FromView builds the same game from both, and the strong
// bot with the same seed chooses the same action.
func TestStrongBotSeesOnlyItsView(t *testing.T) {
	for _, vt := range variants {
		t.Run(vt.name, func(t *testing.T) {
			const seed = 11
			g, err := vt.def.New(engine.Setup{Seats: 4, Seed: seed})
			require.NoError(t, err)
			perturb := opolytest.Perturb(opolytest.HiddenTradeTerms)
			r := rng.FromSeed(3)
			budget := opoly.SearchBudget{Playouts: 2, Rounds: 2, Steps: 100, Margin: 0}
			compared := 0
			bots := make([]engine.Bot, 4)
			for s := range bots {
				bots[s] = vt.def.NewBot(s, sim.BotSeed(seed, s))
			}
			for step := 0; step < 1500 && !g.Outcome().Finished; step++ {
				seat := g.Prompt().Waiting[0].Seat
				if step%7 == 0 {
					snap, err := g.Snapshot()
					require.NoError(t, err)
					other, err := perturb(snap, seat, r)
					require.NoError(t, err)
					g2, err := vt.def.Restore(other)
					require.NoError(t, err, "step %d", step)
					require.NotEqual(t, string(snap), string(other), "step %d: nothing hidden was changed", step)
					v1, v2 := (*engine.ViewOf[opoly.View](g.View(seat))), (*engine.ViewOf[opoly.View](g2.View(seat)))
					j1, _ := json.Marshal(v1)
					j2, _ := json.Marshal(v2)
					require.JSONEq(t, string(j1), string(j2), "step %d", step)
					f1, err1 := vt.def.FromView(v1, 99)
					f2, err2 := vt.def.FromView(v2, 99)
					require.Equal(t, err1, err2)
					if err1 == nil {
						s1, _ := f1.Snapshot()
						s2, _ := f2.Snapshot()
						require.JSONEq(t, string(s1), string(s2), "step %d", step)
						compared++
					}
					b1 := vt.def.(searcher).NewSearchBot(seat, 5, budget)
					b2 := vt.def.(searcher).NewSearchBot(seat, 5, budget)
					a1 := b1.Choose(v1, g.Legal(seat))
					a2 := b2.Choose(v2, g2.Legal(seat))
					require.Equal(t, a1, a2, "step %d", step)
				}
				_, err = g.Apply(seat, bots[seat].Choose(g.View(seat), g.Legal(seat)))
				require.NoError(t, err)
			}
			require.Greater(t, compared, 20)
		})
	}
}

type searcher interface {
	NewSearchBot(seat int, seed uint64, budget opoly.SearchBudget) engine.Bot
}

// TestStrongBotIsDeterministicAndLegal plays the first steps of a game with
// a strong bot at seat 1 twice: the same seed gives the same actions, every
// action it chooses applies, and it searched some decisions (it chose
// among candidates, not always as the standard bot would).
func TestStrongBotIsDeterministicAndLegal(t *testing.T) {
	for _, vt := range variants {
		t.Run(vt.name, func(t *testing.T) {
			var names []string
			for _, l := range vt.def.BotLevels() {
				names = append(names, l.Name)
			}
			require.Equal(t, []string{engine.LevelStandard, engine.LevelStrong}, names)
			require.NotNil(t, vt.def.NewBotLevel(engine.LevelStrong, 0, 1))
			require.Nil(t, vt.def.NewBotLevel("genius", 0, 1))
			budget := opoly.SearchBudget{Playouts: 4, Rounds: 3, Steps: 200, Margin: 1}
			play := func() ([]string, int) {
				const seed = 21
				g, err := vt.def.New(engine.Setup{Seats: 4, Seed: seed})
				require.NoError(t, err)
				bots := make([]engine.Bot, 4)
				for s := range bots {
					bots[s] = vt.def.NewBot(s, sim.BotSeed(seed, s))
				}
				bots[1] = vt.def.(searcher).NewSearchBot(1, 77, budget)
				searched := 0
				opoly.SearchTrace(bots[1], func(*opoly.View, []engine.Action, []float64, int) { searched++ })
				var log []string
				for step := 0; step < 600 && !g.Outcome().Finished; step++ {
					seat := g.Prompt().Waiting[0].Seat
					a := bots[seat].Choose(g.View(seat), g.Legal(seat))
					_, err := g.Apply(seat, a)
					require.NoError(t, err, "step %d seat %d", step, seat)
					enc, _ := engine.EncodeAction(a)
					log = append(log, string(enc))
				}
				return log, searched
			}
			one, n := play()
			two, _ := play()
			require.Equal(t, one, two)
			require.Positive(t, n)
		})
	}
}

// TestStrongBotStoppedEarlyChoosesByItsScores: a search that its
// DecisionSteps stop after two rounds of playouts (of 32 planned) chooses
// exactly as one planned for two: it compares the scores of the playouts
// it ran. The property games' own copy of the search read the cells of a
// two-playout layout from a 32-playout one (issue 26), so a stopped search
// compared a candidate's playouts with unplayed cells and kept the standard
// choice where the two-playout search took another.
func TestStrongBotStoppedEarlyChoosesByItsScores(t *testing.T) {
	for _, vt := range variants {
		t.Run(vt.name, func(t *testing.T) {
			stopped := opoly.SearchBudget{Playouts: 32, Rounds: 2, Steps: 100, DecisionSteps: 1, Margin: 0}
			planned := stopped
			planned.Playouts, planned.DecisionSteps = 2, 0
			const seed = 21
			g, err := vt.def.New(engine.Setup{Seats: 4, Seed: seed})
			require.NoError(t, err)
			bots := make([]engine.Bot, 4)
			for s := range bots {
				bots[s] = vt.def.NewBot(s, sim.BotSeed(seed, s))
			}
			bots[1] = vt.def.(searcher).NewSearchBot(1, 77, stopped)
			two := vt.def.(searcher).NewSearchBot(1, 77, planned)
			others := 0 // decisions where the search took another candidate
			opoly.SearchTrace(two, func(_ *opoly.View, _ []engine.Action, _ []float64, pick int) {
				if pick != 0 {
					others++
				}
			})
			for step := 0; step < 400 && !g.Outcome().Finished; step++ {
				seat := g.Prompt().Waiting[0].Seat
				a := bots[seat].Choose(g.View(seat), g.Legal(seat))
				if seat == 1 {
					require.Equal(t, two.Choose(g.View(1), g.Legal(1)), a, "seed %d step %d", seed, step)
				}
				_, err := g.Apply(seat, a)
				require.NoError(t, err, "seed %d step %d seat %d", seed, step, seat)
			}
			require.Positive(t, others, "the two-playout search took another candidate somewhere")
		})
	}
}
