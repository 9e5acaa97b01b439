package opoly

import "boardroom/engine"

// Placement of a shortage-auction unit won by a player other than the
// requester (G000-10: "the winner pays their bid to FICO and must place the
// unit at once on one of their eligible projects"). The winner chooses the
// project; the default (C-7) is its first eligible project in board order.
// A winner with one eligible project has nothing to choose and the unit goes
// there at once.

// PlaceUnit puts the unit (or top) won in a shortage auction on Cell.
type PlaceUnit struct {
	Cell int `json:"cell"`
}

// Kind implements engine.Action.
func (PlaceUnit) Kind() string { return "place_unit" }

// placement is a won unit waiting for its winner's choice of project.
type placement struct {
	Seat   int   `json:"seat"`
	Top    bool  `json:"top,omitempty"`
	Price  int64 `json:"price"`  // the winning bid, paid on placement
	Return phase `json:"return"` // the window the auction was started from
}

// PlacementView is a won unit waiting to be placed, as everyone sees it.
type PlacementView struct {
	Seat  int   `json:"seat"`
	Top   bool  `json:"top,omitempty"`
	Price int64 `json:"price"`
	Cells []int `json:"cells"` // the projects it may go to
}

// placeCells lists seat's projects where one more unit (top: a top) may go
// under even building. The winner's cash was checked by its bid, so it is
// not checked again here.
func (g *Game) placeCells(seat int, top bool, out []int) []int {
	return g.evenUnitCells(seat, top, false, out)
}

// evenUnitCells appends to out seat's cells where one more unit (top: a
// top) may go under even building, on complete unmortgaged groups; with
// cash, only those whose build price seat can pay.
func (g *Game) evenUnitCells(seat int, top, cash bool, out []int) []int {
	s := g.s
	b := g.rs.Board
	for gi := range b.Groups {
		grp := &b.Groups[gi]
		if grp.Kind != KindStreet || groupOwner(s.Cells, grp) != seat {
			continue
		}
		lo, _, mort := groupLevels(s.Cells, grp)
		if mort || (top && lo != g.rs.Buildings.MaxLevel-1) || (!top && lo >= g.rs.Buildings.MaxLevel-1) {
			continue
		}
		for _, c := range grp.Cells {
			if s.Cells[c].Level == lo && (!cash || s.Players[seat].Cash >= b.Cells[c].BuildPrice) {
				out = append(out, c)
			}
		}
	}
	return out
}

// awaitPlacement leaves the unit of shortage auction a, won by winner (not
// the requester) for price, for the winner to place (the place phase).
func (g *Game) awaitPlacement(a *auction, winner int, price int64) {
	g.s.Place = &placement{Seat: winner, Top: a.Kind == lotTop, Price: price, Return: a.Return}
	g.s.Phase = phPlace
}

// placeUnit raises cell c by one level for seat at price.
func (g *Game) placeUnit(seat, c int, price int64) {
	g.wcell(c).Level++
	g.move(seat, Bank, price, "build", "shortage auction: "+g.why.build[c][g.s.Cells[c].Level])
}

// The winner's choice (PlaceUnit: which project, checked and carried out)
// is Projectopoly's mechanism (projectopoly/supply.go); the core records
// the won unit, waits for the winner with its default (placeDefault) and
// shows the choice (placementView).

// Placement is the won unit waiting to be placed, if the game waits for
// its winner: the winner and whether it is a top.
func (t Table) Placement() (seat int, top, ok bool) {
	p := t.g.s.Place
	if p == nil || t.g.s.Phase != phPlace {
		return -1, false, false
	}
	return p.Seat, p.Top, true
}

// UnitCells lists seat's streets where one more unit (top: a top) may go
// under even building, on complete unmortgaged groups in board order; with
// cash, only those whose build price seat can pay.
func (t Table) UnitCells(seat int, top, cash bool) []int {
	var buf [MaxCells]int // carved: a list as new
	return t.g.blk.ints.copyOf(t.g.evenUnitCells(seat, top, cash, buf[:0]))
}

// Place puts the waiting unit on cell c at the winning bid and goes back
// to the window its auction was started from.
func (t Table) Place(c int) {
	g, s := t.g, t.g.s
	p := s.Place
	s.Place = nil
	g.placeUnit(p.Seat, c, p.Price)
	s.Phase = p.Return
	if p.Return == phDebt {
		g.proceed()
	}
}

// placeDefault is the default of the place phase: the first eligible project.
func (g *Game) placeDefault() engine.Action {
	var buf [MaxCells]int
	l := g.placeCells(g.s.Place.Seat, g.s.Place.Top, buf[:0])
	if len(l) == 0 {
		return nil
	}
	return PlaceUnit{Cell: l[0]}
}

// placementView is the pending placement, nil when none.
func (g *Game) placementView() *PlacementView {
	p := g.s.Place
	if p == nil || g.s.Phase != phPlace {
		return nil
	}
	var buf [MaxCells]int
	return &PlacementView{Seat: p.Seat, Top: p.Top, Price: p.Price, Cells: clone(g.placeCells(p.Seat, p.Top, buf[:0]))}
}
