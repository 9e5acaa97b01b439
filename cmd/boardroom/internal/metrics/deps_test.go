package metrics

import (
	"os/exec"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestOnlyCmdImportsPrometheus keeps Prometheus out of the server's
// packages: lobby and sshserver declare observers, this package implements
// them, and only cmd wires it. A package below cmd that reached for the
// Prometheus client would tie the game server to one metrics system and
// bring its global registry within reach.
func TestOnlyCmdImportsPrometheus(t *testing.T) {
	out, err := exec.Command("go", "list", "-f", `{{.ImportPath}}:{{join .Deps " "}}`,
		"boardroom/engine/...", "boardroom/lobby/...", "boardroom/sshserver/...", "boardroom/tui/...", "boardroom/db/...").CombinedOutput()
	require.NoError(t, err, string(out))
	lines := strings.Split(strings.TrimSpace(string(out)), "\n")
	require.Greater(t, len(lines), 5, "go list saw %d packages", len(lines))
	for _, line := range lines {
		pkg, deps, _ := strings.Cut(line, ":")
		for _, d := range strings.Fields(deps) {
			require.Falsef(t, strings.HasPrefix(d, "github.com/prometheus/"), "%s depends on %s", pkg, d)
		}
	}
}
