package opoly

import (
	"strconv"
	"strings"

	"github.com/charmbracelet/x/ansi"

	"boardroom/tui"
)

// The takeover list scrolls: it can hold every start-up of the other
// players, more than the pane at 80x24 has rows. The rows around the
// highlighted one are shown, one line each (a row cut short ends with the
// theme's ellipsis; the preview under the list says all of it), with a
// "more" line above or below for what is out of view; the preview and the
// keys stay under it.

// pickingTakeover reports whether the open pick list is the takeover list.
func (r *Renderer) pickingTakeover() bool {
	return len(r.pick.kinds) == 1 && r.pick.kinds[0] == "request_takeover"
}

// takeoverPickSection is the takeover list within r.pickBox (no limit when
// it is zero): title, rows, preview and keys.
func (r *Renderer) takeoverPickSection() section {
	p := &r.pick
	w, h := r.pickBox[0], r.pickBox[1]
	title := p.title
	if title == "" {
		title = "Choose where to " + p.verb
	}
	preview := r.st.accent.Render(r.pickPreview())
	keys := r.keyHint("up/down", "choose", "enter", "ask", "esc", "cancel")
	n := len(p.acts)
	lo, hi := 0, n
	if w > 0 && h > 0 {
		rows := h - wrappedLines(title, w) - wrappedLines(preview, w) - wrappedLines(keys, w)
		lo, hi = scrollWindow(n, p.idx, rows)
	}
	lines := make([]string, 0, hi-lo+4)
	if lo > 0 {
		lines = append(lines, r.st.subtle.Render(r.moreLine(true, lo)))
	}
	for i := lo; i < hi; i++ {
		mark, l := "  ", r.pickLabel(p.acts[i])
		if w > 0 {
			l = tui.Fit(l, w-2, r.th.Ellip)
		}
		if i == p.idx {
			mark, l = "> ", r.st.cursor.Render(l)
		}
		lines = append(lines, mark+l)
	}
	if hi < n {
		lines = append(lines, r.st.subtle.Render(r.moreLine(false, n-hi)))
	}
	return section{title, append(lines, preview, keys)}
}

// moreLine says how many rows of a list are out of view above or below.
func (r *Renderer) moreLine(above bool, k int) string {
	arrow, where := "↓", "below"
	if above {
		arrow, where = "↑", "above"
	}
	if r.th.ASCII {
		arrow = map[bool]string{true: "^", false: "v"}[above]
	}
	return "  " + arrow + " " + strconv.Itoa(k) + " more " + where
}

// scrollWindow is the part [lo, hi) of a list of n rows, with row sel in
// it, that fits rows lines together with its "more" lines (one above, one
// below, when rows are out of view). At least the selected row is shown.
func scrollWindow(n, sel, rows int) (lo, hi int) {
	if n <= rows {
		return 0, n
	}
	sel = min(max(sel, 0), max(n-1, 0))
	k := max(rows-2, 1) // room for both "more" lines
	lo = min(max(sel-k/2, 0), n-k)
	hi = lo + k
	// At an end only one "more" line is needed: give its room to a row.
	switch {
	case lo == 0 && k+1 < rows:
		hi++
	case hi == n && k+1 < rows:
		lo--
	}
	return lo, hi
}

// wrappedLines is how many lines s takes wrapped to w columns.
func wrappedLines(s string, w int) int {
	if w <= 0 {
		return 1
	}
	return strings.Count(ansi.Wrap(s, w, ""), "\n") + 1
}
