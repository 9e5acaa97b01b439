package tui

import (
	"strconv"
	"strings"

	"github.com/charmbracelet/lipgloss"
	"github.com/charmbracelet/x/ansi"

	"boardroom/lobby/termtext"
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
	if cellWidth(s) <= w {
		return s
	}
	return ansi.Truncate(s, w, tail)
}

// FitWords is Fit that cuts between words: a line too wide for w cells
// ends with tail after the last whole word that fits (and no separator
// left hanging), never in the middle of a word ("(L to man"). A single
// word wider than w is cut as Fit cuts it.
func FitWords(s string, w int, tail string) string {
	if w <= 0 {
		return ""
	}
	if cellWidth(s) <= w {
		return s
	}
	cut := ansi.Strip(ansi.Truncate(s, max(w-ansi.StringWidth(tail), 0), ""))
	if next := []rune(ansi.Strip(s)[len(cut):]); len(next) > 0 && next[0] == ' ' {
		cut += " " // the cut fell between two words: keep the whole last word
	}
	i := strings.LastIndex(cut, " ")
	if i <= 0 {
		return ansi.Truncate(s, w, tail)
	}
	keep := strings.TrimRight(cut[:i], " •·|,;:-")
	if keep == "" {
		return ansi.Truncate(s, w, tail)
	}
	return ansi.Truncate(s, ansi.StringWidth(keep), "") + tail
}

// CellWidth is the cells s takes on a terminal (ansi.StringWidth, fast
// for the strings screens are mostly made of).
func CellWidth(s string) int { return cellWidth(s) }

// cellWidth is the cells s takes on a terminal, fast for what screens
// are mostly made of (termtext.Width).
func cellWidth(s string) int { return termtext.Width(s) }

// Block makes s exactly w cells wide and h lines high: longer lines are
// cut, shorter ones padded, missing lines added, extra lines dropped.
func Block(s string, w, h int) string {
	if w <= 0 || h <= 0 {
		return ""
	}
	// Most blocks are already w x h (a frame is joined from blocks): those
	// are returned as they are, measured but not copied.
	if blockShaped(s, w, h) {
		return s
	}
	var b strings.Builder
	b.Grow(len(s) + h + w)
	rest, i := s, 0
	for ; i < h && rest != ""; i++ {
		line := rest
		if j := strings.IndexByte(rest, '\n'); j >= 0 {
			line, rest = rest[:j], rest[j+1:]
		} else {
			rest = ""
		}
		line, lw := CutTo(line, w)
		if i > 0 {
			b.WriteByte('\n')
		}
		b.WriteString(line)
		writeSpaces(&b, w-lw)
	}
	for ; i < h; i++ { // missing lines
		if i > 0 {
			b.WriteByte('\n')
		}
		writeSpaces(&b, w)
	}
	return b.String()
}

// blockShaped reports s is h lines of exactly w cells each.
func blockShaped(s string, w, h int) bool {
	for i := 0; i < h; i++ {
		j := strings.IndexByte(s, '\n')
		if (j < 0) != (i == h-1) {
			return false
		}
		line := s
		if j >= 0 {
			line, s = s[:j], s[j+1:]
		}
		if cellWidth(line) != w {
			return false
		}
	}
	return true
}

// Wrap word-wraps plain text to width w.
func Wrap(s string, w int) string {
	if w <= 0 || fitsLine(s, w) {
		return s
	}
	return ansi.Wrap(s, w, "")
}

// AppendWrapped appends the lines of s word-wrapped to width w (as Wrap,
// then split at the line breaks) to dst. A line that fits is appended as
// it is: most lines of a frame do, and wrapping one copies it.
func AppendWrapped(dst []string, s string, w int) []string {
	if w <= 0 || fitsLine(s, w) {
		return append(dst, s)
	}
	return append(dst, strings.Split(ansi.Wrap(s, w, ""), "\n")...)
}

// WrappedCount is how many lines s takes word-wrapped to width w.
func WrappedCount(s string, w int) int {
	if w <= 0 || fitsLine(s, w) {
		return 1
	}
	return strings.Count(ansi.Wrap(s, w, ""), "\n") + 1
}

