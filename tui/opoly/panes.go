package opoly

import (
	"strconv"
	"strings"

	"github.com/charmbracelet/x/ansi"

	"boardroom/engine"
	"boardroom/engine/opoly"
	"boardroom/tui"
)

// playerRows is the players pane (R004-22): everyone in play order with
// cash, the player in turn marked and highlighted, jail and bankruptcy
// marks, bots tagged; the selected player marked '*' and in reverse. With
// a score column (scorecolumn.go) the columns line up under a header.
// The rows are written into the renderer's buffer and made one string,
// each row a part of it.
func (r *Renderer) playerRows(w int) []string {
	v := r.v
	rows := make([]string, 0, len(v.Order)+1)
	cashW, scoreW := 0, 0
	for _, s := range v.Order {
		cashW = max(cashW, r.moneyLen(v.Player(s).Cash))
	}
	var flags [opoly.MaxSeats]string
	flagsW := 0 // with a score column: the widest flags, so that columns align
	if r.lab.scoreColumn {
		scoreW = r.scoreWidth()
		flagsW = r.scoreFlags(&flags, w-4-cashW-1-scoreW)
		rows = append(rows, r.scoreHeader(w-flagsW, cashW, scoreW))
	}
	const markW = 2
	buf := r.sc().rowsBuf[:0]
	var endsArr [opoly.MaxSeats]int
	ends := endsArr[:0]
	for _, s := range v.Order {
		p := v.Player(s)
		// '>' the player in turn, '*' the player chosen with [ ]: both
		// show without colour (the chosen row is also in reverse).
		mark := [markW]byte{' ', ' '}
		if s == v.Active {
			mark[0] = '>'
		}
		if s == r.player {
			mark[1] = '*'
		}
		var cashArr [32]byte
		cash := r.appendMoney(cashArr[:0], p.Cash)
		if p.Out {
			cash = append(cash[:0], '-')
		}
		var st paint
		switch {
		case s == r.player:
			st = r.st.cursor
		case p.Out:
			st = r.st.subtle
		case s == v.Active:
			st = r.st.active
		default:
			st = r.st.seat(s) // the mark and the seat's digit only
		}
		buf = append(buf, st.pre...)
		line := len(buf)
		buf = append(buf, mark[:]...)
		buf = append(buf, seatDigit(s)...)
		if s != r.player && !p.Out && s != v.Active {
			buf = append(buf, st.post...)
		}
		buf = append(buf, ' ')
		var tail string
		if scoreW > 0 {
			nameW := max(w-markW-2-cashW-1-scoreW-flagsW, 4)
			buf = appendPad(buf, tui.Fit(r.name(s), nameW, r.th.Ellip), nameW)
			tail = flags[s]
		} else {
			tail = r.playerFlags(s, p, true)
			nameW := max(w-markW-2-cashW-1-len(tail), 4)
			buf = appendPad(buf, ansi.Truncate(r.name(s), nameW, ""), nameW)
		}
		buf = append(buf, ' ')
		buf = append(buf, tui.Spaces(cashW-len(cash))...)
		buf = append(buf, cash...)
		if scoreW > 0 {
			buf = r.appendScoreCell(buf, p, scoreW)
		}
		buf = append(buf, tail...)
		switch {
		case s == r.player: // the row padded (or cut) to w, in reverse
			if lw := ansi.StringWidth(string(buf[line:])); lw > w {
				buf = append(buf[:line], ansi.Truncate(string(buf[line:]), w, "")...)
			} else {
				buf = append(buf, tui.Spaces(w-lw)...)
			}
			buf = append(buf, st.post...)
		case p.Out || s == v.Active:
			buf = append(buf, st.post...)
		}
		ends = append(ends, len(buf))
	}
	rows = r.th.SharedRows(rows, buf, ends) // the rows not naming the viewer are the other players' too
	r.sc().rowsBuf = buf[:0]
	return rows
}

// appendPad appends pad(s, w) to dst: plain text cut or padded to exactly
// w columns.
func appendPad(dst []byte, s string, w int) []byte {
	if w <= 0 {
		return dst
	}
	n := ansi.StringWidth(s)
	if n > w {
		return append(dst, ansi.Truncate(s, w, "")...)
	}
	return append(append(dst, s...), tui.Spaces(w-n)...)
}

