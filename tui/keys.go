package tui

import (
	"slices"
	"strings"

	"github.com/charmbracelet/bubbles/help"
	"github.com/charmbracelet/bubbles/key"
)

// Bind builds a key binding; help texts stay ASCII so they read on any
// terminal. It is key.NewBinding(key.WithKeys(keys...), key.WithHelp(help,
// desc)) without the options' closures, and a single key's list is shared
// (oneKey): the key hints are built for every frame, and the bindings were
// a third of what a play frame allocated (issue 32; TestBindAsNewBinding).
func Bind(help, desc string, keys ...string) key.Binding {
	var b key.Binding
	if len(keys) == 1 {
		if one := oneKey(keys[0]); one != nil {
			b.SetKeys(one...)
			b.SetHelp(help, desc)
			return b
		}
	}
	b.SetKeys(slices.Clone(keys)...) // a copy: the caller's list stays on its stack
	b.SetHelp(help, desc)
	return b
}

// oneKeys are the one-key lists most bindings are made of, made once and
// never changed (a binding's list is read, never written): every printable
// ASCII key and the named keys the screens bind.
var oneKeys = func() map[string][]string {
	m := make(map[string][]string)
	for c := byte(0x21); c < 0x7f; c++ {
		k := string(c)
		m[k] = []string{k}
	}
	for _, k := range []string{"enter", "esc", "tab", "shift+tab", "ctrl+c", "up", "down", "left", "right",
		"pgup", "pgdown", "home", "end", "backspace", "delete", " ", "space"} {
		m[k] = []string{k}
	}
	return m
}()

// oneKey is the shared one-key list of k, or nil.
func oneKey(k string) []string { return oneKeys[k] }

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
