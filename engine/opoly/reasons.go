package opoly

import "strconv"

// reasons holds the money-change reasons that name a cell, built once per
// ruleset so that the hot paths do not concatenate strings.
type reasons struct {
	rent, purchase, mortgage, lift, auction []string
	transfer                                []string   // the transfer fee's (transferReason)
	build, sell                             [][]string // [cell][level]
	card                                    [][]string // [deck][card]: "card ID"
	salary                                  string
	// a bankruptcy's: the buildings sold, and each seat's shares and rest
	bankruptSell              string
	bankruptAll, bankruptRest [MaxSeats]string
	// the jail fee's, paid before rolling (jailFee) and owed after the
	// last roll (jailOwed): built at each payment, they were a Unipoly
	// game's three allocations in twenty
	jailFee, jailOwed string
	// the game's end: each seat the last standing, or bankrupt alone in a
	// game the first bankruptcy ends
	lastStanding, bankruptEnds [MaxSeats]string
	cancel                     []string // a street cancelled by a card's
}

// newReasons builds the reason tables of rs (once per Definition).
func newReasons(rs *Ruleset) *reasons {
	n := len(rs.Board.Cells)
	r := &reasons{
		rent: make([]string, n), purchase: make([]string, n), mortgage: make([]string, n),
		lift: make([]string, n), auction: make([]string, n), transfer: make([]string, n), cancel: make([]string, n),
		build: make([][]string, n), sell: make([][]string, n),
		salary: or(rs.Words.Salary, "salary at "+rs.Board.Cells[rs.Start.Cell].Name),
	}
	r.bankruptSell = "half price for every " + rs.buildingWord() + ", on bankruptcy"
	for seat := range MaxSeats {
		r.bankruptAll[seat] = "everything " + who(seat) + " has, on bankruptcy"
		r.bankruptRest[seat] = "the rest of " + who(seat) + "'s cash, on bankruptcy"
		r.lastStanding[seat] = who(seat) + " is the last player standing and wins."
		r.bankruptEnds[seat] = bankruptEndsReason(rs, who(seat))
	}
	r.jailFee, r.jailOwed = "fee to leave "+rs.jailWord(), rs.jailWord()+" fee"
	r.card = make([][]string, len(rs.Board.Decks))
	for d := range rs.Board.Decks {
		r.card[d] = make([]string, len(rs.Board.Decks[d].Cards))
		for i, c := range rs.Board.Decks[d].Cards {
			r.card[d][i] = "card " + c.ID
		}
	}
	g := &Game{rs: rs}
	for c, cell := range rs.Board.Cells {
		if !cell.Kind.Property() {
			continue
		}
		r.rent[c] = rs.rentWord() + " for " + cell.Name
		r.purchase[c] = "purchase of " + cell.Name
		r.mortgage[c] = rs.mortgageWord() + " of " + cell.Name
		r.lift[c] = rs.liftWord() + " " + cell.Name + " (+" + strconv.FormatInt(rs.Mortgage.InterestPct, 10) + "%)"
		r.auction[c] = "auction of " + cell.Name
		r.cancel[c] = "cancellation of " + cell.Name + " (half its value)"
		r.transfer[c] = rs.transferReason(c)
		if cell.Kind == KindStreet {
			r.build[c] = make([]string, rs.Buildings.MaxLevel+1)
			r.sell[c] = make([]string, rs.Buildings.MaxLevel+1)
			for l := 1; l <= rs.Buildings.MaxLevel; l++ {
				r.build[c][l] = rs.Words.BuildPrefix + g.levelName(l) + or(rs.Words.BuildOn, " on ") + cell.Name
				r.sell[c][l] = "half price for the " + g.levelName(l) + " sold on " + cell.Name
			}
		}
	}
	return r
}
