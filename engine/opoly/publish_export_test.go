package opoly

import (
	"fmt"

	"boardroom/engine"
)

// RecountPublished checks the published summaries of a game made by this
// package against a full recount: publish updates the holdings, owners,
// group summaries and property lists for the changed cells only, and counts
// the buildings of a finite supply. The group summaries are also checked
// against groupOwner and groupLevels.
func RecountPublished(g engine.Game) error {
	gm := g.(*Game)
	if err := checkOwned(gm); err != nil {
		return err
	}
	inc := gm.pub
	gm.cellsDirty = true // the next publish recounts every cell
	gm.publish()
	switch {
	case gm.pub.holdings != inc.holdings:
		return fmt.Errorf("holdings %v, recounted %v", inc.holdings, gm.pub.holdings)
	case gm.pub.owners != inc.owners:
		return fmt.Errorf("owners %v, recounted %v", inc.owners, gm.pub.owners)
	case gm.pub.raisable != inc.raisable:
		return fmt.Errorf("raisable groups %v, recounted %v", inc.raisable, gm.pub.raisable)
	case gm.pub.grp != inc.grp:
		return fmt.Errorf("groups %v, recounted %v", inc.grp, gm.pub.grp)
	case gm.pub.units != inc.units || gm.pub.tops != inc.tops:
		return fmt.Errorf("units and tops on the board %d, %d, recounted %d, %d", inc.units, inc.tops, gm.pub.units, gm.pub.tops)
	case gm.pub.cellsVer != inc.cellsVer:
		return fmt.Errorf("cells version %x, recounted %x", inc.cellsVer, gm.pub.cellsVer)
	case fmt.Sprint(gm.pub.props) != fmt.Sprint(inc.props):
		return fmt.Errorf("properties %v, recounted %v", inc.props, gm.pub.props)
	case gm.pub.potential != inc.potential || gm.pub.mortgages != inc.mortgages:
		return fmt.Errorf("potential %v and mortgages %v, recounted %v, %v", inc.potential, inc.mortgages, gm.pub.potential, gm.pub.mortgages)
	case gm.pub.value != inc.value || gm.pub.pot != inc.pot || gm.pub.mortgaged != inc.mortgaged:
		return fmt.Errorf("cells' values %v, shares %v, mortgaged %v, recounted %v, %v, %v", inc.value, inc.pot, inc.mortgaged, gm.pub.value, gm.pub.pot, gm.pub.mortgaged)
	case gm.pub.fullOf != inc.fullOf:
		return fmt.Errorf("whole groups %v, recounted %v", inc.fullOf, gm.pub.fullOf)
	case gm.pub.rents.rent != inc.rents.rent:
		return fmt.Errorf("charges %v, recounted %v", inc.rents.rent, gm.pub.rents.rent)
	case gm.pub.rents.others != inc.rents.others:
		return fmt.Errorf("charges' keys %v, recounted %v", inc.rents.others, gm.pub.rents.others)
	case inc.rents.ver != inc.cellsVer || inc.rents.rules != gm.rs:
		return fmt.Errorf("charges of cells version %x, the cells' %x", inc.rents.ver, inc.cellsVer)
	}
	// the summaries are one walk over each group (groupSummary): what
	// the rules' own two walks give
	for gi := range gm.rs.Board.Groups {
		grp := &gm.rs.Board.Groups[gi]
		lo, hi, mort := groupLevels(gm.s.Cells, grp)
		if want := (groupState{owner: groupOwner(gm.s.Cells, grp), lo: lo, hi: hi, mort: mort}); gm.pub.grp[gi] != want {
			return fmt.Errorf("group %d summed up as %v; its owner and levels are %v", gi, gm.pub.grp[gi], want)
		}
	}
	var aw []int
	for seat := range gm.s.Players {
		if gm.awaits(seat) {
			aw = append(aw, seat)
		}
		if got, want := gm.potential(seat), gm.potentialByBoard(seat); got != want {
			return fmt.Errorf("seat %d: published potential %d, counted %d", seat, got, want)
		}
		if got, want := gm.defaultDebtStep(seat), gm.defaultDebtStepByBoard(seat); got != want {
			return fmt.Errorf("seat %d: default debt step %#v, by the board %#v", seat, got, want)
		}
	}
	// the list views show, worked out once a state (awaitingList)
	if al := gm.awaitingList(); fmt.Sprint(aw) != fmt.Sprint(al) && len(aw)+len(al) > 0 {
		return fmt.Errorf("awaiting %v, asked seat by seat %v", al, aw)
	}
	return nil
}

