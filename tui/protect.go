package tui

import (
	"slices"
	"strings"

	"github.com/charmbracelet/bubbles/key"

	"boardroom/lobby"
)

// A player protects themselves from another on that player's profile
// (opened on their name in a leaderboard or a game's standings): B blocks
// or unblocks them (hidden chat, no invitations, no seat at the viewer's
// forming tables; they are not told), R reports them to the operators
// with a reason (their last chat lines go with it).

const (
	keyBlockRune  = "B"
	keyReportRune = "R"
)

// protection is the lobby's blocks and reports, when it has them.
func (m *Model) protection() lobby.Protection {
	p, _ := m.o.API.(lobby.Protection)
	return p
}

// canProtect reports whether the profile is another player's the viewer
// may block and report.
func (p *profilePage) canProtect(m *Model) bool {
	return m.acc != nil && m.protection() != nil && !p.pr.Account.Bot && p.pr.Account.ID != m.acc.ID && p.pr.Account.ID != 0
}

// blocked reports whether the viewer blocks the profile's player, read
// once per page (the footer asks at every frame) and kept after B.
func (p *profilePage) blocked(m *Model) bool {
	if p.block == nil {
		hs, err := m.protection().Blocked(m.ctx, m.acc)
		b := err == nil && slices.Contains(hs, p.pr.Account.Handle)
		p.block = &b
	}
	return *p.block
}

func (p *profilePage) protectKeys(m *Model) []key.Binding {
	if !p.canProtect(m) {
		return nil
	}
	b := keyRune(keyBlockRune, "block")
	if p.blocked(m) {
		b = keyRune(keyBlockRune, "unblock")
	}
	return []key.Binding{b, keyRune(keyReportRune, "report")}
}

// protectKey handles B and R; false for any other key.
func (p *profilePage) protectKey(m *Model, k string) bool {
	if (k != keyBlockRune && k != keyReportRune) || !p.canProtect(m) {
		return false
	}
	pr, who := m.protection(), p.pr.Account.Handle
	if k == keyBlockRune {
		var err error
		was := p.blocked(m)
		if was {
			if _, err = pr.Unblock(m.ctx, m.acc, who); err == nil {
				m.setInfo("You no longer block " + lobby.Sanitize(who, 16) + ".")
			}
		} else if _, err = pr.Block(m.ctx, m.acc, who); err == nil {
			m.setInfo("You block " + lobby.Sanitize(who, 16) + ": their chat is hidden from you; they are not told.")
		}
		if err == nil {
			now := !was
			p.block = &now
		}
		m.setErr(err)
		return true
	}
	m.push(m.newInputDialog("Report "+lobby.Sanitize(who, 16), "Why: the operators read it, with "+lobby.Sanitize(who, 16)+"'s last chat lines. You may report 5 times an hour.",
		"reason", lobby.MaxReportReason, func(reason string) error {
			if _, err := pr.ReportPlayer(m.ctx, m.acc, who, reason); err != nil {
				return err
			}
			m.setInfo("Reported " + lobby.Sanitize(who, 16) + " to the operators. Thank you.")
			return nil
		}))
	return true
}

// chatCommand runs a slash command typed in a chat box: /block HANDLE,
// /unblock HANDLE, /report HANDLE REASON (the chat's lines are not
// selectable, so the chat itself takes them); false for any other text,
// which is said as usual.
func (m *Model) chatCommand(text string) bool {
	f := strings.Fields(text)
	if len(f) == 0 || (f[0] != "/block" && f[0] != "/unblock" && f[0] != "/report") {
		return false
	}
	p := m.protection()
	if p == nil || m.acc == nil {
		m.setInfo("Blocks and reports need a handle.")
		return true
	}
	var err error
	switch {
	case f[0] == "/report" && len(f) >= 3:
		if _, err = p.ReportPlayer(m.ctx, m.acc, f[1], strings.Join(f[2:], " ")); err == nil {
			m.setInfo("Reported " + lobby.Sanitize(f[1], 16) + " to the operators. Thank you.")
		}
	case f[0] == "/report":
		m.setInfo("Write /report HANDLE REASON.")
	case len(f) != 2:
		m.setInfo("Write " + f[0] + " HANDLE.")
	case f[0] == "/block":
		if _, err = p.Block(m.ctx, m.acc, f[1]); err == nil {
			m.setInfo("You block " + lobby.Sanitize(f[1], 16) + ": their chat is hidden from you; they are not told.")
		}
	default:
		if _, err = p.Unblock(m.ctx, m.acc, f[1]); err == nil {
			m.setInfo("You no longer block " + lobby.Sanitize(f[1], 16) + ".")
		}
	}
	m.setErr(err)
	return true
}
