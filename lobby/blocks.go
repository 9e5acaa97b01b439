package lobby

import (
	"context"
	"fmt"
	"slices"
	"sync"
	"time"
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

// blockCache is a node's copy of the blocks of the accounts it has asked
// about; a node that changes an account's blocks tells the others, which
// forget their copy (NoticeBlocks).
type blockCache struct {
	mu sync.Mutex
	by map[int64][]int64 // blocker -> blocked, in order
}

func (s *Service) blockStore() (BlockStore, error) {
	st, ok := s.store.(BlockStore)
	if !ok {
		return nil, userErr(ErrForbidden, "this server keeps no blocks")
	}
	return st, nil
}

// blockedBy is the accounts blocker blocks (cached; nil on a failure,
// which is logged: nobody is hidden rather than nobody reads anything).
func (s *Service) blockedBy(blocker int64) []int64 {
	if blocker == 0 {
		return nil
	}
	c := &s.mod.blocks
	c.mu.Lock()
	ids, ok := c.by[blocker]
	c.mu.Unlock()
	if ok {
		return ids
	}
	st, err := s.blockStore()
	if err != nil {
		return nil
	}
	ids, err = st.BlockedBy(s.bg, blocker)
	if err != nil {
		s.log.Error("reading blocks failed", "account", blocker, "err", err)
		return nil
	}
	c.mu.Lock()
	if c.by == nil {
		c.by = map[int64][]int64{}
	}
	c.by[blocker] = ids
	c.mu.Unlock()
	return ids
}

// blocks reports whether a blocks b.
func (s *Service) blocks(a, b int64) bool {
	return a != 0 && b != 0 && slices.Contains(s.blockedBy(a), b)
}

// ForgetBlocks drops this node's copy of an account's blocks (another node
// changed them).
func (s *Service) ForgetBlocks(accountID int64) {
	c := &s.mod.blocks
	c.mu.Lock()
	delete(c.by, accountID)
	c.mu.Unlock()
}

// Block hides handle's chat from acc and keeps them from inviting acc or
// sitting at acc's forming tables.
func (s *Service) Block(ctx context.Context, acc *Account, handle string) (*Account, error) {
	return s.setBlock(ctx, acc, handle, true)
}

// Unblock lifts acc's block of handle.
func (s *Service) Unblock(ctx context.Context, acc *Account, handle string) (*Account, error) {
	return s.setBlock(ctx, acc, handle, false)
}

func (s *Service) setBlock(ctx context.Context, acc *Account, handle string, on bool) (*Account, error) {
	if err := account(acc); err != nil {
		return nil, err
	}
	st, err := s.blockStore()
	if err != nil {
		return nil, err
	}
	other, err := s.AccountByHandle(ctx, handle)
	if err != nil {
		return nil, err
	}
	if other.Bot || other.ID == acc.ID {
		return nil, userErr(ErrForbidden, "block another player: not yourself, not a bot")
	}
	if on {
		if n := len(s.blockedBy(acc.ID)); n >= MaxBlocks && !s.blocks(acc.ID, other.ID) {
			return nil, userErr(ErrForbidden, fmt.Sprintf("you block %d players already, the most there may be: unblock some first", n))
		}
		err = st.SaveBlock(ctx, acc.ID, other.ID, s.clock.Now().UTC())
	} else {
		var had bool
		had, err = st.DeleteBlock(ctx, acc.ID, other.ID)
		if err == nil && !had {
			return nil, userErr(ErrNotFound, "you do not block "+other.Handle)
		}
	}
	if err != nil {
		return nil, s.storageErr(err)
	}
	s.ForgetBlocks(acc.ID)
	s.announce(&Notice{Kind: NoticeBlocks, AccountID: acc.ID})
	// The blocker's chat boxes draw again without (or with) their lines.
	s.hub.publish(publication{u: Update{Topic: Topic{Kind: TopicAccount}}, only: acc.ID})
	return other, nil
}

// Blocked lists the handles acc blocks, in the order blocked.
func (s *Service) Blocked(ctx context.Context, acc *Account) ([]string, error) {
	if err := account(acc); err != nil {
		return nil, err
	}
	if _, err := s.blockStore(); err != nil {
		return nil, err
	}
	s.ForgetBlocks(acc.ID) // read the store: the list is the player's own
	var out []string
	for _, id := range s.blockedBy(acc.ID) {
		out = append(out, s.handle(id))
	}
	return out, nil
}

// withoutBlocked leaves out of msgs the lines of the accounts the viewer
// blocks.
func (s *Service) withoutBlocked(viewer *Account, msgs []ChatMessage) []ChatMessage {
	if viewer == nil {
		return msgs
	}
	ids := s.blockedBy(viewer.ID)
	if len(ids) == 0 {
		return msgs
	}
	return slices.DeleteFunc(msgs, func(m ChatMessage) bool { return m.AuthorID != 0 && slices.Contains(ids, m.AuthorID) })
}

// errBlockedSeat is the answer to a player who tries to sit at a forming
// table whose host blocks them: the lobby's answer to any action it does
// not allow, so that it does not tell them they are blocked.
var errBlockedSeat = ErrForbidden

// blockedSeat reports whether acc may not sit at t because its host blocks
// them (callers hold t.mu).
func (s *Service) blockedSeat(t *table, acc int64) bool {
	return t.status == TableForming && t.hostID != acc && t.seatOf(acc) < 0 && s.blocks(t.hostID, acc)
}

// Protection is what players use to protect themselves (blocks.go,
// reports.go; *Service implements it).
type Protection interface {
	Block(ctx context.Context, acc *Account, handle string) (*Account, error)
	Unblock(ctx context.Context, acc *Account, handle string) (*Account, error)
	Blocked(ctx context.Context, acc *Account) ([]string, error)
	ReportPlayer(ctx context.Context, acc *Account, handle, reason string) (*Account, error)
}

var _ Protection = (*Service)(nil)
