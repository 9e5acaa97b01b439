package opoly

import "strconv"

// Lists that do not fit their pane scroll with the cursor, and say so:
// a "more" line stands where rows are left out above or below, so a
// player never takes a cut list for the whole one (the trade editor, the
// pick lists, a player's assets).

// scrollRows returns at most h lines of rows with row cur in view: when
// rows are left out, the first and/or last line says how many, above or
// below.
func (r *Renderer) scrollRows(rows []string, cur, h int) []string {
	if h <= 0 || len(rows) <= h {
		return rows
	}
	if h < 3 { // no room for markers: the cursor's rows alone
		start := clampInt(cur-h+1, 0, len(rows)-h)
		return rows[start : start+h]
	}
	// Room for the rows between the markers: h-2, or h-1 at either end.
	n := h - 2
	start := clampInt(cur-n/2, 0, len(rows)-n)
	if start == 0 {
		n = h - 1
	} else if start+n >= len(rows) {
		n = h - 1
		start = len(rows) - n
	}
	out := make([]string, 0, h)
	if start > 0 {
		out = append(out, r.st.subtle.Render(r.moreMark(true, start)))
	}
	out = append(out, rows[start:start+n]...)
	if rest := len(rows) - start - n; rest > 0 {
		out = append(out, r.st.subtle.Render(r.moreMark(false, rest)))
	}
	return out
}

// moreMark is the "more" line: "^ 2 more above" / "v 3 more below" (the
// arrows on a Unicode terminal).
func (r *Renderer) moreMark(above bool, n int) string {
	up, down := "↑", "↓"
	if r.th.ASCII {
		up, down = "^", "v"
	}
	if above {
		return "  " + up + " " + strconv.Itoa(n) + " more above"
	}
	return "  " + down + " " + strconv.Itoa(n) + " more below"
}
