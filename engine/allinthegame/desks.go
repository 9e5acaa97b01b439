package allinthegame

// Which desks of a project a consultant may take (R002-09, A002-05,
// G002-05): the rules of placement, apart from the work turn that uses them.

// legalDesks lists the desks of slot i where a consultant (colour, rank)
// may go (R002-09, A002-05, G002-05), appended to buf.
func (s *state) legalDesks(buf []int, i, colour int, isPrincipal bool) []int {
	if i < 0 || i >= len(s.Slots) || s.Slots[i].Card == "" {
		return buf
	}
	sl := &s.Slots[i]
	return slotDesks(buf, sl, s.cardDesks(i), rightmostOf(sl), colour, isPrincipal)
}

// rightmostOf is the index of the slot's rightmost consultant, or -1.
func rightmostOf(sl *slot) int {
	r := -1
	for d, o := range sl.Desks {
		if o.Owner >= 0 {
			r = d
		}
	}
	return r
}

// slotDesks is legalDesks for a slot with a project, its card's desks
// and its rightmost consultant r: legalWork works them out once per slot,
// not once per hand card and consultant.
func slotDesks(buf []int, sl *slot, specs []DeskSpec, r, colour int, isPrincipal bool) []int {
	for d := range sl.Desks {
		if d > r+1 || (d < r && sl.Desks[d].Owner >= 0) || d == r {
			continue
		}
		spec := specs[d]
		if spec.Colour != AnyColour && spec.Colour != colour {
			continue
		}
		if spec.PrincipalOnly && !isPrincipal {
			continue
		}
		buf = append(buf, d)
	}
	return buf
}

// legalDeskMasks is legalDesks of slot i for every consultant at once:
// read from deskMaskTable by the printed card and which desks are taken.
func (s *state) legalDeskMasks(i int) (m deskMasks) {
	if i < 0 || i >= len(s.Slots) {
		return deskMasks{ok: true}
	}
	sl := &s.Slots[i]
	if sl.Card == "" {
		return deskMasks{ok: true}
	}
	if len(sl.Desks) > 8 {
		return deskMasks{}
	}
	c := cardIndex(sl.Card, s.seats())
	if c < 0 || len(printedByIndex[c].Desks) != len(sl.Desks) {
		return deskMasksOf(s.cardDesks(i), sl.Desks)
	}
	var taken uint8
	for d, o := range sl.Desks {
		if o.Owner >= 0 {
			taken |= 1 << d
		}
	}
	return deskMaskTable[c][taken]
}

// deskMasksOf is legalDesks for every consultant of a slot with the card's
// desks specs and the occupants desks.
func deskMasksOf(specs []DeskSpec, desks []occupant) (m deskMasks) {
	if len(desks) > 8 {
		return deskMasks{}
	}
	r := -1
	for d, o := range desks {
		if o.Owner >= 0 {
			r = d
		}
	}
	for d := range desks {
		if d > r+1 || (d < r && desks[d].Owner >= 0) || d == r {
			continue
		}
		spec := specs[d]
		for c := range NumColours {
			if spec.Colour != AnyColour && spec.Colour != c {
				continue
			}
			m.of[c][principal] |= 1 << d
			if !spec.PrincipalOnly {
				m.of[c][senior] |= 1 << d
			}
		}
	}
	m.ok = true
	return m
}

func (s *state) deskLegal(i, d, colour int, isPrincipal bool) bool {
	var buf [maxDesks]int
	for _, x := range s.legalDesks(buf[:0], i, colour, isPrincipal) {
		if x == d {
			return true
		}
	}
	return false
}
