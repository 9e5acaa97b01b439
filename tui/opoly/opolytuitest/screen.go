package opolytuitest

import (
	"strings"
	"testing"

	xansi "github.com/charmbracelet/x/ansi"
	"github.com/stretchr/testify/require"

	"boardroom/tui/tuitest"
)

// Text is the renderer's panes at full width (the narrow layout), with
// every run of spaces and line ends made one space, for looking up
// sentences that the panes wrap. It draws both play areas first: every
// dialog fits both.
func Text(f *tuitest.Fixture) string {
	f.T.Helper()
	f.Render(tuitest.SmallW, tuitest.SmallH)
	f.Render(tuitest.LargeW, tuitest.LargeH)
	return strings.Join(strings.Fields(f.Plain(78, 30)), " ")
}

// Frames renders the screen at 80x24's and 160x50's play areas without
// colour (the fixtures are NO_COLOR) and returns, for each, the text of
// the panes and dialogs alone (the board's cells cut away: area is where
// the renderer draws them, opoly.Renderer.PaneArea), with runs of spaces
// made one, for looking up wrapped sentences.
func Frames(t *testing.T, f *tuitest.Fixture, area func(w, h int) (x0, x1, y0, y1 int)) []string {
	t.Helper()
	var out []string
	for _, s := range [][2]int{{tuitest.SmallW, tuitest.SmallH}, {tuitest.LargeW, tuitest.LargeH}} {
		raw := f.Render(s[0], s[1])
		require.False(t, tuitest.HasColour(raw), "NO_COLOR at %dx%d", s[0], s[1])
		lines := strings.Split(xansi.Strip(raw), "\n")
		x0, x1, y0, y1 := area(s[0], s[1])
		var b strings.Builder
		for _, l := range lines[y0:y1] {
			b.WriteString(xansi.Cut(l, x0, x1) + " ")
		}
		b.WriteString(lines[len(lines)-1]) // the action bar
		out = append(out, strings.Join(strings.Fields(b.String()), " "))
	}
	return out
}
