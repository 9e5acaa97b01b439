package tui

import (
	"slices"
	"strings"

	"github.com/charmbracelet/bubbles/help"
	"github.com/charmbracelet/x/ansi"

	"boardroom/lobby"
)

// View draws the whole terminal: the top bar, the current screen (or the
// top dialog, or the help overlay), the status line and the key hints.
func (m *Model) View() string {
	return strings.Join(m.ViewLines(), "\n")
}

// ViewLines is View as the frame's lines, not joined: a session's screen
// compares and writes a frame line by line, and joining it would copy it.
// The caller may keep the slice: the model does not change it afterwards.
func (m *Model) ViewLines() []string {
	if f, ok := m.frameAfterTick(); ok {
		return f
	}
	reads := m.clockReads.Load()
	m.promptReads, m.promptShown = 0, ""
	f := m.viewLines()
	m.keepFrame(f, m.promptShown, m.clockReads.Load()-reads == m.promptReads)
	m.onlyTicks = true
	return f
}

// viewLines draws the whole frame.
func (m *Model) viewLines() []string {
	if m.quitting {
		if m.final != "" {
			return AppendLines(nil, m.final+"\n")
		}
		return []string{""}
	}
	if m.tooSmall() {
		return AppendLines(nil, TooSmall(m.w, m.h))
	}
	w, h := m.w, m.h
	bodyH := h - 3 // top bar, status line, key hints
	out := AppendLines(make([]string, 0, h), m.topBar(w))
	switch {
	case len(m.dialogs) > 0:
		out = AppendBlock(out, m.dialogs[len(m.dialogs)-1].view(m, w, bodyH), w, bodyH)
	case m.topPage() == nil && m.screen == screenPlay:
		out = m.appendPlay(out, w, bodyH)
	default:
		out = AppendBlock(out, m.screenView(w, bodyH), w, bodyH)
	}
	status := ""
	if m.status != "" {
		st := m.th.OK
		if m.statusErr {
			st = m.th.Error
		}
		status = st.Render(Fit(m.status, w, m.th.Ellip))
	} else if n := m.movingNotice(); n != "" {
		status = m.th.Warn.Render(Fit(n, w, m.th.Ellip)) // a move waits: play_failover.go
	}
	out = AppendBlock(out, status, w, 1)
	return AppendBlock(out, m.hintsView(w), w, 1)
}

func (m *Model) screenView(w, h int) string {
	if p := m.topPage(); p != nil {
		return p.view(m, w, h)
	}
	switch m.screen {
	case screenLoading:
		return m.th.Subtle.Render("Connecting...")
	case screenFatal:
		return m.th.Error.Render(Wrap(m.final, w))
	case screenWelcome:
		return m.welcomeView(w, h)
	case screenGuest:
		return m.guestView(w, h)
	case screenLobby:
		return m.lobbyView(w, h)
	case screenTable:
		return m.tableView(w, h)
	case screenPlay:
		return strings.Join(m.appendPlay(nil, w, h), "\n")
	}
	return ""
}

// topBar names the app, the place and the viewer.
func (m *Model) topBar(w int) string {
	if m.screen == screenPlay && m.play != nil && m.acc != nil && m.topPage() == nil {
		// The play screen's bar changes with none of its moves: kept
		// from the last frame (its styling was an eighth of what a
		// frame allocated).
		k := topKey{w: w, th: m.th, table: m.tab.id, handle: m.acc.Handle, typing: m.typing()}
		return m.play.topDrawn.Get(k, func() string { return m.drawTopBar(w) })
	}
	return m.drawTopBar(w)
}

// topKey is what the play screen's top bar reads: the width, the theme,
// the table, the player's handle and whether a text field has the keys.
type topKey struct {
	w      int
	th     *Theme
	table  int64
	handle string
	typing bool
}

// drawTopBar draws the top bar: where the player is and who they are.
func (m *Model) drawTopBar(w int) string {
	th := m.th
	where := ""
	switch m.screen {
	case screenLobby:
		where = lobbyName(m.lob.cur)
	case screenTable, screenPlay:
		where = "Table #" + itoa(int(m.tab.id))
	case screenWelcome, screenGuest:
		where = "Welcome"
	}
	if p := m.topPage(); p != nil {
		where = p.title()
	}
	left := " boardroom"
	if where != "" {
		left += th.Bullet + where
	}
	who := "guest"
	if m.acc != nil {
		who = lobby.Sanitize(m.acc.Handle, 16)
	} else if m.screen == screenWelcome {
		who = "new player"
	}
	right := who + th.Bullet + "? help "
	if m.typing() {
		right = who + " "
	}
	gap := w - ansi.StringWidth(left) - ansi.StringWidth(right)
	if gap < 1 {
		return th.Header.Render(Block(Fit(left, w, th.Ellip), w, 1))
	}
	return th.Header.Render(left + strings.Repeat(" ", gap) + right)
}

// helpModel is the theme's help model at width w. It is made for each
// frame rather than kept: sessions spend their time waiting, and a help
// model is 4 KB.
func (m *Model) helpModel(w int) help.Model {
	h := m.th.Help()
	h.Width = w
	return h
}

// openHelp opens the help overlay: every key of the current screen, the
// game's legend on the play screen, and how to quit. It scrolls (overlay),
// and ? closes it again.
func (m *Model) openHelp() {
	th := m.th
	ks := keyList(slices.Clone(m.keys())) // kept by the overlay: keys() reuses its slice
	m.releaseKeys()
	var legend string
	switch p := m.topPage(); {
	case p != nil:
		if n, ok := p.(helpNoter); ok {
			legend = n.helpNote(m)
		}
	case m.screen == screenLobby && !m.lob.chat.focused:
		legend = m.lobbyHelpNote()
	}
	if m.screen == screenPlay && m.topPage() == nil && !m.play.chat.focused {
		if lg, ok := m.play.r.(Legender); ok {
			legend = lg.Legend()
		}
	}
	quit := "ctrl+c quits from anywhere."
	if m.seatedInRunningGame() {
		quit += " " + m.quitAway()
	}
	m.push(&overlay{title: "Help", openKey: "?", layout: func(w int) string {
		text := th.Title.Render("Keys on this screen") + "\n\n" + m.helpModel(w).FullHelpView(ks.FullHelp())
		if legend != "" {
			title := "Legend"
			if m.screen != screenPlay || m.topPage() != nil {
				title = "On this screen" // what a shortened header or footer leaves out
			}
			text += "\n\n" + th.Bold.Render(title) + "\n" + Wrap(legend, w)
		}
		return text + "\n\n" + th.Subtle.Render(Wrap(quit, w))
	}})
}

// helpOpen reports whether the help overlay is the top dialog.
func (m *Model) helpOpen() bool {
	if n := len(m.dialogs); n > 0 {
		o, ok := m.dialogs[n-1].(*overlay)
		return ok && o.openKey == "?"
	}
	return false
}

// tooSmall reports that the terminal is below MinWidth x MinHeight: the
// screen shows only TooSmall and keys other than quit do nothing.
func (m *Model) tooSmall() bool { return m.w < MinWidth || m.h < MinHeight }
