package opoly_test

import (
	"boardroom/engine/opoly/projectopoly"
	"boardroom/engine/opoly/technopoly"
	"boardroom/tui/opoly"
	pptui "boardroom/tui/opoly/projectopoly"
	tptui "boardroom/tui/opoly/technopoly"
)

// The variants' panels for the package's tests (export_test.go).
func init() {
	opoly.SetTestPanel(projectopoly.ID, pptui.Panel())
	opoly.SetTestPanel(technopoly.ID, tptui.Panel())
}
