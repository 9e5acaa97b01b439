package tui

import (
	"strings"

	"github.com/charmbracelet/bubbles/help"
	"github.com/charmbracelet/bubbles/key"
)

// Bind builds a key binding; help texts stay ASCII so they read on any
// terminal.
func Bind(help, desc string, keys ...string) key.Binding {
	return key.NewBinding(key.WithKeys(keys...), key.WithHelp(help, desc))
}

// keyList adapts a flat list of bindings to help.KeyMap.
type keyList []key.Binding

func (k keyList) ShortHelp() []key.Binding { return k }

func (k keyList) FullHelp() [][]key.Binding {
	const perColumn = 8
	var out [][]key.Binding
	for i := 0; i < len(k); i += perColumn {
		out = append(out, k[i:min(i+perColumn, len(k))])
	}
	return out
}

func keyQuitNow() key.Binding         { return Bind("ctrl+c", "quit", "ctrl+c") }
func keyHelp() key.Binding            { return Bind("?", "help", "?") }
func keyUpDown() key.Binding          { return Bind("up/down", "move", "up", "down") }
func keyEnter(d string) key.Binding   { return Bind("enter", d, "enter") }
func keyEsc(d string) key.Binding     { return Bind("esc", d, "esc") }
func keyTab(d string) key.Binding     { return Bind("tab", d, "tab") }
func keyScroll() key.Binding          { return Bind("pgup/pgdown", "scroll", "pgup", "pgdown") }
func keyRune(r, d string) key.Binding { return Bind(r, d, r) }

// shortHelpLine is the key hints line: the enabled bindings as "key desc"
// joined by the separator, as many whole ones as fit in w cells, then
// " …" when some are left out (? lists them all). help.Model's own short
// view adds a binding that does not fit when its ellipsis does not fit
// either, and the frame then cuts that binding mid-word.
func shortHelpLine(h help.Model, ks []key.Binding, w int) string {
	sep := h.Styles.ShortSeparator.Inline(true).Render(h.ShortSeparator)
	tail := " " + h.Styles.Ellipsis.Inline(true).Render(h.Ellipsis)
	var items []string
	for _, k := range ks {
		if k.Enabled() {
			items = append(items, h.Styles.ShortKey.Inline(true).Render(k.Help().Key)+" "+h.Styles.ShortDesc.Inline(true).Render(k.Help().Desc))
		}
	}
	if all := strings.Join(items, sep); cellWidth(all) <= w {
		return all
	}
	var b strings.Builder
	used := 0
	for i, it := range items {
		if i > 0 {
			it = sep + it
		}
		if used+cellWidth(it)+cellWidth(tail) > w {
			break
		}
		b.WriteString(it)
		used += cellWidth(it)
	}
	return b.String() + tail
}
