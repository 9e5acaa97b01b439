package opoly_test

import (
	"os/exec"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestCoreImportsNoVariantPanel keeps the direction of the property
// games' screens: a variant's panel package imports the core renderer,
// never the other way, so that a fourth variant's screen is a new package
// and no edit of the core. It also holds out a package under tui/opoly/
// that does not import the core (a shared kit). The core's own tests draw
// the variants' panels (panels_test.go).
func TestCoreImportsNoVariantPanel(t *testing.T) {
	out, err := exec.Command("go", "list", "-f", `{{join .Imports " "}}`, "boardroom/tui/opoly").CombinedOutput()
	require.NoError(t, err, string(out))
	for _, imp := range strings.Fields(string(out)) {
		require.Falsef(t, strings.HasPrefix(imp, "boardroom/tui/opoly/"), "the core imports %s", imp)
	}
}
