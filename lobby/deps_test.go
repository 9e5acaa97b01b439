package lobby_test

import (
	"os/exec"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestLobbySplitImports keeps the lobby's packages one concern each (see
// ARCHITECTURE.md), with the reason next to each rule:
//   - lobby/gamefile seals files and knows only the engine's types: who may
//     export or import is the live lobby's business;
//   - lobby never imports lobby/results: results asks the live lobby, not
//     the other way round, so finished games cannot reach into live tables;
//   - no lobby package imports db, tui or sshserver: storage is behind the
//     Store interfaces, sessions are outside.
func TestLobbySplitImports(t *testing.T) {
	out, err := exec.Command("go", "list", "-f", `{{.ImportPath}}:{{join .Imports " "}}`, "boardroom/lobby/...").CombinedOutput()
	require.NoError(t, err, string(out))
	seen := map[string]bool{}
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		pkg, imps, _ := strings.Cut(line, ":")
		seen[pkg] = true
		for _, imp := range strings.Fields(imps) {
			if !strings.HasPrefix(imp, "boardroom/") {
				continue
			}
			for _, outside := range []string{"boardroom/db", "boardroom/tui", "boardroom/sshserver", "boardroom/cmd"} {
				require.Falsef(t, imp == outside || strings.HasPrefix(imp, outside+"/"), "%s imports %s", pkg, imp)
			}
			switch pkg {
			case "boardroom/lobby/gamefile":
				require.Truef(t, imp == "boardroom/engine", "lobby/gamefile imports %s; it may use the engine's types only", imp)
			case "boardroom/lobby":
				require.NotEqualf(t, "boardroom/lobby/results", imp, "the live lobby imports lobby/results")
			}
		}
	}
	require.True(t, seen["boardroom/lobby/gamefile"] && seen["boardroom/lobby/results"], "go list saw %v", seen)
}
