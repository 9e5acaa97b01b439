package opoly_test

import (
	"os/exec"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestCoreImportsNoVariant keeps the direction of the property games'
// packages: a variant (and its mechanisms) imports the core, never the
// other way, so that a fourth variant is a new package and no edit of the
// core. An import cycle is refused by the compiler already; this also
// holds a package under engine/opoly/ that does not import the core (a
// shared data or mechanism package) out of it. The core's own tests may
// play the variants.
func TestCoreImportsNoVariant(t *testing.T) {
	out, err := exec.Command("go", "list", "-f", `{{join .Imports " "}}`, "boardroom/engine/opoly").CombinedOutput()
	require.NoError(t, err, string(out))
	for _, imp := range strings.Fields(string(out)) {
		require.Falsef(t, strings.HasPrefix(imp, "boardroom/engine/opoly/"), "the core imports %s", imp)
	}
}
