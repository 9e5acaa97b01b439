package allinthegame

import (
	"encoding/json"
	"testing"

	"boardroom/engine"
	"boardroom/engine/rng"
	"boardroom/engine/search"

	"github.com/stretchr/testify/require"
)

// testBudget is a small budget that keeps the tests quick under -race.
var testBudget = SearchBudget{Budget: search.Budget{Playouts: 4, Steps: 400, DecisionSteps: 800, Margin: 2}, Rounds: 1, Cands: 4}

func viewJSON(t *testing.T, v engine.View) string {
	t.Helper()
	b, err := json.Marshal(v)
	require.NoError(t, err)
	return string(b)
}

func actionsJSON(t *testing.T, as ...engine.Action) []string {
	t.Helper()
	var out []string
	for _, a := range as {
		b, err := engine.EncodeAction(a)
		require.NoError(t, err)
		out = append(out, string(b))
	}
	return out
}

func snapOf(t *testing.T, g *Game) string {
	t.Helper()
	b, err := g.Snapshot()
	require.NoError(t, err)
	return string(b)
}

// TestFromViewShowsTheSameView plays standard-bot games and, at every
// decision but the Headhunters' returns, rebuilds the game from the
// deciding seat's View: that seat sees the same View and the same legal
// actions, and the rebuilt game keeps the rules' invariants.
func TestFromViewShowsTheSameView(t *testing.T) {
	for _, c := range []struct {
		seed uint64
		opts map[string]string
	}{{3, nil}, {11, basic}, {12, nil}} {
		g := newGame(t, 4, c.opts, c.seed)
		bots := make([]engine.Bot, 4)
		for s := range bots {
			bots[s] = Definition{}.NewBot(s, c.seed*10+uint64(s))
		}
		phases := map[string]int{}
		for step := 0; step < 5000 && !g.Outcome().Finished; step++ {
			seat := g.Prompt().Waiting[0].Seat
			v := g.View(seat)
			legal := g.Legal(seat)
			g2, err := Definition{}.FromView(v, uint64(step))
			if g.s.Phase == PhaseHeadhunters {
				require.ErrorIs(t, err, ErrNotDeterminisable)
			} else {
				require.NoError(t, err, "seed %d step %d phase %s", c.seed, step, g.s.Phase)
				phases[g.s.Phase]++
				require.NoError(t, g2.(engine.Checker).CheckInvariants(), "seed %d step %d", c.seed, step)
				require.JSONEq(t, viewJSON(t, v), viewJSON(t, g2.View(seat)), "seed %d step %d", c.seed, step)
				require.Equal(t, actionsJSON(t, legal...), actionsJSON(t, g2.Legal(seat)...), "seed %d step %d", c.seed, step)
			}
			_, err = g.Apply(seat, bots[seat].Choose(v, legal))
			require.NoError(t, err)
		}
		require.True(t, g.Outcome().Finished)
		for _, ph := range []string{PhaseWork, PhaseChooseStart} {
			require.Positive(t, phases[ph], "seed %d: no decision in phase %s", c.seed, ph)
		}
	}
}

