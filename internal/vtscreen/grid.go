package vtscreen

import "slices"

// grid is the state of a Screen and the Handler its parser reports to.
type grid struct {
	w, h     int
	cells    [][]rune
	r, c     int      // the cursor; c == w means a wrap is due before the next rune
	sr, sc   int      // the saved cursor (ESC 7, CSI s)
	top, bot int      // the scroll region, rows top..bot inclusive
	main     [][]rune // the normal screen while the alternate one is shown
	mr, mc   int      // the cursor saved on entering the alternate screen
	version  uint64
	widths   map[rune]int8
	wide     bool // a wide rune was written: writes must mind the halves
}

var _ Handler = (*grid)(nil)

// set writes x into a cell and notes a change.
func (g *grid) set(r, c int, x rune) {
	if g.cells[r][c] != x {
		g.cells[r][c] = x
		g.version++
	}
}

// Print writes a rune at the cursor. As in xterm, a rune written in the
// last column leaves the cursor there with a wrap due, so a line that fills
// the width exactly does not move to the next row.
func (g *grid) Print(x rune) {
	wd := g.runeWidth(x)
	if wd <= 0 || wd > g.w {
		return
	}
	if g.c+wd > g.w {
		g.c = 0
		g.lineFeed()
	}
	if wd == 2 {
		g.wide = true
	}
	if g.wide {
		g.split(g.r, g.c)
		if wd == 2 {
			g.split(g.r, g.c+1)
		}
	}
	g.set(g.r, g.c, x)
	if wd == 2 {
		g.set(g.r, g.c+1, wideTail)
	}
	g.c += wd
}

// PrintASCII writes a run of printable ASCII runes, each one column wide,
// as Print does one by one.
func (g *grid) PrintASCII(run []byte) {
	for _, x := range run {
		if g.c >= g.w {
			g.c = 0
			g.lineFeed()
		}
		if g.wide {
			g.split(g.r, g.c)
		}
		if row := g.cells[g.r]; row[g.c] != rune(x) {
			row[g.c] = rune(x)
			g.version++
		}
		g.c++
	}
}

// split blanks the other half of a wide rune that a write to (r, c) is about
// to cut in two.
func (g *grid) split(r, c int) {
	row := g.cells[r]
	if row[c] == wideTail && c > 0 {
		g.set(r, c-1, ' ')
	}
	if c+1 < g.w && row[c+1] == wideTail {
		g.set(r, c+1, ' ')
	}
}

// Execute applies a C0 control.
func (g *grid) Execute(b byte) {
	switch b {
	case '\r':
		g.c = 0
	case '\n', '\v', '\f':
		g.lineFeed()
	case '\b':
		g.c = max(min(g.c, g.w-1)-1, 0)
	case '\t':
		g.c = min((g.c/8+1)*8, g.w-1)
	}
}

// lineFeed moves the cursor down a row, scrolling the region at its bottom
// margin. A due wrap is cancelled: the cursor stays in the last column.
func (g *grid) lineFeed() {
	g.c = min(g.c, g.w-1)
	switch {
	case g.r == g.bot:
		g.scrollUp(1)
	case g.r < g.h-1:
		g.r++
	}
}

// reverseIndex moves the cursor up a row, scrolling the region down at its
// top margin.
func (g *grid) reverseIndex() {
	switch {
	case g.r == g.top:
		g.scrollDown(1)
	case g.r > 0:
		g.r--
	}
}

// Escape applies the short escape sequences that touch the screen.
func (g *grid) Escape(inter []byte, final byte) {
	if len(inter) > 0 {
		return // character sets, DECALN and the like
	}
	switch final {
	case '7':
		g.sr, g.sc = g.r, g.c
	case '8':
		g.r, g.c = g.sr, g.sc
	case 'D':
		g.lineFeed()
	case 'E':
		g.c = 0
		g.lineFeed()
	case 'M':
		g.reverseIndex()
	case 'c':
		g.reset()
	}
}

// OSC ignores titles, colours, hyperlinks and clipboard requests.
func (g *grid) OSC([]byte) {}

