package opoly

import (
	"strings"

	"boardroom/tui"
)

// Layout thresholds.
const (
	compactCellW = 5  // columns of a cell on the compact ring: marker, code, token
	minSideW     = 23 // narrowest useful side pane next to the compact ring
	minLargeW    = 7  // narrowest cell of the large ring (6 columns of name)
	maxLargeW    = 16
	minLargeH    = 3 // band, name, owner/tokens
	maxLargeH    = 4 // band, two lines of name, owner/tokens
)

// View implements tui.GameRenderer: exactly w x h cells. The large layout
// draws the named board with the panes inside the ring; the compact one a
// ring of 5-column cells with the players inside it and the panes at its
// right; below that, the panes alone.
func (r *Renderer) View(w, h int) string { return strings.Join(r.ViewLines(w, h), "\n") }

// ViewLines implements tui.LinesViewer: View's lines, made without
// joining the compact board (the one 80x24 shows).
func (r *Renderer) ViewLines(w, h int) []string {
	if w <= 0 || h <= 0 {
		return nil
	}
	if r.v == nil {
		return tui.AppendBlock(nil, r.st.subtle.Render("Waiting for the game..."), w, h)
	}
	defer r.dropScratch()
	r.wraps.Frame()
	g := r.gridFor()
	n := g.side + 1
	cw, ch := min(w/n, maxLargeW), min((h-1)/n, maxLargeH)
	switch {
	case cw >= minLargeW && ch >= minLargeH:
		return r.largeView(g, cw, ch, w, h)
	case w >= n*compactCellW+1+minSideW && h >= n+1:
		return r.compactView(g, w, h)
	}
	return tui.AppendLines(nil, r.narrowView(w, h))
}

// gridFor returns the grid of the board.
func (r *Renderer) gridFor() grid { return gridOf(len(r.v.Board.Cells)) }

// detailSection is the selected player's properties or the cursor's card.
// The pane is w wide and has h lines left under the sections above it
// (a player's list of assets scrolls in them).
func (r *Renderer) detailSection(w, h int) section {
	if r.player >= 0 {
		return section{"Player", r.playerLines(r.player, w, h-1)}
	}
	if r.explain {
		return section{"", append(r.codeLines(r.cursor), r.cardLines(r.cursor)...)}
	}
	return section{"", r.cardLines(r.cursor)}
}

// latestSection is the last card drawn and the last auction reveal
// (written in the renderer's text buffer).
func (r *Renderer) latestSection() section {
	t := &r.sc().text
	t.reset()
	if l := r.rollOffLine(); l != "" {
		t.str(l)
		t.end()
	}
	if l := r.catchUpLine(); l != "" {
		t.str(l)
		t.end()
	}
	r.lastCardIn(t)
	r.auctionResultIn(t)
	if len(t.ends) == 0 {
		return section{"Latest", nil}
	}
	return section{"Latest", t.lines(r.th, make([]string, 0, len(t.ends)))}
}

// diceLines are the round and dice line, and the pools' line of a game
// with a finite building supply (always in view, next to the dice), for a
// pane w wide.
func (r *Renderer) diceLines(w int) []string { return r.appendDiceLines(nil, w) }

// appendDiceLines appends diceLines(w) to dst.
func (r *Renderer) appendDiceLines(dst []string, w int) []string {
	dst = append(dst, r.diceLine())
	if l := r.poolLine(w); l != "" {
		dst = append(dst, l)
	}
	return dst
}

