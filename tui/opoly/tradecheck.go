package opoly

import "boardroom/engine/opoly"

// What the trade editor checks before anything is sent, with the rule's
// own sentence: an asset of a staffed group is not ticked (R000-26), and
// the game's smallest amount.

// untradable says why cell c cannot change hands in a trade, or "": in a
// game where a staffed group's assets are not traded (Projectopoly), the
// rule's sentence.
func (r *Renderer) untradable(c int) string {
	v := r.v
	if c < 0 || c >= len(v.Board.Cells) || v.Rules == nil || !v.Rules.Trade.NeedsUnbuiltGroup {
		return ""
	}
	g := v.Board.Cells[c].Group
	if g < 0 || g >= len(v.Board.Groups) || v.Board.Groups[g].Kind != opoly.KindStreet {
		return ""
	}
	for _, gc := range v.Board.Groups[g].Cells {
		if v.Cells[gc].Level > 0 {
			return v.Board.Cells[c].Name + " cannot be sold while a " + r.streetWord() + " of " + v.Board.Groups[g].Name +
				" has " + r.lab.buildings + "; release them first."
		}
	}
	return ""
}

// streetWord is what a street is called: "street", Projectopoly's
// "project", Technopoly's start-up.
func (r *Renderer) streetWord() string {
	if rs := r.v.Rules; rs != nil && rs.Words.Street != "" {
		return rs.Words.Street // Projectopoly: "project"
	}
	if r.w.property != "property" {
		return r.w.property
	}
	return "street"
}

// moneyStep is the game's smallest amount (10€ in Projectopoly).
func (r *Renderer) moneyStep() int64 {
	if rs := r.v.Rules; rs != nil && rs.Money.Step > 0 {
		return rs.Money.Step
	}
	return 1
}
