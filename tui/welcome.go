package tui

import (
	"errors"
	"strings"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"

	"boardroom/lobby"
)

// welcomeState is the handle picker of a key with no account yet.
type welcomeState struct {
	in  *Input // made by enterWelcome: the Model has no room for it (TestModelFitsItsSizeClass)
	err string
	// renamed: an operator took the account's handle away and says why
	// (Options.Renamed); the player picks a new one here.
	renamed string
}

func (m *Model) enterWelcome() {
	m.screen = screenWelcome
	in := newShortInput(m.th, "your handle", 16)
	m.wel = welcomeState{in: &in}
	m.wel.in.Focus()
}

func (m *Model) welcomeKeys() []key.Binding {
	if m.joinCode() != "" {
		return []key.Binding{keyEnter("take this handle and join")}
	}
	return []key.Binding{keyEnter("take this handle")}
}

func (m *Model) welcomeKey(k tea.KeyMsg) tea.Cmd {
	if k.Type != tea.KeyEnter {
		m.wel.in.Update(k)
		m.wel.err = ""
		return nil
	}
	h := strings.TrimSpace(m.wel.in.Value())
	if !lobby.ValidHandle(h) {
		m.wel.err = errText(lobby.ErrBadHandle)
		return nil
	}
	acc, err := m.src.accounts.SetHandle(m.ctx, m.o.Fingerprint, h)
	if err != nil {
		if !errors.Is(err, lobby.ErrBadHandle) && !errors.Is(err, lobby.ErrHandleTaken) {
			m.log.Warn("set handle", "err", err)
		}
		m.wel.err = errText(err)
		return nil
	}
	m.acc = acc
	m.loadSettings()
	return tea.Batch(m.subscribe(), m.enterFirstScreen())
}

func (m *Model) welcomeView(w, h int) string {
	th := m.th
	var b strings.Builder
	if m.wel.renamed != "" {
		b.WriteString(th.Title.Render("Choose a new handle") + "\n\n")
		b.WriteString(Wrap(lobby.Sanitize(m.wel.renamed, 400), w) + "\n\n")
		b.WriteString(th.Bold.Render("Handle") + "\n")
		m.wel.in.Width = 20
		b.WriteString(m.wel.in.View() + "\n")
		if m.wel.err != "" {
			b.WriteString("\n" + th.Error.Render(Wrap(m.wel.err, w)) + "\n")
		}
		return b.String()
	}
	b.WriteString(th.Title.Render("Welcome to boardroom") + "\n\n")
	b.WriteString(Wrap("IT-business board games in your terminal: sit at a table with friends, strangers or bots, chat, and climb the leaderboards.", w) + "\n\n")
	b.WriteString(Wrap("Your SSH key is your identity here: there is no password. Pick a handle that others will see. It is 3-16 characters: letters, digits, - and _ (unique, whatever the case).", w) + "\n\n")
	if code := m.joinCode(); code != "" {
		b.WriteString(Wrap("You came with the invite code "+th.Key.Render(code)+": once you have a handle you join its lobby and land in it.", w) + "\n\n")
	}
	b.WriteString(th.Bold.Render("Handle") + "\n")
	m.wel.in.Width = 20
	b.WriteString(m.wel.in.View() + "\n")
	if m.wel.err != "" {
		b.WriteString("\n" + th.Error.Render(Wrap(m.wel.err, w)) + "\n")
	}
	return b.String()
}

func (m *Model) guestKey(k tea.KeyMsg) tea.Cmd {
	if k.Type == tea.KeyEnter || k.String() == " " {
		return m.enterFirstScreen()
	}
	if k.String() == "q" {
		return m.requestQuit(false)
	}
	return nil
}

func (m *Model) guestView(w, h int) string {
	th := m.th
	cmd := m.o.SSHCommand
	if cmd == "" {
		cmd = "ssh -p PORT host"
	}
	var b strings.Builder
	b.WriteString(th.Title.Render("Welcome, guest") + "\n\n")
	b.WriteString(Wrap("You connected without an SSH key, so you are a guest: you can browse the lobby, read the chat and spectate games, but you cannot sit at a table or chat.", w) + "\n\n")
	b.WriteString(Wrap("To play, make a key and connect with it. Your key is your identity; you will pick a handle the first time:", w) + "\n\n")
	b.WriteString("    " + th.Key.Render("ssh-keygen -t ed25519") + "\n")
	b.WriteString("    " + th.Key.Render(lobby.Sanitize(cmd, 120)) + "\n\n")
	b.WriteString(th.Subtle.Render("Press enter to look around, q to leave."))
	return b.String()
}
