package opoly

import (
	"strconv"
	"strings"

	"boardroom/tui"
)

// writeFitted writes line into b made exactly w cells wide, as
// tui.FitLines makes each of its lines: cut when longer, padded with
// spaces when shorter.
func writeFitted(b *strings.Builder, line string, w int) {
	line, lw := tui.CutTo(line, w)
	pad := w - lw
	b.WriteString(line)
	if pad > 0 {
		b.WriteString(tui.Spaces(pad))
	}
}

// rowText is a frame's rows written into the renderer's scratch buffer
// (compactView) and handed to tui.Theme.SharedRows, which copies only the
// rows no session of the theme drew a moment ago: the board was a new
// string of the whole area each frame (issue 32).
type rowText struct{ b []byte }

func (t *rowText) WriteString(s string) { t.b = append(t.b, s...) }
func (t *rowText) byte(c byte)          { t.b = append(t.b, c) }
func (t *rowText) Len() int             { return len(t.b) }

// fitted writes line made exactly w cells wide, as writeFitted does.
func (t *rowText) fitted(line string, w int) {
	line, lw := tui.CutTo(line, w)
	pad := w - lw
	t.WriteString(line)
	if pad > 0 {
		t.WriteString(tui.Spaces(pad))
	}
}

// fitted is line made exactly w cells wide (writeFitted's line alone).
func fitted(line string, w int) string { return tui.FitLines([]string{line}, w, 1)[0] }

// textBuf writes a pane's lines piece by piece into one buffer of the
// renderer's: the card's lines were a string each, made of concatenations
// and styled pieces (a string each again). lines makes the buffer one
// string and hands out its lines as parts of it; the buffer is written
// again for the next pane, never handed out.
type textBuf struct {
	b    []byte
	ends []int // where each line ends in b
}

// reset empties the buffer for a new pane.
func (t *textBuf) reset() { t.b, t.ends = t.b[:0], t.ends[:0] }

// str writes pieces of plain text.
func (t *textBuf) str(ss ...string) {
	for _, s := range ss {
		t.b = append(t.b, s...)
	}
}

// int writes n in decimal.
func (t *textBuf) int(n int64) { t.b = strconv.AppendInt(t.b, n, 10) }

// paint writes pieces in style p (as p.Render of them joined).
func (t *textBuf) paint(p paint, ss ...string) {
	t.b = append(t.b, p.pre...)
	t.str(ss...)
	t.b = append(t.b, p.post...)
}

// capital writes s with its first byte upper case (capital(s)).
func (t *textBuf) capital(s string) {
	switch {
	case s == "":
		return
	case s[0] >= 'a' && s[0] <= 'z':
		t.b = append(t.b, s[0]-'a'+'A')
	case s[0] < 0x80:
		t.b = append(t.b, s[0])
	default:
		t.b = append(t.b, strings.ToUpper(s[:1])...) // as capital does it
	}
	t.b = append(t.b, s[1:]...)
}

// end ends a line.
func (t *textBuf) end() { t.ends = append(t.ends, len(t.b)) }

// lines appends the lines ended so far to dst: the lines a session of
// th drew a moment ago as that session's (the other players at a table
// see the same card), the others as parts of one new string
// (tui.Theme.SharedRows).
func (t *textBuf) lines(th *tui.Theme, dst []string) []string { return th.SharedRows(dst, t.b, t.ends) }

// fitFrame makes a frame's h lines of w cells as parts of one string: the
// first n rows from lines (blank where lines is shorter), then the lines
// of the action bar, then blank lines; each cut or padded to w as it is
// written. It is tui.FitLines of the n rows fitted to w, the bar's lines
// appended (tui.AppendLines), to w x h, made without a string per line.
func (r *Renderer) fitFrame(lines []string, n int, bar string, w, h int) []string {
	if w <= 0 || h <= 0 {
		return nil
	}
	var b strings.Builder
	if r.frameLen > 0 {
		b.Grow(r.frameLen + r.frameLen/8) // about the last one's size
	} else {
		b.Grow(w * h * 2)
	}
	ends := r.sc().endsBuf[:0]
	for i := 0; i < n && len(ends) < h; i++ {
		line := ""
		if i < len(lines) {
			line = lines[i]
		}
		writeFitted(&b, line, w)
		ends = append(ends, b.Len())
	}
	for len(ends) < h {
		line, more := bar, false
		if i := strings.IndexByte(bar, '\n'); i >= 0 {
			line, bar, more = bar[:i], bar[i+1:], true
		}
		writeFitted(&b, line, w)
		ends = append(ends, b.Len())
		if !more {
			break
		}
	}
	r.frameLen = b.Len()
	out := tui.AppendCut(make([]string, 0, h), tui.KeptString(&b, 2), ends)
	for len(out) < h {
		out = append(out, tui.Spaces(w))
	}
	r.sc().endsBuf = ends[:0]
	return out
}
