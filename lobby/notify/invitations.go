package notify

import (
	"context"
	"fmt"
	"slices"
	"sync"
	"time"

	"boardroom/internal/webhook"
	"boardroom/lobby/accounts"
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

// Tables is what an invitation asks of the live tables. Package lobby's
// Service implements it through a small adapter.
type Tables interface {
	// Invitation is the host's invitation of the player with the handle to
	// the host's forming table, and the invitee; an error (for players)
	// when the host may not invite them there.
	Invitation(ctx context.Context, host *accounts.Account, tableID int64, handle string) (Invitation, *accounts.Account, error)
	// InvitationOpen reports whether the invitation's table still forms
	// and the invitee may see it and has no seat there.
	InvitationOpen(invitee int64, inv Invitation) bool
	// Ring rings the invitee's sessions on this node and shows them the
	// invitation.
	Ring(invitee int64, inv Invitation)
	// Announce tells the other nodes (the invitee's sessions there).
	Announce(invitee int64, inv Invitation)
	// Blocks reports whether the account blocks the other (it hears no
	// invitation from them, and they are not told).
	Blocks(account, other int64) bool
}

// Invites holds every open invitation of this node (the session-facing
// Invitations of package lobby).
type Invites struct {
	tables Tables
	hooks  *Hooks

	mu sync.Mutex
	by map[int64][]Invitation // invitee -> invitations, oldest first
}

// NewInvites tells each invitation through tables and, in a private lobby,
// to its chat through hooks.
func NewInvites(tables Tables, hooks *Hooks) *Invites {
	return &Invites{tables: tables, hooks: hooks}
}

// Invite invites the player with the handle to the host's forming table;
// they must be able to see its lobby and have no seat there.
func (b *Invites) Invite(ctx context.Context, host *accounts.Account, tableID int64, handle string) error {
	inv, invitee, err := b.tables.Invitation(ctx, host, tableID, handle)
	if err != nil {
		return err
	}
	if b.tables.Blocks(invitee.ID, host.ID) || !b.add(invitee.ID, inv) {
		return nil // invited already (nobody rings twice), or blocked by them (never shown)
	}
	b.tables.Ring(invitee.ID, inv)
	b.tables.Announce(invitee.ID, inv) // the invitee's sessions on other nodes
	b.hooks.Tell(inv.LobbyID, webhook.Payload{Event: webhook.EventInvitation, Table: inv.TableID, Game: inv.GameTitle, Player: invitee.Handle,
		Text: fmt.Sprintf("%s invites %s to a table of %s (table %d).", inv.From, invitee.Handle, inv.GameTitle, inv.TableID)})
	return nil
}

// Receive records another node's invitation and rings the invitee here.
func (b *Invites) Receive(invitee int64, inv Invitation) {
	if b.add(invitee, inv) {
		b.tables.Ring(invitee, inv)
	}
}

// add records an invitation; false when the invitee holds one to the
// table already.
func (b *Invites) add(invitee int64, inv Invitation) bool {
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

// Invitations are the account's open invitations, newest first.
// Invitations to tables that no longer form, or where the invitee sits
// now, are dropped here.
func (b *Invites) Invitations(ctx context.Context, acc *accounts.Account) ([]Invitation, error) {
	if err := accounts.Player(acc); err != nil {
		return nil, err
	}
	b.mu.Lock()
	list := slices.Clone(b.by[acc.ID])
	b.mu.Unlock()
	var open []Invitation
	for _, inv := range list {
		if b.tables.InvitationOpen(acc.ID, inv) {
			open = append(open, inv)
		}
	}
	b.mu.Lock()
	if len(open) == 0 {
		delete(b.by, acc.ID)
	} else {
		// Keep what is open, and anything added meanwhile.
		keep := open
		for _, inv := range b.by[acc.ID] {
			if !slices.ContainsFunc(list, func(o Invitation) bool { return o.TableID == inv.TableID }) {
				keep = append(keep, inv)
			}
		}
		b.by[acc.ID] = keep
	}
	b.mu.Unlock()
	slices.Reverse(open)
	return open, nil
}
