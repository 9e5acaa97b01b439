package tui

import (
	"fmt"

	"github.com/charmbracelet/bubbles/key"
	"github.com/charmbracelet/bubbles/viewport"
	tea "github.com/charmbracelet/bubbletea"
)

// An overlay is text to read over the current screen: the help with the
// game's legend, a message, the whole log. At 80x24 most of them are
// longer than the screen, so they scroll (arrows, j/k, PgUp/PgDn, space,
// Home/End) in a bubbles viewport, say on screen when more is above or
// below and how to scroll and close, and close only with esc, q or the key
// that opened them: a key pressed to scroll or by mistake never throws
// away the page the player is reading.
type overlay struct {
	title string
	// openKey is the key that opened the overlay and closes it again ("?",
	// "L"); "" for none.
	openKey string
	// layout lays the text out at a width; it is called for every frame,
	// so an overlay of live text (the log) shows what is new.
	layout func(w int) string
	// follow keeps the end in view while the reader is at the end (the
	// log); otherwise the overlay opens at the top.
	follow bool

	vp      viewport.Model
	content string
	width   int
	started bool
}

// newOverlay makes an overlay of fixed text.
func newOverlay(title, openKey, text string) *overlay {
	return &overlay{title: title, openKey: openKey, layout: func(w int) string { return Wrap(text, w) }}
}

func (o *overlay) update(m *Model, k tea.KeyMsg) tea.Cmd {
	switch s := k.String(); {
	case s == "esc" || s == "q" || (o.openKey != "" && s == o.openKey):
		m.pop(o)
	default:
		o.scroll(k) // any other key does nothing
	}
	return nil
}

// scroll moves the viewport for a scroll key and reports whether k was one.
func (o *overlay) scroll(k tea.KeyMsg) bool { return scrollKey(&o.vp, k) }

// scrollKey moves vp for a scroll key and reports whether k was one.
func scrollKey(vp *viewport.Model, k tea.KeyMsg) bool {
	switch k.String() {
	case "up", "k":
		vp.ScrollUp(1)
	case "down", "j":
		vp.ScrollDown(1)
	case "pgup", "b":
		vp.PageUp()
	case "pgdown", " ", "f":
		vp.PageDown()
	case "home", "g":
		vp.GotoTop()
	case "end", "G":
		vp.GotoBottom()
	default:
		return false
	}
	return true
}

func (o *overlay) view(m *Model, w, h int) string {
	th := m.th
	iw := PanelInner(w)
	vh := max(h-2-2, 1) // the panel's borders, then the more line and the keys line
	atEnd := !o.started || o.vp.AtBottom()
	if iw != o.width {
		o.width, o.vp.Width = iw, iw
		o.content = "" // lay out again
	}
	o.vp.Height = vh
	if c := o.layout(iw); c != o.content {
		o.content = c
		o.vp.SetContent(c)
	}
	switch {
	case o.follow && atEnd:
		o.vp.GotoBottom()
	default:
		o.vp.SetYOffset(o.vp.YOffset) // clamps after a change of size or text
	}
	o.started = true
	body := o.vp.View() + "\n" + scrollFooter(th, &o.vp, o.closeWords(), iw)
	return th.Panel(o.title, body, w, h, true)
}

// closeWords names the keys that close the overlay: "esc or q", "esc, q
// or ?".
func (o *overlay) closeWords() string {
	if o.openKey == "" {
		return "esc or q"
	}
	return "esc, q or " + o.openKey
}

func (o *overlay) keys() []key.Binding {
	return append(scrollBindings(), overlayCloseKey(o.openKey))
}

// scrollBindings are the keys of a scrolling overlay.
func scrollBindings() []key.Binding {
	return []key.Binding{Bind("up/down j/k", "scroll", "up", "down", "k", "j"), Bind("pgup/pgdown", "page", "pgup", "pgdown", " "),
		Bind("home/end", "top/end", "home", "end", "g", "G")}
}

// overlayCloseKey is the binding that closes an overlay opened by openKey.
func overlayCloseKey(openKey string) key.Binding {
	if openKey == "" {
		return Bind("esc/q", "close", "esc", "q")
	}
	return Bind("esc/q/"+openKey, "close", "esc", "q", openKey)
}

// scrollFooter is the two lines under scrolling text: a "more" marker
// with the lines on show when the text does not fit, and how to scroll and
// close it. Both are plain words with an arrow, visible without colour.
func scrollFooter(th *Theme, vp *viewport.Model, closeWords string, w int) string {
	up, down := "▲", "▼"
	if th.ASCII {
		up, down = "^", "v"
	}
	total := vp.TotalLineCount()
	more := ""
	if total > vp.Height {
		where := fmt.Sprintf("lines %d-%d of %d", vp.YOffset+1, min(vp.YOffset+vp.Height, total), total)
		switch {
		case vp.AtTop():
			more = down + " more below" + th.Bullet + where
		case vp.AtBottom():
			more = up + " more above" + th.Bullet + where
		default:
			more = up + down + " more above and below" + th.Bullet + where
		}
		more = th.Accent.Render(Fit(more, w, th.Ellip))
	}
	how := "arrows, j/k, PgUp/PgDn, Home/End scroll; " + closeWords + " closes"
	if total <= vp.Height {
		how = closeWords + " closes"
	}
	return more + "\n" + th.Subtle.Render(Fit(how, w, th.Ellip))
}
