// Package live is the live table's own parts that need neither the table's
// lock (its holder takes it) nor the Service: a table's side of a cluster
// (Ownership: the owner's lease token and the notices it owes, a replica's
// copy of the owner's live state, the owner's silence and the moves that
// wait for a new owner, ErrMoving, and how turn timers resume with the
// time that was left: Resume), a bot turn (BotMove: which awaited seat the
// lobby moves for, and the fallbacks when a bot's choice is refused), which
// seats a prompt's turn timers run for (TurnDeadlines), the observer the
// tables tell for metrics (Observer) and the Clock they run on. The root
// package's table holds and asks them; lobby/cluster, which runs the leases
// and the bus, reaches a table only through the hooks the root declares
// (lobby/wire, node.go).
//
// The table type itself (Table, with its seats, forming state, game and
// timers, and the methods that need only the table: forming's checks,
// apply and finish, its timers, frames, replica notices) is here too; it
// reaches its node only through Host (tablehost.go). The Service's
// methods that act on tables (Join, Act, restore, the cluster's
// forwarding) are still the root's and read the exported fields under
// Table.Mu (issue 26: they are the next to move).
//
// It imports the engine and the leaves whose types it names (lobby/wire,
// lobby/tables, lobby/accounts, lobby/errs, lobby/play, lobby/topics,
// lobby/fanout, lobby/lobbies), never the root lobby
// (lobby/deps_test.go).
package live
