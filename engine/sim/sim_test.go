package sim

import (
	"errors"
	"testing"

	"boardroom/engine"
	"boardroom/engine/testgame"

	"github.com/stretchr/testify/require"
)

func TestRunTestgame(t *testing.T) {
	s, err := Run(Config{Def: testgame.Definition{}, Games: 200, Players: 3, Seed: 42, Workers: 2})
	require.NoError(t, err)
	require.Equal(t, "testgame", s.Game)
	require.Equal(t, 200, s.Games)
	require.Zero(t, s.Errors, s.FirstError)
	require.Equal(t, 200, s.Finished)
	require.Zero(t, s.Capped)
	require.Len(t, s.WinsBySeat, 3)
	wins := 0
	for seat, w := range s.WinsBySeat {
		require.Positive(t, w, "seat %d never won in 200 games", seat)
		wins += w
	}
	require.GreaterOrEqual(t, wins, 200, "every finished game has a winner")
	require.Greater(t, s.MeanRounds, 1.0)
	require.Greater(t, s.Actions, int64(200*3))
}

func TestResultsDoNotDependOnWorkers(t *testing.T) {
	cfg := Config{Def: testgame.Definition{}, Games: 120, Players: 4, Seed: 7, Options: map[string]string{"target": "30"}}
	cfg.Workers = 1
	one, err := Run(cfg)
	require.NoError(t, err)
	cfg.Workers = 8
	eight, err := Run(cfg)
	require.NoError(t, err)
	require.Equal(t, one, eight)

	cfg.Seed = 8
	other, err := Run(cfg)
	require.NoError(t, err)
	require.NotEqual(t, []any{one.WinsBySeat, one.Actions, one.RoundsSum}, []any{other.WinsBySeat, other.Actions, other.RoundsSum},
		"another seed plays other games")
}

func TestPlayIsDeterministic(t *testing.T) {
	cfg := Config{Def: testgame.Definition{}, Players: 2, Seed: 3, Options: map[string]string{"target": "15"}}
	a, b := Play(cfg, 5), Play(cfg, 5)
	require.Equal(t, a, b)
	require.Equal(t, GameSeed(3, 5), a.Seed)
	require.NotEqual(t, GameSeed(3, 5), GameSeed(3, 6))
	require.NotEqual(t, GameSeed(3, 5), GameSeed(4, 5))
	require.NotEqual(t, BotSeed(a.Seed, 0), BotSeed(a.Seed, 1))
}

func TestMaxRoundsCaps(t *testing.T) {
	// Two seats add at most 3 each per round: 15 cannot be reached in round 1.
	s, err := Run(Config{Def: testgame.Definition{}, Games: 30, Players: 2, Seed: 1, MaxRounds: 1, Workers: 3})
	require.NoError(t, err)
	require.Equal(t, 30, s.Capped)
	require.Zero(t, s.Finished)
	require.Zero(t, s.Errors)
	require.Equal(t, 1.0, s.MeanRounds)
	require.Equal(t, []int{0, 0}, s.WinsBySeat)
}

func TestRunRefusesBadConfig(t *testing.T) {
	_, err := Run(Config{Def: testgame.Definition{}, Games: 1, Players: 9})
	_, isRule := engine.IsRuleError(err)
	require.True(t, isRule, "%v", err)
	_, err = Run(Config{Def: testgame.Definition{}, Games: 1, Players: 2, Options: map[string]string{"target": "x"}})
	require.Error(t, err)
	_, err = Run(Config{Games: 1, Players: 2})
	require.Error(t, err)
}

func TestBotsSeeOnlyTheirOwnViewInSeatOrder(t *testing.T) {
	spy := &spyDef{}
	s, err := Run(Config{Def: spy, Games: 1, Players: 3, Seed: 11})
	require.NoError(t, err)
	require.Zero(t, s.Errors, s.FirstError)
	require.Equal(t, []int{0, 1, 2}, spy.asked[:3], "the simultaneous bid asks seats in order")
	require.Empty(t, spy.wrong)
}

