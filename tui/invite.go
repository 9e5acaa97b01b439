package tui

import (
	"fmt"

	"boardroom/lobby"
)

// Invitations (issue 28): the host of a forming table invites a player
// (i on the table screen); the invitee's sessions ring and show a banner
// in the lobby, where one key (i) goes to the table.

// askInvite asks the host for the handle to invite.
func (m *Model) askInvite() {
	if m.src.invites == nil {
		m.setInfo("This server sends no invitations.")
		return
	}
	t := m.tab.t
	m.push(m.newInputDialog(fmt.Sprintf("Invite a player to table %d", t.ID),
		"Their sessions ring and show the invitation; they join with one key. Type their handle.", "handle", 16,
		func(h string) error {
			if err := m.src.invites.Invite(m.ctx, m.acc, t.ID, h); err != nil {
				return err
			}
			m.dialogs = nil
			m.setInfo("Invited " + lobby.Sanitize(h, 16) + ".")
			return nil
		}))
}

// loadInvitations reads the player's open invitations (newest first).
func (m *Model) loadInvitations() {
	m.invites = nil
	if m.src.invites == nil || m.acc == nil {
		return
	}
	if inv, err := m.src.invites.Invitations(m.ctx, m.acc); err == nil {
		m.invites = inv
	}
}

// inviteBanner is the lobby's line about the newest open invitation, ""
// when there is none.
func (m *Model) inviteBanner() string {
	if len(m.invites) == 0 {
		return ""
	}
	s := "Invitation: " + lobby.InvitationText(m.invites[0]) + " · i: go there"
	if n := len(m.invites) - 1; n > 0 {
		s += fmt.Sprintf(" (%d more)", n)
	}
	return s
}

// acceptInvite opens the table of the newest invitation.
func (m *Model) acceptInvite() {
	if len(m.invites) == 0 {
		m.setInfo("No invitation is open.")
		return
	}
	inv := m.invites[0]
	m.lob.lobbyID = inv.LobbyID
	if err := m.openTable(inv.TableID, false); err != nil {
		m.setErr(err)
		m.loadInvitations()
		return
	}
	m.setInfo("Press s to sit.")
}
