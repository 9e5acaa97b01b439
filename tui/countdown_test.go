package tui_test

import (
	"context"
	"math/rand/v2"
	"regexp"
	"strings"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"
	"github.com/stretchr/testify/require"

	"boardroom/engine"
	"boardroom/engine/opoly/unipoly"
	"boardroom/tui"
	"boardroom/tui/tuitest"
)

// TestPromptFastAsDrawnWhole: the prompt line a tick puts together from
// its drawn parts (countdown.go) is byte for byte the line drawn whole,
// in colour, without colour and in ASCII, at widths that fit it and widths
// that cut it, for every second of the turn timer and past its end, as
// the game moves on. The fast path must serve every line that shows a
// countdown and fits its width; it may leave the others (cut lines, a
// deadline passed or none) to the whole drawing. Which lines those are
// follows the random game: a sealed-bid auction's deadline comes before
// the turn's minute, and a game stuck in one past it shows "time is up"
// from then on, so a count of fast lines against whole ones is no test.
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
				full := strings.TrimRight(ansi.Strip(tui.PromptWholeForTest(m, 1000)), " ")
				counting := countdownShown.MatchString(full)
				for _, w := range []int{12, 30, 45, 60, 80, 120, 200} {
					want := tui.PromptWholeForTest(m, w)
					if got, ok := tui.PromptFastForTest(m, w); ok {
						require.Equal(t, want, got, "step %d, width %d (seed %d)", step, w, seed)
						fast++
					} else {
						require.False(t, counting && ansi.StringWidth(full) <= w,
							"step %d, width %d (seed %d): a line with a countdown that fits drawn whole: %q", step, w, seed, full)
						whole++
					}
				}
			}
			require.Positive(t, fast, "lines the fast path served")
			require.Positive(t, whole, "some lines too narrow or past the deadline, drawn whole")
		})
	}
}

// countdownShown finds the turn timer's countdown in a prompt line.
var countdownShown = regexp.MustCompile(`\b\d+:\d\d left\b`)

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

// TestBystandersTickWhenTheirCountdownChanges: the mover's session ticks
// every second; a bystander's, whose countdown steps by five seconds,
// ticks when its step changes (and every second in the last ten), and no
// change of what it shows falls between two ticks. A bystander who
// becomes the mover while a long tick waits gets a tick within a second.
func TestBystandersTickWhenTheirCountdownChanges(t *testing.T) {
	s := startGame(t, unipoly.Definition{}, 80, 24, false, 0)
	type post struct {
		d   time.Duration
		msg tea.Msg
	}
	session := func(fp string) (*tui.Model, *[]post) {
		var ps []post
		m := tui.New(tui.Options{API: s.svc, Results: s.svc, Fingerprint: fp, Width: 80, Height: 24, NoColor: true,
			Renderers: allRenderers(), Now: func() time.Time { return s.now },
			PostAfter: func(d time.Duration, msg tea.Msg) { ps = append(ps, post{d, msg}) }}).(*tui.Model)
		m.Update(m.Init()())
		return m, &ps
	}
	prompt := func(m *tui.Model) string { return strings.Split(ansi.Strip(m.View()), "\n")[2] }
	follow := func(m *tui.Model, ps *[]post) []time.Duration {
		t.Helper()
		s.now = frameStart
		var ds []time.Duration
		for len(*ps) > 0 && len(ds) < 100 {
			shown := prompt(m)
			p := (*ps)[len(*ps)-1]
			*ps = (*ps)[:0]
			ds = append(ds, p.d)
			s.now = s.now.Add(p.d - time.Millisecond)
			require.Equal(t, shown, prompt(m), "what the screen shows changed before the tick at %v", s.now.Sub(frameStart))
			s.now = s.now.Add(time.Millisecond)
			m.Update(p.msg)
		}
		return ds
	}
	sec := time.Second
	bob, bobTicks := session(s.bob.Fingerprint)
	require.Contains(t, prompt(bob), "your move!", "bob moves first at this seed")
	ds := follow(bob, bobTicks)
	require.Len(t, ds, 60, "the mover: a tick a second")
	for _, d := range ds {
		require.Equal(t, sec, d)
	}
	s.now = frameStart
	ada, adaTicks := session(s.ada.Fingerprint)
	want := []time.Duration{sec, 4 * sec}
	for range 9 {
		want = append(want, 5*sec)
	}
	for range 10 {
		want = append(want, sec)
	}
	require.Equal(t, want, follow(ada, adaTicks), "the bystander: 21 ticks, not 60")

	// ada waits for a five-second tick when bob ends his turn
	s.now = frameStart
	ada.View()
	tui.TickForTest(ada)
	require.Equal(t, 5*sec, (*adaTicks)[len(*adaTicks)-1].d)
	ctx := context.Background()
	for i := 0; !strings.Contains(prompt(ada), "your move!"); i++ {
		require.Less(t, i, 20, "ada's turn comes")
		gs, err := s.svc.GameState(ctx, s.bob, s.tb.ID)
		require.NoError(t, err)
		var a engine.Action
		for _, kind := range []string{"end_turn", "roll", "decline", "pay_jail_fee"} {
			for _, l := range gs.Legal {
				if a == nil && l.Kind() == kind {
					a = l
				}
			}
		}
		require.NotNil(t, a, "a move for bob: %+v", gs.Prompt)
		require.NoError(t, s.svc.Act(ctx, s.bob, s.tb.ID, gs.Version, a))
		tui.WakeForTest(ada)
	}
	require.Equal(t, sec, (*adaTicks)[len(*adaTicks)-1].d, "the mover's ticks again")
}
