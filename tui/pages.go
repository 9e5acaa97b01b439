package tui

import (
	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"
)

// page is a full-screen view opened over the lobby or play screen: the
// leaderboard, a profile, a game's standings, a replay. Pages stack (a
// profile opened from the leaderboard, a replay opened from the profile);
// esc closes the top one and shows the one below, or the screen beneath
// all of them, which goes on receiving its live updates meanwhile.
type page interface {
	// title names the page in the top bar.
	title() string
	update(m *Model, k tea.KeyMsg) tea.Cmd
	view(m *Model, w, h int) string
	keys(m *Model) []key.Binding
	// typing reports that keys go to a text input of the page.
	typing() bool
}

// resizer is a page whose content depends on the terminal size (a page of
// the leaderboard holds as many rows as fit); it reloads after a resize.
type resizer interface {
	resized(m *Model)
}

// helpNoter is a page whose help (?) says more than its keys: what its
// shortened header or footer leaves out.
type helpNoter interface {
	helpNote(m *Model) string
}

// pushPage opens a page over everything shown so far.
func (m *Model) pushPage(p page) { m.pages = append(m.pages, p) }

// popPage closes the top page.
func (m *Model) popPage() {
	if n := len(m.pages); n > 0 {
		m.pages[n-1] = nil
		m.pages = m.pages[:n-1]
	}
}

// topPage is the page on top, or nil.
func (m *Model) topPage() page {
	if n := len(m.pages); n > 0 {
		return m.pages[n-1]
	}
	return nil
}

// pageResized tells the pages that the terminal size changed.
func (m *Model) pageResized() {
	for _, p := range m.pages {
		if r, ok := p.(resizer); ok {
			r.resized(m)
		}
	}
}
