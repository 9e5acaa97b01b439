package opoly

import "boardroom/engine"

// LegalPartsOf returns, when seat is awaited in a phase of its turn, the
// parts of its Legal list the game's own bot asks for (legalPart,
// mayPropose), copied; ok is false in other phases.
func LegalPartsOf(eg engine.Game, seat int) (turn, build []engine.Action, propose, ok bool) {
	g := eg.(*Game)
	if !g.partsPhase(seat) || g.s.Phase == phDebt || g.s.Phase == phTrade {
		return nil, nil, false, false
	}
	turn = append([]engine.Action(nil), g.legalPart(seat, partTurn)...)
	build = append([]engine.Action(nil), g.legalPart(seat, partBuild)...)
	return turn, build, g.mayPropose(seat), true
}

// DebtAndAnswerParts returns, when seat is awaited in a debt or to answer a
// trade (not a takeover), the part of its Legal list the game's own bot
// reads there (partDebt, partAnswer), copied; ok is false elsewhere.
func DebtAndAnswerParts(eg engine.Game, seat int) (part []engine.Action, ok bool) {
	g := eg.(*Game)
	if !g.partsPhase(seat) {
		return nil, false
	}
	switch g.s.Phase {
	case phDebt:
		return append([]engine.Action(nil), g.legalPart(seat, partDebt)...), true
	case phTrade:
		return append([]engine.Action(nil), g.legalPart(seat, partAnswer)...), true
	}
	return nil, false
}
