package engine_test

import (
	"os/exec"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestEngineImportsStdlibOnly keeps every non-test package under engine/
// free of I/O, UI, storage and clock dependencies: only the standard library
// (minus a deny-list) and other engine packages may be imported.
func TestEngineImportsStdlibOnly(t *testing.T) {
	out, err := exec.Command("go", "list", "-f", `{{.ImportPath}}:{{join .Imports " "}}`, "boardroom/engine/...").CombinedOutput()
	require.NoError(t, err, string(out))
	denied := map[string]bool{
		"os": true, "os/exec": true, "net": true, "net/http": true, "database/sql": true,
		"log": true, "log/slog": true, "time": true, "math/rand": true, "math/rand/v2": true,
		"io/ioutil": true, "syscall": true, "unsafe": true, "crypto/rand": true,
	}
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		pkg, imps, _ := strings.Cut(line, ":")
		if strings.Contains(pkg, "enginetest") {
			continue // the conformance suite is test support and may use testing helpers
		}
		for _, imp := range strings.Fields(imps) {
			if strings.HasPrefix(imp, "boardroom/engine") {
				continue
			}
			require.Falsef(t, strings.Contains(strings.SplitN(imp, "/", 2)[0], "."), "%s imports non-stdlib %s", pkg, imp)
			require.Falsef(t, denied[imp], "%s imports %s, which the engine may not use", pkg, imp)
		}
	}
}
