package opoly

import (
	"strconv"

	"boardroom/engine"
)

// Finite buildings (Ruleset.Supply; R000-03, R000-24, R000-25, G000-06,
// G000-10). The free counts are not stored: they are the supply minus what
// stands on the board, so they cannot drift from the cells. Levels
// 1..MaxLevel-1 are that many units; the top level is one top, the units it
// replaced being back in the supply.

// SellGroupDown sets every street of Cell's group to Level at once, refunding
// half the price of every level removed. It is how a group with top-level
// buildings is broken down when the supply lacks the units each top needs
// back (G000-10 SellGroupDownTo); Level 0 is always possible.
type SellGroupDown struct {
	Cell  int `json:"cell"`
	Level int `json:"level"`
}

// Kind implements engine.Action.
func (SellGroupDown) Kind() string { return "sell_group_down" }

// SupplyView is the building supply as everyone sees it.
type SupplyView struct {
	Units     int `json:"units"`      // total units (32 FTE)
	UnitsFree int `json:"units_free"` // units in the supply now
	Tops      int `json:"tops"`       // total tops (12 QM teams)
	TopsFree  int `json:"tops_free"`  // tops in the supply now
}

// onBoard counts the units and tops standing on cells.
func onBoard(rs *Ruleset, cells []CellState) (units, tops int) {
	for i := range cells {
		switch l := cells[i].Level; {
		case l == 0:
		case l >= rs.MaxLevel:
			tops++
		default:
			units += l
		}
	}
	return units, tops
}

// free returns the units and tops in the supply (large numbers when unlimited).
func (g *game) free() (units, tops int) {
	sp := g.rs.Supply
	if sp == nil {
		return 1 << 30, 1 << 30
	}
	u, t := g.pub.units, g.pub.tops // counted by publish
	if g.dirty != 0 || g.cellsDirty || g.pub.ver == 0 {
		u, t = onBoard(g.rs, g.s.Cells) // a cell changed since
	}
	return sp.Units - u, sp.Tops - t
}

// supplyView is the supply as views show it (a Ruleset with a Supply only).
func (g *game) supplyView() SupplyView {
	sp := g.rs.Supply
	u, t := g.free()
	return SupplyView{Units: sp.Units, UnitsFree: u, Tops: sp.Tops, TopsFree: t}
}

// supplyAllowsUp reports whether the supply has what raising a street from
// level l by one needs.
func (g *game) supplyAllowsUp(l int) bool {
	u, t := g.free()
	if l+1 >= g.rs.MaxLevel {
		return t >= 1
	}
	return u >= 1
}

// supplyAllowsDown reports whether the supply has the units that lowering a
// street from level l by one needs (breaking a top down takes MaxLevel-1).
func (g *game) supplyAllowsDown(l int) bool {
	if l < g.rs.MaxLevel || g.rs.Supply == nil {
		return true
	}
	u, _ := g.free()
	return u >= g.rs.MaxLevel-1
}

// groupDownUnits is how many more units the board holds after every street
// of grp is set to level k (negative: units return).
func (g *game) groupDownUnits(grp *Group, k int) int {
	d := 0
	for _, c := range grp.Cells {
		l := g.s.Cells[c].Level
		if l < g.rs.MaxLevel {
			d -= l
		}
		d += k
	}
	return d
}

func (g *game) checkSellGroupDown(seat int, a SellGroupDown) error {
	if !g.rs.SellBuildings || g.rs.Supply == nil {
		return engine.Errf(engine.CodeIllegal, "There is no such move in %s.", g.rs.Title)
	}
	if !g.validCell(a.Cell) || g.rs.Board.Cells[a.Cell].Kind != KindStreet || g.s.Cells[a.Cell].Owner != seat {
		return engine.Errf(engine.CodeIllegal, "Choose %s %s of your own.", article(g.rs.streetWord()), g.rs.streetWord())
	}
	_, grp := g.street(a.Cell)
	_, hi, _ := groupLevels(g.s.Cells, grp)
	if a.Level < 0 || a.Level >= hi || a.Level >= g.rs.MaxLevel {
		return engine.Errf(engine.CodeIllegal, "Choose a level below the group's highest and below the top level.")
	}
	if u, _ := g.free(); g.groupDownUnits(grp, a.Level) > u {
		return engine.Errf(engine.CodeIllegal, "The supply has only %d %s for that; choose a lower level.", u, g.rs.buildingWord())
	}
	return nil
}

func (g *game) doSellGroupDown(seat int, a SellGroupDown) {
	_, grp := g.street(a.Cell)
	var x int64
	for _, c := range grp.Cells {
		if l := g.s.Cells[c].Level; l > a.Level {
			x += int64(l-a.Level) * g.rs.SellRefund(c)
			g.wcell(c).Level = a.Level
		}
	}
	g.move(Bank, seat, x, "sell", "half price for the "+g.rs.buildingWord()+" released from "+grp.Name+
		" (every project down to level "+strconv.Itoa(a.Level)+")")
}

// groupDownLevels appends the SellGroupDown actions of a group whose top
// cannot be broken down one by one: every feasible level, highest first.
func (g *game) groupDownLevels(grp *Group, hi int, out []engine.Action) []engine.Action {
	u, _ := g.free()
	for k := min(hi, g.rs.MaxLevel) - 1; k >= 0; k-- {
		if g.groupDownUnits(grp, k) <= u {
			out = append(out, SellGroupDown{Cell: grp.Cells[0], Level: k})
		}
	}
	return out
}
