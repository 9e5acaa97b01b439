package opoly

// refusals is the auditor's memory of the refused requests, the last
// refusal by requester, answerer and the cells asked for (requestKey): a
// table of open addressing, made on the first refusal and doubled when
// half full. (A map cost about 370 instructions a refusal stored, a tenth
// of Technopoly's auditor; a game stores a few dozen.)
type refusals struct {
	slots []refusal // a power of two of them, or none
	n     int       // the slots used
}

type refusal struct {
	r    request
	used bool
}

// get returns the last refusal of key k, if any.
func (t *refusals) get(k requestKey) (request, bool) {
	if len(t.slots) == 0 {
		return request{}, false
	}
	s := &t.slots[t.slot(k)]
	return s.r, s.used
}

// put stores refusal r, in place of the last of its key.
func (t *refusals) put(r request) {
	if 2*(t.n+1) > len(t.slots) {
		old := t.slots
		t.slots, t.n = make([]refusal, max(2*len(old), 32)), 0
		for i := range old {
			if old[i].used {
				t.put(old[i].r)
			}
		}
	}
	s := &t.slots[t.slot(r.key)]
	if !s.used {
		s.used = true
		t.n++
	}
	s.r = r
}

// slot is the slot of key k: its own, or the free slot where it goes.
func (t *refusals) slot(k requestKey) int {
	mask := len(t.slots) - 1
	h := (k.take ^ uint64(k.from)<<56 ^ uint64(k.to)<<48) * 0x9e3779b97f4a7c15
	i := int(h>>32) & mask
	for t.slots[i].used && t.slots[i].r.key != k {
		i = (i + 1) & mask
	}
	return i
}
