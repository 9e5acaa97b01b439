package tui

import (
	"sync"

	"github.com/charmbracelet/bubbles/help"
	"github.com/charmbracelet/bubbles/textinput"
	"github.com/charmbracelet/lipgloss"
)

// GroupStyle is how one colour group (of a property board, a team, a lab)
// is drawn. Letter tells the group apart where colour is not available.
type GroupStyle struct {
	Style  lipgloss.Style
	Letter string
}

// Theme holds every style of one session. It is built from the session's
// own renderer (never the global one) and passed down to screens and game
// renderers. Colours are plain ANSI colours so they read on dark and light
// backgrounds alike and no background query is ever needed.
type Theme struct {
	NoColor bool // bold, underline and reverse only
	ASCII   bool // no box-drawing or other non-ASCII glyphs

	Renderer *lipgloss.Renderer

	Base     lipgloss.Style
	Title    lipgloss.Style // screen titles
	Header   lipgloss.Style // the top bar
	Subtle   lipgloss.Style // secondary text
	Bold     lipgloss.Style
	Accent   lipgloss.Style // things to notice: the viewer's turn, the current lobby
	Error    lipgloss.Style
	OK       lipgloss.Style
	Warn     lipgloss.Style
	Selected lipgloss.Style // the highlighted row

	tableHead, tableCell lipgloss.Style // a selectBox's header and cells (selectbox.go)
	Key                  lipgloss.Style // key names in help
	Box                  lipgloss.Style // a bordered panel
	Focus                lipgloss.Style // a bordered panel that has the keyboard
	System               lipgloss.Style // chat notices from the server

	Border lipgloss.Border
	Bullet string // separator between items on one line
	Ellip  string // marks a cut string

	bulletW    int        // Bullet's width in cells
	countdowns countdowns // the turn timer's texts, drawn once (countdown.go)

	// Seats are per-seat styles (seat index modulo len); Groups are colour
	// groups with letters.
	Seats  []lipgloss.Style
	Groups []GroupStyle

	help       help.Model                         // Help's result, built once: a help model is 4 KB of styles
	box, focus panelParts                         // Box and Focus borders, styled once for Panel
	boards     *boardCache                        // game areas drawn for sessions of this theme (boardcache.go)
	hintLines  *lineCache                         // key hints lines drawn for sessions of this theme (framecache.go)
	logs       *logShare                          // log panels drawn for sessions of this theme (logshare.go)
	strips     *stripShare                        // log and chat strips drawn for sessions of this theme (strip.go)
	rows       *rowShare                          // game areas' rows drawn lately by sessions of this theme (rowshare.go)
	tops       *sharedCache[panelTopKey, string]  // panels' top borders with their titles (layout.go)
	entries    *entryShare                        // log entries wrapped for sessions of this theme (logshare.go)
	wraps      *wrapShare                         // the property boards' pane lines wrapped for sessions of this theme (logshare.go)
	marks      promptMarks                        // the prompt line's styled words, drawn once (playprompt.go)
	kept       keptValues                         // values the game renderers make once per theme (themekit.go)
	emptyChats *sharedCache[emptyChatKey, string] // chat panels without messages (chat.go)
	input      textinput.Model                    // the short inputs' template (Input), never written after NewTheme
}

// ASCIIBorder is a border drawn with plain ASCII characters.
func ASCIIBorder() lipgloss.Border {
	return lipgloss.Border{
		Top: "-", Bottom: "-", Left: "|", Right: "|",
		TopLeft: "+", TopRight: "+", BottomLeft: "+", BottomRight: "+",
		MiddleLeft: "+", MiddleRight: "+", Middle: "+", MiddleTop: "+", MiddleBottom: "+",
	}
}

