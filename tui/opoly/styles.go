package opoly

import (
	"strings"
	"unicode"

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
// "lightblue" are one colour. (A strings.Replacer made per call built a
// 65 KB table each time: every session entering a table made one.)
func colourKey(name string) string {
	return strings.Map(func(r rune) rune {
		if r == ' ' || r == '-' || r == '_' {
			return -1
		}
		return unicode.ToLower(r)
	}, name)
}

// paint is a style reduced to the escape sequences around a single line
// of text: lipgloss builds them once per style instead of once per cell,
// which makes a frame several times cheaper. Only for styles without
// padding, margins, borders or widths.
type paint struct{ pre, post string }

func paintOf(st lipgloss.Style) paint {
	out := st.Render("X")
	i := strings.IndexByte(out, 'X')
	if i < 0 {
		return paint{}
	}
	return paint{pre: out[:i], post: out[i+1:]}
}

// Render paints one line of text.
func (p paint) Render(s string) string {
	if p.pre == "" && p.post == "" {
		return s
	}
	return p.pre + s + p.post
}

// write writes Render(s) into b, without making the string.
func (p paint) write(b *rowText, s string) {
	b.WriteString(p.pre)
	b.WriteString(s)
	b.WriteString(p.post)
}

// styles are the renderers' styles, built once from a theme (never
// package-level) for a board, and shared by the renderers of that theme
// (sharedStyles): read only once made.
type styles struct {
	th       *tui.Theme
	groups   []paint  // per board group: the band / letter style
	letters  []string // per board group: the letter shown in every mode
	seats    []paint  // per seat: names and owner marks
	token    []paint  // per seat: a token on the board
	base     paint
	cursor   paint
	subtle   paint
	bold     paint
	accent   paint
	warn     paint
	errStyle paint
	key      paint
	chosen   paint // a selected item in a dialog list: greyed
	active   paint // the player in turn
	board    *opoly.Board
}

func newStyles(th *tui.Theme) styles {
	s := styles{th: th, base: paintOf(th.Base), subtle: paintOf(th.Subtle), bold: paintOf(th.Bold),
		accent: paintOf(th.Accent), warn: paintOf(th.Warn), errStyle: paintOf(th.Error), key: paintOf(th.Key),
		cursor: paintOf(th.Selected), chosen: paintOf(th.Subtle), active: paintOf(th.Accent)}
	if th.NoColor {
		s.chosen = paintOf(th.Renderer.NewStyle().Faint(true))
	}
	for i := 0; i < opoly.MaxSeats; i++ {
		s.seats = append(s.seats, paintOf(th.Seat(i)))
		s.token = append(s.token, paintOf(th.Seat(i).Reverse(true)))
	}
	return s
}

// stylesKey is the key of a board's styles kept by a theme (Theme.Kept).
type stylesKey struct{ board *opoly.Board }

// sharedStyles are th's styles for board b (nil: before a game's state
// arrives), made once per theme and board and shared by its renderers.
func sharedStyles(th *tui.Theme, b *opoly.Board) *styles {
	return th.Kept(stylesKey{b}, func() any {
		s := newStyles(th)
		if b != nil {
			s.forBoard(b)
		}
		return &s
	}).(*styles)
}

// forBoard builds the group styles of a board.
func (s *styles) forBoard(b *opoly.Board) {
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
		s.groups = append(s.groups, paintOf(st))
		s.letters = append(s.letters, gs.Letter)
	}
}

// group returns the style and letter of group g (plain for -1).
func (s *styles) group(g int) (paint, string) {
	if g < 0 || g >= len(s.groups) {
		return s.base, " "
	}
	return s.groups[g], s.letters[g]
}

// seat is the style of a seat's name and owner marks.
func (s *styles) seat(i int) paint {
	if i < 0 || i >= len(s.seats) {
		return s.base
	}
	return s.seats[i]
}

// tokenStyle is the style of a seat's token on the board.
func (s *styles) tokenStyle(i int) paint {
	if i < 0 || i >= len(s.token) {
		return s.cursor
	}
	return s.token[i]
}
