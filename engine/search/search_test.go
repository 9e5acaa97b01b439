package search

import (
	"testing"

	"boardroom/engine"
	"boardroom/engine/rng"

	"github.com/stretchr/testify/require"
)

// pick is the one action of the one-decision game below.
type pick struct{ N int }

func (pick) Kind() string { return "pick" }

// oneShot is a game of one decision: seat 0 picks a number, then a second
// seat (a bot) moves once and the game ends. value scores each pick.
type oneShot struct {
	picked, moved int
	seed          uint64
}

func (g *oneShot) Setup() engine.Setup { return engine.Setup{Seats: 2} }
func (g *oneShot) Prompt() engine.Prompt {
	switch {
	case g.picked < 0:
		return engine.Prompt{Waiting: []engine.Wait{{Seat: 0}}}
	case g.moved < 0:
		return engine.Prompt{Waiting: []engine.Wait{{Seat: 1}}}
	}
	return engine.Prompt{}
}
func (g *oneShot) Legal(seat int) []engine.Action { return []engine.Action{pick{0}, pick{1}, pick{2}} }
func (g *oneShot) Apply(seat int, a engine.Action) ([]engine.Event, error) {
	p, ok := a.(pick)
	if !ok || p.N > 2 {
		return nil, engine.Errf(engine.CodeIllegal, "no")
	}
	if g.picked < 0 {
		g.picked = p.N
	} else {
		g.moved = p.N
	}
	return nil, nil
}
func (g *oneShot) View(int) engine.View      { return nil }
func (g *oneShot) Outcome() engine.Outcome   { return engine.Outcome{Finished: g.moved >= 0} }
func (g *oneShot) Round() int                { return 1 }
func (g *oneShot) Snapshot() ([]byte, error) { return nil, nil }

type firstBot struct{}

func (firstBot) Choose(_ engine.View, legal []engine.Action) engine.Action { return legal[0] }

// problem scores pick k as mean[k] plus noise of the given size that
// depends on the sample (shared by all candidates when paired) and, with
// own set, on the candidate too.
func problem(mean []float64, noise float64, own bool) Problem {
	return Problem{Seat: 0,
		Sample: func(seed uint64) (engine.Game, error) { return &oneShot{picked: -1, moved: -1, seed: seed}, nil },
		NewBot: func(int, uint64) engine.Bot { return firstBot{} },
		Stop:   func(g engine.Game) bool { return g.Outcome().Finished },
		Score: func(g engine.Game) float64 {
			o := g.(*oneShot)
			s := o.seed
			if own {
				s ^= uint64(o.picked+1) * 0x9e3779b97f4a7c15
			}
			u := float64(rng.FromSeed(s).IntN(1000))/1000 - 0.5
			return mean[o.picked] + noise*u
		},
	}
}

func TestBestTakesAClearGainOnly(t *testing.T) {
	cands := []engine.Action{pick{0}, pick{1}, pick{2}}
	budget := Budget{Playouts: 16, Steps: 10, Margin: 2}
	// Paired: the shared noise cancels, so a small gain is clear.
	s := Searcher{R: rng.FromSeed(1), Budget: budget}
	require.Equal(t, 2, s.Best(problem([]float64{0.5, 0.5, 0.52}, 0.5, false), cands))
	// Noise of each candidate's own, far above the gain: keep the first.
	s = Searcher{R: rng.FromSeed(1), Budget: budget}
	require.Equal(t, 0, s.Best(problem([]float64{0.5, 0.5, 0.52}, 0.5, true), cands))
	// A worse alternative is never taken.
	s = Searcher{R: rng.FromSeed(1), Budget: budget}
	require.Equal(t, 0, s.Best(problem([]float64{0.5, 0.4, 0.3}, 0.1, false), cands))
	// A candidate the sample refuses scores nothing.
	s = Searcher{R: rng.FromSeed(1), Budget: budget}
	require.Equal(t, 0, s.Best(problem([]float64{0.5, 0.4, 0.3}, 0, false), []engine.Action{pick{0}, pick{7}}))
}

