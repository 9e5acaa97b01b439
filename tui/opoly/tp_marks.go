package opoly

import (
	"strconv"
	"strings"

	"boardroom/engine/opoly"
)

// Technopoly's marks: the Invest NI trip marker (R001-14, A001-02), the
// staff of a start-up (developers and a CTO, R001-22..24) and the legend
// that explains them. Each is keyed on the ruleset's knob (CountLaps,
// the variant's topPlus) rather than the game id.

// trips reports whether the game counts trips round the board.
func (r *Renderer) trips() bool { return r.v != nil && r.v.Rules != nil && r.v.Rules.Turn.CountLaps }

// tripFlag is the players pane's trip marker: "2 trips" (paid so far),
// "" before the first or in a game without trips.
func (r *Renderer) tripFlag(p opoly.PlayerView) string {
	if !r.trips() || p.Laps <= 0 {
		return ""
	}
	return " " + strconv.Itoa(p.Laps) + " " + plural("trip", p.Laps)
}

// tripText is the trip marker in words for a player's lines: "2 trips
// round the board paid (£40,000)".
func (r *Renderer) tripText(p opoly.PlayerView) string {
	if !r.trips() {
		return ""
	}
	if p.Laps <= 0 {
		return "no trip round the board yet"
	}
	return strconv.Itoa(p.Laps) + " " + plural("trip", p.Laps) + " round the board paid (" +
		r.v.FormatMoney(int64(p.Laps)*r.v.Salary) + ")"
}

// tripCardLines are the start cell's card in a game with trips: what it
// pays and each player's trips so far; nil in other games.
func (r *Renderer) tripCardLines(name string) []string {
	if !r.trips() {
		return nil
	}
	v := r.v
	var parts []string
	for _, s := range v.Order {
		if n := v.Player(s).Laps; n > 0 {
			parts = append(parts, r.name(s)+" "+strconv.Itoa(n))
		}
	}
	paid := "No trip paid yet."
	if len(parts) > 0 {
		paid = "Trips paid: " + strings.Join(parts, ", ") + "."
	}
	return []string{name + " invests " + v.FormatMoney(v.Salary) + " once per trip round the board, on passing or landing " +
		"(not at the start).", paid}
}

// staffLegend explains every mark of a game whose top level is added to
// the buildings (Technopoly), in its words: the codes of the small board
// (field letter, owner, 1-3 developers, C for three developers and a CTO,
// S the start, ? a card space, = nothing happens), the large board's
// bands, prices in thousands and tokens, and the players pane's columns.
func (r *Renderer) staffLegend() string {
	l, w := r.lab, r.w
	n := strconv.Itoa(r.v.MaxLevel - 1)
	cards := "? " + r.deckWords() + ": draw a card, = nothing happens"
	if r.v.CardsOff {
		cards = "= nothing happens (" + r.deckWords() + " spaces too: its cards are off here)"
	}
	return "Small board cell: '>' if inspected, code, token. Code: " + w.group + " letter, owner's seat (. " + w.bank +
		"), 1-" + n + " " + l.buildings + " or " + l.topMark + " " + n + " " + l.buildings + " + a " + l.top + "; S " +
		r.startName() + ", " + cards + ". Token: a player's seat (* several). Large board: band 2 DEVS / " + n +
		" DEVS+" + strings.ToUpper(l.top) + ", ---- not a " + w.property + ", #N owner, else price (" + r.kilo(10000) + " = " +
		r.v.FormatMoney(10000) + "), tokens right. Players: '>' in turn, '*' chosen with [ ], cash, " + w.score +
		" (decide the winner), N trips = " + r.startName() + " trips paid. i explains a cell."
}

// deckWords names the board's card deck ("Tech News"), or "card".
func (r *Renderer) deckWords() string {
	if len(r.v.Board.Decks) == 1 {
		return r.v.Board.Decks[0].Name
	}
	return "card"
}

// startName is the start cell's name ("Invest NI").
func (r *Renderer) startName() string {
	if r.v != nil {
		for _, c := range r.v.Board.Cells {
			if c.Kind == opoly.KindStart {
				return c.Name
			}
		}
	}
	return "start"
}
