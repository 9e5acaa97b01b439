package tui

import (
	"io"
	"strings"
	"testing"

	"github.com/charmbracelet/lipgloss"
	"github.com/charmbracelet/x/ansi"
	"github.com/muesli/termenv"
	"github.com/stretchr/testify/require"
)

// panelThemes are the theme kinds a panel is drawn in: colour, none, ASCII.
var panelThemes = []struct {
	name           string
	profile        termenv.Profile
	noColor, ascii bool
}{
	{"256 colours", termenv.ANSI256, false, false},
	{"no colour", termenv.Ascii, true, false},
	{"ascii", termenv.ANSI, false, true},
}

// TestPanelMatchesLipgloss: the hand-drawn border is the one lipgloss
// draws, in colour and without, focused or not, with and without a title.
func TestPanelMatchesLipgloss(t *testing.T) {
	for _, tc := range panelThemes {
		t.Run(tc.name, func(t *testing.T) {
			r := lipgloss.NewRenderer(io.Discard)
			r.SetColorProfile(tc.profile)
			th := NewTheme(r, tc.noColor, tc.ascii)
			require.True(t, th.box.ok)
			require.True(t, th.focus.ok)
			content := th.Bold.Render("bold") + " plain\nsecond line that is far too long for the panel\n\nä wide ünïcode"
			for _, title := range []string{"", "Log", "A title much longer than the panel is wide"} {
				for _, focused := range []bool{false, true} {
					for _, size := range [][2]int{{6, 3}, {20, 5}, {41, 9}} {
						got := th.Panel(title, content, size[0], size[1], focused)
						want := th.lipglossPanel(title, content, size[0], size[1], focused)
						require.Equal(t, ansi.Strip(want), ansi.Strip(got), "%q %v %v", title, focused, size)
						require.Equal(t, want, got, "%q %v %v", title, focused, size)
					}
				}
			}
		})
	}
}

// TestCellWidth: the fast path agrees with ansi.StringWidth.
func TestCellWidth(t *testing.T) {
	r := lipgloss.NewRenderer(io.Discard)
	r.SetColorProfile(termenv.ANSI256)
	th := NewTheme(r, false, false)
	for _, s := range []string{
		"", "plain", th.Bold.Render("bold") + " · x…", "╭─ Log ──╮", "£5,000 — “quoted” ‘x’ • ▌█",
		"ünïcödé Ærø", "漢字", "e\u0301", "👍🏽 emoji", "\x1b]8;;http://x\x1b\\link\x1b]8;;\x1b\\", "tab\there",
		"\x1b[1;38;5;12mkey\x1b[0m", "soft\u00adhyphen", "\x1b[2Kerase",
	} {
		require.Equal(t, ansi.StringWidth(s), cellWidth(s), "%q", s)
	}
}

// TestJoinsMatchLipgloss: HJoin and VJoin give lipgloss's joins byte for
// byte: equal and unequal widths and heights, styled and wide text, empty
// blocks and lines.
func TestJoinsMatchLipgloss(t *testing.T) {
	r := lipgloss.NewRenderer(io.Discard)
	r.SetColorProfile(termenv.ANSI256)
	th := NewTheme(r, false, false)
	blocks := []string{
		"", "x", "abc\nde\n", Block("board", 12, 3), Block("log", 12, 5),
		th.Panel("Log", th.Bold.Render("bold")+" line\nnext", 20, 4, false),
		"漢字 wide\nä\n\nlong line with " + th.Accent.Render("colour") + " and more",
		"tab\there\ne\u0301", strings.Repeat("-", 100),
	}
	for i, a := range blocks {
		for j, b := range blocks {
			require.Equal(t, lipgloss.JoinHorizontal(lipgloss.Top, a, b), HJoin(a, b), "%d %d", i, j)
			require.Equal(t, lipgloss.JoinVertical(lipgloss.Left, a, b), VJoin(a, b), "%d %d", i, j)
			c := blocks[(i+j)%len(blocks)]
			require.Equal(t, lipgloss.JoinHorizontal(lipgloss.Top, a, c, b), HJoin(a, c, b), "%d %d", i, j)
			require.Equal(t, lipgloss.JoinVertical(lipgloss.Left, a, c, b), VJoin(a, c, b), "%d %d", i, j)
		}
		require.Equal(t, a, HJoin(a))
		require.Equal(t, a, VJoin(a))
	}
	require.Empty(t, HJoin())
	require.Empty(t, VJoin())
}

// TestPanelExactAsDrawn: where panelExact says a panel is drawn exactly
// w x h, every line of it is w cells (the joins of the play screen take
// its width without measuring it), whatever the title, content, focus
// and theme; it says so for no size where that is not true of Panel.
func TestPanelExactAsDrawn(t *testing.T) {
	contents := []string{"", "plain", "漢字 wide 👍🏽 and e\u0301", "a line far too long for any of the panels drawn here, and more\n\n\nx\ny\nz\nw\nv",
		"\x1b[1mbold\x1b[0m\ttab\x1b]8;;http://x\x1b\\link\x1b]8;;\x1b\\"}
	titles := []string{"", "Log", "Chat · tab to chat, a title longer than the panel", "漢字の題"}
	for _, tc := range panelThemes {
		t.Run(tc.name, func(t *testing.T) {
			r := lipgloss.NewRenderer(io.Discard)
			r.SetColorProfile(tc.profile)
			th := NewTheme(r, tc.noColor, tc.ascii)
			exact := 0
			for w := 0; w <= 48; w++ {
				for h := 0; h <= 9; h++ {
					if !th.panelExact(w, h) {
						continue
					}
					exact++
					for _, title := range titles {
						for _, content := range contents {
							for _, focused := range []bool{false, true} {
								lines := strings.Split(th.Panel(title, content, w, h, focused), "\n")
								require.Len(t, lines, h, "%dx%d %q %q", w, h, title, content)
								for _, l := range lines {
									require.Equal(t, w, ansi.StringWidth(l), "%dx%d %q %q: %q", w, h, title, content, l)
								}
							}
						}
					}
				}
			}
			require.Equal(t, 43*7, exact, "every size from 6x3 up")
			require.False(t, (&Theme{}).panelExact(40, 10), "a theme not made by NewTheme draws with lipgloss")
		})
	}
}
