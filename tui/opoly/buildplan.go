package opoly

import (
	"strconv"
	"strings"

	"boardroom/engine/opoly"
)

// A count of levels to build is chosen in the build list (+/-): the
// dialog offers only what the game will do with it. The plan below is
// that count laid out as the game takes it under even building, and the
// question states it ("Staff 3 FTE (Intranet Refresh to 1 FTE, ...)").

// maxBuild is how many levels the viewer can add starting on cell c: the
// length of the longest build plan.
func (r *Renderer) maxBuild(c int) int { return max(len(r.buildPlan(c, r.v.MaxLevel*8)), 1) }

// buildPlan is where n levels added from cell c go, one cell per level,
// as the game will take them: the first on c, each next one on the
// group's street with the fewest (c first, then board order) as even
// building requires; it stops where the top level, the cash or the supply
// stops, and before a level that could start a shortage auction (only
// the first may, and its question says so). The count a dialog offers is
// the length of this plan.
func (r *Renderer) buildPlan(c, n int) []int {
	v := r.v
	g := v.Board.Cells[c].Group
	if g < 0 || g >= len(v.Board.Groups) || n <= 0 {
		return nil
	}
	cells := v.Board.Groups[g].Cells
	lv := make(map[int]int, len(cells))
	for _, gc := range cells {
		lv[gc] = v.Cells[gc].Level
	}
	cash := r.myCash()
	units, tops := 1<<30, 1<<30
	var unitAt, topAt int
	if sp := v.Supply; sp != nil {
		units, tops = sp.UnitsFree, sp.TopsFree
		if rs := v.Rules; rs != nil && rs.Supply() != nil {
			unitAt, topAt = rs.Supply().UnitAuctionAt, rs.Supply().TopAuctionAt
		}
	}
	var plan []int
	for len(plan) < n {
		at := c
		lo := lv[c]
		for _, gc := range cells {
			if lv[gc] < lo {
				at, lo = gc, lv[gc]
			}
		}
		price := v.Board.Cells[at].BuildPrice
		top := lo+1 >= v.MaxLevel
		switch {
		case lo >= v.MaxLevel, cash < price:
			return plan
		case top && (tops < 1 || len(plan) > 0 && topAt > 0 && tops <= topAt):
			return plan
		case !top && (units < 1 || len(plan) > 0 && unitAt > 0 && units <= unitAt):
			return plan
		}
		if top {
			tops--
			if !r.lab.topPlus {
				units += v.MaxLevel - 1 // the top replaces the units (A000-12)
			}
		} else {
			units--
		}
		cash -= price
		lv[at]++
		plan = append(plan, at)
	}
	return plan
}

// buildMany submits the builds of plan one after another and stops at the
// first refusal, saying how many went through.
func (r *Renderer) buildMany(plan []int) {
	for i, c := range plan {
		if !r.submit(opoly.Build{Cell: c}) {
			if i > 0 {
				r.err = capital(r.lab.build) + " " + strconv.Itoa(i) + " of " + strconv.Itoa(len(plan)) + ": " + r.err
			}
			return
		}
	}
}

// planWhat counts what a plan adds: "an FTE", "a Team+QM", "4 developers
// and 3 CTOs" (a level that reaches the top is the top, not one more).
func (r *Renderer) planWhat(plan []int) string {
	v := r.v
	lv := map[int]int{}
	units, tops := 0, 0
	for _, c := range plan {
		if _, ok := lv[c]; !ok {
			lv[c] = v.Cells[c].Level
		}
		lv[c]++
		if lv[c] >= v.MaxLevel {
			tops++
		} else {
			units++
		}
	}
	var parts []string
	switch {
	case units == 1:
		parts = append(parts, r.lab.one)
	case units > 1:
		parts = append(parts, strconv.Itoa(units)+" "+r.lab.buildings)
	}
	switch {
	case tops == 1:
		parts = append(parts, "a "+r.lab.top)
	case tops > 1:
		parts = append(parts, strconv.Itoa(tops)+" "+r.lab.top+"s")
	}
	return strings.Join(parts, " and ")
}

// buildPlanText says where a plan's levels go and what each street
// reaches: "Intranet Refresh to 2 FTE, Timesheet App to 1 FTE".
func (r *Renderer) buildPlanText(plan []int) string {
	v := r.v
	var order []int
	lv := map[int]int{}
	for _, c := range plan {
		if _, ok := lv[c]; !ok {
			order = append(order, c)
			lv[c] = v.Cells[c].Level
		}
		lv[c]++
	}
	parts := make([]string, len(order))
	for i, c := range order {
		parts[i] = r.cellName(c) + " to " + r.levelWords(lv[c])
	}
	return strings.Join(parts, ", ")
}
