package opoly

import (
	"strconv"
	"strings"

	"boardroom/engine/opoly"
)

// The trip marker of a game that counts trips round the board
// (Turn.CountLaps: Technopoly's Invest NI, R001-14, A001-02), and the
// names of the start cell and the card deck its words use. Each is keyed
// on the ruleset's knob rather than the game id; Technopoly's legend is
// its panel's (tui/opoly/technopoly).

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
