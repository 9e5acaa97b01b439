package opoly

import "boardroom/engine"

// AuditWhy is an auditor's counts by reason (bot_audit.go), for the tests.
func AuditWhy(a engine.Auditor) []int {
	x := a.(*auditor)
	return append([]int(nil), x.why[:]...)
}
