package opolytui

import (
	"strings"

	"github.com/charmbracelet/lipgloss"

	"boardroom/engine/opoly"
	"boardroom/tui"
)

// groupColours maps the colour names of the property boards (Unipoly,
// Projectopoly, Technopoly) to a background and a readable foreground.
// Values are xterm-256 indices; the session's renderer degrades them to
// what the client supports.
var groupColours = map[string][2]string{
	"brown":     {"130", "15"},
	"lightblue": {"117", "0"},
	"pink":      {"212", "0"},
	"orange":    {"208", "0"},
	"red":       {"160", "15"},
	"yellow":    {"220", "0"},
	"green":     {"28", "15"},
	"darkblue":  {"19", "15"},
	"blue":      {"25", "15"},
	"white":     {"252", "0"},
	"grey":      {"244", "0"},
	"gray":      {"244", "0"},
	"cyan":      {"44", "0"},
	"purple":    {"91", "15"},
	"magenta":   {"163", "15"},
	"black":     {"236", "15"},
}

// colourKey normalises a colour name: "Light blue", "light-blue" and
// "lightblue" are one colour.
func colourKey(name string) string {
	r := strings.NewReplacer(" ", "", "-", "", "_", "")
	return strings.ToLower(r.Replace(name))
}

// styles are the renderer's own styles, built once from the session's
// theme (never package-level).
type styles struct {
	th       *tui.Theme
	groups   []lipgloss.Style // per board group: the band / letter style
	letters  []string         // per board group: the letter shown in every mode
	token    []lipgloss.Style // per seat: a token on the board
	cursor   lipgloss.Style
	subtle   lipgloss.Style
	bold     lipgloss.Style
	accent   lipgloss.Style
	warn     lipgloss.Style
	errStyle lipgloss.Style
	key      lipgloss.Style
	chosen   lipgloss.Style // a selected item in a dialog list: greyed
	active   lipgloss.Style // the player in turn
	board    *opoly.Board   // the board the group styles were built for
}

func newStyles(th *tui.Theme) styles {
	ns := th.Renderer.NewStyle
	s := styles{th: th, subtle: th.Subtle, bold: th.Bold, accent: th.Accent, warn: th.Warn,
		errStyle: th.Error, key: th.Key, cursor: th.Selected}
	s.chosen = th.Subtle.Strikethrough(false)
	s.active = th.Accent
	if th.NoColor {
		s.chosen = ns().Faint(true)
	}
	for i := 0; i < 8; i++ {
		s.token = append(s.token, th.Seat(i).Reverse(true))
	}
	return s
}

// forBoard builds the group styles of a board (once per board).
func (s *styles) forBoard(b *opoly.Board) {
	if s.board == b {
		return
	}
	s.board = b
	s.groups = s.groups[:0]
	s.letters = s.letters[:0]
	ns := s.th.Renderer.NewStyle
	for i, g := range b.Groups {
		gs := s.th.Group(i)
		st := gs.Style
		if !s.th.NoColor {
			if c, ok := groupColours[colourKey(g.Color)]; ok {
				st = ns().Background(lipgloss.Color(c[0])).Foreground(lipgloss.Color(c[1]))
			}
		}
		s.groups = append(s.groups, st)
		s.letters = append(s.letters, gs.Letter)
	}
}

// group returns the style and letter of group g (plain for -1).
func (s *styles) group(g int) (lipgloss.Style, string) {
	if g < 0 || g >= len(s.groups) {
		return s.th.Base, " "
	}
	return s.groups[g], s.letters[g]
}

// seat is the style of a seat's name and owner marks.
func (s *styles) seat(i int) lipgloss.Style { return s.th.Seat(i) }

// tokenStyle is the style of a seat's token on the board.
func (s *styles) tokenStyle(i int) lipgloss.Style {
	if i < 0 || i >= len(s.token) {
		return s.cursor
	}
	return s.token[i]
}
