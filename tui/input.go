package tui

import (
	"sync"

	"github.com/charmbracelet/bubbles/textinput"
	tea "github.com/charmbracelet/bubbletea"
)

// Input is a short one-line text input (a handle, a number, a round) kept
// as a few words: its text, its cursor and its settings. Editing and
// drawing are bubbles' textinput's, done on a copy of the theme's template
// (Theme.input) filled from these for each call. A textinput.Model is 5 KB
// (eight lipgloss styles, a cursor and a key map, the same for every input
// of a theme), and every session waiting at the welcome screen kept one:
// about a tenth of an idle session's memory.
//
// One difference from a textinput kept whole: when the text is wider than
// Width, the part shown is worked out again at each call (it ends at the
// text's end, or starts at the cursor when the cursor is left of that), so
// the cursor is always in view but the window does not stay where it was.
// The inputs whose text can be long (chat, the dialogs) keep a textinput.
type Input struct {
	th          *Theme
	value       string
	pos         int
	placeholder string
	limit       int
	focused     bool
	Width       int // the cells the text may take; 0: no limit
}

// newShortInput returns an empty, unfocused Input of theme th.
func newShortInput(th *Theme, placeholder string, limit int) Input {
	return Input{th: th, placeholder: placeholder, limit: limit}
}

// plainTheme is the theme of an Input made without one (its zero value).
var plainTheme = sync.OnceValue(func() *Theme { return NewTheme(nil, false, false) })

// template is a copy of the theme's textinput template.
func (in *Input) template() textinput.Model {
	if in.th == nil {
		return plainTheme().input
	}
	return in.th.input // a copy: the template is never written after NewTheme
}

// model is the textinput this input is, copied from the theme's template.
func (in *Input) model() textinput.Model {
	m := in.template()
	m.Placeholder, m.CharLimit, m.Width = in.placeholder, in.limit, in.Width
	if in.value != "" {
		m.SetValue(in.value)
		m.SetCursor(in.pos)
	}
	if in.focused {
		m.Focus() // a static cursor: no command
	}
	return m
}

// Update edits the input as a textinput would for msg.
func (in *Input) Update(msg tea.Msg) tea.Cmd {
	m := in.model()
	m, cmd := m.Update(msg)
	in.value, in.pos = m.Value(), m.Position()
	return cmd
}

// View draws the input as a textinput would.
func (in *Input) View() string {
	m := in.model()
	return m.View()
}

// Value is the input's text.
func (in *Input) Value() string { return in.value }

// SetValue replaces the text (cleaned and cut to the limit as a textinput
// does) and puts the cursor at its end.
func (in *Input) SetValue(s string) {
	m := in.template()
	m.CharLimit = in.limit
	m.SetValue(s)
	in.value, in.pos = m.Value(), m.Position()
}

// Focus gives the input the keyboard; Blur takes it away.
func (in *Input) Focus()        { in.focused = true }
func (in *Input) Blur()         { in.focused = false }
func (in *Input) Focused() bool { return in.focused }
