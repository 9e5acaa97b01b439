package lobby

import (
	"context"
	"time"

	"boardroom/lobby/protection"
)

// Players' protection (issue 30: blocks and reports) is lobby/protection's
// Desk. The root keeps its names as aliases, embeds the Desk's session
// side (Protection) in the Service, answers what it asks (protectAdapter)
// and asks it whom a player blocks where a table or a chat line needs to
// know.

// The protection's store parts and types (lobby/protection).
type (
	BlockStore  = protection.BlockStore
	ReportStore = protection.ReportStore
	Report      = protection.Report
)

// Limits of blocks and reports.
const (
	MaxBlocks       = protection.MaxBlocks
	ReportsPerHour  = protection.ReportsPerHour
	ReportedLines   = protection.ReportedLines
	MaxReportReason = protection.MaxReportReason
)

// Protection is what players use to protect themselves (lobby/protection's
// Desk; *Service implements it by embedding it).
type Protection interface {
	Block(ctx context.Context, acc *Account, handle string) (*Account, error)
	Unblock(ctx context.Context, acc *Account, handle string) (*Account, error)
	Blocked(ctx context.Context, acc *Account) ([]string, error)
	ReportPlayer(ctx context.Context, acc *Account, handle, reason string) (*Account, error)
}

var (
	_ Protection = (*Service)(nil)
	_ Protection = (*protection.Desk)(nil)
)

// newProtection builds the Desk over the store's parts it keeps.
func newProtection(s *Service) *protection.Desk {
	bs, _ := s.store.(BlockStore)
	rs, _ := s.store.(ReportStore)
	return protection.NewDesk(s.bg, protectAdapter{s}, bs, rs, Sanitize, s.log)
}

// blocks reports whether a blocks b.
func (s *Service) blocks(a, b int64) bool { return s.protect.Blocks(a, b) }

// ForgetBlocks drops this node's copy of an account's blocks (another node
// changed them).
func (s *Service) ForgetBlocks(accountID int64) { s.protect.ForgetBlocks(accountID) }

// Reports lists the last limit reports for the operators, newest first.
func (s *Service) Reports(ctx context.Context, limit int) ([]Report, error) {
	return s.protect.Reports(ctx, limit)
}

// blockedSeat reports whether acc may not sit at t because its host blocks
// them (callers hold t.Mu).
func (s *Service) blockedSeat(t *table, acc int64) bool {
	return t.Status == TableForming && t.HostID != acc && t.SeatOf(acc) < 0 && s.blocks(t.HostID, acc)
}

// protectAdapter answers what lobby/protection asks of the live lobby.
type protectAdapter struct{ s *Service }

func (a protectAdapter) Now() time.Time             { return a.s.clock.Now() }
func (a protectAdapter) Handle(id int64) string     { return a.s.handle(id) }
func (a protectAdapter) StorageErr(err error) error { return a.s.storageErr(err) }
func (a protectAdapter) AccountByHandle(ctx context.Context, handle string) (*Account, error) {
	return a.s.AccountByHandle(ctx, handle)
}

// BlocksChanged tells the other nodes, and redraws the blocker's chat
// boxes without (or with) the lines of whom they block.
func (a protectAdapter) BlocksChanged(accountID int64) {
	a.s.announce(&Notice{Kind: NoticeBlocks, AccountID: accountID})
	a.s.hub.publish(publication{U: Update{Topic: Topic{Kind: TopicAccount}}, Only: accountID})
}
