package opoly

import (
	"strings"

	"boardroom/engine/opoly"
)

// Legend implements tui.Legender: the board's codes and marks for the help
// overlay (?). The i key explains the inspected cell in its card.
func (r *Renderer) Legend() string {
	b, top := r.lab.building, r.lab.top
	return "Small board, one cell = marker, code, token: '>' marks the inspected cell; the code is the group letter " +
		"(or S start, # jail, ! go to jail, ? card, $ tax, = rest), the owner's seat number (. the bank) and what " +
		"stands on it (1-4 " + b + "s, H " + top + ", m mortgaged); the last column is the seat number of a token " +
		"standing there (* several). Large board: a band of ### " + b + "s, #N the owner, tokens at the right. " +
		"Players: '>' the player in turn, '*' the player shown with [ ]. Press i for the inspected cell's code in words."
}

// codeLines explain cell c's code and tokens in words (the i key).
func (r *Renderer) codeLines(c int) []string {
	v := r.v
	cell := &v.Board.Cells[c]
	st := v.Cells[c]
	var code, first string
	var parts []string
	if cell.Kind.Property() {
		_, first = r.st.group(cell.Group)
		owner := "."
		if st.Owner >= 0 {
			owner = seatDigit(st.Owner)
		}
		code = first + owner + levelMark(v, st)
		grp := "group " + first
		if cell.Group >= 0 && cell.Group < len(v.Board.Groups) {
			grp += " (" + v.Board.Groups[cell.Group].Name + ")"
		}
		parts = append(parts, grp)
		if st.Owner >= 0 {
			parts = append(parts, "owner "+seatDigit(st.Owner)+" "+r.name(st.Owner))
		} else {
			parts = append(parts, ". for sale by the bank")
		}
		switch {
		case st.Mortgaged:
			parts = append(parts, "m mortgaged")
		case st.Level > 0:
			parts = append(parts, levelMark(v, st)+" "+r.levelWords(st.Level))
		}
	} else {
		code = kindGlyph(cell.Kind)
		parts = append(parts, code+" "+kindWord(cell.Kind))
	}
	line := "Code " + strings.TrimRight(code, " ") + ": " + strings.Join(parts, ", ") + "."
	toks := tokensAt(v, c, nil)
	switch len(toks) {
	case 0:
		line += " No token here."
	default:
		names := make([]string, len(toks))
		for i, s := range toks {
			names[i] = seatDigit(s) + " " + r.name(s)
		}
		mark := seatDigit(toks[0])
		if len(toks) > 1 {
			mark = "*"
		}
		line += " Token " + mark + ": " + strings.Join(names, ", ") + "."
	}
	return []string{line}
}

// kindWord names a cell kind that is not a property.
func kindWord(k opoly.CellKind) string {
	switch k {
	case opoly.KindStart:
		return "start"
	case opoly.KindJail:
		return "jail"
	case opoly.KindGoToJail:
		return "go to jail"
	case opoly.KindCard:
		return "draw a card"
	case opoly.KindTax:
		return "tax"
	}
	return "rest"
}

// PhaseText implements tui.PhaseNamer: the prompt line's words for a phase.
func (r *Renderer) PhaseText(phase string) string {
	switch phase {
	case opoly.PhaseRoll:
		return "roll the dice"
	case opoly.PhaseJail:
		return "in jail: roll, pay or use a card"
	case opoly.PhaseBuy:
		return "buy or decline"
	case opoly.PhaseAuction:
		return "sealed-bid auction"
	case opoly.PhasePostRoll:
		return "after the roll"
	case opoly.PhaseDebt:
		return "payment due"
	case opoly.PhaseTrade:
		return "trade proposal"
	case opoly.PhaseOver:
		return "game over"
	}
	return strings.ReplaceAll(phase, "_", " ")
}
