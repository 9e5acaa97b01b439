package opoly

import (
	"strings"

	"github.com/charmbracelet/x/ansi"

	"boardroom/engine/opoly"
	"boardroom/tui"
)

// largeView draws the ring of named cells (cw x ch each) with the panes in
// its interior, and the action bar under it: h lines of w cells. The
// lines are written into one string and handed out as parts of it; each
// row of cells is first written into the renderer's buffer (largeCell),
// the interior's rows straight from the panes' lines.
func (r *Renderer) largeView(g grid, cw, ch, w, h int) []string {
	side := g.side
	iw, ih := (side-1)*cw, (side-1)*ch
	// The interior, iw-1 wide: a dialog, or the two panes two columns apart.
	var dialog, left, right []string
	lw, rw := 0, 0
	if d, ok := r.dialogView(iw-2, ih); ok {
		dialog = tui.AppendBlock(nil, d, iw-1, ih)
	} else {
		lw = (iw - 2) / 2
		rw = iw - 2 - lw - 1
		players := section{"Players", r.playerRows(lw)}
		// The panes' lines as stacked, made lw and rw wide where they are
		// written (a pane cut short has blank rows under it).
		left, _ = r.stackRaw(r.sc().paneBuf[:0], lw, ih, players, section{"", r.infoLines()}, section{"", r.diceLines(lw)}, r.latestSection())
		secs := r.phaseSections(rw, ih)
		secs = append(secs, r.detailSection(rw, ih-r.stackHeight(rw, secs...)-1))
		right, _ = r.stackRaw(r.sc().pane2Buf[:0], rw, ih, secs...)
	}
	innerRow := func(b *rowText, j int) { // the interior's row j, iw-1 wide
		if dialog != nil {
			b.WriteString(dialog[j])
			return
		}
		line := ""
		if j < len(left) {
			line = left[j]
		}
		b.fitted(line, lw)
		b.WriteString("  ")
		line = ""
		if j < len(right) {
			line = right[j]
		}
		b.fitted(line, rw)
	}
	margin := tui.Spaces(max(w-(side+1)*cw, 0) / 2)
	// The rows are written into the renderer's buffer and handed to the
	// theme (SharedRows): a row another session drew a moment ago is its
	// string, the others are copied into one string of their size.
	b := &r.sc().rows
	b.b = b.b[:0]
	blank := tui.Spaces(cw)
	if cap(r.sc().cellAt) < side+1 {
		r.sc().cellAt = make([]int, side+1)
	}
	at := r.sc().cellAt[:side+1]
	cells, cellEnds := r.sc().cellBuf[:0], r.sc().cellEnds[:0]
	ends := r.sc().endsBuf[:0]
	// endLine makes the line begun at start w wide; known is its width
	// when known from its pieces (-1: measure it). A line wider than w is
	// cut, written again in its place.
	endLine := func(start, known int) {
		lw := known
		if lw < 0 {
			lw = tui.CellWidth(string(b.b[start:]))
		}
		if lw > w {
			cut := fitted(string(b.b[start:]), w)
			b.b = append(b.b[:start], cut...)
		} else {
			b.WriteString(tui.Spaces(w - lw))
		}
		ends = append(ends, b.Len())
	}
	for row := 0; row <= side; row++ {
		cells, cellEnds = cells[:0], cellEnds[:0]
		// A row whose cells' lines are all cw-1 wide is margin + (side+1)
		// x cw cells wide: each column writes cw (a cell's line and the
		// gap, the interior and its gap, a blank), the interior's rows
		// being written to their width.
		known := len(margin) + (side+1)*cw
		for col := 0; col <= side; col++ {
			at[col] = -1
			if c := g.at(row, col); c >= 0 {
				at[col] = len(cellEnds)
				var exact bool
				cells, cellEnds, exact = r.largeCell(cells, cellEnds, c, cw, ch)
				if !exact {
					known = -1
				}
			}
		}
		for l := 0; l < ch; l++ {
			start := b.Len()
			b.WriteString(margin)
			for col := 0; col <= side; col++ {
				switch {
				case at[col] >= 0:
					k, from := at[col]+l, 0
					if k > 0 {
						from = cellEnds[k-1]
					}
					b.b = append(b.b, cells[from:cellEnds[k]]...)
					b.byte(' ')
				case row > 0 && row < side && col == 1:
					innerRow(b, (row-1)*ch+l)
					b.byte(' ')
				case row == 0 || row == side:
					b.WriteString(blank)
				}
			}
			endLine(start, known)
		}
	}
	// The action bar (its lines, should it have several), then blank lines.
	for bar := r.actionBar(w); len(ends) < h; {
		line, more := bar, false
		if i := strings.IndexByte(bar, '\n'); i >= 0 {
			line, bar, more = bar[:i], bar[i+1:], true
		}
		start := b.Len()
		b.WriteString(line)
		endLine(start, tui.CellWidth(line))
		if !more {
			break
		}
	}
	out := r.sharedRows(make([]string, 0, h), b.b, ends)
	for len(out) < h {
		out = append(out, tui.Spaces(w))
	}
	r.sc().cellBuf, r.sc().cellEnds, r.sc().endsBuf = cells[:0], cellEnds[:0], ends[:0]
	clear(left) // the panes' lines are the frame's: not kept in the renderer's slices
	clear(right)
	if left != nil {
		r.sc().paneBuf = left[:0]
	}
	if right != nil {
		r.sc().pane2Buf = right[:0]
	}
	return out
}

