package tui

import (
	"strconv"
	"strings"

	"github.com/charmbracelet/lipgloss"
	"github.com/charmbracelet/x/ansi"
)

// Size limits of the terminal.
const (
	MinWidth  = 80
	MinHeight = 24
	MaxWidth  = 400
	MaxHeight = 200
)

// TooSmall is the message shown when the terminal is below MinWidth x MinHeight.
func TooSmall(w, h int) string {
	return "Terminal too small: 80x24 needed, you have " + itoa(w) + "x" + itoa(h)
}

func itoa(n int) string { return strconv.Itoa(n) }

// Fit cuts a (possibly styled) string to at most w cells, marking the cut
// with tail.
func Fit(s string, w int, tail string) string {
	if w <= 0 {
		return ""
	}
	if ansi.StringWidth(s) <= w {
		return s
	}
	return ansi.Truncate(s, w, tail)
}

// Block makes s exactly w cells wide and h lines high: longer lines are
// cut, shorter ones padded, missing lines added, extra lines dropped.
func Block(s string, w, h int) string {
	if w <= 0 || h <= 0 {
		return ""
	}
	lines := strings.Split(s, "\n")
	if len(lines) > h {
		lines = lines[:h]
	}
	var b strings.Builder
	for i := 0; i < h; i++ {
		line := ""
		if i < len(lines) {
			line = Fit(lines[i], w, "")
		}
		b.WriteString(line)
		if pad := w - ansi.StringWidth(line); pad > 0 {
			b.WriteString(strings.Repeat(" ", pad))
		}
		if i < h-1 {
			b.WriteByte('\n')
		}
	}
	return b.String()
}

// Wrap word-wraps plain text to width w.
func Wrap(s string, w int) string {
	if w <= 0 {
		return s
	}
	return ansi.Wrap(s, w, "")
}

// PanelInner is the content width of a panel of outer width w (a border
// and one space of padding on each side).
func PanelInner(w int) int { return w - 4 }

// Panel draws content in a bordered box of outer size w x h with a title
// in its top border. The content area is PanelInner(w) x h-2.
func (t *Theme) Panel(title, content string, w, h int, focused bool) string {
	if w < 6 || h < 3 {
		return Block(content, w, h)
	}
	st := t.Box
	if focused {
		st = t.Focus
	}
	inner := Block(content, w-4, h-2)
	out := st.Padding(0, 1).Render(inner)
	if title == "" {
		return out
	}
	// Put the title into the top border line.
	lines := strings.Split(out, "\n")
	b := st.GetBorderStyle()
	label := " " + Fit(title, w-6, t.Ellip) + " "
	styledLabel := t.Bold.Render(label)
	if focused {
		styledLabel = t.Accent.Render(label)
	}
	fill := w - 3 - ansi.StringWidth(label)
	if fill < 0 {
		fill = 0
	}
	borderStyle := t.Renderer.NewStyle().Foreground(st.GetBorderTopForeground())
	if t.NoColor {
		borderStyle = t.Renderer.NewStyle()
	}
	lines[0] = borderStyle.Render(b.TopLeft+b.Top) + styledLabel + borderStyle.Render(strings.Repeat(b.Top, fill)+b.TopRight)
	return strings.Join(lines, "\n")
}

// HJoin places blocks side by side.
func HJoin(blocks ...string) string { return lipgloss.JoinHorizontal(lipgloss.Top, blocks...) }

// VJoin stacks blocks.
func VJoin(blocks ...string) string { return lipgloss.JoinVertical(lipgloss.Left, blocks...) }

// clamp keeps v inside [lo, hi].
func clamp(v, lo, hi int) int {
	if v < lo {
		return lo
	}
	if v > hi {
		return hi
	}
	return v
}
