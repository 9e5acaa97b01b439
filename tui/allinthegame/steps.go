package allinthegame

import (
	"fmt"
	"strings"

	"github.com/charmbracelet/x/ansi"

	aitg "boardroom/engine/allinthegame"
	"boardroom/tui"
)

// How the top step is drawn. On a tall screen a list is one item a line;
// on a short one (80x24: the renderer has 12 lines) the items stand side
// by side, so all seven actions of the menu are in sight at once with a
// line saying what the highlighted one does. A list that still does not
// fit shows a window around the cursor and says how many items are out of
// it. A question is always drawn whole: the View makes room for it.

// confirmLines is a question, wrapped, and the keys that answer it.
func (r *Renderer) confirmLines(top *step, w int) []string {
	th := r.th
	var out []string
	for _, para := range strings.Split(top.question(), "\n") {
		for _, l := range strings.Split(tui.Wrap(para, w), "\n") {
			out = append(out, th.Accent.Render(l))
		}
	}
	return append(out, tui.Fit(tui.YesNoLine, w, th.Ellip))
}

// menuNeed is the fewest lines the top step needs to be usable.
func (r *Renderer) menuNeed(w int, compact bool) int {
	top := r.stack[len(r.stack)-1]
	n := boolN(r.err != "", 1)
	switch {
	case top.kind == stepConfirm:
		return n + len(r.confirmLines(top, w))
	case top.kind == stepDesk:
		return n + 1 + len(r.deskLabel(top, w))
	case top.waiting || len(top.items) == 0:
		return n + 2
	case len(r.stack) == 1 && compact && r.gs.Prompt.Phase != aitg.PhaseWork:
		return n + 1 + min(len(r.flowRows(top, w)), 2) // the question, the answers side by side
	case len(r.stack) == 1 && compact:
		return n + 2 // the actions side by side, and what the highlighted one does
	case compact:
		// up to three rows; a longer list scrolls rather than push the
		// projects (where a consultant may go) off the screen
		return n + 1 + min(len(r.flowRows(top, w)), 3)
	}
	return n + 1 + min(len(top.items), 4)
}

// menuLines draws the top step in at most h lines of width w.
func (r *Renderer) menuLines(w, h int, compact bool) []string {
	th := r.th
	var out []string
	if r.err != "" {
		out = append(out, th.Error.Render(tui.Fit(r.err, w, th.Ellip)))
	}
	top := r.stack[len(r.stack)-1]
	room := h - len(out)
	switch {
	case top.kind == stepConfirm:
		return append(out, r.confirmLines(top, w)...)
	case top.kind == stepDesk:
		it := top.items[top.cursor]
		title := top.title + ": " + plural(len(top.items), "legal desk")
		if room < 2 {
			return append(out, tui.Fit(title+th.Bullet+"> "+it.label, w, th.Ellip))
		}
		label := r.deskLabel(top, w)
		if len(label) > room-1 {
			label = label[:room-1]
			label[len(label)-1] = tui.Fit(label[len(label)-1]+" "+th.Ellip, w, th.Ellip)
		}
		out = append(out, th.Bold.Render(tui.Fit(title, w, th.Ellip)))
		out = append(out, label...)
		if room > len(label)+1 {
			out = append(out, th.Subtle.Render(tui.Fit("arrows: next desk  enter: place  esc: back", w, th.Ellip)))
		}
		return out
	case top.waiting || len(top.items) == 0:
		wait := th.Subtle.Render(tui.Fit(r.waitingText(), w, th.Ellip))
		if len(top.items) == 0 {
			return append(out, wait)
		}
		resign := "x  " + top.items[0].label
		if room < 2 {
			return append(out, tui.Fit(r.waitingText()+th.Bullet+"x: resign (asks first)", w, th.Ellip))
		}
		return append(out, wait, tui.Fit("  "+resign, w, th.Ellip))
	}
	if len(r.stack) == 1 && compact {
		// The actions side by side, and what the highlighted one does. The
		// title is the question itself outside Let's work! (choose the start
		// player, Headhunters, a secret pick): it comes first there.
		rows := r.flowRows(top, w)
		desc := top.items[top.cursor].chip != ""
		titled := r.gs.Prompt.Phase != aitg.PhaseWork || room >= len(rows)+boolN(desc, 1)+1
		if titled {
			out = append(out, th.Bold.Render(tui.Fit(top.title, w, th.Ellip)))
			room--
		}
		out = append(out, r.window(rows, r.cursorRow(top, w), max(1, room-boolN(desc, 1)))...)
		if desc && room >= 2 {
			out = append(out, th.Subtle.Render(tui.Fit(top.items[top.cursor].label, w, th.Ellip)))
		}
		return out
	}
	out = append(out, th.Bold.Render(tui.Fit(top.title, w, th.Ellip)))
	room = max(1, room-1)
	if compact {
		return append(out, r.window(r.flowRows(top, w), r.cursorRow(top, w), room)...)
	}
	var rows []string
	for i, it := range top.items {
		rows = append(rows, r.itemText(top, i, it, w, false))
	}
	return append(out, r.window(rows, top.cursor, room)...)
}

