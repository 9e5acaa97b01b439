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
func (r *Renderer) trips() bool { return r.v != nil && r.v.Rules != nil && r.v.Rules.CountLaps }

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

// staffLegend explains the staff marks of a game whose top level is added
// to the buildings (Technopoly): digits are developers, the top mark a
// CTO on three developers. Short enough for the help overlay at 80x24.
func (r *Renderer) staffLegend() string {
	l := r.lab
	n := strconv.Itoa(r.v.MaxLevel - 1)
	return "Codes: " + r.w.group + " letter, owner's seat (. " + r.w.bank + "), staff: 1-" + n + " " + l.buildings + ", " +
		l.topMark + " " + n + " " + l.buildings + " + a " + l.top + "; = nothing happens, S " + r.startName() +
		"; last column a token's seat (* several); '>' the inspected cell. Large board: band 2 DEVS / " + n + " DEVS+" +
		strings.ToUpper(l.top) + ", #N the owner. Players: '>' in turn, '*' chosen with [ ], N trips = " + r.startName() +
		" trips paid. i explains the inspected cell."
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
