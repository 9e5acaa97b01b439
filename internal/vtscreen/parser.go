package vtscreen

import "unicode/utf8"

// Caps on what the parser keeps of one sequence. A longer sequence is read to
// its end and then dropped whole, so a hostile or broken stream cannot grow
// memory and the parser is back in step afterwards.
const (
	MaxCSI = 32  // bytes of CSI parameters and intermediates
	MaxOSC = 512 // bytes of an OSC payload
)

// Handler receives what a Parser finds in the stream. The slices it is given
// are valid only during the call.
type Handler interface {
	// Print is a printable rune; a byte that is not UTF-8 arrives as
	// utf8.RuneError.
	Print(r rune)
	// Execute is a C0 control character other than ESC, CAN and SUB (CR,
	// LF, BS, TAB, BEL...). DEL is dropped.
	Execute(b byte)
	// Escape is ESC, optional intermediates (0x20-0x2f), and a final byte:
	// ESC 7, ESC M, ESC ( B. The introducers of CSI, OSC and the other
	// strings do not arrive here.
	Escape(inter []byte, final byte)
	// CSI is ESC [, the bytes 0x20-0x3f that follow (a private marker such
	// as '?', the parameters, intermediates), and the final byte.
	CSI(params []byte, final byte)
	// OSC is the payload between ESC ] and BEL or ST.
	OSC(payload []byte)
}

// ASCIIPrinter is a Handler that can take a run of printable ASCII bytes
// (0x20-0x7e) at once: the parser then hands it each such run in the ground
// state instead of a Print for every byte (most of a frame's text). The run
// is valid only during the call.
type ASCIIPrinter interface {
	PrintASCII(run []byte)
}

type state uint8

const (
	sGround   state = iota
	sEsc            // after ESC
	sEscInter       // ESC and intermediates, waiting for the final byte
	sCSI            // ESC [ ...
	sOSC            // ESC ] ...
	sOSCEsc         // ESC inside an OSC: ST, or the start of a new sequence
	sStr            // DCS, SOS, PM, APC: skipped until ST
	sStrEsc         // ESC inside such a string
)

// Parser splits a terminal's output into printable runes, controls and
// escape sequences, in the manner of the DEC VT500 parser (the state machine
// xterm follows). Input may be cut anywhere, also inside an escape sequence
// or a UTF-8 rune: the parser keeps the unfinished part for the next Write.
// CAN and SUB abort a sequence; ESC inside one starts a new one. DCS, SOS,
// PM and APC strings are skipped. It is not safe for concurrent use.
type Parser struct {
	h        Handler
	ascii    ASCIIPrinter // h, when it takes runs of ASCII (nil: it does not)
	st       state
	seq      []byte // CSI parameters, ESC intermediates or OSC payload
	overflow bool   // seq went past its cap: drop the sequence
	utf      [utf8.UTFMax]byte
	nutf     int // bytes of an unfinished rune in utf
}

// NewParser returns a parser that reports to h.
func NewParser(h Handler) *Parser {
	a, _ := h.(ASCIIPrinter)
	return &Parser{h: h, ascii: a, seq: make([]byte, 0, MaxCSI)}
}

// Write parses p. It never fails: n is always len(p).
func (p *Parser) Write(b []byte) (int, error) {
	for i := 0; i < len(b); {
		if p.ascii != nil && p.st == sGround && p.nutf == 0 {
			j := i
			for j < len(b) && b[j] >= 0x20 && b[j] < 0x7f {
				j++
			}
			if j > i {
				p.ascii.PrintASCII(b[i:j])
				i = j
				continue
			}
		}
		p.step(b[i])
		i++
	}
	return len(b), nil
}