// playerFlags are the marks after a player's cash: out, jail, held
// cards, trips (when trips is set), you, bot, away.
func (r *Renderer) playerFlags(s int, p opoly.PlayerView, trips bool) string {
	flags := ""
	switch {
	case p.Out:
		flags = " " + p.Status
	case p.InJail && r.lab.pools != "":
		flags = " " + r.w.jail + " " + itoa(p.JailTurns+1) + "/" + r.jailMax()
	case p.InJail:
		flags = " jail"
	}
	if len(p.JailCards) > 0 && !p.Out {
		if r.lab.pools != "" {
			flags += " +exit"
		} else {
			flags += " +card"
		}
	}
	if !p.Out && trips {
		flags += r.tripFlag(p)
	}
	if s == r.gs.Seat {
		flags += " (you)"
	} else if s < len(r.gs.Table.Seats) && r.gs.Table.Seats[s].Bot {
		flags += " (bot)"
	}
	if s < len(r.gs.Table.Seats) && !p.Out {
		switch seat := r.gs.Table.Seats[s]; {
		case seat.BotPlays:
			flags += " (bot plays)"
		case seat.Away:
			flags += " (away)" // a word, seen without colour
		}
	}
	return flags
}

// infoLines is the viewer's own pane (R004-22): name, cash, capital, jail,
// held cards, position (written in the renderer's text buffer).
func (r *Renderer) infoLines() []string {
	v := r.v
	s := r.gs.Seat
	p := v.Player(s)
	t := &r.sc().text
	t.reset()
	if s == engine.Spectator || p.Seat < 0 {
		t.paint(r.st.subtle, "You are watching this game.")
		t.end()
		return t.lines(r.th, make([]string, 0, 1))
	}
	t.str("You: ")
	r.whoIn(t, s)
	t.str(r.th.Bullet, "cash ")
	t.b = append(t.b, r.st.bold.pre...)
	t.money(r, p.Cash)
	t.b = append(t.b, r.st.bold.post...)
	t.str(r.th.Bullet, r.w.score, " ")
	t.money(r, p.Capital)
	t.end()
	if p.Out {
		t.paint(r.st.warn, "You are out of the game (", p.Status, ").")
	} else {
		r.whereIn(t, p)
	}
	t.end()
	return t.lines(r.th, make([]string, 0, 2))
}

// diceLine shows the round (with its limit, or the time limit of the
// minutes:M end mode and whether it has lapsed) and the last roll.
func (r *Renderer) diceLine() string {
	v := r.v
	return r.dice.Get(diceKey{st: r.st, round: v.Round, maxRounds: v.MaxRounds, timeLimit: v.TimeLimit,
		d0: v.Dice[0], d1: v.Dice[1], timeUp: v.TimeUp, over: v.Over}, r.drawDiceLine)
}

// diceKey is what the dice line is drawn from (the styles stand for the
// renderer's theme too). The line changes with a roll or a round, while a
// table's frames are drawn after every action and countdown step.
type diceKey struct {
	st                                  *styles
	round, maxRounds, timeLimit, d0, d1 int
	timeUp, over                        bool
}

// drawDiceLine draws diceLine.
func (r *Renderer) drawDiceLine() string {
	v := r.v
	s := "Round " + strconv.Itoa(v.Round)
	if v.MaxRounds > 0 {
		s += "/" + strconv.Itoa(v.MaxRounds)
	}
	switch {
	case v.TimeUp && !v.Over:
		s += r.th.Bullet + r.st.warn.Render("last round")
	case v.TimeLimit > 0 && !v.Over:
		s += r.th.Bullet + "time limit " + strconv.Itoa(v.TimeLimit) + " min"
	}
	if v.Dice[0] > 0 {
		s += r.th.Bullet + "dice " + r.st.bold.Render(strconv.Itoa(v.Dice[0])+"+"+strconv.Itoa(v.Dice[1])) +
			" = " + strconv.Itoa(v.Dice[0]+v.Dice[1])
		if v.Dice[0] == v.Dice[1] {
			s += " double"
		}
	}
	return s
}

// poolLine is the finite building supply, free of total ("Project
// Planning: 28/32 FTE, 12/12 QM free"), or "" for a game without one. In a
// pane narrower than that (the 160x50 board's left pane) it drops the
// trailing "free" (the legend says the counts are the free ones), then the
// pool's name, rather than wrap a word onto a line of its own.
func (r *Renderer) poolLine(w int) string {
	sp := r.v.Supply
	if sp == nil {
		return ""
	}
	name := r.lab.pools
	if name == "" {
		name = "Supply"
	}
	unit, top := r.lab.unitPool, r.lab.topPool
	if unit == "" {
		unit, top = r.lab.buildings, r.lab.top
	}
	free := func(n, of int) string {
		s := itoa(n) + "/" + itoa(of)
		if n == 0 {
			return r.st.warn.Render(s)
		}
		return r.st.bold.Render(s)
	}
	counts := free(sp.UnitsFree, sp.Units) + " " + unit + ", " + free(sp.TopsFree, sp.Tops) + " " + top
	for _, l := range [...]string{name + ": " + counts + " free", name + ": " + counts, "Free: " + counts} {
		if ansi.StringWidth(l) <= w {
			return l
		}
	}
	return counts
}

