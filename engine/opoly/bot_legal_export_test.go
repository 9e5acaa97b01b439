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

// TurnStepOf is, for seat awaited in a phase of its turn, the step the
// game tells the bot unlisted (turnStep) and whether it tells the build
// part empty (buildsNone).
func TurnStepOf(eg engine.Game, seat int) (step engine.Action, noBuilds bool) {
	g := eg.(*Game)
	return g.turnStep(), g.buildsNone(seat)
}

// DebtAndAnswerParts returns, when seat is awaited in a debt or to answer a
// trade (not a takeover), the part of its Legal list the game's own bot
// reads there (partDebt then partDebtMechs, partAnswer), copied; ok is
// false elsewhere.
func DebtAndAnswerParts(eg engine.Game, seat int) (part []engine.Action, ok bool) {
	g := eg.(*Game)
	if !g.partsPhase(seat) {
		return nil, false
	}
	switch g.s.Phase {
	case phDebt:
		part = append([]engine.Action(nil), g.legalPart(seat, partDebt)...)
		return append(part, g.legalPart(seat, partDebtMechs)...), true
	case phTrade:
		return append([]engine.Action(nil), g.legalPart(seat, partAnswer)...), true
	}
	return nil, false
}

// CellsBothWays lists seat's actions of the mechanism owning kind on the
// cells in the set cells twice: by its LegalCells (ok false when it is no
// CellLister) and by its Legal, keeping the takeover requests and offers
// to all on those cells.
func CellsBothWays(eg engine.Game, seat int, kind string, cells uint64) (some, filtered []engine.Action, ok bool) {
	g := eg.(*Game)
	m := g.rs.mechanism(kind)
	cl, ok := m.(CellLister)
	if !ok {
		return nil, nil, false
	}
	some = cl.LegalCells(Table{g}, seat, cells, nil)
	for _, a := range m.Legal(Table{g}, seat, nil) {
		cell := -1
		switch x := a.(type) {
		case RequestTakeover:
			cell = x.Cell
		case OfferToAll:
			cell = x.Cell
		}
		if cell >= 0 && cells&(1<<uint(cell)) != 0 {
			filtered = append(filtered, a)
		}
	}
	return some, filtered, true
}

// CanSettleOf is whether the game's Settlers can still settle the current
// debt (mechCanSettle), which a rule asks in the middle of an action.
func CanSettleOf(eg engine.Game) bool { return eg.(*Game).mechCanSettle() }
