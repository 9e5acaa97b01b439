package opoly

import (
	"math/bits"
	"strconv"
	"strings"

	"boardroom/engine"
)

// Building, selling and mortgages (MF-6, MF-7, G004-05, R004-13..16).

func (g *Game) validCell(c int) bool { return c >= 0 && c < len(g.s.Cells) }

func (g *Game) street(c int) (*Cell, *Group) {
	cell := &g.rs.Board.Cells[c]
	return cell, &g.rs.Board.Groups[cell.Group]
}

func (g *Game) checkBuild(seat, c int) error {
	if !g.validCell(c) || g.rs.Board.Cells[c].Kind != KindStreet {
		return engine.Errf(engine.CodeIllegal, "%s go on %ss only.", capital(g.rs.buildingsWord()), g.rs.streetWord())
	}
	cell, grp := g.street(c)
	sum := g.groupNow(cell.Group, grp)
	if sum.owner != seat {
		return engine.Errf(engine.CodeIllegal, "You need the whole %s %s to %s.", grp.Name, g.rs.groupWord(), g.rs.buildVerb())
	}
	lo, mort := sum.lo, sum.mort
	lvl := g.s.Cells[c].Level
	switch {
	case mort:
		return engine.Errf(engine.CodeIllegal, "No %s while a %s of the %s is %s.", g.rs.buildingWord(), g.rs.streetWord(),
			g.rs.groupWord(), g.rs.mortgagedWord())
	case lvl >= g.rs.Buildings.MaxLevel:
		return engine.Errf(engine.CodeIllegal, "%s is already at the top level.", cell.Name)
	case lvl != lo:
		return engine.Errf(engine.CodeIllegal, "%s evenly: another %s of the %s has fewer %s.", capital(g.rs.buildVerb()),
			g.rs.streetWord(), g.rs.groupWord(), g.rs.buildingsWord())
	case g.s.Players[seat].Cash < cell.BuildPrice:
		one := g.rs.buildingWord()
		if g.rs.Words.Building == "staff" { // Technopoly: one of the staff
			one = "developer"
		}
		return engine.Errf(engine.CodeIllegal, "%s %s on %s costs %s.", capital(article(one)), one, cell.Name, g.money(cell.BuildPrice))
	case g.supply() != nil && !g.supplyAllowsUp(lvl): // an unlimited one allows it
		return engine.Errf(engine.CodeIllegal, "None is left in the supply; wait until one is freed.")
	case g.unfilled(seat, lvl):
		return engine.Errf(engine.CodeIllegal, "Nobody bid for the %s you asked for this turn; ask again next turn.",
			g.rs.levelNameBase(min(lvl+1, g.rs.Buildings.MaxLevel)))
	}
	return nil
}

// unfilledBit is the bit of State.Unfilled for seat's request of a unit
// (top false) or a top.
func unfilledBit(seat int, top bool) uint32 {
	if seat < 0 || seat >= MaxSeats {
		return 0
	}
	b := uint32(1) << (2 * uint(seat))
	if top {
		b <<= 1
	}
	return b
}

// unfilled reports whether seat's request this turn for what raising a
// street from level l needs ended in a shortage auction nobody bid in
// (State.Unfilled): it may not be asked for again this turn.
func (g *Game) unfilled(seat, l int) bool {
	return g.s.Unfilled != 0 && g.s.Unfilled&unfilledBit(seat, l+1 >= g.rs.Buildings.MaxLevel) != 0
}

// groupNow is the summary of group gi (grp) of the cells as they are: the
// published one (pub.grp) while no cell changed since the last publish
// (between Applies, where Apply checks an action), else worked out.
func (g *Game) groupNow(gi int, grp *Group) groupState {
	if pub := &g.pub; g.dirty == 0 && !g.cellsDirty && pub.ver != 0 && pub.ncells == len(g.s.Cells) && gi >= 0 && gi < len(pub.grp) {
		return pub.grp[gi]
	}
	return groupSummary(g.s.Cells, grp)
}

func (g *Game) doBuild(seat, c int) {
	if st := g.rs.stock(); st != nil && st.Shortage(Table{g}, seat, c) {
		return
	}
	cell := &g.rs.Board.Cells[c]
	g.wcell(c).Level++
	var why string
	if !g.mute { // a muted game's move writes no reason: the table not read
		why = g.why.build[c][g.s.Cells[c].Level]
	}
	g.move(seat, Bank, cell.BuildPrice, "build", why)
}

