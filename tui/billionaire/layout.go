package billionaire

import (
	"github.com/charmbracelet/x/ansi"

	"strconv"
	"strings"

	bill "boardroom/engine/billionaire"
	"boardroom/tui"
)

// Layout sizes.
const (
	mapW   = 43 // a map row (mapRow) and a column of gap
	largeW = 100
	largeH = 30 // header, the whole map (22 lines), companies, info and bar
)

// View implements tui.GameRenderer: exactly w x h cells. At 100x30 and
// more the whole map shows with the money trail beside it and the
// companies below; smaller, one time zone at a time (left/right) with the
// money trail and one company beside it.
func (r *Renderer) View(w, h int) string {
	if w <= 0 || h <= 0 {
		return ""
	}
	if r.v == nil {
		return tui.Block(r.th.Subtle.Render("Waiting for the game..."), w, h)
	}
	head := tui.Fit(r.th.Title.Render(r.statusLine()), w, r.th.Ellip)
	foot := []string{tui.Fit(r.infoLine(), w, r.th.Ellip), tui.Fit(r.barLine(), w, r.th.Ellip)}
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

// dialogLines is the open dialog (cards, pick list, question) in h lines
// of width w, or nil.
func (r *Renderer) dialogLines(w, h int) []string {
	switch r.mode {
	case modeCards:
		return r.cardLines()
	case modePick:
		return r.pickLines(h)
	case modeConfirm:
		return strings.Split(tui.Wrap(r.confirm.question, w), "\n")
	}
	return nil
}

// smallBody: a dialog over the whole body; else one zone of the map (or
// with v the shown company) at the left and the money trail and the shown
// company at the right; narrower than the map, everything in one column.
func (r *Renderer) smallBody(w, h int) string {
	if d := r.dialogLines(w, h); d != nil {
		return tui.Block(strings.Join(d, "\n"), w, h)
	}
	zl := r.zoneLines(r.zone)
	left := append([]string{zl[0] + r.th.Subtle.Render(" <- ->"), mapHeader}, zl[1:]...)
	right := []string{r.playerHeader(false)}
	for s := range r.v.Players {
		right = append(right, r.playerRow(s, false))
	}
	lw := mapW
	if r.details {
		lw = w / 2
	}
	company := r.companyLines(r.shown())
	if d := r.drawnLines(); d != nil {
		company = append(d, company...)
	}
	if r.details {
		left = wrapLines(company, lw)
		company = nil
	}
	right = append(right, wrapLines(company, w-lw-1)...)
	if w < mapW+30 {
		return tui.Block(strings.Join(append(left, right...), "\n"), w, h)
	}
	return tui.HJoin(tui.Block(strings.Join(left, "\n"), lw, h), " ", tui.Block(strings.Join(right, "\n"), w-lw-1, h))
}

// largeBody: the three zones of the map at the left, the money trail, the
// stacks and the dialog at the right, every company below.
func (r *Renderer) largeBody(w, h int) string {
	left := []string{mapHeader}
	for z := bill.East; z <= bill.West; z++ {
		left = append(left, r.zoneLines(z)...)
	}
	mh := len(left)
	rw := w - mapW - 1
	right := []string{r.th.Bold.Render("Money trail"), r.playerHeader(true)}
	for s := range r.v.Players {
		right = append(right, r.playerRow(s, true))
	}
	right = append(right, "", r.stacksLine())
	if d := r.drawnLines(); d != nil {
		right = append(right, "")
		right = append(right, wrapLines(d, rw)...)
	}
	if d := r.dialogLines(rw, mh-len(right)-1); d != nil {
		right = append(right, "")
		right = append(right, wrapLines(d, rw)...)
	}
	top := tui.HJoin(tui.Block(strings.Join(left, "\n"), mapW, mh), " ", tui.Block(strings.Join(right, "\n"), rw, mh))
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
		cols[i%2] = append(cols[i%2], wrapLines(r.companyLines(s), cw)...)
		cols[i%2] = append(cols[i%2], "")
	}
	bottom := tui.HJoin(tui.Block(strings.Join(cols[0], "\n"), cw, rest-1), " ",
		tui.Block(strings.Join(cols[1], "\n"), w-cw-1, rest-1))
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

// wrapLines wraps each line to w cells, continuing with an indent, so a
// long queue or Lab list is read in full rather than cut.
func wrapLines(lines []string, w int) []string {
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