// fitsLine reports s is one line of at most w cells with no control
// character besides escape sequences' ESC: ansi.Wrap returns such a line
// unchanged (it breaks a line only past w cells; it counts a tab as one
// cell where the width counts none, hence no control characters).
func fitsLine(s string, w int) bool {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c < 0x20 && c != 0x1b || c == 0x7f {
			return false
		}
	}
	return cellWidth(s) <= w
}

// FitsLine is fitsLine for the game renderers' own wrapping (a line that
// fits is not wrapped).
func FitsLine(s string, w int) bool { return fitsLine(s, w) }

// PanelInner is the content width of a panel of outer width w (a border
// and one space of padding on each side).
func PanelInner(w int) int { return w - 4 }

// Panel draws content in a bordered box of outer size w x h with a title
// in its top border. The content area is PanelInner(w) x h-2. It draws the
// border from pieces the theme styled once (panelParts); lipgloss's own
// border rendering measured every line again on every frame.
func (t *Theme) Panel(title, content string, w, h int, focused bool) string {
	if w < 6 || h < 3 {
		return Block(content, w, h)
	}
	pp := &t.box
	if focused {
		pp = &t.focus
	}
	if !pp.ok {
		return t.lipglossPanel(title, content, w, h, focused)
	}
	inner := Block(content, w-4, h-2)
	var b strings.Builder
	b.Grow(len(inner) + h*(len(pp.left)+len(pp.right)+4) + 2*w*len(pp.b.Top) + 64)
	t.writePanelTop(&b, pp, title, w, focused)
	for line := range strings.SplitSeq(inner, "\n") {
		b.WriteByte('\n')
		pp.writeRow(&b, line, 0)
	}
	b.WriteByte('\n')
	pp.writeBottom(&b, w)
	return b.String()
}

// writePanelTop writes a panel's top border w cells wide, with the title
// in it (Panel's first line): the theme's, drawn once for its sessions
// (styling the title took a fifth of a strip's drawing).
func (t *Theme) writePanelTop(b *strings.Builder, pp *panelParts, title string, w int, focused bool) {
	if t.tops == nil {
		t.drawPanelTop(b, pp, title, w, focused)
		return
	}
	b.WriteString(t.tops.get(panelTopKey{title: title, w: w, focused: focused, pp: pp}, func() string {
		var top strings.Builder
		t.drawPanelTop(&top, pp, title, w, focused)
		return top.String()
	}))
}

// panelTopKey is what a panel's top border reads besides the theme.
type panelTopKey struct {
	title   string
	w       int
	focused bool
	pp      *panelParts // the theme's box or focus parts
}

// Bounds of a theme's panel tops: a few titles at a few widths.
const (
	panelTopEntries = 256
	panelTopBytes   = 256 << 10
)

func newPanelTops() *sharedCache[panelTopKey, string] {
	return newSharedCache[panelTopKey](panelTopEntries, panelTopBytes, func(s string) int { return len(s) })
}

// drawPanelTop writes a panel's top border (writePanelTop).
func (t *Theme) drawPanelTop(b *strings.Builder, pp *panelParts, title string, w int, focused bool) {
	b.WriteString(pp.on)
	b.WriteString(pp.b.TopLeft)
	fill := w - 2
	if title != "" {
		label := " " + Fit(title, w-6, t.Ellip) + " "
		b.WriteString(pp.b.Top)
		b.WriteString(pp.off)
		if focused {
			b.WriteString(t.Accent.Render(label))
		} else {
			b.WriteString(t.Bold.Render(label))
		}
		b.WriteString(pp.on)
		fill = max(w-3-ansi.StringWidth(label), 0)
	}
	for range fill {
		b.WriteString(pp.b.Top)
	}
	b.WriteString(pp.b.TopRight)
	b.WriteString(pp.off)
}

// writeRow writes a panel's row around line (PanelInner cells wide as
// given, or pad spaces short of it).
func (pp *panelParts) writeRow(b *strings.Builder, line string, pad int) {
	b.WriteString(pp.left)
	b.WriteByte(' ')
	b.WriteString(line)
	writeSpaces(b, pad)
	b.WriteByte(' ')
	b.WriteString(pp.right)
}

// writeBottom writes a panel's bottom border, w cells wide.
func (pp *panelParts) writeBottom(b *strings.Builder, w int) {
	b.WriteString(pp.on)
	b.WriteString(pp.b.BottomLeft)
	for range w - 2 {
		b.WriteString(pp.b.Bottom)
	}
	b.WriteString(pp.b.BottomRight)
	b.WriteString(pp.off)
}