func TestContractBreachesAreErrors(t *testing.T) {
	for _, tc := range []struct {
		mode     string
		maxSteps int
		want     error
	}{
		{"illegal", 0, ErrBotIllegal},
		{"nil", 0, ErrBotIllegal},
		{"invariant", 0, ErrInvariant},
		{"stuck", 0, ErrStuck},
		{"", 3, ErrStepLimit},
	} {
		t.Run(tc.mode, func(t *testing.T) {
			cfg := Config{Def: faultyDef{mode: tc.mode}, Games: 4, Players: 2, Seed: 1, MaxSteps: tc.maxSteps, Workers: 2}
			s, err := Run(cfg)
			require.NoError(t, err)
			require.Equal(t, 4, s.Errors)
			require.NotEmpty(t, s.FirstError)
			require.Equal(t, GameSeed(1, 0), s.FirstSeed)
			require.ErrorIs(t, Play(cfg, 0).Err, tc.want)
		})
	}
	r := Play(Config{Def: faultyDef{mode: "panic"}, Players: 2, Seed: 1}, 0)
	require.ErrorContains(t, r.Err, "panic")
	require.False(t, r.Finished)
}

// TestCheckAtEndChecksOnlyTheLastState: with CheckAtEnd (what `boardroom
// sim` does unless --check-actions) a game's invariants are checked once,
// when it stops, so a state broken in the middle of the game and repaired
// goes unseen and one left broken is still an error; without it, every
// state after an action is checked.
func TestCheckAtEndChecksOnlyTheLastState(t *testing.T) {
	every := Config{Def: faultyDef{mode: "transient"}, Players: 2, Seed: 1}
	require.ErrorIs(t, Play(every, 0).Err, ErrInvariant, "checked after every action")
	atEnd := every
	atEnd.CheckAtEnd = true
	r := Play(atEnd, 0)
	require.NoError(t, r.Err, "a repaired state is not checked at the end")
	require.True(t, r.Finished)
	for _, maxSteps := range []int{0, 6} { // finished; stopped at the step limit
		broken := Config{Def: faultyDef{mode: "invariant"}, Players: 2, Seed: 1, MaxSteps: maxSteps, CheckAtEnd: true}
		require.ErrorIs(t, Play(broken, 0).Err, ErrInvariant, "max steps %d: a state left broken is found at the end", maxSteps)
	}
}

func BenchmarkTestgamePlayout(b *testing.B) {
	cfg := Config{Def: testgame.Definition{}, Players: 4, Seed: 1, Options: map[string]string{"target": "30"}}
	actions, games := 0, 0
	for b.Loop() {
		r := Play(cfg, games)
		if r.Err != nil {
			b.Fatal(r.Err)
		}
		actions += r.Actions
		games++
	}
	b.ReportMetric(float64(actions)/float64(games), "actions/game")
}

// spyDef is testgame whose bots record which seat was asked and whether
// the view and legal actions they got were that seat's own.
type spyDef struct {
	testgame.Definition
	asked []int
	wrong []string
}

func (d *spyDef) NewBot(seat int, seed uint64) engine.Bot {
	return &spyBot{d: d, seat: seat, inner: d.Definition.NewBot(seat, seed)}
}

type spyBot struct {
	d     *spyDef
	seat  int
	inner engine.Bot
}

func (b *spyBot) Choose(view engine.View, legal []engine.Action) engine.Action {
	b.d.asked = append(b.d.asked, b.seat)
	if v, ok := view.(testgame.View); !ok || v.Viewer != b.seat {
		b.d.wrong = append(b.d.wrong, "view of another viewer")
	}
	if len(legal) == 0 {
		b.d.wrong = append(b.d.wrong, "asked with no legal action")
	}
	return b.inner.Choose(view, legal)
}

// faultyDef is testgame with one contract breach, chosen by mode.
type faultyDef struct {
	testgame.Definition
	mode string
}

func (d faultyDef) New(setup engine.Setup) (engine.Game, error) {
	g, err := d.Definition.New(setup)
	if err != nil {
		return nil, err
	}
	return &faultyGame{Game: g, mode: d.mode}, nil
}

func (d faultyDef) NewBot(seat int, seed uint64) engine.Bot {
	return faultyBot{mode: d.mode, inner: d.Definition.NewBot(seat, seed)}
}