// levelName names building level l ("house 3", "hotel").
func (g *Game) levelName(l int) string {
	if ls := g.rs.Words.Levels; l >= 1 && l <= len(ls) {
		return ls[l-1]
	}
	if l >= g.rs.Buildings.MaxLevel && g.rs.Buildings.MaxLevel == 5 {
		return "hotel"
	}
	if l >= 1 && l <= 4 && g.rs.Buildings.MaxLevel == 5 {
		return houseNames[l]
	}
	return "building " + strconv.Itoa(l)
}

var houseNames = [5]string{"", "house 1", "house 2", "house 3", "house 4"}

func (g *Game) checkSell(c int, seat int) error {
	if !g.rs.Buildings.Sell {
		return engine.Errf(engine.CodeIllegal, "%s cannot be sold in this game.", capital(g.rs.buildingsWord()))
	}
	if !g.validCell(c) || g.s.Cells[c].Owner != seat || g.s.Cells[c].Level == 0 {
		return engine.Errf(engine.CodeIllegal, "You have no %s there to %s.", g.rs.buildingWord(), g.rs.sellVerb())
	}
	cell, grp := g.street(c)
	if g.groupNow(cell.Group, grp).hi != g.s.Cells[c].Level {
		return engine.Errf(engine.CodeIllegal, "%s evenly: another %s of the %s has more %s.", capital(g.rs.sellVerb()),
			g.rs.streetWord(), g.rs.groupWord(), g.rs.buildingsWord())
	}
	if !g.supplyAllowsDown(g.s.Cells[c].Level) {
		return engine.Errf(engine.CodeIllegal, "Breaking that down needs %d %s from the supply; release the whole group to a lower level instead.",
			g.rs.Buildings.MaxLevel-1, g.rs.buildingWord())
	}
	return nil
}

func (g *Game) doSell(seat, c int) {
	var why string
	if !g.mute { // a muted game's move writes no reason: the table not read
		why = g.why.sell[c][g.s.Cells[c].Level]
	}
	g.wcell(c).Level--
	g.move(Bank, seat, g.rs.SellRefund(c), "sell", why)
}

// clearGroup sells every building of group gi back at half price to the
// group's owner (A004-03, R004-13).
func (g *Game) clearGroup(gi int, why string) {
	grp := &g.rs.Board.Groups[gi]
	var x int64
	owner := Bank
	for _, c := range grp.Cells {
		st := &g.s.Cells[c]
		if st.Level > 0 {
			x += int64(st.Level) * g.rs.SellRefund(c)
			owner = st.Owner
			g.wcell(c).Level = 0
		}
	}
	if owner != Bank {
		g.move(Bank, owner, x, "sell", "half price for every "+g.rs.buildingWord()+" of "+grp.Name+" ("+why+")")
	}
}

func (g *Game) checkMortgage(seat, c int, sell bool) error {
	if !g.rs.Mortgage.Allowed {
		return engine.Errf(engine.CodeIllegal, "There is no such move in %s.", g.rs.Title)
	}
	if !g.validCell(c) || !g.rs.Board.Cells[c].Kind.Property() || g.s.Cells[c].Owner != seat {
		if !g.rs.unipolyWords() {
			return engine.Errf(engine.CodeIllegal, "You can take a %s on your own %ss only.", g.rs.mortgageWord(), g.rs.propertyWord())
		}
		return engine.Errf(engine.CodeIllegal, "You can only mortgage your own property.")
	}
	if g.s.Cells[c].Mortgaged {
		return engine.Errf(engine.CodeIllegal, "That %s is already %s.", g.rs.propertyWord(), g.rs.mortgagedWord())
	}
	cell, grp := g.street(c)
	hi := g.groupNow(cell.Group, grp).hi
	if !sell && hi > 0 {
		if !g.rs.unipolyWords() {
			return engine.Errf(engine.CodeIllegal, "%s the %s's %s first (%s and take the %s).", capital(g.rs.sellVerb()), g.rs.groupWord(),
				g.rs.buildingsWord(), g.rs.sellVerb(), g.rs.mortgageWord())
		}
		return engine.Errf(engine.CodeIllegal, "Sell the group's buildings first (sell and mortgage).")
	}
	if sell && (hi == 0 || !g.rs.Buildings.Sell) {
		return engine.Errf(engine.CodeIllegal, "There are no %s to %s in that %s.", g.rs.buildingsWord(), g.rs.sellVerb(), g.rs.groupWord())
	}
	return nil
}

