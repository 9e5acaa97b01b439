package tui

import (
	"fmt"

	"boardroom/lobby"
)

// A player's settings (issue 28): `s` in the lobby opens them. Today the
// bell: a session rings its terminal's bell (Options.Bell) when the lobby
// says a decision of the player opened or a chat line named them
// (lobby.TopicBell), unless the player turned it off. The setting is the
// account's, so every session follows it.

// loadSettings reads the player's settings (the defaults for a guest or a
// server that keeps none).
func (m *Model) loadSettings() {
	if m.src.settings == nil || m.acc == nil {
		m.settings = lobby.Settings{}
		return
	}
	if s, err := m.src.settings.Settings(m.ctx, m.acc); err == nil {
		m.settings = s
	}
}

// ring sounds the bell for a TopicBell update, if the player wants it.
func (m *Model) ring() {
	if m.o.Bell != nil && m.acc != nil && m.settings.Bell() {
		m.o.Bell()
	}
}

func bellWord(s lobby.Settings) string {
	if s.Bell() {
		return "on"
	}
	return "off"
}

// openSettings shows the player's settings; Enter on one changes it.
func (m *Model) openSettings() {
	if m.acc == nil {
		m.setInfo("Guests have no settings; connect with an SSH key to keep yours.")
		return
	}
	m.loadSettings()
	d := m.newMenu("Settings", "Yours on every session, kept for next time. Enter changes the one marked.",
		[]string{"Setting", "Now"}, nil)
	d.reload = m.settingsItems
	d.items = d.reload()
	m.push(d)
}

func (m *Model) settingsItems() []menuItem {
	next := "off"
	if !m.settings.Bell() {
		next = "on"
	}
	return []menuItem{{
		cells: []string{"Bell on your move and when named in chat", bellWord(m.settings)},
		desc: fmt.Sprintf("Your terminal rings once when a decision of yours opens at any of your tables, "+
			"on any screen, and when a chat line names you (@%s). Enter turns it %s.", lobby.Sanitize(m.acc.Handle, 16), next),
		run: func() error {
			s := m.settings
			s.BellOff = !s.BellOff
			if err := m.src.settings.SaveSettings(m.ctx, m.acc, s); err != nil {
				return err
			}
			m.settings = s
			m.setInfo("Bell " + bellWord(s) + ".")
			return nil
		},
	}}
}

// webhookItems are the lobby menu's rows about a private lobby's chat
// webhook: its state for every member; connect, replace and disconnect for
// its owner. A failing webhook says why.
func (m *Model) webhookItems(cur lobby.Lobby, owner bool) []menuItem {
	if m.src.webhooks == nil {
		return nil
	}
	st, err := m.src.webhooks.WebhookStatus(m.ctx, m.acc, cur.ID)
	if err != nil {
		return nil
	}
	name := lobbyName(cur)
	state := "off"
	desc := "boardroom tells the team's chat (Slack, Mattermost, Discord, Teams) when a table opens and when a game ends."
	if st.On {
		state = "on, to " + lobby.Sanitize(st.Host, 60)
		if h := st.Health; h.Failures > 0 {
			state = fmt.Sprintf("FAILING, %d in a row", h.Failures)
			desc = fmt.Sprintf("The webhook to %s failed %d times in a row since %s: %s.", lobby.Sanitize(st.Host, 60),
				h.Failures, h.Since.Format("Jan 2 15:04 UTC"), lobby.Sanitize(h.LastError, 120))
		}
	}
	status := menuItem{cells: []string{"Team chat: " + state}, desc: desc}
	if !owner {
		if !st.On {
			return nil
		}
		status.run = func() error { return nil }
		return []menuItem{status}
	}
	connect := "Connect " + name + " to your team's chat"
	if st.On {
		connect = "Connect " + name + " to another chat URL"
	}
	items := []menuItem{{cells: []string{connect},
		desc: "Paste the incoming-webhook URL your chat gives you (https://...).",
		run:  func() error { return m.askWebhook(cur) }}}
	if st.On {
		status.run = func() error { return nil }
		items = append([]menuItem{status}, items...)
		items = append(items, menuItem{cells: []string{"Disconnect " + name + " from its chat"}, run: func() error {
			m.push(newConfirm("Disconnect "+name+" from its chat?", "The chat hears nothing more from this lobby until you connect it again (with a new secret).", func() error {
				if err := m.src.webhooks.RemoveWebhook(m.ctx, m.acc, cur.ID); err != nil {
					return err
				}
				m.dialogs = nil
				m.setInfo(name + " no longer tells a chat.")
				return nil
			}))
			return nil
		}})
	}
	return items
}

// askWebhook asks the owner for the URL, then shows the signing secret
// once.
func (m *Model) askWebhook(cur lobby.Lobby) error {
	m.push(m.newInputDialog("Connect "+lobbyName(cur)+" to your team's chat",
		"Paste the incoming-webhook URL of your Slack, Mattermost, Discord (…/slack) or Teams channel.", "https://…", 2048,
		func(url string) error {
			secret, err := m.src.webhooks.SetWebhook(m.ctx, m.acc, cur.ID, url)
			if err != nil {
				return err
			}
			m.dialogs = nil
			m.push(m.newMenu("Connected", "A test message is on its way to the chat. Requests are signed: header X-Boardroom-Signature, "+
				"sha256= the HMAC-SHA256 of the body with this secret, shown only now:\n\n"+secret,
				[]string{""}, []menuItem{{cells: []string{"Done"}, run: func() error { m.dialogs = nil; return nil }}}))
			return nil
		}))
	return nil
}

// warnFailingWebhook tells the members entering a private lobby that its
// chat webhook keeps failing, and why (the lobby menu, L, has the rest).
func (m *Model) warnFailingWebhook() {
	cur := m.lob.cur
	if m.src.webhooks == nil || m.acc == nil || cur.Public || cur.ID == 0 {
		return
	}
	st, err := m.src.webhooks.WebhookStatus(m.ctx, m.acc, cur.ID)
	if err != nil || !st.On || st.Health.Failures == 0 {
		return
	}
	m.setErr(fmt.Errorf("the team chat webhook failed %d times in a row; L shows why", st.Health.Failures))
}
