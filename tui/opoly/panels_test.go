package opoly_test

import (
	"boardroom/engine/opoly/projectopoly"
	"boardroom/tui/opoly"
	pptui "boardroom/tui/opoly/projectopoly"
)

// The variants' panels for the package's tests (export_test.go).
func init() {
	opoly.SetTestPanel(projectopoly.ID, pptui.Panel())
}
