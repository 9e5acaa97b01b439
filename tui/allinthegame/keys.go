package allinthegame

import (
	tea "github.com/charmbracelet/bubbletea"

	"boardroom/tui"
)

// keyInfo opens the whole table in words (info.go): every text the board
// shortens is there in full.
const keyInfo = "i"

// stepKey handles a key on the top step.
func (r *Renderer) stepKey(k tea.KeyMsg) {
	top := r.stack[len(r.stack)-1]
	ks := k.String()
	switch top.kind {
	case stepConfirm:
		// Only y confirms; Enter and every other key answer no (house rule).
		if tui.YesNo(k) == tui.Yes {
			r.submit(top.act)
			return
		}
		r.stack = r.stack[:len(r.stack)-1]
		return
	case stepInfo:
		r.infoKey(top, ks)
		return
	}
	switch ks {
	case "esc":
		if len(r.stack) > 1 {
			r.stack = r.stack[:len(r.stack)-1]
		}
		return
	case keyInfo:
		// Not after the game: the play screen then shows the result and,
		// at 80x24, no board; a page nobody sees would take the keys.
		if !r.v.Over {
			r.stack = append(r.stack, &step{kind: stepInfo})
		}
		return
	}
	if top.cursor >= 0 && len(top.items) > 0 {
		switch ks {
		case "up", "k", "left", "h":
			top.cursor = (top.cursor + len(top.items) - 1) % len(top.items)
			return
		case "down", "j", "right", "l", "tab":
			top.cursor = (top.cursor + 1) % len(top.items)
			return
		case "enter", " ":
			if top.cursor < len(top.items) {
				r.open(top.items[top.cursor])
			}
			return
		}
	}
	if len(r.stack) == 1 {
		for i, it := range top.items {
			if it.key != "" && it.key == ks {
				if top.cursor >= 0 {
					top.cursor = i
				}
				r.open(it)
				return
			}
		}
	}
}

// open carries out an item: the next step, a question, or the action.
func (r *Renderer) open(it item) {
	switch {
	case it.next != nil:
		if s := it.next(); s != nil && len(s.items) > 0 {
			r.stack = append(r.stack, s)
		}
	case it.question != nil:
		r.stack = append(r.stack, &step{kind: stepConfirm, question: it.question, act: it.act})
	case it.act != nil:
		r.submit(it.act)
	}
}
