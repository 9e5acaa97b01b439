package opoly

import (
	"math/bits"

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

// CopyInt64s returns a carved copy of src (nil if src is empty), as
// CopyInts: a shortage auction's reserves (OpenShortage keeps them), listed
// on the stack.
func (t Table) CopyInt64s(src []int64) []int64 { return t.g.blk.int64s.copyOf(src) }

// onBoard counts the units and tops standing on cells.
func onBoard(rs *Ruleset, cells []CellState) (units, tops int) {
	for i := range cells {
		u, t := levelOnBoard(rs, cells[i].Level)
		units, tops = units+u, tops+t
	}
	return units, tops
}

// supply is the ruleset's Supply (nil: unlimited), looked up once per game:
// Legal asks for it for every street group a seat owns whole, and the
// lookup walks the mechanisms.
func (g *Game) supply() *Supply {
	if !g.supplySet {
		g.supplyOf, g.supplySet = g.rs.Supply(), true
	}
	return g.supplyOf
}

// free returns the units and tops in the supply (large numbers when unlimited).
func (g *Game) free() (units, tops int) {
	sp := g.supply()
	if sp == nil {
		return 1 << 30, 1 << 30
	}
	u, t := g.onBoardNow()
	return sp.Units - u, sp.Tops - t
}

// onBoardNow is onBoard of the current cells: the published counts,
// corrected for the cells changed since (an action under way); a count of
// every cell only when those are not kept.
func (g *Game) onBoardNow() (units, tops int) {
	s, pub := g.s, &g.pub
	if g.cellsDirty || pub.ver == 0 || pub.ncells != len(s.Cells) {
		return onBoard(g.rs, s.Cells)
	}
	units, tops = pub.units, pub.tops
	for d := g.dirty; d != 0; d &= d - 1 {
		c := bits.TrailingZeros64(d)
		if c >= len(s.Cells) {
			break
		}
		u0, t0 := levelOnBoard(g.rs, pub.levels[c])
		u1, t1 := levelOnBoard(g.rs, s.Cells[c].Level)
		units, tops = units+u1-u0, tops+t1-t0
	}
	return units, tops
}

// levelOnBoard is what stands on a cell at level l: l units, or one top.
func levelOnBoard(rs *Ruleset, l int) (units, tops int) {
	switch {
	case l == 0:
		return 0, 0
	case l >= rs.Buildings.MaxLevel:
		return 0, 1
	}
	return l, 0
}

// publishSupply brings the published units and tops up to date for the
// cells in mask dirty (all: every cell, counted afresh).
func (g *Game) publishSupply(dirty uint64, all bool) {
	s, pub := g.s, &g.pub
	if all {
		pub.units, pub.tops, pub.levels = 0, 0, [MaxCells]int{}
	}
	for d := dirty; d != 0; d &= d - 1 {
		c := bits.TrailingZeros64(d)
		if c >= len(s.Cells) {
			break
		}
		if l := s.Cells[c].Level; l != pub.levels[c] { // most changes are of owners or mortgages
			u0, t0 := levelOnBoard(g.rs, pub.levels[c])
			u1, t1 := levelOnBoard(g.rs, l)
			pub.units, pub.tops = pub.units+u1-u0, pub.tops+t1-t0
			pub.levels[c] = l
		}
	}
}

// supplyView is the supply as views show it (a Ruleset with a Supply only).
func (g *Game) supplyView() SupplyView {
	sp := g.supply()
	u, t := g.free()
	return SupplyView{Units: sp.Units, UnitsFree: u, Tops: sp.Tops, TopsFree: t}
}

// supplyAllowsUp reports whether the supply has what raising a street from
// level l by one needs.
func (g *Game) supplyAllowsUp(l int) bool {
	u, t := g.free()
	if l+1 >= g.rs.Buildings.MaxLevel {
		return t >= 1
	}
	return u >= 1
}

// supplyAllowsDown reports whether the supply has the units that lowering a
// street from level l by one needs (breaking a top down takes MaxLevel-1).
func (g *Game) supplyAllowsDown(l int) bool {
	if l < g.rs.Buildings.MaxLevel || g.supply() == nil {
		return true
	}
	u, _ := g.free()
	return u >= g.rs.Buildings.MaxLevel-1
}

// groupDownUnits is how many more units the board holds after every street
// of grp is set to level k (negative: units return).
func (g *Game) groupDownUnits(grp *Group, k int) int {
	d := 0
	for _, c := range grp.Cells {
		l := g.s.Cells[c].Level
		if l < g.rs.Buildings.MaxLevel {
			d -= l
		}
		d += k
	}
	return d
}

// The rules of releasing a group to a level and of the shortage auctions
// that guard a low supply are Projectopoly's mechanism
// (projectopoly/supply.go); the core counts the supply against the board
// in every build and sale (above) and lists the releases where breaking a
// top down one by one is not possible (groupDownLevels).

// Stock is a Mechanism that makes buildings finite (Ruleset.Supply): the
// core counts what stands on the board against its Supply in every build
// and sale and asks Shortage before a build is carried out.
type Stock interface {
	Mechanism
	// Supply is the stock's size and its auction thresholds (shared,
	// read-only).
	Supply() *Supply
	// Shortage is asked before seat raises street c by one level: it
	// reports whether it started a shortage auction (Table.OpenShortage)
	// instead of the build.
	Shortage(t Table, seat, c int) bool
}

// Supply makes buildings finite when a listed mechanism is a Stock
// (R000-03, G000-10): Units buildings of levels 1..MaxLevel-1 and Tops
// top-level buildings, held by the bank. A top level replaces MaxLevel-1
// units, which go back to the supply; breaking a top down takes them
// again. Nil: unlimited (Unipoly, Technopoly).
func (rs *Ruleset) Supply() *Supply {
	if st := rs.stock(); st != nil {
		return st.Supply()
	}
	return nil
}

// stock is the listed Stock, or nil.
func (rs *Ruleset) stock() Stock {
	for _, m := range rs.Mechanisms {
		if st, ok := m.(Stock); ok {
			return st
		}
	}
	return nil
}

// Free is the units and tops in the supply now.
func (t Table) Free() (units, tops int) { return t.g.free() }

// Level is the building level of cell c; SetLevel sets it, as it is.
func (t Table) Level(c int) int { return t.g.s.Cells[c].Level }

// SetLevel sets the building level of cell c (the caller pays for it).
func (t Table) SetLevel(c, l int) { t.g.wcell(c).Level = l }

// GroupLevels is the lowest and highest level of the group of street c and
// whether a street of it is mortgaged.
func (t Table) GroupLevels(c int) (lo, hi int, mortgaged bool) {
	_, grp := t.g.street(c)
	return groupLevels(t.g.s.Cells, grp)
}

// GroupDownUnits is how many more units the board holds after every street
// of the group of c is set to level k (negative: units return).
func (t Table) GroupDownUnits(c, k int) int {
	_, grp := t.g.street(c)
	return t.g.groupDownUnits(grp, k)
}

// BuildingWord and StreetWord are the ruleset's words for a building and
// a street.
func (rs *Ruleset) BuildingWord() string { return rs.buildingWord() }

// StreetWord is the ruleset's word for a street.
func (rs *Ruleset) StreetWord() string { return rs.streetWord() }

// groupDownLevels appends the SellGroupDown actions of a group whose top
// cannot be broken down one by one: every feasible level, highest first.
func (g *Game) groupDownLevels(grp *Group, hi int, out []engine.Action) []engine.Action {
	u, _ := g.free()
	for k := min(hi, g.rs.Buildings.MaxLevel) - 1; k >= 0; k-- {
		if g.groupDownUnits(grp, k) <= u {
			out = append(out, SellGroupDown{Cell: grp.Cells[0], Level: k})
		}
	}
	return out
}
