package tui

import "github.com/charmbracelet/bubbles/key"

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