// largeCell writes cell c as h lines of w-1 columns (the caller writes the
// column of gap at the right) into buf, and the end of each line in buf
// into ends: the group band with buildings or mortgage, the name, then
// the owner or price and the tokens. exact says every line is w-1 cells
// wide (known from its pieces: the row is then not measured).
func (r *Renderer) largeCell(buf []byte, ends []int, c, w, h int) (_ []byte, _ []int, exact bool) {
	v := r.v
	cell := &v.Board.Cells[c]
	st := v.Cells[c]
	cw := w - 1
	// The band.
	if cell.Kind.Property() {
		gst, letter := r.st.group(cell.Group)
		buf = append(buf, gst.pre...)
		band := r.band(st, cw-2)
		if n := ansi.StringWidth(letter) + 1 + ansi.StringWidth(band); n <= cw { // pad(letter+" "+band, cw), not joined first
			buf = append(append(append(buf, letter...), ' '), band...)
			buf = append(buf, tui.Spaces(cw-n)...)
			exact = cw > 0
		} else {
			buf = appendPad(buf, letter+" "+band, cw) // cut: of a width measured with the row
		}
		buf = append(buf, gst.post...)
	} else {
		buf = append(buf, r.st.subtle.pre...)
		for range cw {
			buf = append(buf, '-')
		}
		buf = append(buf, r.st.subtle.post...)
		exact = true
	}
	ends = append(ends, len(buf))
	// The name.
	// The inspected cell's name starts with '>' so it shows without colour.
	nameW, lead := cw, ""
	if c == r.cursor {
		nameW, lead = cw-1, ">"
	}
	nameLines, namesExact := r.names.lines(c, cell.Name, nameW, h-2)
	exact = exact && namesExact
	for i := 0; i < h-2; i++ {
		if c == r.cursor {
			if i > 0 {
				lead = " "
			}
			buf = append(buf, r.st.cursor.pre...)
			buf = append(buf, lead...)
			buf = append(buf, nameLines[i]...)
			buf = append(buf, r.st.cursor.post...)
		} else {
			buf = append(buf, nameLines[i]...)
		}
		ends = append(ends, len(buf))
	}
	// Owner or price, and tokens at the right, a column apart at least.
	var seats [opoly.MaxSeats]int
	toks := tokensAt(v, c, seats[:0])
	tw := min(len(toks), max(cw-3, 1))
	room := cw - tw
	if tw > 0 {
		room-- // a blank between a price and a token: never "£10,0002"
	}
	var lp paint
	var leftArr [32]byte
	left, painted := leftArr[:0], true
	switch {
	case cell.Kind.Property() && st.Owner >= 0 && room >= 2: // "#2", whole
		lp = r.st.seat(st.Owner)
		if st.Owner < len(ownerMarks) {
			left = append(left, ownerMarks[st.Owner]...)
		} else {
			left = append(append(left, '#'), seatDigit(st.Owner)...)
		}
	case cell.Kind.Property() && st.Owner >= 0:
		lp, left = r.st.seat(st.Owner), append(left, ansi.Truncate("#"+seatDigit(st.Owner), room, "")...)
	case cell.Kind.Property():
		lp, left = r.st.subtle, r.priceIn(left, cell.Price, room)
	case cell.Kind == opoly.KindTax:
		lp, left = r.st.subtle, r.priceIn(left, cell.Tax, room)
	default:
		painted = false
	}
	if painted { // an empty text is painted too, as Render painted it
		buf = append(buf, lp.pre...)
		buf = append(buf, left...)
		buf = append(buf, lp.post...)
	}
	gap := cw - ansi.StringWidth(string(left)) - tw
	buf = append(buf, tui.Spaces(gap)...)
	exact = exact && gap >= 0 // the tokens are a cell each
	for i := 0; i < tw; i++ {
		if i == tw-1 && len(toks) > tw {
			buf = append(buf, r.st.cursor.pre...)
			buf = append(buf, '+')
			buf = append(buf, r.st.cursor.post...)
			break
		}
		tp := r.st.tokenStyle(toks[i])
		buf = append(buf, tp.pre...)
		buf = append(buf, seatDigit(toks[i])...)
		buf = append(buf, tp.post...)
	}
	ends = append(ends, len(buf))
	return buf, ends, exact
}

// ownerMarks are "#"+seatDigit(s) of the seats 0 to 8, made once.
var ownerMarks = [...]string{"#1", "#2", "#3", "#4", "#5", "#6", "#7", "#8", "#9"}

// bandKey is what a band's text depends on (bandText).
type bandKey struct {
	level, maxLevel, w int
	mortgaged          bool
}

// band is bandText(st, w), kept: the few texts a board's bands show
// (levels, mortgage) are made once per width, not once per cell.
func (r *Renderer) band(st opoly.CellState, w int) string {
	k := bandKey{st.Level, r.v.MaxLevel, w, st.Mortgaged}
	if s, ok := r.bands[k]; ok {
		return s
	}
	if r.bands == nil || len(r.bands) >= 64 {
		r.bands = make(map[bandKey]string)
	}
	s := r.bandText(st, w)
	r.bands[k] = s
	return s
}