// checkOwned checks Table.Owned, read from the published masks when no
// cell changed since they were published, against a walk over the cells.
func checkOwned(gm *Game) error {
	for seat := range gm.s.Players {
		var want uint64
		for c := range gm.s.Cells {
			if gm.s.Cells[c].Owner == seat {
				want |= 1 << uint(c)
			}
		}
		if got := (Table{gm}).Owned(seat); got != want {
			return fmt.Errorf("seat %d owns cells %b, Table.Owned says %b", seat, want, got)
		}
	}
	return nil
}

// defaultDebtStepByBoard is defaultDebtStep walking the board's groups and
// cells instead of reading the published group summaries: the reference
// the published one is checked against.
func (g *Game) defaultDebtStepByBoard(seat int) engine.Action {
	s := g.s
	b := g.rs.Board
	best, bestPrice := -1, int64(-1)
	if g.rs.Buildings.Sell {
		for gi := range b.Groups {
			grp := &b.Groups[gi]
			if grp.Kind != KindStreet || groupOwner(s.Cells, grp) != seat {
				continue
			}
			_, hi, _ := groupLevels(s.Cells, grp)
			if hi == 0 {
				continue
			}
			for _, c := range grp.Cells {
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
	if g.rs.Mortgage.Allowed {
		for c := range s.Cells {
			st := &s.Cells[c]
			if st.Owner != seat || st.Mortgaged {
				continue
			}
			if _, hi, _ := groupLevels(s.Cells, &b.Groups[b.Cells[c].Group]); hi > 0 {
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

// CheckPotentialMidAction checks potential and the buildings on the board
// while cells are changed and not yet published (as during an action):
// each owned cell in turn is mortgaged or lifted, handed to the next seat
// and raised a level (or cleared from the top), and every seat's potential
// must be what a walk over the board gives, the units and tops standing
// what a count gives. The cells and the game's dirty mask are put back.
func CheckPotentialMidAction(g engine.Game) error {
	gm := g.(*Game)
	n, dirty := len(gm.s.Players), gm.dirty
	defer func() { gm.dirty = dirty }()
	for c := range gm.s.Cells {
		if o := gm.s.Cells[c].Owner; o < 0 || o >= n {
			continue
		}
		was := gm.s.Cells[c]
		for k, change := range []func(*CellState){
			func(st *CellState) { st.Mortgaged = !st.Mortgaged },
			func(st *CellState) { st.Owner = (st.Owner + 1) % n },
			func(st *CellState) { st.Level = (st.Level + 1) % (gm.rs.Buildings.MaxLevel + 1) },
		} {
			change(gm.wcell(c))
			if u, t := gm.onBoardNow(); gm.supply() != nil {
				if cu, ct := onBoard(gm.rs, gm.s.Cells); u != cu || t != ct {
					gm.s.Cells[c] = was
					return fmt.Errorf("cell %d change %d: %d units and %d tops on the board, counted %d and %d", c, k, u, t, cu, ct)
				}
			}
			for seat := 0; seat < n; seat++ {
				if got, want := gm.potential(seat), gm.potentialByBoard(seat); got != want {
					gm.s.Cells[c] = was
					return fmt.Errorf("cell %d change %d: seat %d's potential %d, by the board %d", c, k, seat, got, want)
				}
			}
			if err := checkOwned(gm); err != nil {
				gm.s.Cells[c] = was
				return fmt.Errorf("cell %d change %d: %w", c, k, err)
			}
		}
		gm.s.Cells[c] = was
	}
	return nil
}

// BidTemplate is the Bid seat may place now, built afresh (not the boxed
// one Legal lists).
func BidTemplate(g engine.Game, seat int) engine.Action { return g.(*Game).bidTemplate(seat) }

// CheckRefusesMissing reports the first action of as that Apply's check
// refuses as a move the game does not have when hasKind says the game has
// its kind, or the other way round, in g (check tells both apart in its
// one type switch).
func CheckRefusesMissing(g engine.Game, as []engine.Action) engine.Action {
	gm := g.(*Game)
	missing := gm.noSuchMove().Error()
	for _, a := range as {
		_, err := gm.check(0, a)
		if refused := err != nil && err.Error() == missing; refused == gm.hasKind(a.Kind()) {
			return a
		}
	}
	return nil
}