// TestStrongBotSeesOnlyItsView: two games that differ only in what the
// deciding seat cannot see (perturb of the conformance test) give it the
// same View and the strong bot the same choice.
func TestStrongBotSeesOnlyItsView(t *testing.T) {
	g := newGame(t, 4, nil, 5)
	bots := make([]engine.Bot, 4)
	for s := range bots {
		bots[s] = Definition{}.NewBot(s, 50+uint64(s))
	}
	checked := 0
	for step := 0; step < 5000 && !g.Outcome().Finished; step++ {
		seat := g.Prompt().Waiting[0].Seat
		if step%7 == 0 {
			snap, err := perturb([]byte(snapOf(t, g)), seat, rng.FromSeed(uint64(step)))
			require.NoError(t, err)
			h0, err := Definition{}.Restore(snap)
			require.NoError(t, err)
			h := h0.(*Game)
			require.NotEqual(t, snapOf(t, g), snapOf(t, h), "step %d: the perturbation changed nothing", step)
			require.JSONEq(t, viewJSON(t, g.View(seat)), viewJSON(t, h.View(seat)), "step %d", step)
			a1 := newStrongBot(seat, 9, testBudget).Choose(g.View(seat), g.Legal(seat))
			a2 := newStrongBot(seat, 9, testBudget).Choose(h.View(seat), h.Legal(seat))
			require.Equal(t, actionsJSON(t, a1), actionsJSON(t, a2), "step %d phase %s", step, g.s.Phase)
			checked++
		}
		_, err := g.Apply(seat, bots[seat].Choose(g.View(seat), g.Legal(seat)))
		require.NoError(t, err)
	}
	require.Greater(t, checked, 5)
}

// TestStrongBotDeterministicAndLegal plays a game with the strong bot in
// seat 0 twice: every choice is legal, both games are the same action for
// action, and the search departs from the standard bot somewhere.
func TestStrongBotDeterministicAndLegal(t *testing.T) {
	play := func() ([]string, int, int) {
		g := newGame(t, 4, nil, 21)
		strong := newStrongBot(0, 77, testBudget)
		searched, departed := 0, 0
		strong.trace = func(cands []engine.Action, pick int) {
			searched++
			if pick != 0 {
				departed++
			}
		}
		var d Definition
		bots := []engine.Bot{strong, d.NewBot(1, 1), d.NewBot(2, 2), d.NewBot(3, 3)}
		var log []string
		for step := 0; step < 5000 && !g.Outcome().Finished; step++ {
			seat := g.Prompt().Waiting[0].Seat
			a := bots[seat].Choose(g.View(seat), g.Legal(seat))
			_, err := g.Apply(seat, a)
			require.NoError(t, err, "step %d seat %d %#v", step, seat, a)
			require.NoError(t, g.CheckInvariants())
			log = append(log, actionsJSON(t, a)[0])
		}
		require.True(t, g.Outcome().Finished)
		return log, searched, departed
	}
	log1, searched, departed := play()
	log2, _, _ := play()
	require.Equal(t, log1, log2)
	require.Positive(t, searched)
	require.Positive(t, departed, "the search never departed from the standard bot in %d decisions", searched)
}

// TestStrongLevelOffered: the Definition offers both levels and makes the
// strong bot for engine.LevelStrong.
func TestStrongLevelOffered(t *testing.T) {
	var d Definition
	require.True(t, engine.HasLevel(d, engine.LevelStrong))
	b, err := engine.NewLeveledBot(d, engine.LevelStrong, 1, 3)
	require.NoError(t, err)
	require.IsType(t, &strongBot{}, b)
	require.Nil(t, d.NewBotLevel("grandmaster", 0, 1))
}

// TestStrongBotSearchesALentView: the simulator and the lobby hand bots a
// lent view (engine.PeekView, a *View); the strong bot searched only when
// handed a View value, so there it played as the standard bot.
func TestStrongBotSearchesALentView(t *testing.T) {
	const seed = 21
	g := newGame(t, 4, nil, seed)
	strong := newStrongBot(0, 77, testBudget)
	searched := 0
	strong.trace = func([]engine.Action, int) { searched++ }
	var d Definition
	bots := []engine.Bot{strong, d.NewBot(1, 1), d.NewBot(2, 2), d.NewBot(3, 3)}
	for step := 0; step < 400 && searched == 0 && !g.Outcome().Finished; step++ {
		seat := g.Prompt().Waiting[0].Seat
		_, err := g.Apply(seat, bots[seat].Choose(engine.PeekView(g, seat), g.Legal(seat)))
		require.NoError(t, err, "seed %d step %d", seed, step)
	}
	require.Positive(t, searched, "seed %d: the strong bot never searched a lent view", seed)
}