// compactView draws the 5-column ring with the players inside it, the
// panes at its right and the action bar under both.
func (r *Renderer) compactView(g grid, w, h int) []string {
	d, ok := r.dialogView(w, h-1)
	if !ok {
		d, ok = r.wideDialogView(w, h-1) // Technopoly: questions take the width (widelayout.go)
	}
	if ok { // the dialog's lines, then the bar's
		lines := tui.AppendLines(r.sc().paneBuf[:0], d)
		out := r.fitFrame(lines, len(lines), r.actionBar(w), w, h)
		clear(lines)
		r.sc().paneBuf = lines[:0]
		return out
	}
	if r.modal() {
		// A question or a list to choose from takes the whole width: at
		// 80x24 the side pane is too narrow for a question, its cash line
		// and its keys (the board is back as soon as it is answered).
		secs := r.phaseSections(w, h-1)
		if r.mode == modeBoard { // a decision of a panel: who has what cash
			if players := (section{"", r.playerRows(w)}); r.stackHeight(w, append(secs, players)...) <= h-1 {
				secs = append(secs, players)
			}
		}
		if r.stackHeight(w, secs...)+4 <= h-1 { // the card under it only if some of it fits
			secs = append(secs, r.detailSection(w, h-2-r.stackHeight(w, secs...)))
		}
		// stackLines(w, h-1) then the bar: h-1 rows, h-2 when the stack
		// dropped a blank last line.
		lines, short := r.stackRaw(r.sc().paneBuf[:0], w, h-1, secs...)
		n := h - 1
		switch {
		case w <= 0 || h-1 <= 0:
			n = 0 // stackLines draws nothing
		case short:
			n--
		}
		out := r.fitFrame(lines, n, r.actionBar(w), w, h)
		clear(lines)
		r.sc().paneBuf = lines[:0]
		return out
	}
	side := g.side
	n := side + 1
	iw := (side - 1) * compactCellW // the interior's ih = side-1 rows are the ring's rows 1 to side-1
	// The ring's interior: the dice and the players, each line made iw-2
	// wide where it is written (kept in the renderer's slice: not handed out).
	inner := r.appendDiceLines(r.sc().innerBuf[:0], iw-2)
	for _, row := range r.playerRows(iw - 2) {
		inner = tui.AppendLines(inner, row)
	}
	sw := w - n*compactCellW - 1
	var sa [8]section // the pane's sections, on the stack
	secs := r.appendPhaseSections(sa[:0], sw, h-1)
	if r.lab.scoreColumn { // Technopoly: the players pane has everyone's cash and resources
		ps := r.appendPhaseSections(sa[:0], sw, h-1)
		secs = append(ps, r.sideDetail(sw, h-2-r.stackHeight(sw, ps...)), r.latestSection())
	} else {
		secs = append(secs, r.detailSection(sw, h-2-r.stackHeight(sw, secs...)), section{"", r.infoLines()}, r.latestSection())
	}
	// The pane's lines as stacked, made sw wide where they are written.
	pane, _ := r.stackRaw(r.sc().paneBuf[:0], sw, h-1, secs...) // a pane cut short: blank rows under it
	// The frame's rows, the ring's then the pane's line, and the action
	// bar are written into one string: each row is the ring's row, the
	// gap and the pane's line (the pane's lines sw cells wide, the ring's
	// block ringW), and the rows are parts of it.
	ringW := n*compactCellW + 1
	rows := h - 1
	t := &r.sc().rows
	t.b = t.b[:0]
	ends := r.sc().endsBuf[:0]
	blankRing := tui.Spaces(ringW) // the rows under the ring
	for row := range rows {
		// The ring's part of the row, and its width: the cells', each
		// counted as it is written (the interior and the blanks are
		// written to their width).
		start, partW := t.Len(), ringW
		if row <= side {
			partW = 1 // the gap to the pane
			for col := 0; col <= side; col++ {
				c := g.at(row, col)
				switch {
				case c >= 0:
					partW += r.compactCell(t, c)
				case row > 0 && row < side && col == 1:
					t.byte(' ')
					if row-1 < len(inner) {
						t.fitted(inner[row-1], iw-2)
					} else {
						t.WriteString(tui.Spaces(iw - 2))
					}
					t.byte(' ')
					partW += iw
				case row == 0 || row == side:
					t.WriteString(blankCell)
					partW += len(blankCell)
				}
			}
			t.byte(' ') // the gap to the pane
		} else {
			t.WriteString(blankRing)
		}
		line := ""
		if row < len(pane) {
			line = pane[row]
		}
		if partW != ringW {
			// The ring's part cut or padded to ringW, and the pane's line:
			// written again in its place.
			odd := tui.AppendBlock(nil, string(t.b[start:]), ringW, 1)[0] + fitted(line, sw)
			t.b = append(t.b[:start], odd...)
		} else {
			t.fitted(line, sw)
		}
		ends = append(ends, t.Len())
	}
	t.fitted(r.actionBar(w), w)
	ends = append(ends, t.Len())
	// The rows are new strings only where this renderer's last frame
	// had another row and no session of the theme drew the same a moment
	// ago (the other players at the table).
	body := r.sharedRows(make([]string, 0, len(ends)), t.b, ends)
	// The renderer's slices are kept for the next frame, not what they
	// held (a frame's strings are the caches' and the screen's).
	clear(inner)
	clear(pane)
	r.sc().innerBuf, r.sc().paneBuf, r.sc().endsBuf = inner[:0], pane[:0], ends[:0]
	return body
}

// blankCell is an empty place of the compact ring's top and bottom rows.
const blankCell = "     "

// narrowView is the panes without the board, for areas too small for it.
func (r *Renderer) narrowView(w, h int) string {
	if h < 2 {
		return tui.Block(r.actionBar(w), w, h)
	}
	if d, ok := r.dialogView(w, h-1); ok {
		return tui.Block(d+"\n"+r.actionBar(w), w, h)
	}
	var secs []section
	if l := r.poolLine(w); l != "" {
		secs = append(secs, section{"", []string{l}})
	}
	secs = append(secs, r.phaseSections(w, h-1)...)
	secs = append(secs, section{"", r.playerRows(w)})
	secs = append(secs, r.detailSection(w, h-2-r.stackHeight(w, secs...)), section{"", r.infoLines()})
	return tui.JoinBlock(tui.AppendLines(r.stackLines(w, h-1, secs...), r.actionBar(w)), w, h)
}

// modal reports whether a question, a pick list, an amount or a multiple
// choice is open, or the viewer has a decision of a panel to take (a bid,
// an answer to a proposal, a debt, a valuation): the compact layout then
// gives it the whole width, so that what the player decides on is not cut
// to the 24 columns beside the ring.
func (r *Renderer) modal() bool {
	switch r.mode {
	case modeConfirm, modePick, modeAmount, modeSelect:
		return true
	}
	for _, k := range []string{"bid", "accept_trade", "declare_bankruptcy", "value_assets",
		"accept_valuation", "place_unit", "redeem_received"} {
		if r.legalKind(k) != nil {
			return true
		}
	}
	return false
}

// LinesFitted implements tui.FittedLinesViewer: ViewLines draws h lines of
// exactly w cells (TestFramesDrawnAsBefore checks every line of its
// games' frames).
func (r *Renderer) LinesFitted() {}
