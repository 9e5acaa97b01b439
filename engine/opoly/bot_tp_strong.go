package opoly

import "boardroom/engine"

// The strong bot's own seat hires differently where the first bankruptcy
// ends the game (Technopoly). Hiring turns cash into staff at their price,
// which counts in full in the score (resources, G001-03), so a hire costs
// nothing of the score: what it risks is the cash to pay a licence fee.
// The standard bot hires only while it keeps its whole reserve (the
// highest fee of its next roll, or half the highest on the board), and by
// then rivals' staffed fields drain its cash: it hires little and late.
// The strong bot's seat (its decisions and its playouts: ownDeals.hire)
// keeps half of that reserve when it hires. Measured with no search, one
// such bot against three standard bots, 4,000 four-player games (seed 7):
// the takeover rules alone 26.1% of the wins, hiring into half the reserve
// 28.9% (a third 29.1%, a quarter 28.5%, a tenth 24.9%, nothing kept
// 19.8%); docs/decisions/2026-11-strong-technopoly-hires-and-searches-wider.md.

// ownHireKeep is the share, in hundredths, of the standard reserve the
// strong seat keeps when it hires.
const ownHireKeep = 50

// ownManage is the strong seat's hiring where the first bankruptcy ends
// the game: the hire that raises a licence fee most among those its cash
// pays while it keeps ownHireKeep of its reserve, or nil. ok is false
// where the standard bot's manage applies (other games, other seats).
func (b *bot) ownManage(v *View, legal []engine.Action) (a engine.Action, ok bool) {
	if !b.own.hire || v.Rules == nil || !v.Rules.End.FirstBankruptcy {
		return nil, false
	}
	cash := v.PlayerCash(b.seat)
	res := b.reserve(v) * ownHireKeep / 100
	var best engine.Action
	var bestGain int64
	for _, a := range legal {
		x, ok := a.(Build)
		if !ok {
			continue
		}
		cell := &v.Board.Cells[x.Cell]
		lvl := v.Cells[x.Cell].Level
		if cash-cell.BuildPrice < res || lvl+1 >= len(cell.Rents) {
			continue
		}
		if gain := cell.Rents[lvl+1] - cell.Rents[lvl]; best == nil || gain > bestGain {
			best, bestGain = a, gain
		}
	}
	return best, true
}
