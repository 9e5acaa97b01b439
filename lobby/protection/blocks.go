package protection

import (
	"context"
	"fmt"
	"log/slog"
	"slices"
	"sync"
	"time"

	"boardroom/lobby/accounts"
	"boardroom/lobby/chat"
	"boardroom/lobby/errs"
)

// Blocks (issue 30): a player blocks another so that they no longer see
// their chat, and the other can neither invite them nor sit at a forming
// table they host. Blocking is never shown to the blocked: an invitation
// is taken as if sent (as when they were invited already), a seat is
// refused with the lobby's answer to any action it does not allow.

// BlockStore keeps the blocks (both stores implement it; without it
// nobody can block).
type BlockStore interface {
	// SaveBlock records that blocker blocks blocked (again: no change).
	SaveBlock(ctx context.Context, blocker, blocked int64, at time.Time) error
	// DeleteBlock lifts it; false when there was none.
	DeleteBlock(ctx context.Context, blocker, blocked int64) (bool, error)
	// BlockedBy lists the accounts blocker blocks, in the order blocked.
	BlockedBy(ctx context.Context, blocker int64) ([]int64, error)
}

// MaxBlocks is how many players one account may block.
const MaxBlocks = 500

// Host is what the Desk needs of the live lobby.
type Host interface {
	Now() time.Time
	// AccountByHandle finds the account a player names.
	AccountByHandle(ctx context.Context, handle string) (*accounts.Account, error)
	// Handle is an account's handle as players read it.
	Handle(accountID int64) string
	// StorageErr logs a store failure and returns what a player reads.
	StorageErr(err error) error
	// BlocksChanged tells the other nodes that an account's blocks
	// changed (they forget their copy) and redraws its chat boxes.
	BlocksChanged(accountID int64)
}

// Desk is players' protection: their blocks (with a node's copy of the
// blocks of the accounts it has asked about; a node that changes an
// account's blocks tells the others, which forget their copy) and their
// reports to the operators.
type Desk struct {
	host     Host
	blocks   BlockStore  // nil: the store keeps no blocks
	reports  ReportStore // nil: the store keeps no reports
	sanitize func(s string, max int) string
	log      *slog.Logger
	bg       context.Context // for the reads of a viewer's blocks

	mu sync.Mutex
	by map[int64][]int64 // blocker -> blocked, in order
}

// NewDesk makes a Desk over the store's parts it keeps (nil: none).
func NewDesk(bg context.Context, host Host, blocks BlockStore, reports ReportStore, sanitize func(string, int) string, log *slog.Logger) *Desk {
	return &Desk{host: host, blocks: blocks, reports: reports, sanitize: sanitize, log: log, bg: bg}
}

func (d *Desk) blockStore() (BlockStore, error) {
	if d.blocks == nil {
		return nil, errs.User(errs.ErrForbidden, "this server keeps no blocks")
	}
	return d.blocks, nil
}

// BlockedBy is the accounts blocker blocks (cached; nil on a failure,
// which is logged: nobody is hidden rather than nobody reads anything).
func (d *Desk) BlockedBy(blocker int64) []int64 {
	if blocker == 0 {
		return nil
	}
	d.mu.Lock()
	ids, ok := d.by[blocker]
	d.mu.Unlock()
	if ok {
		return ids
	}
	st, err := d.blockStore()
	if err != nil {
		return nil
	}
	ids, err = st.BlockedBy(d.bg, blocker)
	if err != nil {
		d.log.Error("reading blocks failed", "account", blocker, "err", err)
		return nil
	}
	d.mu.Lock()
	if d.by == nil {
		d.by = map[int64][]int64{}
	}
	d.by[blocker] = ids
	d.mu.Unlock()
	return ids
}

// Blocks reports whether a blocks b.
func (d *Desk) Blocks(a, b int64) bool {
	return a != 0 && b != 0 && slices.Contains(d.BlockedBy(a), b)
}

// ForgetBlocks drops this node's copy of an account's blocks (another node
// changed them).
func (d *Desk) ForgetBlocks(accountID int64) {
	d.mu.Lock()
	delete(d.by, accountID)
	d.mu.Unlock()
}

// Block hides handle's chat from acc and keeps them from inviting acc or
// sitting at acc's forming tables.
func (d *Desk) Block(ctx context.Context, acc *accounts.Account, handle string) (*accounts.Account, error) {
	return d.setBlock(ctx, acc, handle, true)
}

// Unblock lifts acc's block of handle.
func (d *Desk) Unblock(ctx context.Context, acc *accounts.Account, handle string) (*accounts.Account, error) {
	return d.setBlock(ctx, acc, handle, false)
}

func (d *Desk) setBlock(ctx context.Context, acc *accounts.Account, handle string, on bool) (*accounts.Account, error) {
	if err := accounts.Player(acc); err != nil {
		return nil, err
	}
	st, err := d.blockStore()
	if err != nil {
		return nil, err
	}
	other, err := d.host.AccountByHandle(ctx, handle)
	if err != nil {
		return nil, err
	}
	if other.Bot || other.ID == acc.ID {
		return nil, errs.User(errs.ErrForbidden, "block another player: not yourself, not a bot")
	}
	if on {
		if n := len(d.BlockedBy(acc.ID)); n >= MaxBlocks && !d.Blocks(acc.ID, other.ID) {
			return nil, errs.User(errs.ErrForbidden, fmt.Sprintf("you block %d players already, the most there may be: unblock some first", n))
		}
		err = st.SaveBlock(ctx, acc.ID, other.ID, d.host.Now().UTC())
	} else {
		var had bool
		had, err = st.DeleteBlock(ctx, acc.ID, other.ID)
		if err == nil && !had {
			return nil, errs.User(errs.ErrNotFound, "you do not block "+other.Handle)
		}
	}
	if err != nil {
		return nil, d.host.StorageErr(err)
	}
	d.ForgetBlocks(acc.ID)
	d.host.BlocksChanged(acc.ID)
	return other, nil
}

// Blocked lists the handles acc blocks, in the order blocked.
func (d *Desk) Blocked(ctx context.Context, acc *accounts.Account) ([]string, error) {
	if err := accounts.Player(acc); err != nil {
		return nil, err
	}
	if _, err := d.blockStore(); err != nil {
		return nil, err
	}
	d.ForgetBlocks(acc.ID) // read the store: the list is the player's own
	var out []string
	for _, id := range d.BlockedBy(acc.ID) {
		out = append(out, d.host.Handle(id))
	}
	return out, nil
}

// WithoutBlocked leaves out of msgs the lines of the accounts the viewer
// blocks.
func (d *Desk) WithoutBlocked(viewer *accounts.Account, msgs []chat.Message) []chat.Message {
	if viewer == nil {
		return msgs
	}
	ids := d.BlockedBy(viewer.ID)
	if len(ids) == 0 {
		return msgs
	}
	return slices.DeleteFunc(msgs, func(m chat.Message) bool { return m.AuthorID != 0 && slices.Contains(ids, m.AuthorID) })
}
