package live

import (
	"time"

	"boardroom/lobby/tables"
	"boardroom/lobby/wire"
)

// DefaultOwnerSilence is how long a replica goes without a word from its
// table's owner before its players read that the game is reconnecting
// (lobby.Config.OwnerSilence): three lease periods.
const DefaultOwnerSilence = 3 * time.Second

// Ownership is a table's side of a cluster: whether this node owns it
// (with the lease token it writes with) or holds a replica, what the owner
// has yet to tell the other nodes, a replica's copy of the owner's live
// state, and a change of owner (failover). Its holder guards it with the
// table's lock. The zero value is a table this node owns with token 0, as
// a Service without a cluster owns every table.
//
// While no node owns a table its players must be told the truth: a
// replica that has not heard from the owner for OwnerSilence says so on
// the play screen (GameState.OwnerLost), the turn timers pause and resume
// on the new owner with the time that was left, and a move made meanwhile
// waits for the new owner (moving.go). An owner is heard of through its
// table notices and through the list of tables it owns that every node
// announces after each lease renewal (NoticeOwner, lobby/cluster): an idle
// table is heard of every second.
type Ownership struct {
	replica bool
	token   int64
	// unsent and unsentEvents are what the owner's next notice tells.
	unsent       []tables.ActionRecord
	unsentEvents []wire.NoticeEvent
	// live is a replica's copy of the owner's live state.
	live *wire.TableLive

	// heardAt is when this node last heard of the table's owner (zero:
	// not yet); lost is set once that is OwnerSilence ago.
	heardAt time.Time
	lost    bool
	// ownerNode is the node whose table notice this replica applied last:
	// the owner it knows the deadlines of.
	ownerNode string
	// liveVersion is the game version the owner's live state (live) was
	// sent with: its deadlines are those of that version's prompt.
	liveVersion int
	// moves are the moves made at this replica while the table had no
	// owner, by account; each waits for the new owner (moving.go).
	moves map[int64]*WaitingMove
}

// Replica reports whether another node owns the table (or none does yet).
func (o *Ownership) Replica() bool { return o.replica }

// Token is the owner's lease token (0 at a replica, and without a cluster).
func (o *Ownership) Token() int64 { return o.token }

// Live is a replica's copy of the owner's live state (nil: none heard).
func (o *Ownership) Live() *wire.TableLive { return o.live }

// BecomeReplica makes the table a replica from the start: a restored
// table in a cluster waits for the lease loop, a new one no lease was had
// for waits to be placed.
func (o *Ownership) BecomeReplica() { o.replica = true }

// Claimed: this node won the new table's lease with token.
func (o *Ownership) Claimed(token int64) { o.token = token }

// Record queues an action the owner stored for its next notice.
func (o *Ownership) Record(rec tables.ActionRecord) { o.unsent = append(o.unsent, rec) }

// RecordEvent queues a log line the owner wrote for its next notice.
func (o *Ownership) RecordEvent(e wire.NoticeEvent) { o.unsentEvents = append(o.unsentEvents, e) }

// Owes reports whether the owner has a notice to send: the table changed,
// or actions or log lines wait to be told. A replica owes none.
func (o *Ownership) Owes(changed bool) bool {
	return !o.replica && (changed || len(o.unsent) > 0 || len(o.unsentEvents) > 0)
}

// Drain returns what the next notice tells and forgets it.
func (o *Ownership) Drain() ([]tables.ActionRecord, []wire.NoticeEvent) {
	acts, evs := o.unsent, o.unsentEvents
	o.unsent, o.unsentEvents = nil, nil
	return acts, evs
}

// KeepLive keeps, as an owner stops owning the table, its live state as a
// replica's copy of the owner's (taken at the game's version): its players
// still see the turn timer (standing, once the table has no owner), and
// this node resumes it with the time that was left if it adopts the table
// again.
func (o *Ownership) KeepLive(l *wire.TableLive, version int) {
	o.live, o.liveVersion = l, version
}

// Fenced: the store refused this node's token at now, so another node
// owns the table (and wrote just now); what was not told is dropped.
func (o *Ownership) Fenced(now time.Time) {
	o.replica, o.token = true, 0
	o.unsent, o.unsentEvents = nil, nil
	o.heardAt = now
}

// Relinquished: this node handed the table on at now (lease lost, or a
// graceful exit); it ran here until then.
func (o *Ownership) Relinquished(now time.Time) {
	o.replica, o.token = true, 0
	o.heardAt = now
}

// Adopt makes this node the owner with token; it returns the last owner's
// live state the replica had (nil: none), whose deadlines the timers
// resume from.
func (o *Ownership) Adopt(token int64) *wire.TableLive {
	last := o.live
	o.replica, o.token, o.live = false, token, nil
	o.lost = false
	return last
}

// Received records the owner's table notice: its live state at version,
// from node.
func (o *Ownership) Received(l *wire.TableLive, version int, node string) {
	o.live, o.liveVersion, o.ownerNode = l, version, node
}

// Heard records that a replica's owner was heard of at now; it reports
// whether the replica had said the game was reconnecting (its screens
// change).
func (o *Ownership) Heard(now time.Time) bool {
	if !o.replica {
		return false
	}
	o.heardAt = now
	if o.lost {
		o.lost = false
		return true
	}
	return false
}

// HeardOf records that node, an owner, announced the table among its own
// at now (NoticeOwner). quiet: nothing on screen changes (an owned table,
// or a replica that did not say it was reconnecting; its clock of silence
// starts again). newOwner: node is not the owner whose notice the replica
// applied last, so until that node's table notice brings the deadlines it
// resumed, the copy here has the old owner's, and showing them unpaused
// would make the timer jump (issue 29): the replica goes on saying it is
// reconnecting.
func (o *Ownership) HeardOf(node string, now time.Time) (quiet, newOwner bool) {
	quiet = !o.replica || !o.lost
	if quiet {
		o.heardAt = now
	}
	return quiet, o.ownerNode != "" && node != o.ownerNode
}

// Silent reports whether a replica's owner has not been heard of for
// silence at now (and is not yet marked lost). A node that just started
// counts from its first look.
func (o *Ownership) Silent(now time.Time, silence time.Duration) bool {
	if !o.replica || o.lost {
		return false
	}
	if o.heardAt.IsZero() {
		o.heardAt = now
	}
	return now.Sub(o.heardAt) >= silence
}

// MarkLost marks the owner lost when it is still silent (Silent) at now;
// it reports whether it did.
func (o *Ownership) MarkLost(now time.Time, silence time.Duration) bool {
	if o.replica && !o.lost && now.Sub(o.heardAt) >= silence {
		o.lost = true
		return true
	}
	return false
}

// OwnerLost is when the replica's owner was last heard of, when its
// players read that the game is reconnecting; ok is false otherwise.
func (o *Ownership) OwnerLost() (since time.Time, ok bool) {
	if o.replica && o.lost {
		return o.heardAt, true
	}
	return time.Time{}, false
}

// HeardAt is when this node last heard of the owner (zero: never).
func (o *Ownership) HeardAt() time.Time { return o.heardAt }

// LiveVersion is the game version the copy of the owner's live state was
// sent with.
func (o *Ownership) LiveVersion() int { return o.liveVersion }
