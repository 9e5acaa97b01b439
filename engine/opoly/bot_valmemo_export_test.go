package opoly

// LotValues returns what the lot on auction in view v is worth to each
// seat (auctionValue) as bots read it, twice (the second time from the
// game's memo when v is a lent view), and as a fresh bot works it out with
// the memo withheld.
func LotValues(v *View) (read, again, fresh []int64) {
	w := *v
	w.vals = nil
	lot := v.Auction.Lot
	for seat := range v.Players {
		read = append(read, newBot(seat, 0).auctionValue(v, lot, seat))
	}
	for seat := range v.Players {
		again = append(again, newBot((seat+1)%len(v.Players), 0).auctionValue(v, lot, seat))
		fresh = append(fresh, newBot(seat, 0).auctionValue(&w, lot, seat))
	}
	return read, again, fresh
}

// DealValues returns trade o's worths to both sides (dealDeltas: from,
// to, wFrom, wTo) as a bot reads them on view v, from the game's memo
// when v is a lent view (kept), and as a fresh bot works them out with the
// memo withheld.
func DealValues(v *View, o *TradeOffer) (read, fresh [4]int64, kept bool) {
	w := *v
	w.vals = nil
	e := newBot(o.To, 0).dealDeltas(v, o)
	f := newBot(o.To, 0).dealDeltas(&w, o)
	return [4]int64{e.from, e.to, e.wFrom, e.wTo}, [4]int64{f.from, f.to, f.wFrom, f.wTo}, v.valsNow() != nil
}

// LotValuesOf returns what each of lots is worth to each seat
// (auctionValue, lot by lot, seat by seat) as bots read it (from the
// game's memo when v is a lent view, whose entries outlive the cells'
// versions: lotEntry), and as a fresh bot works it out with the memo
// withheld; kept counts the lots read from an entry of earlier cells.
func LotValuesOf(v *View, lots []int) (read, fresh []int64, kept int) {
	w := *v
	w.vals = nil
	for _, lot := range lots {
		if m := v.valsNow(); m != nil && m.lot != lot {
			n := m.nlots
			m.findLot(v, lot)
			if m.nlots == n && m.cur < lotWays && m.lots[m.cur].known != 0 {
				kept++
			}
		}
		for seat := range v.Players {
			read = append(read, newBot(seat, 0).auctionValue(v, lot, seat))
			fresh = append(fresh, newBot(seat, 0).auctionValue(&w, lot, seat))
		}
	}
	return read, fresh, kept
}

// LotWays is how many lots' worths the game's memo keeps past the cells'
// versions.
const LotWays = lotWays
