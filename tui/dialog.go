package tui

import (
	"slices"
	"strings"

	"github.com/charmbracelet/bubbles/key"
	"github.com/charmbracelet/bubbles/textinput"
	tea "github.com/charmbracelet/bubbletea"
)

// dialog is a modal layer over the current screen. The top dialog gets
// every key; it closes itself with m.pop.
type dialog interface {
	update(m *Model, k tea.KeyMsg) tea.Cmd
	view(m *Model, w, h int) string
	keys() []key.Binding
}

func (m *Model) push(d dialog) { m.dialogs = append(m.dialogs, d) }

// pop removes d from the dialog stack; dialogs it opened stay.
func (m *Model) pop(d dialog) {
	for i := len(m.dialogs) - 1; i >= 0; i-- {
		if m.dialogs[i] == d {
			m.dialogs = append(m.dialogs[:i:i], m.dialogs[i+1:]...)
			return
		}
	}
}

// dialogFrame draws a dialog's title, body, error line and keys.
func dialogFrame(m *Model, title, body, errMsg string, w, h int) string {
	th := m.th
	inner := th.Title.Render(title) + "\n\n" + body
	if errMsg != "" {
		inner += "\n\n" + th.Error.Render(Wrap(errMsg, w-4))
	}
	return th.Panel("", inner, w, h, true)
}

// inputDialog asks for one line of text.
type inputDialog struct {
	title, text string
	in          textinput.Model
	submit      func(string) error
	err         string
}

func (m *Model) newInputDialog(title, text, placeholder string, limit int, submit func(string) error) *inputDialog {
	d := &inputDialog{title: title, text: text, in: newInput(m.th, placeholder, limit), submit: submit}
	d.in.Focus()
	return d
}

func (d *inputDialog) update(m *Model, k tea.KeyMsg) tea.Cmd {
	switch k.Type {
	case tea.KeyEsc:
		m.pop(d)
	case tea.KeyEnter:
		v := strings.TrimSpace(d.in.Value())
		if v == "" {
			return nil
		}
		if err := d.submit(v); err != nil {
			d.err = errText(err)
			return nil
		}
		m.pop(d)
	default:
		d.in, _ = d.in.Update(k)
		d.err = ""
	}
	return nil
}

func (d *inputDialog) view(m *Model, w, h int) string {
	d.in.Width = max(w-8, 4)
	body := Wrap(d.text, w-4) + "\n\n" + d.in.View()
	return dialogFrame(m, d.title, body, d.err, w, h)
}

func (d *inputDialog) keys() []key.Binding {
	return []key.Binding{keyEnter("ok"), keyEsc("cancel")}
}

// confirmDialog asks yes or no.
type confirmDialog struct {
	title, text string
	yes         func() error
	quit        bool // this is the quit confirmation: ctrl+c again quits
	err         string
}

func newConfirm(title, text string, yes func() error) *confirmDialog {
	return &confirmDialog{title: title, text: text, yes: yes}
}

func (d *confirmDialog) update(m *Model, k tea.KeyMsg) tea.Cmd {
	if YesNo(k) != Yes {
		// Only y confirms: Enter and every other key answer no.
		m.pop(d)
		return nil
	}
	if err := d.yes(); err != nil {
		d.err = errText(err)
		return nil
	}
	m.pop(d)
	return nil
}

func (d *confirmDialog) view(m *Model, w, h int) string {
	body := Wrap(d.text, w-4) + "\n\n" + m.th.Key.Render(YesNoLine)
	return dialogFrame(m, d.title, body, d.err, w, h)
}

func (d *confirmDialog) keys() []key.Binding { return YesNoKeys() }

// menuItem is one row of a menu.
type menuItem struct {
	cells []string
	desc  string       // shown under the menu while the row is highlighted
	run   func() error // enter; nil: the row cannot be chosen
}

// menuKey is an extra key of a menu acting on the highlighted row.
type menuKey struct {
	b   key.Binding
	run func(i int) error
}

// menuDialog lets the player pick a row.
type menuDialog struct {
	title, text string
	cols        []string
	items       []menuItem
	extra       []menuKey
	reload      func() []menuItem // rebuilds the rows after an action (optional)
	stay        bool              // enter does not close the menu
	sel         selectBox
	err         string
}

func (m *Model) newMenu(title, text string, cols []string, items []menuItem) *menuDialog {
	return &menuDialog{title: title, text: text, cols: cols, items: items, sel: newSelectBox(m.th)}
}

func (d *menuDialog) after(m *Model, err error, closeOnOK bool) {
	if err != nil {
		d.err = errText(err)
		return
	}
	d.err = ""
	if closeOnOK {
		m.pop(d)
		return
	}
	if d.reload != nil {
		d.items = d.reload()
	}
}

// sync puts the current items into the table (items may be replaced by
// actions and reloads between frames).
func (d *menuDialog) sync(m *Model) {
	rows := make([][]string, len(d.items))
	for i, it := range d.items {
		rows[i] = it.cells
	}
	d.sel.set(m.th, d.cols, rows)
}

func (d *menuDialog) update(m *Model, k tea.KeyMsg) tea.Cmd {
	d.sync(m)
	i := d.sel.cursor()
	switch {
	case k.Type == tea.KeyEsc || k.String() == "q":
		m.pop(d)
		return nil
	case k.Type == tea.KeyEnter:
		if i >= 0 && i < len(d.items) && d.items[i].run != nil {
			d.after(m, d.items[i].run(), !d.stay)
		}
		return nil
	}
	for _, x := range d.extra {
		if key.Matches(k, x.b) {
			if i >= 0 && i < len(d.items) {
				d.after(m, x.run(i), false)
			}
			return nil
		}
	}
	d.sel.update(m.th, k)
	return nil
}

func (d *menuDialog) view(m *Model, w, h int) string {
	iw := w - 4
	head := ""
	if d.text != "" {
		head = Wrap(d.text, iw) + "\n\n"
	}
	desc := ""
	d.sync(m)
	if i := d.sel.cursor(); i >= 0 && i < len(d.items) && d.items[i].desc != "" {
		desc = Wrap(d.items[i].desc, iw)
	}
	used := 4 + strings.Count(head, "\n") + 2
	if d.err != "" {
		used += 2 + strings.Count(Wrap(d.err, iw), "\n") + 1
	}
	// The list comes first: every item stays in view as long as the
	// terminal allows, and the description of the highlighted one gets
	// what is left, cut with an ellipsis (its full text is a key away).
	th := max(min(len(d.items)+1, h-used), 3)
	if desc != "" {
		lines := strings.Split(desc, "\n")
		room := h - used - th - 1 // a blank line between list and description
		switch {
		case room < 2:
			desc = ""
		case room < len(lines):
			lines = lines[:room]
			lines[room-1] = Fit(lines[room-1]+" "+m.th.Ellip, iw, m.th.Ellip)
			desc = strings.Join(lines, "\n")
		}
	}
	body := head + d.sel.view(m.th, iw, th, true)
	if desc != "" {
		body += "\n\n" + desc
	}
	return dialogFrame(m, d.title, body, d.err, w, h)
}

func (d *menuDialog) keys() []key.Binding {
	ks := []key.Binding{keyUpDown()}
	if slices.ContainsFunc(d.items, func(it menuItem) bool { return it.run != nil }) {
		ks = append(ks, keyEnter("choose")) // a menu only to read offers no enter
	}
	for _, x := range d.extra {
		ks = append(ks, x.b)
	}
	return append(ks, Bind("esc/q", "close", "esc", "q"))
}
