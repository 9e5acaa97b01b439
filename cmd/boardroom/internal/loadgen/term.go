package loadgen

import (
	"bytes"
	"fmt"
	"strings"
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

const (
	maxCSI = 32  // longest CSI parameter string kept
	maxOSC = 512 // longest OSC payload kept
)

type termState uint8

const (
	stGround   termState = iota
	stEsc                // after ESC
	stEscInter           // ESC followed by intermediates (ESC ( B)
	stCSI                // ESC [ ...
	stOSC                // ESC ] ...
	stOSCEsc             // ESC inside an OSC: ST or a new sequence
	stStr                // DCS, SOS, PM, APC: skipped until ST
	stStrEsc             // ESC inside such a string
)

// Terminal is the client side of one session's terminal. It consumes the
// server's output in chunks of any size (a sequence may be split across
// reads), keeps a rolling window of the visible text with escape sequences
// removed and whitespace runs collapsed, and produces the replies a real
// terminal sends to OSC 10/11 colour queries, cursor position reports and
// primary device attributes requests. It is not safe for concurrent use.
type Terminal struct {
	rows, cols int
	answer     bool
	state      termState
	seq        []byte // CSI parameters or OSC payload
	overflow   bool   // seq was longer than its cap
	win        textWindow
	Queries    QueryCounts
}

// NewTerminal returns a terminal of rows x cols that answers queries when
// answer is true and keeps at least window bytes of text.
func NewTerminal(rows, cols int, answer bool, window int) *Terminal {
	if window < 256 {
		window = 256
	}
	return &Terminal{rows: rows, cols: cols, answer: answer, win: textWindow{max: window}}
}

// Feed consumes a chunk of output and returns the bytes to send back to the
// server (nil when there is nothing to answer).
func (t *Terminal) Feed(p []byte) []byte {
	var reply []byte
	for i := 0; i < len(p); i++ {
		c := p[i]
		switch t.state {
		case stGround:
			t.ground(c)
		case stEsc:
			reply = t.esc(c, reply)
		case stEscInter:
			if c < 0x20 || c > 0x2f {
				t.state = stGround
			}
		case stCSI:
			reply = t.csi(c, reply)
		case stOSC:
			switch c {
			case 0x07:
				reply = t.osc(reply)
				t.state = stGround
			case 0x1b:
				t.state = stOSCEsc
			case 0x18, 0x1a:
				t.state = stGround
			default:
				t.keep(c, maxOSC)
			}
		case stOSCEsc:
			if c == '\\' {
				reply = t.osc(reply)
				t.state = stGround
			} else {
				t.state = stEsc
				reply = t.esc(c, reply)
			}
		case stStr:
			switch c {
			case 0x1b:
				t.state = stStrEsc
			case 0x18, 0x1a:
				t.state = stGround
			}
		case stStrEsc:
			if c == '\\' {
				t.state = stGround
			} else {
				t.state = stEsc
				reply = t.esc(c, reply)
			}
		}
	}
	return reply
}

func (t *Terminal) ground(c byte) {
	switch {
	case c == 0x1b:
		t.state = stEsc
	case c == '\r' || c == '\n' || c == '\t' || c == ' ':
		t.win.space()
	case c < 0x20 || c == 0x7f:
		// other control characters print nothing
	default:
		t.win.add(c)
	}
}

func (t *Terminal) esc(c byte, reply []byte) []byte {
	t.seq, t.overflow = t.seq[:0], false
	switch {
	case c == '[':
		t.state = stCSI
	case c == ']':
		t.state = stOSC
	case c == 'P' || c == 'X' || c == '^' || c == '_':
		t.state = stStr
	case c == 0x1b:
		t.state = stEsc
	case c >= 0x20 && c <= 0x2f:
		t.state = stEscInter
	default:
		t.state = stGround
	}
	return reply
}

func (t *Terminal) csi(c byte, reply []byte) []byte {
	switch {
	case c >= 0x20 && c <= 0x3f:
		t.keep(c, maxCSI)
	case c >= 0x40 && c <= 0x7e:
		t.state = stGround
		reply = t.dispatchCSI(c, reply)
	case c == 0x1b:
		t.state = stEsc
	case c == 0x18 || c == 0x1a:
		t.state = stGround
	}
	return reply
}

func (t *Terminal) dispatchCSI(final byte, reply []byte) []byte {
	if t.overflow {
		return reply
	}
	params := string(t.seq)
	switch {
	case final == 'n' && params == "6":
		t.Queries.DSR++
		if t.answer {
			reply = fmt.Appendf(reply, "\x1b[%d;%dR", t.rows, t.cols)
		}
	case final == 'c' && (params == "" || params == "0"):
		t.Queries.DA1++
		if t.answer {
			reply = append(reply, replyDA1...)
		}
	case final == 'm' || final == 'K' || final == 'h' || final == 'l':
		// colours, erase to end of line and modes move no text
	default:
		// cursor movement and the like separate words on screen
		t.win.space()
	}
	return reply
}

func (t *Terminal) osc(reply []byte) []byte {
	if t.overflow {
		return reply
	}
	switch string(t.seq) {
	case "10;?":
		t.Queries.OSC10++
		if t.answer {
			reply = append(reply, replyOSC10...)
		}
	case "11;?":
		t.Queries.OSC11++
		if t.answer {
			reply = append(reply, replyOSC11...)
		}
	}
	return reply
}

func (t *Terminal) keep(c byte, max int) {
	if len(t.seq) >= max {
		t.overflow = true
		return
	}
	t.seq = append(t.seq, c)
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

func (w *textWindow) add(c byte) {
	if w.pending {
		w.buf = append(w.buf, ' ')
		w.pending = false
	}
	w.buf = append(w.buf, c)
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