func TestBestStopsAtTheDecisionSteps(t *testing.T) {
	cands := []engine.Action{pick{0}, pick{1}}
	s := Searcher{R: rng.FromSeed(1), Budget: Budget{Playouts: 100, Steps: 10}}
	s.Best(problem([]float64{0.5, 0.5}, 0.1, false), cands)
	require.Equal(t, 200, s.Spent, "one bot step per playout, 100 playouts of 2 candidates")
	s = Searcher{R: rng.FromSeed(1), Budget: Budget{Playouts: 100, Steps: 10, DecisionSteps: 7}}
	s.Best(problem([]float64{0.5, 0.5}, 0.1, false), cands)
	require.Equal(t, 8, s.Spent, "rounds of playouts stop once 7 steps are spent")
}

// TestBestWholeStaysWithinTheDecisionSteps: with Budget.Whole a round of
// playouts starts only when one more round like the mean so far fits in
// the steps left, so the search stays within DecisionSteps where it used
// to pass them by a round (issue 27: Unipoly's slowest decision).
func TestBestWholeStaysWithinTheDecisionSteps(t *testing.T) {
	cands := []engine.Action{pick{0}, pick{1}}
	s := Searcher{R: rng.FromSeed(1), Budget: Budget{Playouts: 100, Steps: 10, DecisionSteps: 7, Whole: true}}
	s.Best(problem([]float64{0.5, 0.5}, 0.1, false), cands)
	require.Equal(t, 6, s.Spent, "three rounds of two steps fit in 7, a fourth would not")
	require.Equal(t, 3, s.Used)
	s = Searcher{R: rng.FromSeed(1), Budget: Budget{Playouts: 100, Steps: 10, DecisionSteps: 8, Whole: true}}
	s.Best(problem([]float64{0.5, 0.5}, 0.1, false), cands)
	require.Equal(t, 8, s.Spent, "four rounds fit in 8 exactly")
}

// TestBestStoppedEarlyComparesThePlayedCells: a search its DecisionSteps
// stop after two rounds of 100 planned compares the two playouts of each
// candidate it ran (Used, Mean), not cells laid out for fewer playouts,
// and takes the clear gain; Begin sees every playout's candidate once it
// is applied.
func TestBestStoppedEarlyComparesThePlayedCells(t *testing.T) {
	cands := []engine.Action{pick{0}, pick{1}, pick{2}}
	p := problem([]float64{0.3, 0.5, 0.9}, 0.1, false)
	begun := map[engine.Action]int{}
	p.Begin = func(g engine.Game, a engine.Action) {
		require.Equal(t, a.(pick).N, g.(*oneShot).picked, "Begin comes after the candidate is applied")
		begun[a]++
	}
	s := Searcher{R: rng.FromSeed(1), Budget: Budget{Playouts: 100, Steps: 10, DecisionSteps: 1}}
	require.Equal(t, 2, s.Best(p, cands))
	require.Equal(t, 2, s.Used)
	require.Equal(t, map[engine.Action]int{pick{0}: 2, pick{1}: 2, pick{2}: 2}, begun)
	for k, want := range []float64{0.3, 0.5, 0.9} {
		require.InDelta(t, want, s.Mean(k), 0.05, "candidate %d", k)
	}
}

// TestNewLevelMakesEachLevelsBot (issue 26: one bot-level setup): the
// standard level (also "") is the game's NewBot, strong its strong bot, and
// a level the game does not list none.
func TestNewLevelMakesEachLevelsBot(t *testing.T) {
	std := func(seat int, seed uint64) engine.Bot { return firstBot{} }
	type strongBot struct{ firstBot }
	strong := func(seat int, seed uint64) engine.Bot { return strongBot{} }
	require.Equal(t, []engine.BotLevel{engine.StandardLevel, engine.StrongLevel}, Levels())
	require.Equal(t, firstBot{}, NewLevel("", 0, 1, std, strong))
	require.Equal(t, firstBot{}, NewLevel(engine.LevelStandard, 0, 1, std, strong))
	require.Equal(t, strongBot{}, NewLevel(engine.LevelStrong, 0, 1, std, strong))
	require.Nil(t, NewLevel("genius", 0, 1, std, strong))
}
