// Package live is the live table's own state that needs neither the
// table's lock (its holder takes it) nor the Service: to start with, what
// a table is as a node of a cluster (Ownership: the owner's lease token and
// the notices it owes, a replica's copy of the owner's live state, the
// owner's silence and the moves that wait for a new owner). The root
// package's table holds one and asks it; lobby/cluster, which runs the
// leases and the bus, reaches a table only through the hooks the root
// declares (lobby/wire, node.go).
//
// It imports the engine and the leaves whose types it names (lobby/wire,
// lobby/tables, lobby/accounts, lobby/errs), never the root lobby
// (lobby/deps_test.go).
package live
