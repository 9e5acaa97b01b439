// Package opolytuitest is the test kit of the property games' screens
// (tui/opoly and each variant's panel package): a game's snapshot edited
// into the position a test needs (State), the cells the tests use, and
// the screen's text as the tests read it. It does not import tui/opoly,
// so that the core's own tests use it as the variants' do; each test
// package wraps a restored game in its own fixture (Fixture).
package opolytuitest

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/require"

	"boardroom/engine"
	"boardroom/engine/opoly/projectopoly"
	"boardroom/engine/opoly/technopoly"
)

// State is a property game's snapshot decoded for editing in tests: the
// cells, the players' cash and positions, whose turn it is. Game sets the
// bank's flows so that money stays conserved, and restores the game
// (which checks every invariant); Fixture puts it behind a renderer with
// the test package's fixture maker (F is the test package's fixture).
type State[F any] struct {
	T   testing.TB
	M   map[string]any
	Def engine.Definition // the variant (Projectopoly, Technopoly)
	// fixture wraps a restored game in a test package's fixture for viewer.
	fixture func(g engine.Game, info engine.Info, viewer int, noColor bool) F
}

// Fixture makes a test package's fixture of a game of info for viewer:
// the core's tests and each variant's build their own renderer.
type Fixture[F any] func(g engine.Game, info engine.Info, viewer int, noColor bool) F

// NewPP starts a Projectopoly game of n PMs and clears its board: every
// asset with FICO, every PM on Go! with cash.
func NewPP[F any](t testing.TB, n int, cash int64, mk Fixture[F]) *State[F] {
	t.Helper()
	return New(t, projectopoly.Definition{}, n, cash, mk)
}

// NewTP starts a Technopoly game of n players: every start-up with the
// bank, everyone on Invest NI with cash.
func NewTP[F any](t testing.TB, n int, cash int64, mk Fixture[F]) *State[F] {
	t.Helper()
	return New(t, technopoly.Definition{}, n, cash, mk)
}

// New starts a game of def with n players and clears its board.
func New[F any](t testing.TB, def engine.Definition, n int, cash int64, mk Fixture[F]) *State[F] {
	t.Helper()
	g, err := def.New(engine.Setup{Seats: n, Seed: 5})
	require.NoError(t, err)
	data, err := g.Snapshot()
	require.NoError(t, err)
	s := &State[F]{T: t, Def: def, fixture: mk}
	require.NoError(t, json.Unmarshal(data, &s.M))
	for _, c := range s.Cells() {
		cm := c.(map[string]any)
		clear(cm)
		cm["owner"] = -1
	}
	for i := range s.Players() {
		s.Cash(i, cash)
		s.Player(i)["pos"] = 0
	}
	return s
}

// Cells are the snapshot's cells, Players its players; Cell and Player
// one of each, for editing in place.
func (s *State[F]) Cells() []any   { return s.M["cells"].([]any) }
func (s *State[F]) Players() []any { return s.M["players"].([]any) }
func (s *State[F]) Cell(c int) map[string]any {
	return s.Cells()[c].(map[string]any)
}
func (s *State[F]) Player(i int) map[string]any { return s.Players()[i].(map[string]any) }

// Own gives cells to seat.
func (s *State[F]) Own(seat int, cells ...int) *State[F] {
	for _, c := range cells {
		s.Cell(c)["owner"] = seat
	}
	return s
}

// Level sets the building level of cells.
func (s *State[F]) Level(l int, cells ...int) *State[F] {
	for _, c := range cells {
		s.Cell(c)["level"] = l
	}
	return s
}

// Extend mortgages cells (Projectopoly's budget extension).
func (s *State[F]) Extend(cells ...int) *State[F] {
	for _, c := range cells {
		s.Cell(c)["mortgaged"] = true
	}
	return s
}

// Cash sets seat's cash.
func (s *State[F]) Cash(seat int, x int64) *State[F] { s.Player(seat)["cash"] = x; return s }

// WFA puts seat in WFA with turns failed turns there.
func (s *State[F]) WFA(seat, turns int) *State[F] {
	p := s.Player(seat)
	p["pos"], p["jailed"], p["jail_turns"] = projectopoly.WFACell, true, turns
	return s
}

// TurnTo makes it seat's turn, before rolling.
func (s *State[F]) TurnTo(seat int) *State[F] {
	for i, o := range s.M["order"].([]any) {
		if int(o.(float64)) == seat {
			s.M["turn"] = i
		}
	}
	s.M["phase"] = 0
	return s
}

// Set sets a top-level field of the state (phase, queue, dice, ...).
func (s *State[F]) Set(k string, v any) *State[F] { s.M[k] = v; return s }

// Game restores the edited state.
func (s *State[F]) Game() engine.Game {
	s.T.Helper()
	var sum float64
	for i := range s.Players() {
		switch x := s.Player(i)["cash"].(type) {
		case float64:
			sum += x
		case int64:
			sum += float64(x)
		}
	}
	s.M["bank_out"] = sum + s.M["bank_in"].(float64)
	data, err := json.Marshal(s.M)
	require.NoError(s.T, err)
	g, err := s.Def.Restore(data)
	require.NoError(s.T, err)
	return g
}

// Laps sets a player's trips round the board.
func (s *State[F]) Laps(seat, n int) *State[F] { s.Player(seat)["laps"] = n; return s }

// News switches the Tech News deck on (G001-07).
func (s *State[F]) News() *State[F] {
	setup := s.M["setup"].(map[string]any)
	opts, _ := setup["options"].(map[string]any)
	if opts == nil {
		opts = map[string]any{}
	}
	opts["techNewsDeck"] = "on"
	setup["options"] = opts
	return s
}

// At puts seat's token on cell c.
func (s *State[F]) At(seat, c int) *State[F] { s.Player(seat)["pos"] = c; return s }

// Buying opens the active player's buy decision on the cell its token
// stands on.
func (s *State[F]) Buying() *State[F] { s.M["phase"] = 1; return s }

// Fixture restores the edited state behind a renderer for viewer.
func (s *State[F]) Fixture(viewer int, noColor bool) F {
	return s.fixture(s.Game(), s.Def.Info(), viewer, noColor)
}

// TPBoard is a Technopoly position for the screen tests: ada (seat 1)
// owns the whole EdTech field staffed 2/2/1 and Glens Hosting, bob (seat
// 2) owns Harbour Cloud and the AgriTech field with three developers and a
// CTO on each; ada has been round the board twice, bob once.
func TPBoard[F any](t testing.TB, cash int64, mk Fixture[F]) *State[F] {
	t.Helper()
	return NewTP(t, 3, cash, mk).
		Own(0, TPLearnLoop, TPQuizForge, TPTutorNest).Level(2, TPLearnLoop, TPQuizForge).Level(1, TPTutorNest).
		Own(0, TPGlensHosting).Own(1, TPHarbourCloud).
		Own(1, TPFieldSense, TPHerdTrack).Level(4, TPFieldSense, TPHerdTrack).
		Laps(0, 2).Laps(1, 1).TurnTo(0)
}
