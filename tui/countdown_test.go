package tui_test

import (
	"context"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/charmbracelet/x/ansi"
	"github.com/stretchr/testify/require"

	"boardroom/engine/opoly/unipoly"
	"boardroom/tui"
	"boardroom/tui/tuitest"
)

// TestPromptFastAsDrawnWhole: the prompt line a tick puts together from
// its drawn parts (countdown.go) is byte for byte the line drawn whole,
// in colour, without colour and in ASCII, at widths that fit it and widths
// that cut it, for every second of the turn timer and past its end, as
// the game moves on. The fast path must have served most of the lines.
func TestPromptFastAsDrawnWhole(t *testing.T) {
	ctx := context.Background()
	themes := map[string]*tui.Theme{
		"colour":          tuitest.Theme(false, false),
		"no colour":       tuitest.Theme(true, false),
		"ascii":           tuitest.Theme(true, true),
		"colour in ascii": tuitest.Theme(false, true),
	}
	for name, th := range themes {
		t.Run(name, func(t *testing.T) {
			seed := uint64(time.Now().UnixNano())
			t.Logf("seed %d", seed)
			rng := rand.New(rand.NewPCG(seed, 2))
			s := startGame(t, unipoly.Definition{}, 80, 24, false, 0)
			m := tui.New(tui.Options{API: s.svc, Results: s.svc, Fingerprint: s.ada.Fingerprint, Width: 80, Height: 24,
				Theme: th, Renderers: allRenderers(), Now: func() time.Time { return s.now }}).(*tui.Model)
			m.Update(m.Init()())
			require.Contains(t, ansi.Strip(m.View()), "roll the dice")
			fast, whole := 0, 0
			for step := range 150 {
				if rng.IntN(8) == 0 {
					actRandomly(t, ctx, s, rng)
					tui.ReloadGameForTest(m)
				}
				// The lobby's clock stands at frameStart: every deadline is a
				// minute after it; the session's clock goes on to past it.
				s.now = frameStart.Add(time.Duration(rng.IntN(66_000)) * time.Millisecond)
				m.View()
				for _, w := range []int{12, 30, 45, 60, 80, 120, 200} {
					want := tui.PromptWholeForTest(m, w)
					if got, ok := tui.PromptFastForTest(m, w); ok {
						require.Equal(t, want, got, "step %d, width %d (seed %d)", step, w, seed)
						fast++
					} else {
						whole++
					}
				}
			}
			require.Greater(t, fast, whole, "lines the fast path served (%d drawn whole)", whole)
			require.Positive(t, whole, "some lines too narrow or past the deadline, drawn whole")
		})
	}
}

// TestTickLineAllocatesTheLineAlone: a tick's line, when the fast path
// covers it, costs the session one allocation (the line written), where
// drawing it whole took nine (issue 32: every seated screen draws one a
// second).
func TestTickLineAllocatesTheLineAlone(t *testing.T) {
	s := startGame(t, unipoly.Definition{}, 80, 24, false, 0)
	m := s.m.(*tui.Model)
	s.now = frameStart.Add(17 * time.Second)
	m.View()
	s.now = s.now.Add(time.Second)
	_, _, ok := m.TickLine()
	require.True(t, ok, "a frame only a tick separates from the last")
	require.LessOrEqual(t, testing.AllocsPerRun(100, func() { _, _, _ = m.TickLine() }), 1.0)
}
