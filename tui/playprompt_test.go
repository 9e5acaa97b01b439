package tui

import (
	"io"
	"strings"
	"testing"

	"github.com/charmbracelet/lipgloss"
	"github.com/muesli/termenv"
	"github.com/stretchr/testify/require"

	"boardroom/engine"
)

// naivePromptRest is the prompt line's rest as it was drawn before the
// theme's marks: every styled word by lipgloss.
func naivePromptRest(m *Model) string {
	th := m.th
	gs := m.play.gs
	var parts []string
	if gs.Seat >= 0 && gs.Prompt.Awaits(gs.Seat) {
		parts = append(parts, th.Accent.Render("your move!"))
	}
	if gs.Prompt.Phase != "" {
		phase := phaseText(m.play.r, gs.Prompt.Phase)
		if gs.Prompt.Simultaneous {
			phase += " (everyone at once, in secret)"
		}
		parts = append(parts, phase)
	}
	var names []string
	for _, w := range gs.Prompt.Waiting {
		names = append(names, th.Seat(w.Seat).Render(m.seatLabel(w.Seat)))
	}
	if len(names) > 0 {
		parts = append(parts, "waiting on "+strings.Join(names, ", "))
	}
	return strings.Join(parts, th.Bullet)
}

func TestPromptRestAsLipglossDrawsIt(t *testing.T) {
	h := startPlaying(t, Options{}, "t")
	m := h.m
	var themes []*Theme
	for _, p := range []termenv.Profile{termenv.TrueColor, termenv.ANSI256, termenv.ANSI, termenv.Ascii} {
		for _, noColor := range []bool{false, true} {
			r := lipgloss.NewRenderer(io.Discard)
			r.SetColorProfile(p)
			themes = append(themes, NewTheme(r, noColor, p == termenv.Ascii))
		}
	}
	for i := range m.tab.t.Seats {
		m.tab.t.Seats[i].Handle = []string{"ada", "bo b", "ünï-cödé", "\x1b[31mred\tx"}[i%4]
	}
	gs := *m.play.gs // the screen's state is read only: a copy changed
	m.play.gs = &gs
	prompts := []engine.Prompt{
		{},
		{Phase: "roll"},
		{Phase: "auction", Simultaneous: true},
		{Waiting: []engine.Wait{{Seat: 1}}},
		{Phase: "debt", Waiting: []engine.Wait{{Seat: 0}}},
		{Phase: "bid", Simultaneous: true, Waiting: []engine.Wait{{Seat: 0}, {Seat: 1}, {Seat: 2}, {Seat: 9}}},
	}
	plain := 0
	for ti, th := range themes {
		m.th = th
		if len(th.marks.seats) > 0 {
			plain++
		}
		for _, seat := range []int{-1, 0, 2} {
			for pi, p := range prompts {
				m.play.gs.Seat, m.play.gs.Prompt = seat, p
				require.Equal(t, naivePromptRest(m), m.promptRest(), "theme %d, seat %d, prompt %d", ti, seat, pi)
			}
		}
	}
	require.GreaterOrEqual(t, plain, 5, "the marks serve the colour themes and plain text")
	require.Less(t, plain, len(themes), "and a theme whose seat styles underline is drawn by lipgloss")
}
