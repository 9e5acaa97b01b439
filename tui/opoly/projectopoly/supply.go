package projectopoly

import (
	"boardroom/engine"
	"boardroom/engine/opoly"
	opolytui "boardroom/tui/opoly"
)

// Releasing a whole group down to one level (MF-6, G000-10): where
// a Team+QM cannot be broken down one by one because Project Planning
// lacks the FTE it needs, the release list offers the whole group down to
// each level, with what FICO pays back. The bar's key is the core's
// release key; the rows and their question are this panel's.

// groupDownRow is the row of a group release in the release list.
func groupDownRow(r *opolytui.Renderer, a engine.Action) (string, bool) {
	if g, ok := a.(opoly.SellGroupDown); ok {
		return groupDownLabel(r, g), true
	}
	return "", false
}

// groupDownQuestion is the highlighted group release's question.
func groupDownQuestion(r *opolytui.Renderer, a engine.Action) (string, bool) {
	if g, ok := a.(opoly.SellGroupDown); ok {
		return groupDownPreview(r, g), true
	}
	return "", false
}

// groupDownLabel describes a release of a whole group to one level.
func groupDownLabel(r *opolytui.Renderer, a opoly.SellGroupDown) string {
	v := r.GameView()
	g := v.Board.Cells[a.Cell].Group
	name := r.CellName(a.Cell)
	if g >= 0 && g < len(v.Board.Groups) {
		name = v.Board.Groups[g].Name
	}
	return "whole group " + name + " down to " + r.LevelWords(a.Level) + " (+" + v.FormatMoney(groupDownRefund(r, a)) + ")"
}

// groupDownRefund is what releasing a group to a.Level gives back.
func groupDownRefund(r *opolytui.Renderer, a opoly.SellGroupDown) int64 {
	v := r.GameView()
	g := v.Board.Cells[a.Cell].Group
	if g < 0 || g >= len(v.Board.Groups) {
		return 0
	}
	var x int64
	for _, gc := range v.Board.Groups[g].Cells {
		if l := v.Cells[gc].Level; l > a.Level {
			x += int64(l-a.Level) * v.Rules.SellRefund(gc)
		}
	}
	return x
}

// groupDownPreview confirms a release of a whole group.
func groupDownPreview(r *opolytui.Renderer, a opoly.SellGroupDown) string {
	x := groupDownRefund(r, a)
	return "Release " + r.GroupStaff(a.Cell) + " down to " + r.LevelWords(a.Level) + " on every project of the group? " +
		"A " + r.Words().Top + " cannot be broken down one by one: " + r.PoolName() + " lacks the " + r.Words().Buildings +
		" it needs. " + opolytui.Capital(r.Words().Bank) + " pays " + r.GameView().FormatMoney(x) + ". " + r.CashChange(x)
}