// rollOffLine is the first-player roll-off (G000-17) in round 1.
func (r *Renderer) rollOffLine() string {
	v := r.v
	if len(v.RollOff) == 0 || v.Round > 1 || len(v.Order) == 0 {
		return ""
	}
	var rows []string
	for _, row := range v.RollOff {
		var parts []string
		for s, t := range row {
			if t > 0 {
				parts = append(parts, r.name(s)+" rolled "+itoa(t))
			}
		}
		rows = append(rows, strings.Join(parts, ", "))
	}
	return "Roll-off for the first turn: " + strings.Join(rows, "; then ") + ": " + r.name(v.Order[0]) + " starts."
}

// lastCardIn writes the last card drawn, for everyone (5.d: public), as
// a line.
func (r *Renderer) lastCardIn(t *textBuf) {
	c := r.v.LastCard
	if c == nil {
		return
	}
	deck := "card"
	if c.Deck >= 0 && c.Deck < len(r.v.Board.Decks) {
		deck = r.v.Board.Decks[c.Deck].Name
	}
	t.str(r.name(c.Seat), " drew ", deck, ": ", c.Text, " ", c.Effect)
	t.end()
}

// auctionResultIn writes the revealed bids of the last auction round as
// a line.
func (r *Renderer) auctionResultIn(t *textBuf) {
	v := r.v
	a := v.LastAuction
	if a == nil || a.Lot < 0 || a.Lot >= len(v.Board.Cells) {
		return
	}
	t.str("Bids for ", r.lotName(a.Lot), ": ")
	for i, b := range a.Bids {
		if i > 0 {
			t.str(", ")
		}
		t.str(r.name(b.Seat), " ")
		t.money(r, b.Amount)
	}
	t.str("; ")
	switch {
	case a.Tied:
		t.str("tied: the tied bidders bid again.")
	case a.Winner >= 0 && a.Random:
		t.str(r.name(a.Winner), " won by lot for ")
		t.money(r, a.Price)
		t.str(".")
	case a.Winner >= 0:
		t.str(r.name(a.Winner), " won for ")
		t.money(r, a.Price)
		t.str(".")
	default:
		t.str("unsold.")
	}
	t.end()
}

// section is a titled group of lines for a pane.
type section struct {
	title string
	lines []string
}

// stackHeight is how many lines stack would draw for secs at width w
// without a height limit.
func (r *Renderer) stackHeight(w int, secs ...section) int {
	n := 0
	for _, s := range secs {
		if len(s.lines) == 0 {
			continue
		}
		if n > 0 {
			n++
		}
		if s.title != "" {
			n += r.wraps.Count(s.title, w)
		}
		for _, l := range s.lines {
			n += r.wraps.Count(l, w)
		}
	}
	return n
}

// stack draws sections one under the other into w x h, wrapping titles
// and lines (nothing is cut sideways); what does not fit is cut at the
// bottom, and the last line shown then ends with the theme's ellipsis.
func (r *Renderer) stack(w, h int, secs ...section) string {
	return strings.Join(r.stackLines(w, h, secs...), "\n")
}

// stackLines is stack as its lines: h of them, each w cells wide (none
// when w or h is not positive).
func (r *Renderer) stackLines(w, h int, secs ...section) []string {
	if w <= 0 || h <= 0 {
		return nil
	}
	out, short := r.stackRaw(make([]string, 0, 2*h), w, h, secs...) // the sections wrap, and may be cut at h
	if short {
		h-- // a blank last line dropped: one line fewer
	}
	return tui.FitLines(out, w, h)
}

// stackRaw appends to dst the lines of stackLines before they are made w
// wide (compactView writes them w wide into its frame): at most h of
// them; short says the stack was cut and a blank line dropped at its
// bottom (stackLines then has h-1 lines).
func (r *Renderer) stackRaw(dst []string, w, h int, secs ...section) (out []string, short bool) {
	if w <= 0 || h <= 0 {
		return dst, false
	}
	out = dst
	for _, s := range secs {
		if len(s.lines) == 0 {
			continue
		}
		if len(out) > len(dst) {
			out = append(out, "")
		}
		if s.title != "" {
			start := len(out)
			out = r.wraps.Append(out, s.title, w)
			for i := start; i < len(out); i++ {
				out[i] = r.st.bold.Render(out[i])
			}
		}
		for _, l := range s.lines {
			out = r.wraps.Append(out, l, w)
		}
	}
	if len(out)-len(dst) > h {
		out = out[:len(dst)+h]
		last := strings.TrimRight(ansi.Strip(out[len(out)-1]), " ")
		if last == "" && h > 1 {
			out, short = out[:len(out)-1], true
			last = strings.TrimRight(ansi.Strip(out[len(out)-1]), " ")
		}
		out[len(out)-1] = ansi.Truncate(last, max(w-1, 0), "") + r.th.Ellip
	}
	return out, short
}
