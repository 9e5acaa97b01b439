package opoly

import "boardroom/engine"

// What a test of the screen reads beside the frames, for the variants'
// tests that live in their own packages (tui/opoly/projectopoly,
// tui/opoly/technopoly): what has the keyboard, the open pick list, the
// inspected cell, and where the panes are drawn. Reading or moving the
// inspection changes nothing else.

// modeNames are the modes by name, for Mode.
var modeNames = [...]string{
	modeBoard:   "board",
	modeConfirm: "confirm",
	modePick:    "pick",
	modeTrade:   "trade",
	modeAmount:  "amount",
	modeSelect:  "select",
	modeChoice:  "choice",
}

// Mode names what has the keyboard: "board" (the cursor and the bar),
// "confirm" (a y/n question), "pick" (a pick list), "trade", "amount",
// "select" or "choice".
func (r *Renderer) Mode() string { return modeNames[r.mode] }

// PickList is the open pick list: its cells, their actions and the
// highlighted row.
func (r *Renderer) PickList() (cells []int, acts []engine.Action, idx int) {
	return r.pick.cells, r.pick.acts, r.pick.idx
}

// RowLabel is the row of a pick list for action a, as the list draws it
// (the variant panel's row, or the core's).
func (r *Renderer) RowLabel(a engine.Action) string { return r.pickLabel(a) }

// Cursor is the inspected cell.
func (r *Renderer) Cursor() int { return r.cursor }

// Inspect moves the cursor to cell c, as the arrow keys would, and stops
// it following the token in turn.
func (r *Renderer) Inspect(c int) { r.cursor, r.follow = c, false }

// PaneArea is where the panes or an open dialog are drawn at w x h:
// inside the ring of the large board, right of the compact ring (or the
// whole width for a dialog), as View lays them out.
func (r *Renderer) PaneArea(w, h int) (x0, x1, y0, y1 int) {
	g := r.gridFor()
	n := g.side + 1
	cw, ch := min(w/n, maxLargeW), min((h-1)/n, maxLargeH)
	_, dialog := r.dialogView(1, 1)
	switch {
	case cw >= minLargeW && ch >= minLargeH:
		m := max(w-n*cw, 0) / 2 // the margin that centres the ring
		iw, ih := (g.side-1)*cw, (g.side-1)*ch
		if dialog {
			return m + cw, m + cw + iw - 1, ch, ch + ih
		}
		lw := (iw - 2) / 2 // the players' column, then the panes of what goes on
		return m + cw + lw + 2, m + cw + iw - 1, ch, ch + ih
	case dialog || r.modal():
		return 0, w, 0, h - 1
	}
	return n*compactCellW + 1, w, 0, h - 1
}
