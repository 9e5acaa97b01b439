package lobby

import (
	"context"
	"fmt"
	"time"

	"boardroom/lobby/lobbies"
	"boardroom/lobby/notify"
)

// The lobby's notifications and a player's own choices live in
// lobby/notify: a private lobby's webhook (issue 28), invitations, a
// player's settings and last lobby. The Service builds them over its store
// and embeds their session-facing sides; here are the types it re-exports,
// those sides, and the adapter through which notify asks the Service.

// Settings are one account's settings (lobby/notify).
type Settings = notify.Settings

// EncodeSettings is what a store keeps of s; DecodeSettings reads it.
func EncodeSettings(s Settings) string { return notify.EncodeSettings(s) }

// DecodeSettings reads EncodeSettings's text.
func DecodeSettings(text string) Settings { return notify.DecodeSettings(text) }

// The stores' optional parts and the types of lobby/notify.
type (
	SettingsStore  = notify.SettingsStore
	LastLobbyStore = notify.LastLobbyStore
	Webhook        = notify.Webhook
	WebhookStore   = notify.WebhookStore
	WebhookSender  = notify.WebhookSender
	WebhookStatus  = notify.WebhookStatus
	Invitation     = notify.Invitation
)

// Errors of webhooks.
var (
	ErrNoWebhooks = notify.ErrNoWebhooks
	ErrBadWebhook = notify.ErrBadWebhook
)

// AccountSettings is the session-facing side of a player's settings.
// *Service implements it (notify.SettingsBook).
type AccountSettings interface {
	// Settings are the player's settings; a guest has the defaults.
	Settings(ctx context.Context, acc *Account) (Settings, error)
	// SaveSettings stores the player's settings and tells their other
	// sessions (an account update). A guest has none to save (ErrGuest).
	SaveSettings(ctx context.Context, acc *Account, s Settings) error
}

// LastLobbies is the session-facing side: the lobby a session opens in.
// *Service implements it (notify.LastLobbyBook).
type LastLobbies interface {
	// LastLobby is the lobby the player last used, if they still may see
	// it (a private lobby they left or were removed from is not); else the
	// public lobby. A guest's is the public lobby.
	LastLobby(ctx context.Context, acc *Account) (int64, error)
	// SetLastLobby remembers the lobby the player now uses; a lobby they
	// may not see is refused (ErrNotFound).
	SetLastLobby(ctx context.Context, acc *Account, lobbyID int64) error
}

// Webhooks is the session-facing side of a lobby's webhook. *Service
// implements it (notify.Hooks).
type Webhooks interface {
	// SetWebhook connects a private lobby to the URL, returning the new
	// signing secret (shown once). Only the owner may; the URL must be
	// http(s) and not a local or private address (unless the operator
	// allows those). A test event goes out at once.
	SetWebhook(ctx context.Context, owner *Account, lobbyID int64, rawURL string) (secret string, err error)
	// RemoveWebhook disconnects it.
	RemoveWebhook(ctx context.Context, owner *Account, lobbyID int64) error
	// WebhookStatus is the lobby's webhook as its members see it.
	WebhookStatus(ctx context.Context, viewer *Account, lobbyID int64) (WebhookStatus, error)
}

// Invitations is the session-facing side of invitations. *Service
// implements it (notify.Invites).
type Invitations interface {
	// Invite invites the player with the handle to the host's forming
	// table; they must be able to see its lobby and have no seat there.
	Invite(ctx context.Context, host *Account, tableID int64, handle string) error
	// Invitations are the account's open invitations, newest first.
	Invitations(ctx context.Context, acc *Account) ([]Invitation, error)
}

var (
	_ AccountSettings = (*Service)(nil)
	_ LastLobbies     = (*Service)(nil)
	_ Webhooks        = (*Service)(nil)
	_ Invitations     = (*Service)(nil)
)

// invitations is Invitations as the Service embeds it: a field named
// Invitations would hide the method of that name.
type invitations = Invitations

// notices are the parts of lobby/notify the Service embeds (their
// session-facing sides, promoted to *Service) and keeps (what the Service
// tells them).
type notices struct {
	Webhooks
	AccountSettings
	LastLobbies
	invitations

	hooks       *notify.Hooks
	invites     *notify.Invites
	lastLobbies *notify.LastLobbyBook
}

func newNotices(s *Service) notices {
	a := notifyAdapter{s}
	n := notices{
		hooks:       notify.NewHooks(s.bg, s.store, s.cfg.Webhooks, a, s.cfg.JoinCommand, s.log),
		lastLobbies: notify.NewLastLobbies(s.store, a, s.log),
	}
	n.invites = notify.NewInvites(a, n.hooks)
	n.Webhooks, n.AccountSettings, n.LastLobbies, n.invitations = n.hooks, notify.NewSettings(s.store, a), n.lastLobbies, n.invites
	return n
}

