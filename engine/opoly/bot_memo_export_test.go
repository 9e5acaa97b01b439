package opoly

// TradeDeltasBothWays values each offer for a bot of seat on view v twice:
// inside one trade search (the memo on, as propose values its candidates
// one after another) and outside any (a new bot each time). It returns both
// valuations (from, to, wFrom, wTo) and whether the search's scratch board
// held v's cells again after every offer.
func TradeDeltasBothWays(seat int, v *View, offers []TradeOffer) (memo, plain [][4]int64, restored bool) {
	b := newBot(seat, 1)
	b.tm.begin()
	restored = true
	for i := range offers {
		e := b.tradeDeltas(v, &offers[i])
		memo = append(memo, [4]int64{e.from, e.to, e.wFrom, e.wTo})
		for c := range v.Cells {
			restored = restored && b.scratch[c] == v.Cells[c]
		}
	}
	b.tm.end()
	for i := range offers {
		e := newBot(seat, 1).tradeDeltas(v, &offers[i])
		plain = append(plain, [4]int64{e.from, e.to, e.wFrom, e.wTo})
	}
	return memo, plain, restored
}
