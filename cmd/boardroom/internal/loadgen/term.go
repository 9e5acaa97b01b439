package loadgen

import (
	"bytes"
	"fmt"
	"strings"
	"unicode/utf8"

	"boardroom/internal/vtscreen"
)

// QueryCounts counts the terminal queries seen in a session's output.
type QueryCounts struct {
	OSC10 int `json:"osc10"` // foreground colour query, ESC ] 10 ; ?
	OSC11 int `json:"osc11"` // background colour query, ESC ] 11 ; ?
	DSR   int `json:"dsr"`   // cursor position report, ESC [ 6 n
	DA1   int `json:"da1"`   // primary device attributes, ESC [ c
}

func (q *QueryCounts) add(o QueryCounts) {
	q.OSC10 += o.OSC10
	q.OSC11 += o.OSC11
	q.DSR += o.DSR
	q.DA1 += o.DA1
}

// Replies a terminal with a black background sends.
const (
	replyOSC10 = "\x1b]10;rgb:ffff/ffff/ffff\x1b\\"
	replyOSC11 = "\x1b]11;rgb:0000/0000/0000\x1b\\"
	replyDA1   = "\x1b[?62;22c"
)

// Terminal is the client side of one session's terminal. It consumes the
// server's output in chunks of any size (a sequence may be split across
// reads; vtscreen's parser reads it), keeps a rolling window of the visible
// text with escape sequences removed and whitespace runs collapsed, and
// produces the replies a real terminal sends to OSC 10/11 colour queries,
// cursor position reports and primary device attributes requests. It holds
// no screen: a session that needs one keeps a vtscreen.Screen beside it. It
// is not safe for concurrent use.
type Terminal struct {
	rows, cols int
	answer     bool
	parser     *vtscreen.Parser
	reply      []byte // the answers to the chunk being fed
	win        textWindow
	Queries    QueryCounts
}

// NewTerminal returns a terminal of rows x cols that answers queries when
// answer is true and keeps at least window bytes of text.
func NewTerminal(rows, cols int, answer bool, window int) *Terminal {
	if window < 256 {
		window = 256
	}
	t := &Terminal{rows: rows, cols: cols, answer: answer, win: textWindow{max: window}}
	t.parser = vtscreen.NewParser((*termEvents)(t))
	return t
}

// Feed consumes a chunk of output and returns the bytes to send back to the
// server (nil when there is nothing to answer).
func (t *Terminal) Feed(p []byte) []byte {
	t.reply = nil
	_, _ = t.parser.Write(p)
	return t.reply
}

// Answerer is the terminal as a parser's handler of its queries alone (its
// text window is not fed), for a screen that parses the output once for
// both (vtscreen.NewTee); TakeReply then returns what to answer.
func (t *Terminal) Answerer() vtscreen.Handler { return (*queryEvents)(t) }

// TakeReply returns the answers to what was parsed since the last call
// (nil when there is nothing to answer).
func (t *Terminal) TakeReply() []byte {
	r := t.reply
	t.reply = nil
	return r
}

// termEvents is the Terminal as the parser's handler, so that the handler's
// methods stay out of Terminal's API.
type termEvents Terminal

func (e *termEvents) Print(r rune) {
	if r == ' ' {
		e.win.space()
		return
	}
	e.win.add(r)
}

func (e *termEvents) Execute(c byte) {
	if c == '\r' || c == '\n' || c == '\t' {
		e.win.space()
	}
	// other control characters print nothing
}

func (e *termEvents) Escape([]byte, byte) {}

func (e *termEvents) CSI(params []byte, final byte) {
	switch {
	case (*queryEvents)(e).query(params, final):
	case final == 'm' || final == 'K' || final == 'h' || final == 'l':
		// colours, erase to end of line and modes move no text
	default:
		// cursor movement and the like separate words on screen
		e.win.space()
	}
}

func (e *termEvents) OSC(payload []byte) { (*queryEvents)(e).OSC(payload) }

// queryEvents is the Terminal as a handler of the queries alone: a play
// session's screen keeps the text (vtReader), so the text window is not fed.
type queryEvents Terminal

func (e *queryEvents) Print(rune)          {}
func (e *queryEvents) PrintASCII([]byte)   {} // text comes in runs (vtscreen.ASCIIPrinter)
func (e *queryEvents) Execute(byte)        {}
func (e *queryEvents) Escape([]byte, byte) {}

func (e *queryEvents) CSI(params []byte, final byte) { e.query(params, final) }

// query counts and answers a CSI query; false when it is none.
func (e *queryEvents) query(params []byte, final byte) bool {
	switch {
	case final == 'n' && string(params) == "6":
		e.Queries.DSR++
		if e.answer {
			e.reply = fmt.Appendf(e.reply, "\x1b[%d;%dR", e.rows, e.cols)
		}
	case final == 'c' && (len(params) == 0 || string(params) == "0"):
		e.Queries.DA1++
		if e.answer {
			e.reply = append(e.reply, replyDA1...)
		}
	default:
		return false
	}
	return true
}

func (e *queryEvents) OSC(payload []byte) {
	switch string(payload) {
	case "10;?":
		e.Queries.OSC10++
		if e.answer {
			e.reply = append(e.reply, replyOSC10...)
		}
	case "11;?":
		e.Queries.OSC11++
		if e.answer {
			e.reply = append(e.reply, replyOSC11...)
		}
	}
}

// Text returns the current window of visible text.
func (t *Terminal) Text() string { return string(t.win.buf) }

// Seen reports whether needle (normalised with NormalizeText) has appeared
// in the text since the last call that returned false. Each call searches
// only the text added since the previous call plus an overlap, so calling it
// after every Feed is cheap.
func (t *Terminal) Seen(needle []byte) bool { return t.win.find(needle) }

// NormalizeText collapses whitespace the way the terminal's text window does,
// so that a --wait-for text matches however the server laid it out.
func NormalizeText(s string) []byte {
	return []byte(strings.Join(strings.Fields(s), " "))
}

// textWindow is a rolling window of text with whitespace runs collapsed.
type textWindow struct {
	buf     []byte
	max     int
	pending bool // a space is due before the next byte
	checked int  // buf[:checked] was searched already
}

func (w *textWindow) space() {
	if len(w.buf) > 0 {
		w.pending = true
	}
}

func (w *textWindow) add(r rune) {
	if w.pending {
		w.buf = append(w.buf, ' ')
		w.pending = false
	}
	w.buf = utf8.AppendRune(w.buf, r)
	if len(w.buf) >= 2*w.max {
		drop := len(w.buf) - w.max
		w.buf = append(w.buf[:0], w.buf[drop:]...)
		w.checked = max(0, w.checked-drop)
	}
}

func (w *textWindow) find(needle []byte) bool {
	if len(needle) == 0 {
		return true
	}
	from := max(0, w.checked-len(needle)+1)
	w.checked = len(w.buf)
	return bytes.Contains(w.buf[from:], needle)
}