func (g *Game) doMortgage(seat, c int, sell bool) {
	cell := &g.rs.Board.Cells[c]
	if sell {
		why := "to mortgage " + cell.Name
		if g.rs.Words.Mortgage != "" { // the game's word: "for a budget extension on X"
			why = "for a " + g.rs.mortgageWord() + " on " + cell.Name
		}
		g.clearGroup(cell.Group, why)
	}
	g.wcell(c).Mortgaged = true
	var why string
	if !g.mute { // a muted game's move writes no reason: the table not read
		why = g.why.mortgage[c]
	}
	g.move(Bank, seat, cell.Mortgage, "mortgage", why)
}

func (g *Game) checkUnmortgage(seat, c int) error {
	if !g.validCell(c) || g.s.Cells[c].Owner != seat || !g.s.Cells[c].Mortgaged {
		if !g.rs.unipolyWords() {
			return engine.Errf(engine.CodeIllegal, "That is not %s %s of yours %s.", article(g.rs.propertyWord()), g.rs.propertyWord(), g.rs.mortgagedWord())
		}
		return engine.Errf(engine.CodeIllegal, "That is not a mortgaged property of yours.")
	}
	if cost := g.rs.LiftCost(c); g.s.Players[seat].Cash < cost {
		if !g.rs.unipolyWords() {
			return engine.Errf(engine.CodeIllegal, "%s costs %s.", capital(strings.TrimSuffix(g.rs.liftWord(), " of")), g.money(cost))
		}
		return engine.Errf(engine.CodeIllegal, "Lifting that mortgage costs %s.", g.money(cost))
	}
	return nil
}

func (g *Game) doUnmortgage(seat, c int) {
	g.wcell(c).Mortgaged = false
	var why string
	if !g.mute { // a muted game's move writes no reason: the table not read
		why = g.why.lift[c]
	}
	g.move(seat, Bank, g.rs.LiftCost(c), "unmortgage", why)
}

// legalManage appends the build, sell and mortgage actions of seat. debt
// limits them to raising money. It reads the published summary of the
// cells (g.pub), which publish keeps up to date after every change: the
// street groups seat owns whole, and its mortgage actions (mortList).
func (g *Game) legalManage(seat int, debt bool, out []engine.Action) []engine.Action {
	s := g.s
	b := g.rs.Board
	pub := &g.pub
	cash := s.Players[seat].Cash
	for gs := pub.fullOf[seat]; gs != 0; gs &= gs - 1 { // board order
		gi := bits.TrailingZeros64(gs)
		grp := &b.Groups[gi]
		st := &pub.grp[gi]
		hi := st.hi
		if !debt && pub.raisable[seat]&(1<<uint(gi)) != 0 {
			out = g.groupBuilds(seat, grp, st, cash, out)
		}
		if g.rs.Buildings.Sell && hi > 0 {
			if !g.supplyAllowsDown(hi) {
				out = g.groupDownLevels(grp, hi, out)
				continue
			}
			for _, c := range grp.Cells {
				if s.Cells[c].Level == hi {
					out = append(out, boxSell[c])
				}
			}
		}
	}
	if !g.rs.Mortgage.Allowed {
		return out
	}
	ml := &g.mortBuf[seat]
	if !ml.set || ml.ver != pub.cellsVer {
		g.listMortgages(seat, ml)
	}
	if !ml.lifts { // no mortgage to lift: the list is the same for any cash
		return append(out, ml.acts...)
	}
	for i, a := range ml.acts {
		if l := ml.lift[i]; l < 0 || !debt && cash >= l {
			out = append(out, a)
		}
	}
	return out
}

// groupBuilds appends the builds on group grp (summarised by st) that cash
// pays for: what legalManage lists for a group outside a debt.
func (g *Game) groupBuilds(seat int, grp *Group, st *groupState, cash int64, out []engine.Action) []engine.Action {
	lo := st.lo
	if st.mort || lo >= g.rs.Buildings.MaxLevel || g.supply() != nil && (!g.supplyAllowsUp(lo) || g.unfilled(seat, lo)) { // an unlimited supply allows it
		return out
	}
	s, b := g.s, g.rs.Board
	for _, c := range grp.Cells {
		if s.Cells[c].Level == lo && cash >= b.Cells[c].BuildPrice {
			out = append(out, boxBuild[c])
		}
	}
	return out
}

// legalBuilds appends the builds legalManage lists for seat outside a
// debt, in its order.
func (g *Game) legalBuilds(seat int, out []engine.Action) []engine.Action {
	pub := &g.pub
	cash := g.s.Players[seat].Cash
	for gs := pub.raisable[seat]; gs != 0; gs &= gs - 1 { // board order
		gi := bits.TrailingZeros64(gs)
		out = g.groupBuilds(seat, &g.rs.Board.Groups[gi], &pub.grp[gi], cash, out)
	}
	return out
}