// panelExact reports that Panel(_, _, w, h, focused) draws, whatever the
// title, content and focus, h lines of exactly w cells each (the border's
// pieces are one cell each, the title is fitted into the top border and
// the content into a Block of w-4 by h-2): a join of such a panel with
// others need not measure its lines again. False where Panel falls back
// to lipgloss (a theme not made by NewTheme) or to a bare Block.
func (t *Theme) panelExact(w, h int) bool {
	return w >= 6 && h >= 3 && t.box.ok && t.focus.ok
}

// panelParts are a panel border's pieces, styled once per theme.
type panelParts struct {
	ok          bool
	b           lipgloss.Border
	on, off     string // the border style's escape sequences around a run of border
	left, right string // styled side pieces
}

// newPanelParts styles the border of st, or leaves ok false when st's
// rendering cannot be split around its text.
func newPanelParts(st lipgloss.Style, r *lipgloss.Renderer, noColor bool) panelParts {
	b := st.GetBorderStyle()
	bs := r.NewStyle().Foreground(st.GetBorderTopForeground())
	if noColor {
		bs = r.NewStyle()
	}
	const mark = "X"
	on, off, found := strings.Cut(bs.Render(mark), mark)
	if !found || b.Left == "" || b.Right == "" || b.Top == "" || b.Bottom == "" {
		return panelParts{}
	}
	return panelParts{ok: true, b: b, on: on, off: off, left: on + b.Left + off, right: on + b.Right + off}
}

// lipglossPanel is Panel drawn by lipgloss (a theme made without NewTheme).
func (t *Theme) lipglossPanel(title, content string, w, h int, focused bool) string {
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

// HJoin places blocks side by side, tops aligned: the output of
// lipgloss.JoinHorizontal(lipgloss.Top, ...), byte for byte. It measures
// each line once with cellWidth; lipgloss measured every line twice with
// ansi.StringWidth, a tenth of a play frame's cost.
func HJoin(blocks ...string) string {
	switch len(blocks) {
	case 0:
		return ""
	case 1:
		return blocks[0]
	}
	lines := make([][]string, len(blocks))
	widths := make([][]int, len(blocks))
	maxW := make([]int, len(blocks))
	height, size := 0, 0
	for i, s := range blocks {
		lines[i] = strings.Split(s, "\n")
		widths[i] = make([]int, len(lines[i]))
		for j, l := range lines[i] {
			widths[i][j] = cellWidth(l)
			maxW[i] = max(maxW[i], widths[i][j])
		}
		height = max(height, len(lines[i]))
		size += len(s)
	}
	var b strings.Builder
	b.Grow(size + height*(len(blocks)+1))
	for r := range height {
		for i := range blocks {
			w := 0
			if r < len(lines[i]) {
				b.WriteString(lines[i][r])
				w = widths[i][r]
			}
			writeSpaces(&b, maxW[i]-w)
		}
		if r < height-1 {
			b.WriteByte('\n')
		}
	}
	return b.String()
}

// VJoin stacks blocks, left aligned, padding lines to the widest: the
// output of lipgloss.JoinVertical(lipgloss.Left, ...), byte for byte, with
// each line measured once by cellWidth. Blocks of one width (the usual
// case: panels drawn to size) are joined as they are.
func VJoin(blocks ...string) string {
	switch len(blocks) {
	case 0:
		return ""
	case 1:
		return blocks[0]
	}
	var all []string
	var widths []int
	maxW, same := -1, true
	for _, s := range blocks {
		for l := range strings.SplitSeq(s, "\n") {
			w := cellWidth(l)
			if maxW >= 0 && w != maxW {
				same = false
			}
			maxW = max(maxW, w)
			all = append(all, l)
			widths = append(widths, w)
		}
	}
	if same {
		return strings.Join(blocks, "\n")
	}
	var b strings.Builder
	for i, l := range all {
		b.WriteString(l)
		writeSpaces(&b, maxW-widths[i])
		if i < len(all)-1 {
			b.WriteByte('\n')
		}
	}
	return b.String()
}

// writeSpaces writes n spaces (none when n < 1).
func writeSpaces(b *strings.Builder, n int) {
	const spaces = "                                                                "
	for n > 0 {
		k := min(n, len(spaces))
		b.WriteString(spaces[:k])
		n -= k
	}
}

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
