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
//   - lobby/errs (the sentinel errors every lobby package returns) imports
//     no boardroom package;
//   - the concern packages below the root (lobby/accounts, lobby/chat,
//     lobby/fanout, lobby/lobbies) import no boardroom package but
//     lobby/errs (and lobby/lobbies and lobby/chat lobby/accounts, for the
//     Account their sessions' sides, Membership and Desk, are called
//     with): each keeps its own state under its own lock and knows nothing
//     of tables or of the Service, which composes them and which they ask
//     through the interfaces they declare (accounts.Host, chat.Host,
//     lobbies.Host); the root re-exports their types;
//   - lobby/notify (webhooks, invitations, settings, the last lobby) may
//     import the webhook sender's package (internal/webhook), lobby/errs,
//     the leaf concerns it names accounts and lobbies by (lobby/accounts,
//     lobby/lobbies) and lobby/play (a game's end, a deadline's words):
//     what it needs of the live lobby and its tables it asks through the
//     interfaces it declares (notify.Lobby, notify.Tables), never the root;
//   - lobby/saved (a saved game's export and what an import checks before
//     a table exists) may import the engine, lobby/gamefile, lobby/errs and
//     the leaf concerns it names accounts and lobbies by: the table itself
//     is the live lobby's, which it asks through saved.Lobby;
//   - lobby/tourneys (tournaments: who may do what, what a player reads,
//     a tournament's progression, in one node or a cluster) may import
//     the engine, lobby/errs, the leaf concerns it names accounts and
//     lobbies by, lobby/tournament (the arithmetic) and lobby/tables (a
//     public table's options), never the root: the tables it opens and
//     hears finish, the clock and the other nodes are the live lobby's,
//     which it asks through tourneys.Lobby and tourneys.Tables;
//   - lobby/protection (players' blocks and reports) may import lobby/errs
//     and the leaf concerns it names accounts and chat lines by
//     (lobby/accounts, lobby/chat): telling the other nodes and redrawing
//     the blocker's chat are the live lobby's, asked through
//     protection.Host;
//   - lobby/finished (finished games' types as the stores keep them and
//     players read them) may import only the leaves whose types it names
//     (lobby/accounts, lobby/tables, lobby/play, lobby/rating): types
//     only, so lobby, lobby/results and the stores share them;
//   - lobby/wire (what the nodes tell and ask each other, the hooks a
//     node calls) may import the engine and the leaves whose types a
//     notice carries (lobby/tables, lobby/chat, lobby/notify): types only,
//     so lobby/cluster and a package of live tables can name them without
//     the root;
//   - lobby/bots (every game's bot accounts by level) may import the
//     engine and lobby/accounts only: it makes the accounts through the
//     store part it declares (bots.Store) and knows no table;
//   - lobby/topics (what a session watches and is told) may import only
//     the leaves whose types an update carries (lobby/chat, lobby/tables);
//   - lobby/api (what sessions ask of the live lobby and of finished
//     games, as interfaces) may import the engine and the leaves whose
//     types its methods name (lobby/accounts, lobby/lobbies, lobby/tables,
//     lobby/chat, lobby/topics, lobby/finished): it declares, the root's
//     Service implements;
//   - lobby/live (the live table's own state: to start with, its side of a
//     cluster, Ownership, and the moves that wait for a new owner) may
//     import the engine and the leaves whose types it names (lobby/wire,
//     lobby/tables, lobby/accounts, lobby/errs), never the root lobby: the
//     root's tables hold it, never the other way round (issue 26);
//   - lobby/floor (the tables a node runs and what is done at them: the
//     registry, forming, play, timers, rematches, restore, watching, a
//     table's side of a cluster) may import the engine, lobby/live (the
//     table itself) and the leaves whose types it names (lobby/accounts,
//     lobby/bots, lobby/chat, lobby/errs, lobby/play, lobby/tables,
//     lobby/topics, lobby/wire), never the root: the rest of the live
//     lobby (who sees what, the sessions, chat, webhooks, tournaments) it
//     asks through floor.Node, floor.Lobby and floor.Sessions, and
//     lobby/live never imports it (a table asks through live.Host);
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
			if concernPackages[pkg] && imp != "boardroom/lobby/errs" &&
				(pkg != "boardroom/lobby/lobbies" && pkg != "boardroom/lobby/chat" || imp != "boardroom/lobby/accounts") {
				require.Failf(t, "a concern package imports boardroom", "%s imports %s; it may import no boardroom package but lobby/errs (lobby/lobbies and lobby/chat: and lobby/accounts)", pkg, imp)
			}
			if pkg == "boardroom/lobby/errs" {
				require.Failf(t, "lobby/errs imports boardroom", "lobby/errs imports %s; it may import no boardroom package", imp)
			}
			if pkg == "boardroom/lobby/notify" {
				require.Truef(t, notifyImports[imp], "lobby/notify imports %s; it may import only %v", imp, notifyImports)
			}
			if pkg == "boardroom/lobby/tourneys" {
				require.NotEqualf(t, "boardroom/lobby", imp, "lobby/tourneys imports the root lobby; it asks through tourneys.Lobby and tourneys.Tables")
				require.Truef(t, tourneysImports[imp], "lobby/tourneys imports %s; it may import only %v", imp, tourneysImports)
			}
			if pkg == "boardroom/lobby/protection" {
				require.Truef(t, protectionImports[imp], "lobby/protection imports %s; it may import only %v", imp, protectionImports)
			}
			if pkg == "boardroom/lobby/finished" {
				require.Truef(t, finishedImports[imp], "lobby/finished imports %s; it may import only %v", imp, finishedImports)
			}
			if pkg == "boardroom/lobby/wire" {
				require.Truef(t, wireImports[imp], "lobby/wire imports %s; it may import only %v", imp, wireImports)
			}
			if pkg == "boardroom/lobby/bots" {
				require.Truef(t, imp == "boardroom/engine" || imp == "boardroom/lobby/accounts", "lobby/bots imports %s; it may import the engine and lobby/accounts only", imp)
			}
			if pkg == "boardroom/lobby/topics" {
				require.Truef(t, imp == "boardroom/lobby/chat" || imp == "boardroom/lobby/tables", "lobby/topics imports %s; it may import lobby/chat and lobby/tables only", imp)
			}
			if pkg == "boardroom/lobby/api" {
				require.Truef(t, apiImports[imp], "lobby/api imports %s; it may import only %v", imp, apiImports)
			}
			if pkg == "boardroom/lobby/live" {
				require.Truef(t, liveImports[imp], "lobby/live imports %s; it may import only %v", imp, liveImports)
			}
			if pkg == "boardroom/lobby/floor" {
				require.Truef(t, floorImports[imp], "lobby/floor imports %s; it may import only %v", imp, floorImports)
			}
			if pkg == "boardroom/lobby/saved" {
				require.Truef(t, savedImports[imp], "lobby/saved imports %s; it may import only %v", imp, savedImports)
			}
		}
	}
	require.True(t, seen["boardroom/lobby/gamefile"] && seen["boardroom/lobby/results"] && seen["boardroom/lobby/errs"] &&
		seen["boardroom/lobby/notify"] && seen["boardroom/lobby/saved"] && seen["boardroom/lobby/protection"] && seen["boardroom/lobby/finished"] && seen["boardroom/lobby/wire"] && seen["boardroom/lobby/bots"] && seen["boardroom/lobby/topics"] && seen["boardroom/lobby/api"] && seen["boardroom/lobby/live"] && seen["boardroom/lobby/floor"], "go list saw %v", seen)
	for pkg := range tablePackages {
		require.Truef(t, seen[pkg], "go list did not see %s", pkg)
	}
	for pkg := range concernPackages {
		require.Truef(t, seen[pkg], "go list did not see %s", pkg)
	}
	require.True(t, seen["boardroom/lobby/tourneys"], "go list did not see lobby/tourneys")
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

