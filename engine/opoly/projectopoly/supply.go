package projectopoly

import (
	"strconv"

	"boardroom/engine"
	"boardroom/engine/opoly"
)

// Project Planning's pools (R000-03, R000-24, R000-25, G000-06, G000-10):
// 32 FTE and 12 Quality-Manager teams, held by Project Planning. The core
// counts the pools against the board in every staffing and release (the
// free counts are not stored: they are the pool minus what stands on the
// board, so they cannot drift from the cells); this mechanism owns the
// rest: releasing a whole group to a level the pool can supply
// (SellGroupDown), the shortage auction a low pool turns a staffing
// request into, and the placement of a unit won in it by another PM
// (PlaceUnit, G000-10: "the winner pays their bid to FICO and must place
// the unit at once on one of their eligible projects"; a winner with one
// eligible project has nothing to choose).
type supply struct{ sp *opoly.Supply }

var supplyKinds = []string{"sell_group_down", "place_unit"}

// Kinds implements opoly.Mechanism.
func (supply) Kinds() []string { return supplyKinds }

// Options implements opoly.Mechanism: the pools have no option.
func (supply) Options(*opoly.Ruleset) []engine.OptionSpec { return nil }

// Supply implements opoly.Stock.
func (m supply) Supply() *opoly.Supply { return m.sp }

// Legal implements opoly.Mechanism: the winner's choice of project, first
// eligible project first. The releases of a group are listed by the core
// among the releases (they stand where a Team+QM cannot be broken down).
func (supply) Legal(t opoly.Table, seat int, out []engine.Action) []engine.Action {
	who, top, ok := t.Placement()
	if !ok || who != seat {
		return out
	}
	for _, c := range t.UnitCells(seat, top, false) {
		out = append(out, opoly.PlaceUnit{Cell: c})
	}
	return out
}

// Check implements opoly.Mechanism.
func (supply) Check(t opoly.Table, seat int, a engine.Action) error {
	switch a := a.(type) {
	case opoly.SellGroupDown:
		return checkGroupDown(t, seat, a)
	case opoly.PlaceUnit:
		who, top, ok := t.Placement()
		if !ok || who != seat {
			return opoly.Illegal("You have no unit to place now.")
		}
		for _, c := range t.UnitCells(seat, top, false) {
			if c == a.Cell {
				return nil
			}
		}
		return opoly.Illegal("Choose one of your projects that may take it under even staffing.")
	}
	return nil
}

// checkGroupDown checks a release of a whole group to a.Level: below the
// group's highest level and the top, with the units it needs in the pool.
func checkGroupDown(t opoly.Table, seat int, a opoly.SellGroupDown) error {
	rs := t.Rules()
	if !rs.Buildings.Sell {
		return engine.Errf(engine.CodeIllegal, "There is no such move in %s.", rs.Title)
	}
	if !t.ValidCell(a.Cell) || rs.Board.Cells[a.Cell].Kind != opoly.KindStreet || t.Owner(a.Cell) != seat {
		return engine.Errf(engine.CodeIllegal, "Choose %s %s of your own.", opoly.Article(rs.StreetWord()), rs.StreetWord())
	}
	_, hi, _ := t.GroupLevels(a.Cell)
	if a.Level < 0 || a.Level >= hi || a.Level >= rs.Buildings.MaxLevel {
		return engine.Errf(engine.CodeIllegal, "Choose a level below the group's highest and below the top level.")
	}
	if u, _ := t.Free(); t.GroupDownUnits(a.Cell, a.Level) > u {
		return engine.Errf(engine.CodeIllegal, "The supply has only %d %s for that; choose a lower level.", u, rs.BuildingWord())
	}
	return nil
}

// Apply implements opoly.Mechanism.
func (supply) Apply(t opoly.Table, seat int, a engine.Action) {
	switch a := a.(type) {
	case opoly.SellGroupDown:
		// Every project of the group down to the level at once, half the
		// price back for every level released.
		rs := t.Rules()
		grp := &rs.Board.Groups[rs.Board.Cells[a.Cell].Group]
		var x int64
		for _, c := range grp.Cells {
			if l := t.Level(c); l > a.Level {
				x += int64(l-a.Level) * rs.SellRefund(c)
				t.SetLevel(c, a.Level)
			}
		}
		t.Move(opoly.Bank, seat, x, "sell", "half price for the "+rs.BuildingWord()+" released from "+grp.Name+
			" (every project down to level "+strconv.Itoa(a.Level)+")")
	case opoly.PlaceUnit:
		text := "" // no sentence in a quiet game
		if !t.Quiet() {
			text = opoly.Who(seat) + " places the unit won at auction on " + t.Rules().Board.Cells[a.Cell].Name + "."
		}
		t.Emit("place", text)
		t.Place(a.Cell)
	}
}

// Shortage implements opoly.Stock: with UnitAuctionAt FTE (TopAuctionAt
// teams) or fewer in the pool, a staffing request becomes a sealed-bid
// auction of that one unit among the requester (reserve: the printed
// price) and every other PM who could staff one now (reserve: the price on
// their first eligible project) (G000-10). Alone, the requester staffs.
func (m supply) Shortage(t opoly.Table, seat, c int) bool {
	rs := t.Rules()
	top := t.Level(c)+1 >= rs.Buildings.MaxLevel
	u, tops := t.Free()
	if top && (m.sp.TopAuctionAt == 0 || tops > m.sp.TopAuctionAt) || !top && (m.sp.UnitAuctionAt == 0 || u > m.sp.UnitAuctionAt) {
		return false
	}
	// listed on the stack, then carved for the auction, which keeps them
	var bidBuf [opoly.MaxSeats]int
	var resBuf [opoly.MaxSeats]int64
	bidders, reserves := append(bidBuf[:0], seat), append(resBuf[:0], rs.Board.Cells[c].BuildPrice)
	for q := range t.Seats() {
		if q == seat || t.Out(q) {
			continue
		}
		if cells := t.UnitCells(q, top, true); len(cells) > 0 {
			bidders = append(bidders, q)
			reserves = append(reserves, rs.Board.Cells[cells[0]].BuildPrice)
		}
	}
	if len(bidders) == 1 {
		return false
	}
	t.OpenShortage(seat, c, t.CopyInts(bidders), t.CopyInt64s(reserves))
	return true
}
