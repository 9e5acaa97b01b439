package opoly

import "boardroom/engine"

// AuditWhy is an auditor's counts by reason (bot_audit.go), for the tests.
func AuditWhy(a engine.Auditor) []int {
	x := a.(*auditor)
	return append([]int(nil), x.why[:]...)
}

// AuditValuations is how many valuations (bots) an auditor has made: one
// serves every seat.
func AuditValuations(a engine.Auditor) int {
	if a.(*auditor).val != nil {
		return 1
	}
	return 0
}

// AuditReserve is seat's reserve by the auditor's valuation, judged in a
// step where seat by acts (the view it reads is by's).
func AuditReserve(a engine.Auditor, g engine.Game, by, seat int) int64 {
	v, b := a.(*auditor).view(g, by, seat)
	return b.reserve(v)
}

// RefusalTable is the auditor's table of refusals (refusals) behind two
// functions: put stores a refusal of from to to for cells take in round,
// get returns the round of the last one stored and whether any was.
func RefusalTable() (put func(from, to int, take uint64, round int), get func(from, to int, take uint64) (int, bool)) {
	var t refusals
	put = func(from, to int, take uint64, round int) {
		t.put(request{key: requestKey{from: from, to: to, take: take}, round: round})
	}
	get = func(from, to int, take uint64) (int, bool) {
		r, ok := t.get(requestKey{from: from, to: to, take: take})
		return r.round, ok
	}
	return put, get
}