// notifyImports are the boardroom packages lobby/notify may import.
var notifyImports = map[string]bool{
	"boardroom/internal/webhook": true,
	"boardroom/lobby/errs":       true,
	"boardroom/lobby/accounts":   true,
	"boardroom/lobby/lobbies":    true,
	"boardroom/lobby/play":       true,
}

// savedImports are the boardroom packages lobby/saved may import.
var savedImports = map[string]bool{
	"boardroom/engine":         true,
	"boardroom/lobby/errs":     true,
	"boardroom/lobby/gamefile": true,
	"boardroom/lobby/accounts": true,
	"boardroom/lobby/lobbies":  true,
}

// tourneysImports are the boardroom packages lobby/tourneys may import
// (the root lobby is not among them).
var tourneysImports = map[string]bool{
	"boardroom/engine":           true,
	"boardroom/lobby/errs":       true,
	"boardroom/lobby/accounts":   true,
	"boardroom/lobby/lobbies":    true,
	"boardroom/lobby/tables":     true,
	"boardroom/lobby/tournament": true,
}

// protectionImports are the boardroom packages lobby/protection may import.
var protectionImports = map[string]bool{
	"boardroom/lobby/errs":     true,
	"boardroom/lobby/accounts": true,
	"boardroom/lobby/chat":     true,
}

// finishedImports are the boardroom packages lobby/finished may import.
var finishedImports = map[string]bool{
	"boardroom/lobby/accounts": true,
	"boardroom/lobby/tables":   true,
	"boardroom/lobby/play":     true,
	"boardroom/lobby/rating":   true,
}

// wireImports are the boardroom packages lobby/wire may import.
var wireImports = map[string]bool{
	"boardroom/engine":       true,
	"boardroom/lobby/tables": true,
	"boardroom/lobby/chat":   true,
	"boardroom/lobby/notify": true,
}

// apiImports are the boardroom packages lobby/api may import.
var apiImports = map[string]bool{
	"boardroom/engine":         true,
	"boardroom/lobby/accounts": true,
	"boardroom/lobby/lobbies":  true,
	"boardroom/lobby/tables":   true,
	"boardroom/lobby/chat":     true,
	"boardroom/lobby/topics":   true,
	"boardroom/lobby/finished": true,
}

// liveImports are the boardroom packages lobby/live may import: never the
// root lobby.
var liveImports = map[string]bool{
	"boardroom/engine":         true,
	"boardroom/lobby/wire":     true,
	"boardroom/lobby/tables":   true,
	"boardroom/lobby/accounts": true,
	"boardroom/lobby/errs":     true,
	"boardroom/lobby/fanout":   true,
	"boardroom/lobby/lobbies":  true,
	"boardroom/lobby/play":     true,
	"boardroom/lobby/topics":   true,
}

// floorImports are the boardroom packages lobby/floor may import: never
// the root lobby (nor lobby/cluster, lobby/results or another concern's
// state: it asks through the interfaces it declares).
var floorImports = map[string]bool{
	"boardroom/engine":         true,
	"boardroom/lobby/live":     true,
	"boardroom/lobby/accounts": true,
	"boardroom/lobby/bots":     true,
	"boardroom/lobby/chat":     true,
	"boardroom/lobby/errs":     true,
	"boardroom/lobby/play":     true,
	"boardroom/lobby/tables":   true,
	"boardroom/lobby/topics":   true,
	"boardroom/lobby/wire":     true,
}