// notifyAdapter is how lobby/notify asks the Service (notify.Lobby) and
// its tables (notify.Tables).
type notifyAdapter struct{ s *Service }

func (a notifyAdapter) CanSee(accountID, lobbyID int64) bool {
	return a.s.canSeeLobby(accountID, lobbyID)
}
func (a notifyAdapter) Lobby(lobbyID int64) (lobbies.Record, bool) {
	return a.s.dir.Record(lobbyID)
}
func (a notifyAdapter) Handle(accountID int64) string { return a.s.handle(accountID) }
func (a notifyAdapter) AccountChanged(accountID int64) {
	a.s.hub.publish(publication{U: Update{Topic: Topic{Kind: TopicAccount}}, Only: accountID})
}
func (a notifyAdapter) LobbyChanged(lobbyID int64)         { a.s.announceLobbies(lobbyID) }
func (a notifyAdapter) StorageErr(err error) error         { return a.s.storageErr(err) }
func (a notifyAdapter) Now() time.Time                     { return a.s.clock.Now() }
func (a notifyAdapter) Ring(invitee int64, inv Invitation) { a.s.tellInvitee(invitee, inv) }
func (a notifyAdapter) Announce(invitee int64, inv Invitation) {
	a.s.announce(&Notice{Kind: NoticeInvite, AccountID: invitee, Invitation: &inv})
}

// Invitation implements notify.Tables: the host may invite the player to
// the table while it forms and they have no seat there.
func (a notifyAdapter) Blocks(account, other int64) bool { return a.s.blocks(account, other) } // lobby/protection

func (a notifyAdapter) Invitation(ctx context.Context, host *Account, tableID int64, handle string) (Invitation, *Account, error) {
	s := a.s
	if err := account(host); err != nil {
		return Invitation{}, nil, err
	}
	t, err := s.floor.Lookup(host.ID, tableID)
	if err != nil {
		return Invitation{}, nil, err
	}
	invitee, err := s.AccountByHandle(ctx, handle)
	if err != nil {
		return Invitation{}, nil, err
	}
	if invitee.Bot || invitee.ID == host.ID {
		return Invitation{}, nil, userErr(ErrForbidden, "invite another player: not yourself, not a bot")
	}
	t.Mu.Lock()
	inv := Invitation{TableID: t.ID, LobbyID: t.LobbyID, Game: t.Info.ID, GameTitle: t.Info.Title, From: s.handle(host.ID),
		At: s.clock.Now().UTC()}
	var refuse error
	switch {
	case t.HostID != host.ID:
		refuse = ErrNotHost
	case t.Status != TableForming:
		refuse = ErrNotForming
	case t.SeatOf(invitee.ID) >= 0:
		refuse = userErr(ErrSeatTaken, invitee.Handle+" already has a seat at this table")
	}
	t.Mu.Unlock()
	if refuse != nil {
		return Invitation{}, nil, refuse
	}
	if !s.canSeeLobby(invitee.ID, t.LobbyID) {
		return Invitation{}, nil, userErr(ErrForbidden, invitee.Handle+" is not a member of this table's lobby: give them its invite code first")
	}
	return inv, invitee, nil
}

// InvitationOpen implements notify.Tables.
func (a notifyAdapter) InvitationOpen(invitee int64, inv Invitation) bool {
	t, err := a.s.floor.Lookup(invitee, inv.TableID)
	if err != nil {
		return false
	}
	t.Mu.Lock()
	defer t.Mu.Unlock()
	return t.Status == TableForming && t.SeatOf(invitee) < 0
}

// tellInvitee rings the invitee's sessions on this node and shows them the
// invitation.
func (s *Service) tellInvitee(invitee int64, inv Invitation) {
	s.hub.publish(publication{U: Update{Topic: Topic{Kind: TopicInvite, ID: inv.TableID},
		Text: fmt.Sprintf("%s invites you to %s at table %d", Sanitize(inv.From, 16), Sanitize(inv.GameTitle, 40), inv.TableID)}, Only: invitee})
}

// ReceiveInvitation implements SharedState: another node's invitation.
func (s *Service) ReceiveInvitation(invitee int64, inv Invitation) { s.invites.Receive(invitee, inv) }

// InvitationText is an invitation in words.
func InvitationText(inv Invitation) string {
	return fmt.Sprintf("%s invites you to %s at table %d", Sanitize(inv.From, 16), Sanitize(inv.GameTitle, 40), inv.TableID)
}
