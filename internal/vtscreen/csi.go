package vtscreen

// maxParams is how many numeric parameters of a CSI sequence are read.
const maxParams = 16

// params are the numeric parameters of one CSI sequence; a missing or empty
// one is 0.
type params struct {
	n  int
	ps [maxParams]int
}

// parseParams splits "1;2" into numbers. A sub-parameter (":") or any other
// byte makes the parameter it is in 0; numbers are capped so that nothing
// overflows.
func parseParams(b []byte) params {
	var p params
	p.n = 1
	for _, c := range b {
		switch {
		case c == ';':
			if p.n < maxParams {
				p.n++
			}
		case c >= '0' && c <= '9':
			if v := &p.ps[p.n-1]; *v < 100000 {
				*v = *v*10 + int(c-'0')
			}
		}
	}
	return p
}

// arg is parameter i, or def when it is missing or 0.
func (p *params) arg(i, def int) int {
	if i < p.n && p.ps[i] > 0 {
		return p.ps[i]
	}
	return def
}

// CSI applies a control sequence.
func (g *grid) CSI(raw []byte, final byte) {
	if len(raw) > 0 && raw[0] >= 0x3c && raw[0] <= 0x3f { // ? > < =
		if raw[0] == '?' && (final == 'h' || final == 'l') {
			g.privateMode(parseParams(raw[1:]), final == 'h')
		}
		return
	}
	if len(raw) > 0 && raw[len(raw)-1] >= 0x20 && raw[len(raw)-1] <= 0x2f {
		return // intermediates: cursor style, soft reset and the like
	}
	p := parseParams(raw)
	row := func(r int) int { return min(max(r, 0), g.h-1) }
	col := func(c int) int { return min(max(c, 0), g.w-1) }
	switch final {
	case 'H', 'f': // CUP
		g.r, g.c = row(p.arg(0, 1)-1), col(p.arg(1, 1)-1)
	case 'A': // CUU
		g.r = row(g.r - p.arg(0, 1))
	case 'B', 'e': // CUD, VPR
		g.r = row(g.r + p.arg(0, 1))
	case 'C', 'a': // CUF, HPR
		g.c = col(g.c + p.arg(0, 1))
	case 'D': // CUB
		g.c = col(min(g.c, g.w-1) - p.arg(0, 1))
	case 'E': // CNL
		g.r, g.c = row(g.r+p.arg(0, 1)), 0
	case 'F': // CPL
		g.r, g.c = row(g.r-p.arg(0, 1)), 0
	case 'G', '`': // CHA, HPA
		g.c = col(p.arg(0, 1) - 1)
	case 'd': // VPA
		g.r = row(p.arg(0, 1) - 1)
	case 'K': // EL
		g.eraseLine(p.arg(0, 0))
	case 'J': // ED
		g.eraseDisplay(p.arg(0, 0))
	case 'X': // ECH
		c := min(g.c, g.w-1)
		g.blankCells(g.r, c, min(c+p.arg(0, 1), g.w))
	case '@': // ICH
		g.c = min(g.c, g.w-1)
		g.moveCells(g.r, g.c, -min(p.arg(0, 1), g.w))
	case 'P': // DCH
		g.c = min(g.c, g.w-1)
		g.moveCells(g.r, g.c, min(p.arg(0, 1), g.w))
	case 'L': // IL
		if g.r >= g.top && g.r <= g.bot {
			g.moveRows(g.r, g.bot, -min(p.arg(0, 1), g.h))
			g.c = 0
		}
	case 'M': // DL
		if g.r >= g.top && g.r <= g.bot {
			g.moveRows(g.r, g.bot, min(p.arg(0, 1), g.h))
			g.c = 0
		}
	case 'S': // SU
		g.scrollUp(min(p.arg(0, 1), g.h))
	case 'T': // SD
		if p.n <= 1 { // with more parameters it is a mouse-tracking request
			g.scrollDown(min(p.arg(0, 1), g.h))
		}
	case 'r': // DECSTBM
		top, bot := p.arg(0, 1)-1, min(p.arg(1, g.h), g.h)-1
		if top < bot {
			g.top, g.bot = top, bot
			g.r, g.c = 0, 0
		}
	case 's': // SCOSC
		if p.n == 1 && p.ps[0] == 0 {
			g.sr, g.sc = g.r, g.c
		}
	case 'u': // SCORC
		g.r, g.c = g.sr, g.sc
	}
}

// eraseLine is EL: 0 from the cursor to the end of the line, 1 from its
// start to the cursor, 2 all of it.
func (g *grid) eraseLine(mode int) {
	c := min(g.c, g.w-1) // with a wrap due, the cursor is on the last column
	switch mode {
	case 0:
		g.blankCells(g.r, c, g.w)
	case 1:
		g.blankCells(g.r, 0, min(c+1, g.w))
	case 2:
		g.blankCells(g.r, 0, g.w)
	}
}

// eraseDisplay is ED: 0 from the cursor to the end of the screen, 1 from
// its start to the cursor, 2 and 3 all of it.
func (g *grid) eraseDisplay(mode int) {
	c := min(g.c, g.w-1)
	switch mode {
	case 0:
		g.blankCells(g.r, c, g.w)
		g.clearRows(g.r+1, g.h)
	case 1:
		g.clearRows(0, g.r)
		g.blankCells(g.r, 0, min(c+1, g.w))
	case 2, 3:
		g.clearRows(0, g.h)
	}
}

// privateMode switches DEC private modes; only the alternate screen
// changes what is shown (47 and 1047 switch, 1049 also saves and restores
// the cursor).
func (g *grid) privateMode(p params, on bool) {
	for i := range p.n {
		switch m := p.ps[i]; m {
		case 47, 1047, 1049:
			if on {
				g.enterAlt(m == 1049)
			} else {
				g.leaveAlt(m == 1049)
			}
		}
	}
}
