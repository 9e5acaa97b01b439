package opoly

import "boardroom/engine"

// AuditWhy is an auditor's counts by reason (bot_audit.go), for the tests.
func AuditWhy(a engine.Auditor) []int {
	x := a.(*auditor)
	return append([]int(nil), x.why[:]...)
}

// AuditValuations is how many seats' valuations an auditor has made.
func AuditValuations(a engine.Auditor) int {
	n := 0
	for _, b := range a.(*auditor).vals {
		if b != nil {
			n++
		}
	}
	return n
}
