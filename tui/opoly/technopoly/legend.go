package technopoly

import (
	"strconv"
	"strings"

	opolytui "boardroom/tui/opoly"
)

// Legend implements opolytui.Panel: every mark of the board in
// Technopoly's words, where the top level is added to the buildings: the
// codes of the small board (field letter, owner, 1-3 developers, C for three developers and a CTO,
// S the start, ? a card space, = nothing happens), the large board's
// bands, prices in thousands and tokens, and the players pane's columns.
func (panel) Legend(r *opolytui.Renderer) (string, bool) {
	w := r.Words()
	n := strconv.Itoa(r.GameView().MaxLevel - 1)
	cards := "? " + r.DeckWords() + ": draw a card, = nothing happens"
	if r.GameView().CardsOff {
		cards = "= nothing happens (" + r.DeckWords() + " spaces too: its cards are off here)"
	}
	return "Small board cell: '>' if inspected, code, token. Code: " + w.Group + " letter, owner's seat (. " + w.Bank +
		"), 1-" + n + " " + w.Buildings + " or " + w.TopMark + " " + n + " " + w.Buildings + " + a " + w.Top + "; S " +
		r.StartName() + ", " + cards + ". Token: a player's seat (* several). Large board: band 2 DEVS / " + n +
		" DEVS+" + strings.ToUpper(w.Top) + ", ---- not a " + w.Property + ", #N owner, else price (" + r.Kilo(10000) + " = " +
		r.GameView().FormatMoney(10000) + "), tokens right. Players: '>' in turn, '*' chosen with [ ], cash, " + w.Score +
		" (decide the winner), N trips = " + r.StartName() + " trips paid. i explains a cell.", true
}