func (p *Parser) step(c byte) {
	switch p.st {
	case sGround:
		p.ground(c)
	case sEsc:
		p.esc(c)
	case sEscInter:
		switch {
		case c >= 0x20 && c <= 0x2f:
			p.keep(c, MaxCSI)
		case c >= 0x30 && c <= 0x7e:
			p.st = sGround
			if !p.overflow {
				p.h.Escape(p.seq, c)
			}
		default:
			p.control(c)
		}
	case sCSI:
		switch {
		case c >= 0x20 && c <= 0x3f:
			p.keep(c, MaxCSI)
		case c >= 0x40 && c <= 0x7e:
			p.st = sGround
			if !p.overflow {
				p.h.CSI(p.seq, c)
			}
		default:
			p.control(c)
		}
	case sOSC:
		switch c {
		case 0x07:
			p.endOSC()
		case 0x1b:
			p.st = sOSCEsc
		case 0x18, 0x1a:
			p.st = sGround
		default:
			p.keep(c, MaxOSC)
		}
	case sOSCEsc:
		if c == '\\' {
			p.endOSC()
			return
		}
		p.esc(c) // an unterminated OSC is dropped; c follows a new ESC
	case sStr:
		switch c {
		case 0x1b:
			p.st = sStrEsc
		case 0x18, 0x1a:
			p.st = sGround
		}
	case sStrEsc:
		if c == '\\' {
			p.st = sGround
			return
		}
		p.esc(c)
	}
}

// control handles a byte below 0x20 (or DEL, or a byte of 0x80 and above)
// in the middle of a CSI or ESC sequence: ESC starts a new sequence, CAN and
// SUB abort, other C0 controls take effect at once, the rest is ignored.
func (p *Parser) control(c byte) {
	switch {
	case c == 0x1b:
		p.begin(sEsc)
	case c == 0x18 || c == 0x1a:
		p.st = sGround
	case c < 0x20:
		p.h.Execute(c)
	}
}

func (p *Parser) begin(s state) {
	p.st, p.seq, p.overflow = s, p.seq[:0], false
}

func (p *Parser) esc(c byte) {
	switch {
	case c == '[':
		p.begin(sCSI)
	case c == ']':
		p.begin(sOSC)
	case c == 'P' || c == 'X' || c == '^' || c == '_':
		p.begin(sStr)
	case c >= 0x20 && c <= 0x2f:
		p.begin(sEscInter)
		p.seq = append(p.seq, c)
	case c >= 0x30 && c <= 0x7e:
		p.st = sGround
		p.h.Escape(nil, c)
	case c >= 0x80:
		p.st = sGround
	default:
		// ESC starts over, CAN and SUB abort, other C0 controls take
		// effect and the escape goes on.
		p.begin(sEsc)
		p.control(c)
	}
}

func (p *Parser) endOSC() {
	p.st = sGround
	if !p.overflow {
		p.h.OSC(p.seq)
	}
}

func (p *Parser) keep(c byte, limit int) {
	if len(p.seq) >= limit {
		p.overflow = true
		return
	}
	p.seq = append(p.seq, c)
}

func (p *Parser) ground(c byte) {
	if p.nutf > 0 {
		if c&0xc0 == 0x80 {
			p.utf[p.nutf] = c
			p.nutf++
			if utf8.FullRune(p.utf[:p.nutf]) {
				p.flushRune()
			}
			return
		}
		// A rune cut short by a byte that cannot continue it.
		p.nutf = 0
		p.h.Print(utf8.RuneError)
	}
	switch {
	case c >= 0x80:
		p.utf[0], p.nutf = c, 1
		if utf8.FullRune(p.utf[:1]) { // not a valid first byte
			p.flushRune()
		}
	case c >= 0x20 && c < 0x7f:
		p.h.Print(rune(c))
	case c == 0x1b:
		p.begin(sEsc)
	case c == 0x7f:
	default:
		p.h.Execute(c)
	}
}

func (p *Parser) flushRune() {
	r, _ := utf8.DecodeRune(p.utf[:p.nutf])
	p.nutf = 0
	p.h.Print(r)
}
