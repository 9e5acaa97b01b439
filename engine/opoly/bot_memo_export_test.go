package opoly

// TradeDeltasBothWays values each offer for a bot of seat on view v twice:
// inside one trade search (the memo on, as propose values its candidates
// one after another) and outside any (a new bot each time). It returns both
// valuations (from, to, wFrom, wTo) and whether the bot's scratch board,
// a copy of v's cells before the search, held them still after every offer.
func TradeDeltasBothWays(seat int, v *View, offers []TradeOffer) (memo, plain [][4]int64, restored bool) {
	b := newBot(seat, 1)
	b.scratchOf(v)
	b.tm.begin(v)
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

// GroupAftersBoth values, on view v, every group after every move of its
// cells between two seats (any of from's cells of the group to to, any of
// to's to from), with and without the group's buildings cleared: by
// groupAfter, and on a copy of v's cells changed as tradeDeltas changes
// its scratch board (refunds, levels cleared, owners moved) and valued by
// groupWorth and groupOwner. Each valuation is (worth to from, worth to
// to, owner after or Bank for a group that is not of streets).
func GroupAftersBoth(v *View) (fast, board [][3]int64) {
	land := landings(v)
	cells := make([]CellState, len(v.Cells))
	for gi := range v.Board.Groups {
		grp := &v.Board.Groups[gi]
		for from := range v.Players {
			for to := range v.Players {
				if from == to {
					continue
				}
				var mineF, mineT uint64 // from's and to's cells of the group
				for _, c := range grp.Cells {
					switch v.Cells[c].Owner {
					case from:
						mineF |= 1 << uint(c)
					case to:
						mineT |= 1 << uint(c)
					}
				}
				// every subset of each (mineF and mineT at most 2^4 each)
				for fb := mineF; ; fb = (fb - 1) & mineF {
					for tb := mineT; ; tb = (tb - 1) & mineT {
						for _, clears := range []bool{false, true} {
							wf, wt, owner := groupAfter(v, gi, from, to, fb, tb, clears, land)
							if grp.Kind != KindStreet {
								owner = Bank
							}
							fast = append(fast, [3]int64{wf, wt, int64(owner)})
							copy(cells, v.Cells)
							var rf, rt int64
							for _, c := range grp.Cells {
								if l := cells[c].Level; clears && l > 0 {
									switch refund := int64(l) * v.Rules.SellRefund(c); cells[c].Owner {
									case from:
										rf += refund
									case to:
										rt += refund
									}
									cells[c].Level = 0
								}
								switch bit := uint64(1) << uint(c); {
								case tb&bit != 0:
									cells[c].Owner = from
								case fb&bit != 0:
									cells[c].Owner = to
								}
							}
							o := Bank
							if grp.Kind == KindStreet {
								o = groupOwner(cells, grp)
							}
							board = append(board, [3]int64{rf + groupWorth(v, cells, gi, from, land, true),
								rt + groupWorth(v, cells, gi, to, land, true), int64(o)})
						}
						if tb == 0 {
							break
						}
					}
					if fb == 0 {
						break
					}
				}
			}
		}
	}
	return fast, board
}
