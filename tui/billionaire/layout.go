package billionaire

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/charmbracelet/x/ansi"

	bill "boardroom/engine/billionaire"
	"boardroom/tui"
)

// Layout sizes.
const (
	smallMapW = 37  // a compact map row (mapRow without the overhead column)
	mapW      = 43  // a full map row and a column of gap
	largeW    = 100 // from here (and largeH) the whole map shows
	largeH    = 30  // header, the whole map (22 lines), companies, info and bar
)

// View implements tui.GameRenderer: exactly w x h cells, no line cut
// without "…" and no list cut without a "more" line. At 100x30 and more
// the whole map shows with the money trail beside it and the companies
// below; smaller (80x24: 80x12) one time zone at a time, the one the sun
// is over, with the players (capital and adjusted capital, which decides
// the winner) and the viewer's company beside it. The 80x24 layout is
// chosen by what a decision needs: the zone's locations for buying and
// working, everyone's money for the race, the own company for work.
func (r *Renderer) View(w, h int) string {
	if w <= 0 || h <= 0 {
		return ""
	}
	if r.v == nil {
		return tui.Block(r.th.Subtle.Render("Waiting for the game..."), w, h)
	}
	head := r.fit(r.th.Title.Render(r.statusLine()), w)
	foot := []string{r.fit(r.infoLine(), w), r.fit(r.barLine(), w)}
	bh := h - 1 - len(foot)
	if bh < 1 {
		return tui.Block(head, w, h)
	}
	var body string
	if w >= largeW && h >= largeH {
		body = r.largeBody(w, bh)
	} else {
		body = r.smallBody(w, bh)
	}
	return tui.Block(head+"\n"+body+"\n"+strings.Join(foot, "\n"), w, h)
}

// fit cuts a line to w cells, ending it with the theme's "…".
func (r *Renderer) fit(s string, w int) string { return tui.Fit(s, w, r.th.Ellip) }

// column makes lines a block of w x h: each line fitted with "…", and
// when they are more than h, the last line shown says how many are not
// and how to see them (more).
func (r *Renderer) column(lines []string, w, h int, more string) string {
	return tui.Block(strings.Join(r.window(lines, w, h, more), "\n"), w, h)
}

// window is column's lines.
func (r *Renderer) window(lines []string, w, h int, more string) []string {
	if h <= 0 {
		return nil
	}
	out := make([]string, 0, min(len(lines), h))
	if len(lines) > h {
		hidden := len(lines) - (h - 1)
		for _, l := range lines[:h-1] {
			out = append(out, r.fit(l, w))
		}
		m := fmt.Sprintf("%s %d more %s", r.moreMark(), hidden, plural(hidden, "line"))
		if more != "" {
			m += ": " + more
		}
		return append(out, r.fit(r.th.Subtle.Render(m), w))
	}
	for _, l := range lines {
		out = append(out, r.fit(l, w))
	}
	return out
}

// scrolled shows lines from r.scroll on in h lines of w, with lines
// saying how many are above and below and the keys that scroll.
func (r *Renderer) scrolled(lines []string, w, h int) string {
	if len(lines) <= h || h < 3 {
		return r.column(lines, w, h, "")
	}
	inner := h - 2
	r.scroll = max(0, min(r.scroll, len(lines)-inner))
	out := []string{r.th.Subtle.Render(fmt.Sprintf("%s %d more above (up/down scroll)", r.upMark(), r.scroll))}
	out = append(out, lines[r.scroll:r.scroll+inner]...)
	below := len(lines) - r.scroll - inner
	out = append(out, r.th.Subtle.Render(fmt.Sprintf("%s %d more below (up/down scroll)", r.moreMark(), below)))
	return r.column(out, w, h, "")
}

// moreMark starts a "more" line: an arrow down, "v" on the ASCII theme.
func (r *Renderer) moreMark() string {
	if r.th.ASCII {
		return "v"
	}
	return "↓"
}

func plural(n int, word string) string {
	if n == 1 {
		return word
	}
	return word + "s"
}

// dialogLines is the open dialog (cards, pick list, question) in h lines
// of width w, or nil.
func (r *Renderer) dialogLines(w, h int) []string {
	switch r.mode {
	case modeCards:
		return r.cardLines(w)
	case modePick:
		return r.pickLines(w, h)
	case modeConfirm:
		return r.confirmLines(w)
	}
	return nil
}