// reset is RIS: the normal screen, blank, the cursor home, no margins.
func (g *grid) reset() {
	g.leaveAlt(false)
	g.clearRows(0, g.h)
	g.r, g.c, g.sr, g.sc = 0, 0, 0, 0
	g.top, g.bot = 0, g.h-1
}

// enterAlt shows the blank alternate screen; saveCursor is mode 1049's
// saving of the cursor.
func (g *grid) enterAlt(saveCursor bool) {
	if saveCursor {
		g.mr, g.mc = g.r, g.c
	}
	if g.main == nil {
		g.main = g.cells
		g.cells = blankCells(g.w, g.h)
		if !blank(g.main) {
			g.version++
		}
		return
	}
	g.clearRows(0, g.h)
}

// leaveAlt shows the normal screen again as it was.
func (g *grid) leaveAlt(restoreCursor bool) {
	if g.main == nil {
		return
	}
	if !slices.EqualFunc(g.cells, g.main, slices.Equal) {
		g.version++
	}
	g.cells, g.main = g.main, nil
	if restoreCursor {
		g.r, g.c = g.mr, g.mc
	}
}

// blank reports whether every cell is a space: switching from a blank
// normal screen to the blank alternate one changes nothing one could see.
func blank(cells [][]rune) bool {
	for _, row := range cells {
		for _, x := range row {
			if x != ' ' {
				return false
			}
		}
	}
	return true
}

// clearRows blanks rows [from, to).
func (g *grid) clearRows(from, to int) {
	for r := max(from, 0); r < min(to, g.h); r++ {
		g.blankCells(r, 0, g.w)
	}
}

// blankCells blanks columns [from, to) of row r, and the halves of wide
// runes cut at either end.
func (g *grid) blankCells(r, from, to int) {
	if from >= to {
		return
	}
	row := g.cells[r]
	if from > 0 && row[from] == wideTail {
		g.set(r, from-1, ' ')
	}
	if to < g.w && row[to] == wideTail {
		g.set(r, to, ' ')
	}
	for c := from; c < to; c++ {
		g.set(r, c, ' ')
	}
}

// scrollUp moves rows top+n..bot of the region up by n and blanks the n rows
// at its bottom.
func (g *grid) scrollUp(n int) { g.moveRows(g.top, g.bot, n) }

// scrollDown moves the region's rows down by n and blanks n rows at its top.
func (g *grid) scrollDown(n int) { g.moveRows(g.top, g.bot, -n) }

// moveRows shifts rows top..bot by n (up when n > 0, down when n < 0),
// filling with blank rows.
func (g *grid) moveRows(top, bot, n int) {
	if n == 0 || top > bot {
		return
	}
	moveRow := func(r int) {
		dst, src := g.cells[r], r+n
		if src >= top && src <= bot {
			if !slices.Equal(dst, g.cells[src]) {
				copy(dst, g.cells[src])
				g.version++
			}
			return
		}
		g.blankCells(r, 0, g.w)
	}
	if n > 0 {
		for r := top; r <= bot; r++ {
			moveRow(r)
		}
		return
	}
	for r := bot; r >= top; r-- {
		moveRow(r)
	}
}

// moveCells shifts columns c..w-1 of row r left by n (n > 0, deleting at c)
// or right by -n (inserting blanks at c).
func (g *grid) moveCells(r, c, n int) {
	row := g.cells[r]
	if c > 0 && row[c] == wideTail {
		g.set(r, c-1, ' ') // a wide rune cut in two at c
	}
	at := func(i int) rune {
		if i < c || i >= g.w {
			return ' '
		}
		return row[i]
	}
	if n > 0 {
		for i := c; i < g.w; i++ {
			g.set(r, i, at(i+n))
		}
	} else {
		for i := g.w - 1; i >= c; i-- {
			g.set(r, i, at(i+n))
		}
	}
	// A wide rune pushed half off the edge, or a tail left without its
	// rune, becomes a blank.
	if last := row[g.w-1]; last != wideTail && last != ' ' && g.runeWidth(last) == 2 {
		g.set(r, g.w-1, ' ')
	}
	if row[c] == wideTail {
		g.set(r, c, ' ')
	}
}
