package opoly

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"boardroom/engine"
	"boardroom/engine/opoly/projectopoly"
)

// ppState is a Projectopoly snapshot decoded for editing in tests: the
// cells, the players' cash and positions, whose turn it is. done() sets
// the bank's flows so that money stays conserved, and restores the game
// (which checks every invariant).
type ppState struct {
	t   testing.TB
	m   map[string]any
	def engine.Definition // the variant (Projectopoly, or Technopoly: tp_helpers_test.go)
}

// newPPState starts a Projectopoly game of n PMs and clears its board:
// every asset with FICO, every PM on Go! with cash.
func newPPState(t testing.TB, n int, cash int64) *ppState {
	t.Helper()
	return newEditState(t, projectopoly.Definition{}, n, cash)
}

// newEditState starts a game of def with n players and clears its board.
func newEditState(t testing.TB, def engine.Definition, n int, cash int64) *ppState {
	t.Helper()
	g, err := def.New(engine.Setup{Seats: n, Seed: 5})
	require.NoError(t, err)
	data, err := g.Snapshot()
	require.NoError(t, err)
	s := &ppState{t: t, def: def}
	require.NoError(t, json.Unmarshal(data, &s.m))
	for _, c := range s.cells() {
		cm := c.(map[string]any)
		clear(cm)
		cm["owner"] = -1
	}
	for i := range s.players() {
		s.cash(i, cash)
		s.player(i)["pos"] = 0
	}
	return s
}

func (s *ppState) cells() []any   { return s.m["cells"].([]any) }
func (s *ppState) players() []any { return s.m["players"].([]any) }
func (s *ppState) cell(c int) map[string]any {
	return s.cells()[c].(map[string]any)
}
func (s *ppState) player(i int) map[string]any { return s.players()[i].(map[string]any) }

func (s *ppState) own(seat int, cells ...int) *ppState {
	for _, c := range cells {
		s.cell(c)["owner"] = seat
	}
	return s
}

func (s *ppState) level(l int, cells ...int) *ppState {
	for _, c := range cells {
		s.cell(c)["level"] = l
	}
	return s
}

func (s *ppState) extend(cells ...int) *ppState {
	for _, c := range cells {
		s.cell(c)["mortgaged"] = true
	}
	return s
}

func (s *ppState) cash(seat int, x int64) *ppState { s.player(seat)["cash"] = x; return s }

// wfa puts seat in WFA with turns failed turns there.
func (s *ppState) wfa(seat, turns int) *ppState {
	p := s.player(seat)
	p["pos"], p["jailed"], p["jail_turns"] = projectopoly.WFACell, true, turns
	return s
}

// turnTo makes it seat's turn, before rolling.
func (s *ppState) turnTo(seat int) *ppState {
	for i, o := range s.m["order"].([]any) {
		if int(o.(float64)) == seat {
			s.m["turn"] = i
		}
	}
	s.m["phase"] = 0
	return s
}

// set sets a top-level field of the state (phase, queue, dice, ...).
func (s *ppState) set(k string, v any) *ppState { s.m[k] = v; return s }

// game restores the edited state.
func (s *ppState) game() engine.Game {
	s.t.Helper()
	var sum float64
	for i := range s.players() {
		switch x := s.player(i)["cash"].(type) {
		case float64:
			sum += x
		case int64:
			sum += float64(x)
		}
	}
	s.m["bank_out"] = sum + s.m["bank_in"].(float64)
	data, err := json.Marshal(s.m)
	require.NoError(s.t, err)
	g, err := s.def.Restore(data)
	require.NoError(s.t, err)
	return g
}

// fixture restores the edited state behind a renderer for viewer.
func (s *ppState) fixture(viewer int, noColor bool) *fixture {
	return fixtureOf(s.t, s.game(), s.def.Info(), viewer, noColor)
}

// Projectopoly cells the tests use (G000-02).
const (
	ppAgile     = 5
	ppIntranet  = 6
	ppTimesheet = 8
	ppPrinter   = 9
	ppWebsite   = 11
	ppDesk      = 12
	ppPortal    = 13
	ppStore     = 14
	ppField     = 16
	ppLoyalty   = 18
	ppBanking   = 19
	ppKPI       = 21
	ppWarehouse = 23
	ppCDP       = 24
	ppLegacy    = 1
	ppHelpDesk  = 3
)

// text is the renderer's panes at full width (the narrow layout), with
// every run of spaces and line ends made one space, for looking up
// sentences that the panes wrap.
func (f *fixture) text() string {
	f.T.Helper()
	f.Render(smallW, smallH) // every dialog fits both play areas
	f.Render(largeW, largeH)
	return strings.Join(strings.Fields(f.Plain(78, 30)), " ")
}

// pickCell moves the open pick list to cell c.
func (f *fixture) pickCell(c int) {
	f.T.Helper()
	require.Equal(f.T, modePick, f.r.mode)
	for i := range f.r.pick.cells {
		if f.r.pick.cells[f.r.pick.idx] == c {
			return
		}
		_ = i
		f.Key("down")
	}
	require.Failf(f.T, "not in the list", "cell %d not in %v", c, f.r.pick.cells)
}
