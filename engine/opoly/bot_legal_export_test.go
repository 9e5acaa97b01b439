package opoly

import "boardroom/engine"

// LegalPartsOf returns, when seat is awaited in a phase of its turn, the
// parts of its Legal list the game's own bot asks for (legalPart,
// mayPropose), copied; ok is false in other phases.
func LegalPartsOf(eg engine.Game, seat int) (turn, build []engine.Action, propose, ok bool) {
	g := eg.(*Game)
	if !g.turnPhase(seat) {
		return nil, nil, false, false
	}
	turn = append([]engine.Action(nil), g.legalPart(seat, partTurn)...)
	build = append([]engine.Action(nil), g.legalPart(seat, partBuild)...)
	return turn, build, g.mayPropose(seat), true
}
