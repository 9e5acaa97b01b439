package tui

import (
	"strings"

	"github.com/charmbracelet/bubbles/cursor"
	"github.com/charmbracelet/bubbles/textinput"

	"boardroom/engine"
)

func sum(xs []int) int {
	s := 0
	for _, x := range xs {
		s += x
	}
	return s
}

// newInput builds a text input with a static cursor: a blinking cursor
// would redraw an idle session twice a second.
func newInput(th *Theme, placeholder string, limit int) textinput.Model {
	in := textinput.New()
	in.Placeholder = placeholder
	in.CharLimit = limit
	in.Prompt = "> "
	th.StyleInput(&in)
	in.Cursor.SetMode(cursor.CursorStatic)
	return in
}

// errText is the sentence shown to the player for an error: the rule
// error's own sentence, or the error text (lobby errors are written for
// players) with a capital letter and a full stop.
func errText(err error) string {
	if err == nil {
		return ""
	}
	if re, ok := engine.IsRuleError(err); ok {
		return re.Msg
	}
	msg := strings.TrimSpace(err.Error())
	if msg == "" {
		return "Something went wrong."
	}
	msg = strings.ToUpper(msg[:1]) + msg[1:]
	if !strings.HasSuffix(msg, ".") && !strings.HasSuffix(msg, "!") && !strings.HasSuffix(msg, "?") {
		msg += "."
	}
	return msg
}
