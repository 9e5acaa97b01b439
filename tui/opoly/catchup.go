package opoly

import (
	"strconv"
	"strings"

	"boardroom/engine/opoly"
)

// catchUpLine says, in round 1, who received catch-up money by turn
// position (G000-18) and why: the start of the game writes no log line
// for the budgets, so without it a later PM's larger cash looks like a
// mistake. "" when the game or the table has none.
func (r *Renderer) catchUpLine() string {
	v := r.v
	if v.Rules == nil || v.Rules.Start.CatchUp == nil || v.Round > 1 || len(v.Order) < 2 {
		return ""
	}
	opt := v.Rules.Start.CatchUp.Default
	if x, ok := r.gs.Table.Options[opoly.OptCatchUp]; ok {
		opt = x
	}
	x, err := strconv.ParseInt(opt, 10, 64)
	if err != nil || x <= 0 {
		return ""
	}
	var parts []string
	for i, s := range v.Order[1:] {
		parts = append(parts, r.name(s)+" +"+v.FormatMoney(int64(i+1)*x))
	}
	return "Catch-up money from " + r.w.bank + " for playing later in the turn order (" + v.FormatMoney(x) +
		" a place, table option): " + strings.Join(parts, ", ") + "."
}
