package tui

import (
	"fmt"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"

	"boardroom/engine"
	"boardroom/lobby"
)

// The pieces every game renderer (tui/<game>) needs around its own drawing
// and keys: sending an action and keeping its refusal, the y/n question
// before an action, and looking up the viewer's legal actions.

// Send submits a for the viewer's seat. It returns "" when the action was
// accepted, else the refusal for the renderer to show until the next key:
// the rule's own sentence or the lobby's (the play screen shows the error
// as well), or "You cannot act here." without a Submit (a replay).
func (c RenderContext) Send(a engine.Action) (refusal string) {
	if c.Submit == nil {
		return "You cannot act here."
	}
	if err := c.Submit(a); err != nil {
		if re, ok := engine.IsRuleError(err); ok {
			return re.Msg
		}
		return err.Error()
	}
	return ""
}

// Answer is what a key says to a y/n question.
type Answer int

const (
	NoAnswer Answer = iota // a key that is not an answer (none today: kept for callers' switches)
	Yes                    // y only
	No                     // every other key: n, esc, enter, ...
)

// YesNo reads a key as the answer to a y/n question. Only y says yes:
// Enter and every other key say no, so that a player who presses Enter
// twice (or types ahead) never confirms a step they did not read.
func YesNo(k tea.KeyMsg) Answer {
	switch k.String() {
	case "y", "Y":
		return Yes
	}
	return No
}

// YesNoKeys are the key bindings of a y/n question (YesNo).
func YesNoKeys() []key.Binding {
	return []key.Binding{Bind("y", "yes", "y", "Y"), Bind("n/esc/enter", "no", "n", "esc", "enter")}
}

// YesNoLine is the keys line every confirmation shows under its question.
const YesNoLine = "y: yes    n, esc or any other key: no"

// FirstOfKind returns the first action of a kind in legal, or nil.
func FirstOfKind(legal []engine.Action, kind string) engine.Action {
	for _, a := range legal {
		if a.Kind() == kind {
			return a
		}
	}
	return nil
}

// AllOfKind lists the actions of a kind in legal.
func AllOfKind(legal []engine.Action, kind string) []engine.Action {
	var out []engine.Action
	for _, a := range legal {
		if a.Kind() == kind {
			out = append(out, a)
		}
	}
	return out
}

// Themed returns the context with the plain theme when it has none (a
// renderer made by a tool or a test).
func (c RenderContext) Themed() RenderContext {
	if c.Theme == nil {
		c.Theme = NewTheme(nil, false, false)
	}
	return c
}

// SeatName is the handle of a table's seat, sanitised and cut to width
// cells for other players' screens, or "seat N" when it has none.
func SeatName(t lobby.Table, seat, width int) string {
	if seat >= 0 && seat < len(t.Seats) {
		if n := lobby.Sanitize(t.Seats[seat].Handle, width); n != "" {
			return n
		}
	}
	return fmt.Sprintf("seat %d", seat+1)
}
