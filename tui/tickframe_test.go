package tui_test

import (
	"context"
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/stretchr/testify/require"

	"boardroom/engine"
	"boardroom/tui"
)

// TestFrameAfterATickIsTheWholeFrame: a frame that only countdown ticks
// separate from the last one is the last frame with its prompt line drawn
// again (tickframe.go); it must be byte for byte the frame a whole drawing
// gives at that moment. Random play, keys and clock steps in each of the
// five games, at 80x24 and 160x50; the seed of each run is logged.
func TestFrameAfterATickIsTheWholeFrame(t *testing.T) {
	ctx := context.Background()
	keys := []tea.KeyMsg{{Type: tea.KeyDown}, {Type: tea.KeyUp}, {Type: tea.KeyLeft}, {Type: tea.KeyRight},
		{Type: tea.KeyEsc}, {Type: tea.KeyTab}, {Type: tea.KeyRunes, Runes: []rune("L")}}
	for _, def := range fiveGames() {
		for _, size := range [][2]int{{80, 24}, {160, 50}} {
			seed := uint64(time.Now().UnixNano())
			t.Run(def.Info().ID, func(t *testing.T) {
				t.Logf("seed %d, %dx%d", seed, size[0], size[1])
				rng := rand.New(rand.NewPCG(seed, 1))
				s := startGame(t, def, size[0], size[1], false, 0)
				m := s.m.(*tui.Model)
				ticked, answered := 0, 0
				last := m.View()
				for step := range 120 {
					switch r := rng.IntN(10); {
					case r < 5: // ticks, a second or so apart
						for range 1 + rng.IntN(3) {
							s.now = s.now.Add(time.Duration(500+rng.IntN(1000)) * time.Millisecond)
							tui.TickForTest(m)
						}
						ticked++
					case r < 7:
						s.press(keys[rng.IntN(len(keys))])
					default: // someone whose move it is moves
						actRandomly(t, ctx, s, rng)
						tui.ReloadGameForTest(m)
					}
					if row, line, ok := m.TickLine(); ok {
						// The one line a screen rewrites: with it, the last
						// frame is the whole frame.
						lines := strings.Split(last, "\n")
						lines[row] = line
						require.Equal(t, tui.WholeViewForTest(m), strings.Join(lines, "\n"), "step %d (seed %d)", step, seed)
					}
					before := tui.TicksAnsweredForTest(m)
					got := m.View()
					last = got
					if tui.TicksAnsweredForTest(m) > before {
						answered++
					}
					require.Equal(t, tui.WholeViewForTest(m), got, "step %d (seed %d)", step, seed)
				}
				require.Positive(t, ticked)
				if def.Info().ID == "unipoly" {
					// Unipoly's board reads no clock: its ticks are answered
					// from the kept frame (a takeover's countdown in
					// Technopoly makes its frame be drawn whole).
					require.Positive(t, answered, "ticks answered from the kept frame")
				}
			})
		}
	}
}

// actRandomly makes a random legal move (not a resignation) for ada or
// bob, whichever the game awaits.
func actRandomly(t *testing.T, ctx context.Context, s *gameSession, rng *rand.Rand) {
	t.Helper()
	for _, acc := range rng.Perm(2) {
		who := s.ada
		if acc == 1 {
			who = s.bob
		}
		gs, err := s.svc.GameState(ctx, who, s.tb.ID)
		require.NoError(t, err)
		if gs.Outcome.Finished || gs.Seat < 0 || !gs.Prompt.Awaits(gs.Seat) {
			continue
		}
		var moves []engine.Action
		for _, a := range gs.Legal {
			if a.Kind() != "resign" {
				moves = append(moves, a)
			}
		}
		if len(moves) == 0 {
			continue
		}
		_ = s.svc.Act(ctx, who, s.tb.ID, gs.Version, moves[rng.IntN(len(moves))]) // a refusal is a frame too
		return
	}
}

// clockRenderer is a game renderer whose board shows the session's clock,
// as a takeover's countdown does in Technopoly.
type clockRenderer struct {
	tui.GameRenderer
	now func() time.Time
}

func (r clockRenderer) View(w, h int) string {
	return tui.Block(r.now().Format("15:04:05.000")+"\n"+r.GameRenderer.View(w, h-1), w, h)
}

// TestFrameThatReadsTheClockIsDrawnWholeOnATick: a board that reads the
// clock is drawn again on each tick, not taken from the kept frame.
func TestFrameThatReadsTheClockIsDrawnWholeOnATick(t *testing.T) {
	s := startGame(t, fiveGames()[0], 80, 24, false, 0)
	s.m = tui.New(tui.Options{API: s.svc, Results: s.svc, Fingerprint: s.ada.Fingerprint, Width: 80, Height: 24,
		NoColor: true, Now: func() time.Time { return s.now },
		Renderers: map[string]tui.RendererFactory{"unipoly": func(ctx tui.RenderContext) tui.GameRenderer {
			return clockRenderer{GameRenderer: tui.NewGeneric(ctx), now: ctx.Now}
		}}})
	s.m.Update(s.m.(interface{ Init() tea.Cmd }).Init()())
	m := s.m.(*tui.Model)
	require.Contains(t, s.view(), "12:00:00.000")
	for range 3 {
		s.now = s.now.Add(time.Second)
		tui.TickForTest(m)
		v := s.view()
		require.Contains(t, v, s.now.Format("15:04:05.000"), "the board's clock on the frame after a tick")
		require.Zero(t, tui.TicksAnsweredForTest(m))
	}
}
