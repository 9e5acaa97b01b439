package opoly

import (
	"boardroom/tui"
)

// The small screen of a game with a score column (variant.scoreColumn:
// Technopoly), decided from what a player decides on rather than from
// what fits. At 80x24 the game gets
// about 80x12: the ring of 5-column cells with the players inside it
// (cash and resources, players pane) leaves a side pane of 24 columns.
//
//   - The side pane holds the inspected property's compact card, the
//     variant panel's (Panel.CardLines: Technopoly's start-up card in the
//     order a player reads it), else the usual card.
//   - A question, a pick list or a takeover request of the viewer's
//     (a party to it) takes the whole width instead of the board, with
//     the card of the cell concerned beside it: the question, the cash
//     before -> after and the keys are always on screen.

// wideDialog reports whether the small screen shows the viewer's question or
// list across the whole width.
func (r *Renderer) wideDialog() bool {
	if !r.lab.scoreColumn || r.v == nil {
		return false
	}
	switch r.mode {
	case modeConfirm, modePick, modeAmount, modeSelect:
		return true
	}
	t := r.v.Trade
	return r.isTakeover() && (r.gs.Seat == t.From || r.gs.Seat == t.To)
}

// wideDialogView draws the small screen's question or list (left) and the
// card of the cell it is about (right) in w x h, or reports false.
func (r *Renderer) wideDialogView(w, h int) (string, bool) {
	if !r.wideDialog() {
		return "", false
	}
	lw, cw := wideSplit(w)
	secs := r.phaseSections(lw, h)
	if r.mode == modeConfirm && len(secs) > 1 {
		secs = secs[:1] // the question alone: what it answers is in it
	}
	left := r.stack(lw, h, secs...)
	c := r.cursor
	if t := r.v.Trade; r.isTakeover() && t.Offer != nil && len(t.Offer.ToCells) == 1 {
		c = t.Offer.ToCells[0]
	}
	right := r.stack(cw, h, section{"", r.compactCard(c)})
	return tui.HJoin(tui.Block(left, lw, h), tui.Block("", 2, h), tui.Block(right, cw, h)), true
}

// wideSplit is the width of the question (left) and of the card (right) of
// the small screen's dialog of width w; two columns apart.
func wideSplit(w int) (lw, cw int) {
	cw = min(32, w/3)
	return w - cw - 2, cw
}

// sideDetail is the side pane's detail on the small screen: the compact
// card of a start-up, or the usual section (a player's lines, the code in
// words, a card of another cell).
func (r *Renderer) sideDetail(w, h int) section {
	if r.lab.scoreColumn && r.player < 0 && !r.explain {
		return section{"", r.compactCard(r.cursor)}
	}
	return r.detailSection(w, h)
}

// compactCard is cell c's card on the small screen: the variant panel's
// compact card, or the usual card.
func (r *Renderer) compactCard(c int) []string {
	if lines, ok := r.panel.CardLines(r, c); ok {
		return lines
	}
	return r.cardLines(max(c, 0))
}