type faultyBot struct {
	mode  string
	inner engine.Bot
}

func (b faultyBot) Choose(view engine.View, legal []engine.Action) engine.Action {
	switch b.mode {
	case "illegal":
		return testgame.Add{N: 99}
	case "nil":
		return nil
	case "panic":
		panic("bot bug")
	}
	return b.inner.Choose(view, legal)
}

type faultyGame struct {
	engine.Game
	mode  string
	moves int
}

func (g *faultyGame) Apply(seat int, a engine.Action) ([]engine.Event, error) {
	evs, err := g.Game.Apply(seat, a)
	if err == nil {
		g.moves++
	}
	return evs, err
}

func (g *faultyGame) Prompt() engine.Prompt {
	if g.mode == "stuck" && g.moves >= 2 {
		return engine.Prompt{Phase: "limbo"}
	}
	return g.Game.Prompt()
}

func (g *faultyGame) CheckInvariants() error {
	if g.mode == "invariant" && g.moves > 4 {
		return errors.New("too many moves")
	}
	if g.mode == "transient" && g.moves == 3 { // broken after the third move only
		return errors.New("third move")
	}
	return nil
}

func TestWinsByPositionFollowTheTurnOrder(t *testing.T) {
	cfg := Config{Players: 3}
	results := []GameResult{
		{Finished: true, Placements: []int{1, 2, 3}, Order: []int{2, 0, 1}}, // seat 0 won, 2nd to play
		{Finished: true, Placements: []int{2, 1, 3}, Order: []int{1, 2, 0}}, // seat 1 won, 1st to play
		{Finished: true, Placements: []int{3, 2, 1}},                        // no order: seat order, 3rd
		{Capped: true, Order: []int{0, 1, 2}},
	}
	s := Summarize(cfg, results)
	require.Equal(t, []int{1, 1, 1}, s.WinsBySeat)
	require.Equal(t, []int{1, 1, 1}, s.WinsByPosition)

	results[2].Order = []int{2, 1, 0} // seat 2 won, 1st to play
	s = Summarize(cfg, results)
	require.Equal(t, []int{2, 1, 0}, s.WinsByPosition)
}

// orderedGame reports a turn order, possibly a broken one.
type orderedGame struct {
	engine.Game
	order []int
}

func (g orderedGame) TurnOrder() []int { return g.order }

func TestTurnOrderFallsBackToSeatOrder(t *testing.T) {
	three := func() []int { return []int{7, 7, 7} } // written whole
	require.Equal(t, []int{0, 1, 2}, turnOrder(orderedGame{}, three()), "no order given")
	require.Equal(t, []int{2, 0, 1}, turnOrder(orderedGame{order: []int{2, 0, 1}}, three()))
	require.Equal(t, []int{0, 1, 2}, turnOrder(orderedGame{order: []int{2, 2, 1}}, three()), "not a permutation")
	require.Equal(t, []int{0, 1, 2}, turnOrder(orderedGame{order: []int{0, 1}}, three()), "too short")
	require.Equal(t, []int{0, 1, 2}, turnOrder(orderedGame{order: []int{0, 1, 3}}, three()), "out of range")
	// a game that appends its order to the result's list: the same
	for _, c := range []struct{ order, want []int }{
		{nil, []int{0, 1, 2}}, {[]int{2, 0, 1}, []int{2, 0, 1}}, {[]int{2, 2, 1}, []int{0, 1, 2}},
		{[]int{0, 1}, []int{0, 1, 2}}, {[]int{0, 1, 3}, []int{0, 1, 2}}, {[]int{1, 2, 0, 3}, []int{0, 1, 2}},
	} {
		buf := three()
		got := turnOrder(appendingGame{orderedGame{order: c.order}}, buf[:3:3])
		require.Equal(t, c.want, got, "appended %v", c.order)
		require.Equal(t, c.want, buf, "written to the result's list")
	}
}

// appendingGame reports its turn order as the property games do.
type appendingGame struct{ orderedGame }

func (g appendingGame) AppendTurnOrder(dst []int) []int { return append(dst, g.order...) }
