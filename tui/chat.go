package tui

import (
	"errors"
	"strings"

	"github.com/charmbracelet/bubbles/key"
	"github.com/charmbracelet/bubbles/textinput"
	tea "github.com/charmbracelet/bubbletea"

	"boardroom/lobby"
)

// chatLoad is how many recent messages a chat box shows.
const chatLoad = 200

// chatBox is a chat channel's scrollback with an input line.
type chatBox struct {
	ch       lobby.Channel
	label    string
	msgs     []lobby.ChatMessage
	th       *Theme
	scroll   scrollback       // the scrollback's position (scrollback.go)
	in       *textinput.Model // made when the box first takes the keyboard (input())
	focused  bool
	scrolled bool                      // the reader scrolled up: do not jump to the end
	noSend   string                    // why this viewer cannot write here ("" if they can)
	gen      uint64                    // counts loads of msgs: keys drawn
	drawn    Memo[chatViewKey, string] // the box as the last frame drew it (framecache.go)
}

// openChat points a chat box at a channel and loads it.
func (m *Model) openChat(c *chatBox, ch lobby.Channel, label string) {
	if c.ch != ch || c.label == "" {
		*c = chatBox{ch: ch, label: label, th: m.th}
	}
	c.label = label
	c.noSend = ""
	if m.acc == nil {
		c.noSend = "Guests can read but not chat."
	}
	m.loadChat(c)
}

// loadChat re-reads a chat box's recent messages.
func (m *Model) loadChat(c *chatBox) {
	if c.label == "" {
		return
	}
	msgs, err := m.src.chat.Chat(m.ctx, m.acc, c.ch, chatLoad)
	if err != nil {
		m.log.Debug("chat load", "err", err)
		return
	}
	c.msgs = msgs
	c.gen++
}

// input is the box's text input. It is made on first use: most sessions
// only read a chat, and an input with its styles and key map is a few KB.
func (c *chatBox) input() *textinput.Model {
	if c.in == nil {
		th := c.th
		if th == nil {
			th = NewTheme(nil, false, false)
		}
		in := newInput(th, "say something", 300)
		c.in = &in
	}
	return c.in
}

func (c *chatBox) focus() {
	c.focused = true
	c.input().Focus()
}

func (c *chatBox) blur() {
	c.focused = false
	if c.in != nil {
		c.in.Blur()
	}
}

// chatKey handles a key while the chat box has the keyboard.
func (m *Model) chatKey(c *chatBox, k tea.KeyMsg) {
	switch {
	case k.Type == tea.KeyEsc || k.Type == tea.KeyTab:
		c.blur()
	case k.Type == tea.KeyPgUp:
		c.scrolled = true
		c.scroll.pageUp()
	case k.Type == tea.KeyPgDown:
		c.scroll.pageDown()
		c.scrolled = !c.scroll.atBottom()
	case k.Type == tea.KeyEnter:
		text := strings.TrimSpace(c.input().Value())
		if text == "" {
			return
		}
		if m.chatCommand(text) { // /block, /unblock, /report: protect.go
			c.in.Reset()
			m.loadChat(c)
			return
		}
		if c.noSend != "" {
			m.setInfo(c.noSend)
			return
		}
		if err := m.src.chat.Say(m.ctx, m.acc, c.ch, text); err != nil {
			if errors.Is(err, lobby.ErrMuted) {
				// Why and until when do not fit the status line at 80
				// columns: the whole sentence, over the screen.
				m.push(newOverlay("Muted", "", errText(err)))
				return
			}
			m.setErr(err)
			return
		}
		c.in.Reset()
		c.scrolled = false
		m.loadChat(c)
	default:
		*c.input(), _ = c.input().Update(k)
	}
}

func chatKeys() []key.Binding {
	return []key.Binding{keyEnter("send"), keyScroll(), Bind("esc/tab", "leave chat", "esc", "tab")}
}