// deskLabel is the desk picker's chosen desk, "> desk 2 of ...", wrapped
// to at most three lines.
func (r *Renderer) deskLabel(top *step, w int) []string {
	lines := strings.Split(tui.Wrap(top.items[top.cursor].label, w-2), "\n")
	for i := range lines {
		mark := "  "
		if i == 0 {
			mark = "> "
		}
		lines[i] = mark + lines[i]
	}
	return lines[:min(len(lines), 3)]
}

// itemText is one item with its cursor mark ("> " or "  ") and shortcut.
func (r *Renderer) itemText(top *step, i int, it item, w int, chip bool) string {
	label := it.label
	if chip && it.chip != "" {
		label = it.chip
	}
	if it.key != "" {
		sep := "  "
		if chip {
			sep = " "
		}
		label = it.key + sep + label
	}
	// Side by side only the highlighted item carries its mark: seven
	// actions then fit one line of 80 columns.
	mark := "  "
	switch {
	case i == top.cursor:
		mark = "> "
	case chip:
		mark = ""
	}
	line := tui.Fit(mark+label, w, r.th.Ellip)
	if i == top.cursor {
		line = r.th.Selected.Render(line)
	}
	return line
}

// flowRows lays the items of top side by side in rows of width w.
func (r *Renderer) flowRows(top *step, w int) []string {
	rows, _ := r.flow(top, w)
	return rows
}

// cursorRow is the row of flowRows that holds the cursor.
func (r *Renderer) cursorRow(top *step, w int) int {
	_, at := r.flow(top, w)
	return at
}

func (r *Renderer) flow(top *step, w int) ([]string, int) {
	var rows []string
	line, lw, at := "", 0, 0
	for i, it := range top.items {
		cell := r.itemText(top, i, it, w, true)
		cw := ansi.StringWidth(cell)
		if lw > 0 && lw+2+cw > w {
			rows = append(rows, line)
			line, lw = "", 0
		}
		if lw > 0 {
			line += "  "
			lw += 2
		}
		line += cell
		lw += cw
		if i == top.cursor {
			at = len(rows)
		}
	}
	if lw > 0 {
		rows = append(rows, line)
	}
	return rows, at
}

// window shows at most h of rows, keeping row at in sight; rows out of
// sight are counted on a marker line ("more").
func (r *Renderer) window(rows []string, at, h int) []string {
	if len(rows) <= h {
		return rows
	}
	if h < 2 {
		return rows[max(0, at) : max(0, at)+1]
	}
	room := h - 1 // one line for the marker
	first := 0
	if at >= room {
		first = at - room + 1
	}
	shown := rows[first : first+room]
	before, after := first, len(rows)-first-room
	var parts []string
	if before > 0 {
		parts = append(parts, fmt.Sprintf("%d more above", before))
	}
	if after > 0 {
		parts = append(parts, fmt.Sprintf("%d more below", after))
	}
	marker := r.th.Subtle.Render("  " + r.th.Ellip + " " + strings.Join(parts, ", ") + " (arrows)")
	if before > 0 && after == 0 {
		return append([]string{marker}, shown...)
	}
	return append(append([]string(nil), shown...), marker)
}

// waitingText says who and what the game waits for when the viewer has
// nothing to decide, from the state on screen.
func (r *Renderer) waitingText() string {
	v := r.v
	if v.Over {
		return "The game is over."
	}
	watching := r.gs.Seat < 0 || r.gs.Seat >= len(v.Players)
	if !watching && v.Players[r.gs.Seat].Resigned {
		return "You resigned: you are watching the rest of the game."
	}
	if v.Turn < 0 {
		return ""
	}
	who := r.name(v.Turn)
	if watching {
		return "You are watching. " + r.waitingFor(who)
	}
	return r.waitingFor(who)
}

// waitingFor says whom and what the game waits for.
func (r *Renderer) waitingFor(who string) string {
	v := r.v
	switch r.gs.Prompt.Phase {
	case aitg.PhaseTrainPick:
		return "Waiting for " + who + ": picking a trained Senior in secret."
	case aitg.PhaseRecruitPick:
		return "Waiting for " + who + ": picking a recruited Principal in secret."
	case aitg.PhaseChooseStart:
		return "Waiting for " + who + ": choosing the start player (fewest dollars)."
	case aitg.PhaseHeadhunters:
		return "Waiting for " + who + ": giving a Senior back to the Headhunters."
	}
	if r.gs.Seat >= 0 && r.gs.Seat < len(v.Players) && v.Players[r.gs.Seat].Passed {
		return "You passed. Waiting for " + who + " to take an action or pass."
	}
	return "Waiting for " + who + " to take an action or pass (Let's work!)."
}