// smallBody: a dialog, the drawn Work Items or the final scores over the
// whole body; else the map zone (or with v the shown company) at the left
// and the players, the viewer's unplayable cards and the shown company at
// the right.
func (r *Renderer) smallBody(w, h int) string {
	if d := r.dialogLines(w, h); d != nil {
		return r.column(d, w, h, "")
	}
	if r.v.Phase == bill.PhaseOver {
		return r.column(r.endLines(w), w, h, "")
	}
	if d := r.drawnLines(w); d != nil && !r.details {
		return r.column(append(d, r.companyLines(r.shown(), w)...), w, h, "v shows the company")
	}
	if r.details {
		return r.scrolled(r.companyLines(r.shown(), w), w, h)
	}
	lw := smallMapW
	if w < smallMapW+30 {
		lw = w // narrower than 80: one column
	}
	rw := w - lw - 1
	right := []string{r.playerHeader(rw)}
	for s := range r.v.Players {
		right = append(right, r.playerRow(s, rw))
	}
	left := r.zoneLines(r.zone, false)
	right = append(right, r.blockedLines(rw)...)
	right = append(right, r.companyLines(r.shown(), rw)...)
	if lw == w {
		return r.column(append(left, right...), w, h, "v shows the company")
	}
	return tui.HJoin(r.column(left, lw, h, "[ ] other companies"), " ", r.column(right, rw, h, "v shows it all"))
}

// largeBody: the three zones of the map at the left, the money trail, the
// stacks and the dialog at the right, every company below.
func (r *Renderer) largeBody(w, h int) string {
	left := []string{mapHeader(true)}
	for z := bill.East; z <= bill.West; z++ {
		left = append(left, r.zoneLines(z, true)...)
	}
	mh := min(len(left), h)
	rw := w - mapW - 1
	right := []string{r.th.Bold.Render("Money trail") + r.th.Subtle.Render(" (the adjusted capital decides after the last round)"),
		r.playerHeader(rw)}
	for s := range r.v.Players {
		right = append(right, r.playerRow(s, rw))
	}
	right = append(right, wrap([]string{r.orderLine(), r.stacksLine()}, rw)...)
	if r.v.Phase == bill.PhaseOver && r.mode == modeMap {
		right = append(right, "")
		right = append(right, r.endLines(rw)...)
	}
	if d := r.drawnLines(rw); d != nil {
		right = append(right, "")
		right = append(right, d...)
	}
	if b := r.blockedLines(rw); b != nil {
		right = append(right, "")
		right = append(right, b...)
	}
	if d := r.dialogLines(rw, mh-len(right)-1); d != nil {
		right = append(right, "")
		right = append(right, d...)
	}
	top := tui.HJoin(r.column(left, mapW, mh, ""), " ", r.column(right, rw, mh, ""))
	rest := h - mh
	if rest <= 1 {
		return tui.Block(top, w, h)
	}
	// The companies in two columns, the viewer's first.
	order := []int{}
	if r.gs.Seat >= 0 {
		order = append(order, r.gs.Seat)
	}
	for s := range r.v.Players {
		if s != r.gs.Seat {
			order = append(order, s)
		}
	}
	cw := (w - 1) / 2
	var cols [2][]string
	for i, s := range order {
		cols[i%2] = append(cols[i%2], r.companyLines(s, []int{cw, w - cw - 1}[i%2])...)
		cols[i%2] = append(cols[i%2], "")
	}
	bottom := tui.HJoin(r.column(cols[0], cw, rest-1, ""), " ", r.column(cols[1], w-cw-1, rest-1, ""))
	return top + "\n" + tui.Block("", w, 1) + "\n" + bottom
}

// stacksLine tells how many Work Items are left in the stacks.
func (r *Renderer) stacksLine() string {
	v := r.v
	return "Stacks: small " + itoa(v.Stacks[bill.Small]) + " (+" + itoa(v.Discards[bill.Small]) + " discarded), large " +
		itoa(v.Stacks[bill.Large]) + " (+" + itoa(v.Discards[bill.Large]) + " discarded)"
}

// barLine lists the keys of what the viewer can do now.
func (r *Renderer) barLine() string {
	var parts []string
	for _, k := range r.Keys() {
		h := k.Help()
		parts = append(parts, r.th.Key.Render(h.Key)+" "+h.Desc)
	}
	return strings.Join(parts, r.th.Bullet)
}

func itoa(n int) string { return strconv.Itoa(n) }

// wrap wraps each line to w cells, continuing with an indent, so that a
// long queue or Lab list is read in full rather than cut.
func wrap(lines []string, w int) []string {
	var out []string
	for _, l := range lines {
		if w < 12 || ansi.StringWidth(l) <= w {
			out = append(out, l)
			continue
		}
		parts := strings.Split(ansi.Wrap(l, w-3, ""), "\n")
		out = append(out, parts[0])
		for _, p := range parts[1:] {
			out = append(out, "   "+p)
		}
	}
	return out
}
