package wire

import (
	"context"
	"time"
)

// LeaseOwner is who holds a table's lease: a node's name and the
// incarnation of the process running under it (a random id made at each
// start). Two processes started with one name are two owners: neither can
// renew, release or write with the other's lease.
type LeaseOwner struct {
	Node        string
	Incarnation string
}

// NodeName is a process's hold on a node name in the shared store: who
// (Incarnation, Host), since when, and its last heartbeat.
type NodeName struct {
	Name        string
	Incarnation string
	// Host says where the process runs ("host pid 123"), for the operator.
	Host string
	// KeyID is the id of the key the process seals its cluster messages
	// with (lobby/cluster's seal.go; never the key).
	KeyID       string
	StartedAt   time.Time
	HeartbeatAt time.Time
}

// NodeNames keeps one live process per node name (db/postgres's
// cluster_nodes table). A process claims its name at start and heartbeats
// it; another process may take the name only once the holder has not
// heartbeated for a window of several heartbeats (it died without
// releasing it) or released it.
type NodeNames interface {
	// ClaimNodeName gives n.Name to n.Incarnation (with n.Host and
	// n.StartedAt, heartbeat now) when nobody holds it, n.Incarnation does,
	// or the holder's last heartbeat is older than window; otherwise ok is
	// false and holder is who has it.
	ClaimNodeName(ctx context.Context, n NodeName, window time.Duration, now time.Time) (holder NodeName, ok bool, err error)
	// HeartbeatNodeName records that incarnation, which holds name, lives
	// at now; ok is false when it does not hold the name (any more): holder
	// is then who does (zero: nobody).
	HeartbeatNodeName(ctx context.Context, name, incarnation string, now time.Time) (holder NodeName, ok bool, err error)
	// ReleaseNodeName gives the name up at a clean stop, so that another
	// process may take it at once; nothing when incarnation does not hold it.
	ReleaseNodeName(ctx context.Context, name, incarnation string) error
	// LiveNodeNames are the processes that heartbeated their names within
	// window before now.
	LiveNodeNames(ctx context.Context, window time.Duration, now time.Time) ([]NodeName, error)
}
