package opoly

import (
	"strings"

	"boardroom/engine/opoly"
)

// Legend implements tui.Legender: the board's codes and marks for the help
// overlay (?). The i key explains the inspected cell in its card.
func (r *Renderer) Legend() string {
	if r.v != nil {
		if s, ok := r.panel.Legend(r); ok { // the variant's own marks (Technopoly's staff)
			return s
		}
	}
	l, w := r.lab, r.w
	s := "Small board, one cell = marker, code, token: '>' marks the inspected cell; the code is the group letter " +
		"(or S start, # " + w.jail + ", ! go to " + w.jail + ", ? card, $ " + l.tax + ", = rest), the owner's seat number (. " +
		w.bank + ") and what stands on it (1-4 " + l.buildings + ", " + l.topMark + " " + l.top + ", " + l.mortMark + " " +
		l.mortAdj + "); the last column is the seat number of a token standing there (* several). Large board: a band " +
		"of ### " + l.buildings + ", #N the owner, tokens at the right. Players: '>' the " + l.player + " in turn, '*' the " +
		l.player + " shown with [ ]"
	if l.pools != "" {
		s += ", " + w.jail + " N/" + r.jailMax() + " a " + l.player + " in " + w.jail + " (turns there), +exit a held " +
			w.jailCard + ". The " + l.pools + " line shows the free " + l.unitPool + " and " + l.topPool +
			" of the shared pool. Auctions, " + w.mortgage + "s and payments with assets open a panel that says " +
			"what each key does; every amount is confirmed before it is spent"
	}
	return s + ". Press i for the inspected cell's code in words."
}

// jailMax is the most turns a player stays in jail, as text.
func (r *Renderer) jailMax() string {
	if r.v != nil && r.v.Rules != nil && r.v.Rules.Jail.MaxTurns > 0 {
		return itoa(r.v.Rules.Jail.MaxTurns)
	}
	return "3"
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
		code = first + owner + r.levelMark(st)
		grp := "group " + first
		if cell.Group >= 0 && cell.Group < len(v.Board.Groups) {
			grp += " (" + v.Board.Groups[cell.Group].Name + ")"
		}
		parts = append(parts, grp)
		if st.Owner >= 0 {
			parts = append(parts, "owner "+seatDigit(st.Owner)+" "+r.name(st.Owner))
		} else {
			parts = append(parts, ". for sale by "+r.w.bank)
		}
		switch {
		case st.Mortgaged:
			parts = append(parts, r.lab.mortMark+" "+r.lab.mortAdj)
		case st.Level > 0:
			parts = append(parts, r.levelMark(st)+" "+r.levelWords(st.Level))
		}
	} else {
		code = r.glyph(cell)
		kind := cell.Kind
		if code != kindGlyph(kind) {
			kind = opoly.KindRest
		}
		parts = append(parts, code+" "+r.kindWord(kind))
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
func (r *Renderer) kindWord(k opoly.CellKind) string {
	if r.lab.scoreColumn { // Technopoly's words (trips.go)
		switch k {
		case opoly.KindStart:
			return r.startName() + ": " + r.v.FormatMoney(r.v.Salary) + " a trip round the board"
		case opoly.KindCard:
			return "draw a " + r.deckWords() + " card"
		case opoly.KindRest:
			return "nothing happens"
		}
	}
	switch k {
	case opoly.KindStart:
		return "start"
	case opoly.KindJail:
		return r.w.jail
	case opoly.KindGoToJail:
		return "go to " + r.w.jail
	case opoly.KindCard:
		return "draw a card"
	case opoly.KindTax:
		return r.lab.tax
	}
	return "rest"
}

// PhaseText implements tui.PhaseNamer: the prompt line's words for a phase.
func (r *Renderer) PhaseText(phase string) string {
	switch phase {
	case opoly.PhaseRoll:
		return "roll the dice"
	case opoly.PhaseJail:
		return "in " + r.w.jail + ": roll, pay or use a card"
	case opoly.PhaseBuy:
		return "buy or decline"
	case opoly.PhaseAuction:
		return "sealed-bid auction"
	case opoly.PhasePostRoll:
		return "after the roll"
	case opoly.PhaseDebt:
		return "payment due"
	case opoly.PhaseTrade:
		if r.v != nil && r.isTakeover() {
			return "takeover request"
		}
		return "trade proposal"
	case opoly.PhaseOver:
		return "game over"
	case opoly.PhaseChoose:
		return "choose a project"
	case opoly.PhaseValue:
		return "value the offered assets"
	case opoly.PhaseValued:
		return "accept or reject the valuation"
	case opoly.PhasePlace:
		return "place the unit won at auction"
	case opoly.PhaseReceive:
		return "redeem or pay on what you received"
	}
	return strings.ReplaceAll(phase, "_", " ")
}