// NewTheme builds the styles of one session from its renderer. noColor
// limits styling to bold, underline and reverse; ascii avoids every
// non-ASCII glyph (borders, bullets, ellipses).
func NewTheme(r *lipgloss.Renderer, noColor, ascii bool) *Theme {
	if r == nil {
		// A renderer that writes nowhere: styles still build and render
		// without ever touching the process's own terminal.
		r = lipgloss.NewRenderer(discard{})
	}
	t := &Theme{NoColor: noColor, ASCII: ascii, Renderer: r, boards: newBoardCache(), hintLines: newLineCache(), logs: newLogShare(), strips: newStripShare(), rows: newRowShare(), tops: newPanelTops(), entries: newEntryShare(), wraps: newWrapShare(), emptyChats: newEmptyChats()}
	defer func() {
		t.help = t.newHelp()
		t.box, t.focus = newPanelParts(t.Box, r, noColor), newPanelParts(t.Focus, r, noColor)
		t.bulletW = cellWidth(t.Bullet)
		t.marks = newPromptMarks(t)
		t.input = newInput(t, "", 0)
	}()
	ns := r.NewStyle
	t.Border = lipgloss.RoundedBorder()
	t.Bullet, t.Ellip = " · ", "…"
	if ascii {
		t.Border = ASCIIBorder()
		t.Bullet, t.Ellip = " | ", "~"
	}
	t.Base = ns()
	t.Bold = ns().Bold(true)
	t.tableHead, t.tableCell = newTableStyles(t.Renderer)
	if noColor {
		t.Title = ns().Bold(true).Underline(true)
		t.Header = ns().Reverse(true)
		t.Subtle = ns()
		t.Accent = ns().Bold(true)
		t.Error = ns().Bold(true)
		t.OK = ns().Bold(true)
		t.Warn = ns().Underline(true)
		t.Selected = ns().Reverse(true)
		t.Key = ns().Bold(true)
		t.System = ns().Underline(true)
		t.Box = ns().Border(t.Border)
		t.Focus = ns().Border(lipgloss.ThickBorder())
		if ascii {
			t.Focus = ns().Border(focusASCIIBorder())
		}
		t.Seats = []lipgloss.Style{ns().Bold(true), ns().Underline(true), ns().Reverse(true),
			ns().Bold(true).Underline(true), ns(), ns().Bold(true).Reverse(true)}
		for i, l := range groupLetters {
			var s lipgloss.Style
			switch i % 3 {
			case 0:
				s = ns().Bold(true)
			case 1:
				s = ns().Underline(true)
			default:
				s = ns().Reverse(true)
			}
			t.Groups = append(t.Groups, GroupStyle{Style: s, Letter: l})
		}
		return t
	}
	c := func(s string) lipgloss.Color { return lipgloss.Color(s) }
	t.Title = ns().Bold(true).Foreground(c("14"))
	t.Header = ns().Bold(true).Foreground(c("15")).Background(c("4"))
	t.Subtle = ns().Foreground(c("8"))
	t.Accent = ns().Bold(true).Foreground(c("11"))
	t.Error = ns().Bold(true).Foreground(c("9"))
	t.OK = ns().Foreground(c("10"))
	t.Warn = ns().Foreground(c("3"))
	t.Selected = ns().Bold(true).Reverse(true)
	t.Key = ns().Bold(true).Foreground(c("12"))
	t.System = ns().Italic(true).Foreground(c("6"))
	t.Box = ns().Border(t.Border).BorderForeground(c("8"))
	t.Focus = ns().Border(t.Border).BorderForeground(c("12"))
	for _, col := range []string{"12", "9", "10", "11", "13", "14", "3", "5"} {
		t.Seats = append(t.Seats, ns().Bold(true).Foreground(c(col)))
	}
	groupColours := []string{"5", "6", "13", "3", "1", "11", "2", "4", "8", "15"}
	for i, l := range groupLetters {
		t.Groups = append(t.Groups, GroupStyle{
			Style:  ns().Foreground(c("0")).Background(c(groupColours[i%len(groupColours)])),
			Letter: l,
		})
	}
	return t
}

// Themes hands out one Theme per renderer and mode, shared by every
// session that draws with that renderer: a Theme is never changed after
// NewTheme, and sharing it saves each session building its own styles.
type Themes struct {
	mu sync.Mutex
	m  map[themeKey]*Theme
}

type themeKey struct {
	r              *lipgloss.Renderer
	noColor, ascii bool
}

// Get returns the shared theme of a renderer and mode, built on first use.
func (c *Themes) Get(r *lipgloss.Renderer, noColor, ascii bool) *Theme {
	k := themeKey{r, noColor, ascii}
	c.mu.Lock()
	defer c.mu.Unlock()
	if t, ok := c.m[k]; ok {
		return t
	}
	if c.m == nil {
		c.m = map[themeKey]*Theme{}
	}
	t := NewTheme(r, noColor, ascii)
	c.m[k] = t
	return t
}

var groupLetters = []string{"A", "B", "C", "D", "E", "F", "G", "H", "I", "J"}

func focusASCIIBorder() lipgloss.Border {
	b := ASCIIBorder()
	b.Top, b.Bottom, b.Left, b.Right = "=", "=", "#", "#"
	b.TopLeft, b.TopRight, b.BottomLeft, b.BottomRight = "#", "#", "#", "#"
	return b
}

// Seat returns the style of a seat index.
func (t *Theme) Seat(i int) lipgloss.Style {
	if i < 0 || len(t.Seats) == 0 {
		return t.Base
	}
	return t.Seats[i%len(t.Seats)]
}

// Group returns the style and letter of a colour group.
func (t *Theme) Group(i int) GroupStyle {
	if i < 0 || len(t.Groups) == 0 {
		return GroupStyle{Style: t.Base, Letter: "?"}
	}
	return t.Groups[i%len(t.Groups)]
}

// Help returns a help model styled by this theme (a copy: set its Width).
func (t *Theme) Help() help.Model {
	if t.help.ShortSeparator != "" {
		return t.help
	}
	return t.newHelp()
}

func (t *Theme) newHelp() help.Model {
	h := help.New()
	h.Styles = help.Styles{
		Ellipsis:       t.Subtle,
		ShortKey:       t.Key,
		ShortDesc:      t.Base,
		ShortSeparator: t.Subtle,
		FullKey:        t.Key,
		FullDesc:       t.Base,
		FullSeparator:  t.Subtle,
	}
	h.ShortSeparator = t.Bullet
	h.Ellipsis = t.Ellip
	return h
}

// StyleInput applies the theme to a text input.
func (t *Theme) StyleInput(in *textinput.Model) {
	in.PromptStyle = t.Key
	in.TextStyle = t.Base
	in.PlaceholderStyle = t.Subtle
	in.CompletionStyle = t.Subtle
	in.Cursor.Style = t.Renderer.NewStyle().Reverse(true)
	in.Cursor.TextStyle = t.Base
}

type discard struct{}

func (discard) Write(p []byte) (int, error) { return len(p), nil }