// legalLifts appends the lifts of mortgages legalManage lists for seat
// outside a debt, in its order: its mortgaged properties in board order
// whose lift its cash pays for (listMortgages, filtered by cash).
func (g *Game) legalLifts(seat int, out []engine.Action) []engine.Action {
	if !g.rs.Mortgage.Allowed || seat >= 0 && seat < MaxSeats && g.pub.mortgages[seat] == 0 {
		return out
	}
	s := g.s
	cash := s.Players[seat].Cash
	for _, c := range g.pub.props[seat] {
		if s.Cells[c].Mortgaged && cash >= g.rs.LiftCost(c) {
			out = append(out, boxUnmort[c])
		}
	}
	return out
}

// mortList is a seat's mortgage actions, as legalManage lists them for the
// cells of version ver (set: listed): an entry's lift is the cost of lifting
// its mortgage (listed only for that cash, and not in a debt), -1 for the
// others; lifts says that some entry has one.
type mortList struct {
	ver   uint64
	set   bool
	lifts bool
	acts  []engine.Action
	lift  []int64
}

// listMortgages lists seat's mortgage actions in ml for the cells as they
// are: for each of its properties in board order, lifting its mortgage,
// mortgaging it, or selling its group's buildings and mortgaging it.
func (g *Game) listMortgages(seat int, ml *mortList) {
	s, b, pub := g.s, g.rs.Board, &g.pub
	if ml.acts == nil { // the seats' lists, carved from two allocations: a seat lists at most one action per cell
		n, k := len(s.Players), len(s.Cells)
		acts, lift := make([]engine.Action, n*k), make([]int64, n*k)
		for i := 0; i < n; i++ {
			if m := &g.mortBuf[i]; m.acts == nil {
				m.acts, m.lift = acts[i*k:i*k:(i+1)*k], lift[i*k:i*k:(i+1)*k]
			}
		}
	}
	ml.acts, ml.lift, ml.lifts = ml.acts[:0], ml.lift[:0], false
	for _, c := range pub.props[seat] {
		if s.Cells[c].Mortgaged {
			ml.acts, ml.lift, ml.lifts = append(ml.acts, boxUnmort[c]), append(ml.lift, g.rs.LiftCost(c)), true
			continue
		}
		gi := b.Cells[c].Group
		switch {
		case b.Groups[gi].Kind != KindStreet || pub.grp[gi].owner != seat || pub.grp[gi].hi == 0:
			ml.acts, ml.lift = append(ml.acts, boxMortgage[c]), append(ml.lift, -1)
		case g.rs.Buildings.Sell:
			ml.acts, ml.lift = append(ml.acts, boxSellMort[c]), append(ml.lift, -1)
		}
	}
	ml.ver, ml.set = pub.cellsVer, true
}

// defaultDebtStep is the MF-10 default: sell a building of the most
// expensive group (evenly), else mortgage the cheapest property, else
// declare bankruptcy.
func (g *Game) defaultDebtStep(seat int) engine.Action {
	s, pub := g.s, &g.pub
	b := g.rs.Board
	best, bestPrice := -1, int64(-1)
	// The published group summaries (as Legal reads them): the street
	// groups seat owns whole, in board order, and each group's levels.
	if g.rs.Buildings.Sell && seat >= 0 && seat < MaxSeats {
		for gs := pub.fullOf[seat]; gs != 0; gs &= gs - 1 {
			gi := bits.TrailingZeros64(gs)
			hi := pub.grp[gi].hi
			if hi == 0 {
				continue
			}
			for _, c := range b.Groups[gi].Cells {
				if s.Cells[c].Level == hi && b.Cells[c].BuildPrice > bestPrice {
					best, bestPrice = c, b.Cells[c].BuildPrice
					break
				}
			}
		}
		if best >= 0 && !g.supplyAllowsDown(s.Cells[best].Level) {
			var buf [8]engine.Action
			if l := g.groupDownLevels(&b.Groups[b.Cells[best].Group], s.Cells[best].Level, buf[:0]); len(l) > 0 {
				return l[0]
			}
		}
		if best >= 0 {
			return boxSell[best]
		}
	}
	if g.rs.Mortgage.Allowed && seat >= 0 && seat < MaxSeats {
		for _, c := range pub.props[seat] { // seat's cells in board order
			if s.Cells[c].Mortgaged || pub.grp[b.Cells[c].Group].hi > 0 {
				continue
			}
			if best < 0 || b.Cells[c].Mortgage < b.Cells[best].Mortgage {
				best = c
			}
		}
		if best >= 0 {
			return boxMortgage[best]
		}
	}
	return DeclareBankruptcy{}
}
