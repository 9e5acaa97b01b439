package tui

import (
	"context"
	"strconv"
	"strings"

	"github.com/charmbracelet/bubbles/key"

	"boardroom/lobby"
	"boardroom/lobby/moderation"
)

// The operator screen's actions of the second part of issue 30: mute, a
// chat's lines with their ids and delete one, take a handle away, close a
// table, the players' reports. Each runs the op command through
// Console.Run (the same checks and words as over ssh); those that cannot
// be undone (or reach another player at once) are confirmed with y only,
// after a screen that says what will happen.

// operatorMoreItems are the rows of these actions; tableID is the table
// the screen was opened on (0: the lobby).
func (m *Model) operatorMoreItems(op moderation.Console, tableID int64) []menuItem {
	var items []menuItem
	if tableID > 0 {
		id := strconv.FormatInt(tableID, 10)
		items = append(items,
			menuItem{cells: []string{"This table's chat, with line ids"}, desc: "The last lines of table " + id + "'s chat, each with the id delete takes.",
				run: func() error { return m.operatorText(op, "Chat of table "+id, "chat", "table", id) }},
			menuItem{cells: []string{"Close this table (" + id + ")"}, desc: "The game ends as abandoned and unrated; everyone at the table reads why.",
				run: func() error { m.askCloseWhy(op, id); return nil }})
	}
	items = append(items,
		menuItem{cells: []string{"Mute a player"}, desc: "They read chat but cannot write in it until the mute ends; they read why when they try.",
			run: func() error { m.askMute(op); return nil }},
		menuItem{cells: []string{"Lift a mute"}, desc: "A muted player may write in chat again.",
			run: func() error {
				m.push(m.newInputDialog("Lift a mute", "Whose: a handle.", "handle", 64, func(who string) error {
					msg, err := op.Run(m.ctx, "unmute", who)
					if err == nil {
						m.setInfo(msg)
					}
					return err
				}))
				return nil
			}},
		menuItem{cells: []string{"Lobby chat, with line ids"}, desc: "The public lobby's last lines, each with the id delete takes.",
			run: func() error { return m.operatorText(op, "Public lobby chat", "chat") }},
		menuItem{cells: []string{"Delete a chat line"}, desc: "The line leaves every screen and the history. Its id is in the chat lists here (and next to each line in your chat boxes).",
			run: func() error { m.askDeleteLine(op); return nil }},
		menuItem{cells: []string{"Take a handle away"}, desc: "The handle is free at once; the player picks a new one when they connect again (their games and ratings stay theirs).",
			run: func() error { m.askRename(op); return nil }},
		menuItem{cells: []string{"Close a table"}, desc: "The game ends as abandoned and unrated; everyone at the table reads why.",
			run: func() error {
				m.push(m.newInputDialog("Close a table", "Which: the table's id.", "table id", 12, func(id string) error {
					m.askCloseWhy(op, strings.TrimPrefix(id, "#"))
					return nil
				}))
				return nil
			}},
		menuItem{cells: []string{"Players' reports"}, desc: "What players reported, newest first, with the reported player's chat lines then.",
			run: func() error { return m.operatorText(op, "Players' reports", "reports") }},
	)
	return items
}

// operatorText shows an op command's output over the screen.
func (m *Model) operatorText(op moderation.Console, title string, args ...string) error {
	text, err := op.Run(m.ctx, args...)
	if err != nil {
		return err
	}
	o := newOverlay(title, "", lobby.Sanitize(text, 64000))
	o.follow = true
	m.push(o)
	return nil
}

func (m *Model) askMute(op moderation.Console) {
	m.push(m.newInputDialog("Mute a player", "Whom: a handle.", "handle", 64, func(who string) error {
		m.push(m.newInputDialog("Mute "+lobby.Sanitize(who, 40), "How long: 30m, 12h, 7d, 2w or permanent.", "1d", 16, func(d string) error {
			if _, _, err := moderation.ParseDuration(d); err != nil {
				return err
			}
			m.push(m.newInputDialog("Mute "+lobby.Sanitize(who, 40), "Why: they read it when they try to write.", "reason", maxReason, func(reason string) error {
				m.push(newConfirm("Mute "+lobby.Sanitize(who, 40)+"?", "Mute "+lobby.Sanitize(who, 40)+" for "+d+". They read: "+
					lobby.Sanitize(reason, maxReason), func() error {
					msg, err := op.Run(context.WithoutCancel(m.ctx), "mute", who, d, reason)
					if err == nil {
						m.setInfo(msg)
					}
					return err
				}))
				return nil
			}))
			return nil
		}))
		return nil
	}))
}

func (m *Model) askDeleteLine(op moderation.Console) {
	m.push(m.newInputDialog("Delete a chat line", "Which: the line's id (#123).", "id", 16, func(id string) error {
		id = strings.TrimPrefix(id, "#")
		m.push(newConfirm("Delete chat line "+lobby.Sanitize(id, 16)+"?", "It leaves every screen and the history; this cannot be undone.", func() error {
			msg, err := op.Run(context.WithoutCancel(m.ctx), "delete-message", id)
			if err == nil {
				m.setInfo(msg)
			}
			return err
		}))
		return nil
	}))
}

func (m *Model) askRename(op moderation.Console) {
	m.push(m.newInputDialog("Take a handle away", "Whose: a handle.", "handle", 64, func(who string) error {
		m.push(m.newInputDialog("Take "+lobby.Sanitize(who, 40)+" away", "Why: they read it when they connect again.", "reason", maxReason, func(reason string) error {
			m.push(newConfirm("Take the handle "+lobby.Sanitize(who, 40)+" away?", "Their sessions end now and they choose a new handle when they connect again. They read: "+
				lobby.Sanitize(reason, maxReason), func() error {
				msg, err := op.Run(context.WithoutCancel(m.ctx), "rename", who, reason)
				if err == nil {
					m.setInfo(msg)
				}
				return err
			}))
			return nil
		}))
		return nil
	}))
}

func (m *Model) askCloseWhy(op moderation.Console, id string) {
	m.push(m.newInputDialog("Close table "+lobby.Sanitize(id, 16), "Why: everyone at the table reads it.", "reason", maxReason, func(reason string) error {
		m.push(newConfirm("Close table "+lobby.Sanitize(id, 16)+"?", "The game ends now as abandoned and unrated; this cannot be undone. They read: "+
			lobby.Sanitize(reason, maxReason), func() error {
			msg, err := op.Run(context.WithoutCancel(m.ctx), "close", id, reason)
			if err == nil {
				m.setInfo(msg)
			}
			return err
		}))
		return nil
	}))
}

// keyOperatorTable opens the operator screen on a table's screens (o is a
// host's options there, and games take letters): ctrl+o.
const keyOperatorTable = "ctrl+o"

// operatorKeys is the operator screen's key for the footer of a table's
// screens: none for anyone but an operator.
func (m *Model) operatorKeys() []key.Binding {
	if m.o.Operator == nil {
		return nil
	}
	return []key.Binding{Bind("ctrl+o", "operator", keyOperatorTable)}
}

// openOperatorAt opens the operator screen on a table.
func (m *Model) openOperatorAt(tableID int64) {
	m.opTable = tableID
	m.openOperator()
}
