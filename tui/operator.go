package tui

import (
	"context"
	"strings"

	"boardroom/lobby"
	"boardroom/lobby/moderation"
)

// The operator screen (issue 30): `o` on the lobby, for operators only
// (Options.Operator; nobody else sees the key or learns that operators
// exist). It bans a player by handle or key for a while with a reason,
// lifts a ban, and shows the operators' log. A ban ends the player's
// sessions at once, so it is confirmed with `y` only, after a screen that
// says whom, until when and why.

// maxReason is the longest reason the screen takes (sshserver.MaxReason).
const maxReason = 200

// openOperator shows the operator screen.
func (m *Model) openOperator() {
	op := m.o.Operator
	if op == nil {
		return
	}
	d := m.newMenu("Operator", "Bans, mutes, chat lines, handles, tables, reports and the operators' log. Every action is recorded with your key.", []string{""}, nil)
	d.stay = true
	d.reload = func() []menuItem { return m.operatorItems(op) }
	d.items = d.reload()
	m.push(d)
}

func (m *Model) operatorItems(op moderation.Console) []menuItem {
	items := []menuItem{{
		cells: []string{"Ban a player"},
		desc:  "Their sessions end at once and they cannot connect until the ban ends; their running games go on, their seats taking only default actions.",
		run:   func() error { m.askBanWhom(op); return nil },
	}}
	now := m.now()
	for _, b := range op.Bans() {
		if b.Kind != moderation.KindKey {
			continue
		}
		who := moderation.Named(b.Target, b.Handle)
		if b.Handle != "" {
			who = b.Handle
		}
		who = lobby.Sanitize(who, 40)
		items = append(items, menuItem{
			cells: []string{"Lift the ban of " + who + " (" + moderation.UntilText(b.Until, now) + ")"},
			desc:  "Banned: " + lobby.Sanitize(b.Reason, maxReason),
			run: func() error {
				m.push(newConfirm("Lift the ban of "+who+"?", "They can connect again at once.", func() error {
					msg, err := op.Unban(m.ctx, b.Target)
					if err != nil {
						return err
					}
					m.setInfo(msg)
					m.reloadOperator()
					return nil
				}))
				return nil
			},
		})
	}
	items = append(items, menuItem{
		cells: []string{"Operators' log"},
		desc:  "Every operator action: when, who, what, whom, until when and why.",
		run:   func() error { return m.openOperatorLog(op) },
	})
	return append(items, m.operatorMoreItems(op, m.opTable)...) // operator_more.go
}

// reloadOperator rebuilds the operator screen's rows under the dialogs.
func (m *Model) reloadOperator() {
	for _, d := range m.dialogs {
		if md, ok := d.(*menuDialog); ok && md.title == "Operator" && md.reload != nil {
			md.items = md.reload()
		}
	}
}

func (m *Model) askBanWhom(op moderation.Console) {
	m.push(m.newInputDialog("Ban a player", "Whom: a handle, or a key's SHA256:... fingerprint.", "handle", 64, func(who string) error {
		if _, err := op.Preview(m.ctx, who, "permanent"); err != nil {
			return err
		}
		m.askBanHowLong(op, who)
		return nil
	}))
}

func (m *Model) askBanHowLong(op moderation.Console, who string) {
	m.push(m.newInputDialog("Ban "+lobby.Sanitize(who, 40), "How long: 30m, 12h, 7d, 2w or permanent.", "7d", 16, func(d string) error {
		whom, err := op.Preview(m.ctx, who, d)
		if err != nil {
			return err
		}
		m.askBanWhy(op, who, d, whom)
		return nil
	}))
}

func (m *Model) askBanWhy(op moderation.Console, who, d, whom string) {
	m.push(m.newInputDialog("Ban "+lobby.Sanitize(who, 40), "Why: the player reads it when they are refused.", "reason", maxReason, func(reason string) error {
		reason = lobby.Sanitize(strings.TrimSpace(reason), maxReason)
		m.push(newConfirm("Ban "+lobby.Sanitize(who, 40)+"?",
			"Ban "+whom+". Their sessions end now; their games go on without them. They read: "+reason, func() error {
				msg, err := op.Ban(context.WithoutCancel(m.ctx), who, d, reason)
				if err != nil {
					return err
				}
				m.setInfo(msg)
				m.reloadOperator()
				return nil
			}))
		return nil
	}))
}

// openOperatorLog shows the operators' log, newest at the end.
func (m *Model) openOperatorLog(op moderation.Console) error {
	acts, err := op.Log(m.ctx)
	if err != nil {
		return err
	}
	var b strings.Builder
	for _, a := range acts {
		b.WriteString(lobby.Sanitize(a.Text(), 400) + "\n")
	}
	text := strings.TrimSuffix(b.String(), "\n")
	if text == "" {
		text = "No operator actions yet."
	}
	o := newOverlay("Operators' log", "", text)
	o.follow = true
	m.push(o)
	return nil
}
