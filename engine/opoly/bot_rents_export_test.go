package opoly

// RentTables returns the table of charges a bot reads from view v
// (rentTable: the game's, kept up to date by publish, for a lent view) and
// the one computed from v's cells alone, and whether the first is the
// game's.
func RentTables(v *View) (read, fresh [MaxCells]int64, shared bool) {
	var buf [MaxCells]int64
	r := v.rentTable(&buf)
	w := *v
	w.rents = nil
	fresh = *w.rentTable(&buf)
	return *r, fresh, r != &buf
}

// Reserves returns the reserve of every seat as a fresh standard bot
// computes it from view v: from the game's table of charges when v is a
// lent view that lends it (lent true), and from its own copy of the
// charges with the table withheld. (A new bot's reserve is marked not
// yet worked out, as Choose marks it: else it reads the kept 0.)
func Reserves(v *View) (read, copied []int64, lent bool) {
	w := *v
	w.rents = nil
	for seat := range v.Players {
		b, c := newBot(seat, 0), newBot(seat, 0)
		b.res, c.res = -1, -1
		read = append(read, b.reserve(v))
		copied = append(copied, c.reserve(&w))
	}
	return read, copied, v.lentRents() != nil
}

// FarBothWays returns, for every seat of lent view v, the highest charge
// of a cell another player owns as farFrom keeps it (the owners' highest
// charges worked out again only for the owners publish marked) and as
// worked out afresh from every owner's cells; ok is false when v lends no
// table.
func FarBothWays(v *View) (kept, fresh []int64, ok bool) {
	m := v.lentRents()
	if m == nil {
		return nil, nil, false
	}
	for seat := range v.Players {
		kept = append(kept, m.farFrom(seat, v))
		var far int64
		for o := range v.Players {
			if o == seat {
				continue
			}
			for _, c := range v.Players[o].Props {
				far = max(far, m.rent[c])
			}
		}
		fresh = append(fresh, far)
	}
	return kept, fresh, true
}

// ChargeKeysBothWays returns, for every seat of lent view v, the
// fingerprint of the charges of the cells it does not own as publish keeps
// it (chargeKeys.from) and as worked out afresh from the table and the
// cells' owners; ok is false when v lends no table.
func ChargeKeysBothWays(v *View) (kept, fresh []uint64, ok bool) {
	m := v.lentRents()
	if m == nil {
		return nil, nil, false
	}
	for seat := range v.Players {
		kept = append(kept, m.others.from(seat), m.others.chargedBy[seat])
		var k chargeKeys
		k.reset()
		for c := range v.Cells {
			k.set(c, v.Cells[c].Owner, m.rent[c], -1)
		}
		fresh = append(fresh, k.from(seat), k.chargedBy[seat])
	}
	// the cells that charge something, whoever owns them
	var charged uint64
	for c := range v.Cells {
		if v.Cells[c].Owner != Bank && m.rent[c] != 0 {
			charged |= 1 << uint(c)
		}
	}
	kept, fresh = append(kept, m.others.charged), append(fresh, charged)
	return kept, fresh, true
}

// NearBothWays returns, for every seat of lent view v and every square of
// the board, the reserve's nearest charge from there read from the masks
// of the cells that charge something (nearCharge) and square by square
// (nearChargeWalk); ok is false when v lends no table.
func NearBothWays(v *View) (masked, walked []int64, ok bool) {
	m := v.lentRents()
	if m == nil {
		return nil, nil, false
	}
	for seat := range v.Players {
		for pos := range v.Cells {
			masked = append(masked, nearCharge(v.Cells, m, pos, seat))
			walked = append(walked, nearChargeWalk(v.Cells, &m.rent, pos, seat))
		}
	}
	return masked, walked, true
}

// ReserveKeeper is one standard bot a seat, each working out its reserve
// and its least reserve (leastReserve) at every step it is shown (as
// Choose does: marked not yet worked out), keeping between steps what the
// bot keeps (reserveOf's last reserve, its square, the least reserve and
// the charges of the cells it does not own they were worked out on).
type ReserveKeeper struct {
	bots []*bot
	// Shortcuts counts the reserves and least reserves taken from the
	// last ones on other cells (only cells of the bot's own changed).
	Shortcuts int
}

// Reserves returns every seat's reserve on lent view v as the kept bots
// work it out and as a new bot does, then the least reserves the kept
// bots tell (and the same worked out afresh); ok is false when v lends no
// table.
func (k *ReserveKeeper) Reserves(v *View) (kept, fresh []int64, ok bool) {
	if v.lentRents() == nil {
		return nil, nil, false
	}
	for len(k.bots) < len(v.Players) {
		k.bots = append(k.bots, newBot(len(k.bots), 0))
	}
	for seat := range v.Players {
		b, f := k.bots[seat], newBot(seat, 0)
		b.res, f.res = -1, -1
		before := b.resVer
		kept = append(kept, b.reserve(v))
		if b.resLent && before != v.CellsVersion && b.resVer == v.CellsVersion && b.resPos == v.Players[seat].Position &&
			b.resNear == b.res && v.lentRents().others.from(seat) == b.resOthers && before != 0 {
			k.Shortcuts++
		}
		fresh = append(fresh, f.reserve(v))
	}
	// and the least reserve (skipsManage's), where the kept bot tells it
	m := v.lentRents()
	for seat := range v.Players {
		b, f := k.bots[seat], newBot(seat, 0)
		shortcut := b.leastLent && b.leastVer != v.CellsVersion && b.leastOthers == m.others.from(seat)
		if !b.leastReserve(v) {
			continue
		}
		if shortcut {
			k.Shortcuts++
		}
		f.scaleOf(v)
		kept, fresh = append(kept, b.least), append(fresh, 100*f.scale+m.farFrom(seat, v)/2)
	}
	return kept, fresh, true
}
