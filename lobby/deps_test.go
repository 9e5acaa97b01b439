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
//     Store interfaces, sessions are outside;
//   - the concern packages below the root (lobby/accounts, lobby/chat,
//     lobby/fanout, lobby/lobbies) import no boardroom package: each keeps its own state
//     under its own lock and knows nothing of tables, of the other concerns
//     or of the Service, which composes them (the root re-exports their
//     types);
//   - lobby never imports lobby/cluster: the cluster implements the hooks
//     the lobby declares (Cluster, ClusterNode) and cmd wires the two;
//   - the table packages (lobby/play: the rules of a game in progress that
//     need neither a table's lock nor the Service, and a finished game's
//     ranking and rating; lobby/tables: a table's settings and their
//     defaults, a rematch's answers) import the engine, lobby/rating and
//     (lobby/tables only) lobby/play, and no other boardroom package: the
//     root's tables use them, never the other way round, so they cannot
//     reach the Service, the stores or another concern, and play never
//     imports tables.
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
				require.NotEqualf(t, "boardroom/lobby/cluster", imp, "the live lobby imports lobby/cluster; it declares hooks instead")
			}
			if tablePackages[pkg] {
				allowed := imp == "boardroom/engine" || imp == "boardroom/lobby/rating" ||
					(pkg == "boardroom/lobby/tables" && imp == "boardroom/lobby/play")
				require.Truef(t, allowed, "%s imports %s; a table package may use the engine, lobby/rating and (lobby/tables only) lobby/play", pkg, imp)
			}
			if concernPackages[pkg] {
				require.Failf(t, "a concern package imports boardroom", "%s imports %s; it may import no boardroom package", pkg, imp)
			}
		}
	}
	require.True(t, seen["boardroom/lobby/gamefile"] && seen["boardroom/lobby/results"], "go list saw %v", seen)
	for pkg := range tablePackages {
		require.Truef(t, seen[pkg], "go list did not see %s", pkg)
	}
	for pkg := range concernPackages {
		require.Truef(t, seen[pkg], "go list did not see %s", pkg)
	}
}

// concernPackages are the lobby's concerns below the root.
var concernPackages = map[string]bool{
	"boardroom/lobby/accounts":   true,
	"boardroom/lobby/chat":       true,
	"boardroom/lobby/fanout":     true,
	"boardroom/lobby/lobbies":    true,
	"boardroom/lobby/moderation": true,
	"boardroom/lobby/tournament": true,
}

// tablePackages are the parts of the tables and play below the root; they
// may import the engine and lobby/rating, and lobby/tables lobby/play.
var tablePackages = map[string]bool{
	"boardroom/lobby/play":   true,
	"boardroom/lobby/tables": true,
}