// view draws the chat box as a panel of outer size w x h; while the box
// does not have the keyboard, the last frame's drawing serves until the
// messages, size or scroll position change. The lobby's box keeps no
// drawing: the lobby draws a frame when something in it changed or a key
// was pressed, while a session waiting there would hold its chat panel
// (1.3 KiB at 80x24) for nothing between frames (issue 32).
func (c *chatBox) view(m *Model, w, h int) string {
	if c.focused || m.screen == screenLobby {
		c.drawn = Memo[chatViewKey, string]{}
		return c.draw(m, w, h)
	}
	k := chatViewKey{gen: c.gen, w: w, h: h, th: m.th, scrolled: c.scrolled, yOff: c.scroll.top, label: c.label, noSend: c.noSend}
	return c.drawn.Get(k, func() string {
		if len(c.msgs) == 0 && m.th.emptyChats != nil {
			return c.drawEmpty(m, w, h)
		}
		return c.draw(m, w, h)
	})
}

// emptyChatKey is what the panel of a chat without messages reads, its
// keyboard elsewhere: the size, the label and why the viewer cannot write.
type emptyChatKey struct {
	w, h          int
	label, noSend string
}

// Bounds of a theme's empty chat panels: a few labels at a few sizes.
const (
	emptyChatEntries = 64
	emptyChatBytes   = 256 << 10
)

func newEmptyChats() *sharedCache[emptyChatKey, string] {
	return newSharedCache[emptyChatKey](emptyChatEntries, emptyChatBytes, func(s string) int { return len(s) })
}

// drawEmpty is draw for a chat without messages, its keyboard elsewhere:
// the panel ("No messages yet.") is the same for every session of the
// theme at that size and label, drawn once for them (each playing session
// kept its own, 1 KiB; issue 32). The scrollback is left as draw leaves it
// (one line: at its top, whatever the reader did).
func (c *chatBox) drawEmpty(m *Model, w, h int) string {
	if innerW, innerH := PanelInner(w), h-2; innerW >= 1 && innerH >= 2 {
		c.scroll.show(oneLine, innerH-1, !c.scrolled)
	}
	k := emptyChatKey{w: w, h: h, label: c.label, noSend: c.noSend}
	return m.th.emptyChats.get(k, func() string { return c.draw(m, w, h) })
}

// oneLine stands for the one line of an empty chat (drawEmpty).
var oneLine = []string{""}

func (c *chatBox) draw(m *Model, w, h int) string {
	th := m.th
	innerW, innerH := PanelInner(w), h-2
	if innerW < 1 || innerH < 2 {
		return Block("", w, h)
	}
	var lines []string
	for _, msg := range c.msgs {
		if m.o.Operator != nil && msg.ID != 0 {
			// An operator sees each line's id: op delete-message takes it.
			msg.Text = "#" + itoa(int(msg.ID)) + " " + msg.Text
		}
		lines = append(lines, chatLine(th, msg, innerW)...)
	}
	if len(lines) == 0 {
		lines = []string{th.Subtle.Render("No messages yet.")}
	}
	shown := c.scroll.show(lines, innerH-1, !c.scrolled)
	input := ""
	switch {
	case c.noSend != "":
		input = th.Subtle.Render(c.noSend)
	case c.focused:
		in := c.input()
		in.Width = max(innerW-3, 1)
		input = in.View()
	default:
		input = th.Subtle.Render("tab to chat")
	}
	body := Block(strings.Join(shown, "\n"), innerW, innerH-1) + "\n" + Block(input, innerW, 1)
	return th.Panel(c.label, body, w, h, c.focused)
}

// chatLine renders one message, sanitised again (defence in depth) and
// wrapped to width w.
func chatLine(th *Theme, msg lobby.ChatMessage, w int) []string {
	stamp := msg.At.UTC().Format("15:04")
	text := lobby.Sanitize(msg.Text, 1000)
	var head string
	if msg.System {
		head = th.System.Render(stamp + " * " + text)
		return strings.Split(Wrap(head, w), "\n")
	}
	handle := lobby.Sanitize(msg.Handle, 16)
	line := th.Subtle.Render(stamp) + " " + th.Bold.Render(handle) + ": " + text
	return strings.Split(Wrap(line, w), "\n")
}
