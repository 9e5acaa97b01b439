package tui_test

import (
	"context"
	"math/rand/v2"
	"strings"
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

// TestBystandersSeeTheCountdownInSteps: the seat the game waits on sees
// its minute to the second; the other seat sees it in steps of five
// seconds, rounded up, and to the second in the last ten.
func TestBystandersSeeTheCountdownInSteps(t *testing.T) {
	s := startGame(t, unipoly.Definition{}, 80, 24, false, 0)
	ada := s.m.(*tui.Model)
	bob := tui.New(tui.Options{API: s.svc, Results: s.svc, Fingerprint: s.bob.Fingerprint, Width: 80, Height: 24,
		NoColor: true, Renderers: allRenderers(), Now: func() time.Time { return s.now }}).(*tui.Model)
	bob.Update(bob.Init()())
	prompt := func(m *tui.Model) string { return strings.Split(ansi.Strip(m.View()), "\n")[2] }
	require.Contains(t, prompt(bob), "your move!", "bob moves first at this seed")
	require.NotContains(t, prompt(ada), "your move!")
	for _, c := range []struct {
		at        time.Duration // since the turn began (its minute ends at 60 s)
		mover     string
		bystander string
	}{
		{0, "1:00 left", "1:00 left"},
		{1500 * time.Millisecond, "0:59 left", "1:00 left"},
		{4 * time.Second, "0:56 left", "1:00 left"},
		{5 * time.Second, "0:55 left", "0:55 left"},
		{5200 * time.Millisecond, "0:55 left", "0:55 left"},
		{6 * time.Second, "0:54 left", "0:55 left"},
		{44 * time.Second, "0:16 left", "0:20 left"},
		{46 * time.Second, "0:14 left", "0:15 left"},
		{49500 * time.Millisecond, "0:11 left", "0:15 left"},
		{50 * time.Second, "0:10 left", "0:10 left"},
		{53 * time.Second, "0:07 left", "0:07 left"},
		{59500 * time.Millisecond, "0:01 left", "0:01 left"},
	} {
		s.now = frameStart.Add(c.at)
		require.True(t, strings.HasPrefix(prompt(bob), c.mover), "the mover at %v: %q", c.at, prompt(bob))
		require.True(t, strings.HasPrefix(prompt(ada), c.bystander), "the bystander at %v: %q", c.at, prompt(ada))
	}
}
