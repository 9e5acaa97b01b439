package lobby

import (
	"context"
	"fmt"
	"slices"
	"sync"
	"time"

	"boardroom/internal/webhook"
)

// The host of a forming table invites a player who may see its lobby
// (issue 28): every session of the invitee rings and shows a banner with
// one key to go to the table. An invitation lasts as long as the table
// forms and the invitee has no seat there; inviting the same player to the
// same table again rings nobody twice.

// maxInvitationsPerAccount bounds the open invitations one account holds:
// the oldest go first.
const maxInvitationsPerAccount = 20

// Invitation is an open invitation to a forming table.
type Invitation struct {
	TableID   int64     `json:"table"`
	LobbyID   int64     `json:"lobby_id"`
	Game      string    `json:"game"`
	GameTitle string    `json:"game_title"`
	From      string    `json:"from"` // the host's handle
	At        time.Time `json:"at"`
}

// Invitations is the session-facing side. *Service implements it.
type Invitations interface {
	// Invite invites the player with the handle to the host's forming
	// table; they must be able to see its lobby and have no seat there.
	Invite(ctx context.Context, host *Account, tableID int64, handle string) error
	// Invitations are the account's open invitations, newest first.
	Invitations(ctx context.Context, acc *Account) ([]Invitation, error)
}

var _ Invitations = (*Service)(nil)

// invitationBook holds every open invitation of this node.
type invitationBook struct {
	mu sync.Mutex
	by map[int64][]Invitation // invitee -> invitations, oldest first
}

// Invite implements Invitations.
func (s *Service) Invite(ctx context.Context, host *Account, tableID int64, handle string) error {
	if err := account(host); err != nil {
		return err
	}
	t, err := s.lookupTable(host.ID, tableID)
	if err != nil {
		return err
	}
	invitee, err := s.AccountByHandle(ctx, handle)
	if err != nil {
		return err
	}
	if invitee.Bot || invitee.ID == host.ID {
		return userErr(ErrForbidden, "invite another player: not yourself, not a bot")
	}
	t.mu.Lock()
	inv := Invitation{TableID: t.id, LobbyID: t.lobbyID, Game: t.info.ID, GameTitle: t.info.Title, From: s.handle(host.ID),
		At: s.clock.Now().UTC()}
	var refuse error
	switch {
	case t.hostID != host.ID:
		refuse = ErrNotHost
	case t.status != TableForming:
		refuse = ErrNotForming
	case t.seatOf(invitee.ID) >= 0:
		refuse = userErr(ErrSeatTaken, invitee.Handle+" already has a seat at this table")
	}
	t.mu.Unlock()
	if refuse != nil {
		return refuse
	}
	if !s.canSeeLobby(invitee.ID, t.lobbyID) {
		return userErr(ErrForbidden, invitee.Handle+" is not a member of this table's lobby: give them its invite code first")
	}
	if s.blocks(invitee.ID, host.ID) || !s.invites.add(invitee.ID, inv) {
		return nil // invited already (nobody rings twice), or blocked by them (never shown)
	}
	s.tellInvitee(invitee.ID, inv)
	s.announce(&Notice{Kind: NoticeInvite, AccountID: invitee.ID, Invitation: &inv}) // the invitee's sessions on other nodes
	s.tellLobby(t.lobbyID, webhook.Payload{Event: webhook.EventInvitation, Table: t.id, Game: inv.GameTitle, Player: invitee.Handle,
		Text: fmt.Sprintf("%s invites %s to a table of %s (table %d).", inv.From, invitee.Handle, inv.GameTitle, t.id)})
	return nil
}

// tellInvitee rings the invitee's sessions on this node and shows them the
// invitation.
func (s *Service) tellInvitee(invitee int64, inv Invitation) {
	s.hub.publish(publication{u: Update{Topic: Topic{Kind: TopicInvite, ID: inv.TableID},
		Text: fmt.Sprintf("%s invites you to %s at table %d", Sanitize(inv.From, 16), Sanitize(inv.GameTitle, 40), inv.TableID)}, only: invitee})
}

// ReceiveInvitation implements SharedState: another node's invitation.
func (s *Service) ReceiveInvitation(invitee int64, inv Invitation) {
	if s.invites.add(invitee, inv) {
		s.tellInvitee(invitee, inv)
	}
}

// add records an invitation; false when the invitee holds one to the
// table already.
func (b *invitationBook) add(invitee int64, inv Invitation) bool {
	b.mu.Lock()
	defer b.mu.Unlock()
	list := b.by[invitee]
	for _, have := range list {
		if have.TableID == inv.TableID {
			return false
		}
	}
	if b.by == nil {
		b.by = map[int64][]Invitation{}
	}
	list = append(list, inv)
	if len(list) > maxInvitationsPerAccount {
		list = slices.Delete(list, 0, len(list)-maxInvitationsPerAccount)
	}
	b.by[invitee] = list
	return true
}

// Invitations implements Invitations. Invitations to tables that no longer
// form, or where the invitee sits now, are dropped here.
func (s *Service) Invitations(ctx context.Context, acc *Account) ([]Invitation, error) {
	if err := account(acc); err != nil {
		return nil, err
	}
	s.invites.mu.Lock()
	list := slices.Clone(s.invites.by[acc.ID])
	s.invites.mu.Unlock()
	var open []Invitation
	for _, inv := range list {
		if s.invitationOpen(acc.ID, inv) {
			open = append(open, inv)
		}
	}
	s.invites.mu.Lock()
	if len(open) == 0 {
		delete(s.invites.by, acc.ID)
	} else {
		// Keep what is open, and anything added meanwhile.
		keep := open
		for _, inv := range s.invites.by[acc.ID] {
			if !slices.ContainsFunc(list, func(o Invitation) bool { return o.TableID == inv.TableID }) {
				keep = append(keep, inv)
			}
		}
		s.invites.by[acc.ID] = keep
	}
	s.invites.mu.Unlock()
	slices.Reverse(open)
	return open, nil
}

// invitationOpen reports whether the invitation's table still forms and
// the invitee may see it and has no seat there.
func (s *Service) invitationOpen(invitee int64, inv Invitation) bool {
	t, err := s.lookupTable(invitee, inv.TableID)
	if err != nil {
		return false
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.status == TableForming && t.seatOf(invitee) < 0
}

// InvitationText is an invitation in words.
func InvitationText(inv Invitation) string {
	return fmt.Sprintf("%s invites you to %s at table %d", Sanitize(inv.From, 16), Sanitize(inv.GameTitle, 40), inv.TableID)
}
