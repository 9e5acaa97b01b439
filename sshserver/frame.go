package sshserver

import (
	"hash/maphash"
	"io"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/charmbracelet/x/ansi"
	"golang.org/x/time/rate"

	"boardroom/lobby/termtext"
)

// Bubble Tea's standard renderer redraws from a ticker that runs at the
// frame rate for the whole life of a session, idle or not, and shows a new
// frame only at the next tick. A session here instead runs its program
// without a renderer (tea.WithoutRenderer) and draws through a screen: a
// frame goes out as soon as the model produced it, unless the session is
// drawing faster than its frame rate, in which case the latest frame waits
// for one timer. An idle session costs nothing: no ticker, no goroutine.

// Escape sequences around a session: the alternate screen, hidden cursor
// and bracketed paste, as Bubble Tea's standard renderer sets them up and
// restores them.
const (
	screenSetup = ansi.HideCursor + ansi.SetModeAltScreenSaveCursor + ansi.EraseEntireScreen +
		ansi.CursorHomePosition + ansi.SetModeBracketedPaste
	screenRestore = ansi.ResetModeBracketedPaste + ansi.ShowCursor + ansi.ResetModeAltScreenSaveCursor
)

// frameBurst is how many frames may go out back to back before the frame
// rate applies: the first frames of a session (the loading line, then the
// lobby a millisecond later) and a reaction to a key (the echo, then the
// table update) are not held back.
const frameBurst = 4

// frameChunk bounds one write to the SSH channel. The channel and the
// transport each keep a buffer as large as the largest packet they sent, for
// the whole connection; a full repaint in small writes keeps them small:
// 512-byte pieces keep 1.3 KiB less of every idle session than 1 KiB ones
// (issue 32), for a lobby frame in four to eight writes (it is drawn whole
// once, then by the lines that changed).
// playChunk is the bound while the model says its frames are large and
// frequent (a game on screen, largeFramer): every piece is a packet and a
// system call, and at 1 KiB a game's frame took two to four of each (at
// 4,000 players with bots, 11,900 writes a second against 8,500 in one
// piece); a playing session's buffers are then a few KiB larger.
const (
	frameChunk = 512
	playChunk  = 8192
)

// stopper is a pending timer.
type stopper interface{ Stop() bool }

// lineSeed keys the hashes of drawn lines.
var lineSeed = maphash.MakeSeed()

// screen draws a session's frames on the client's alternate screen,
// rewriting only the lines that changed since the last frame. It keeps a
// hash of each line on the client's screen rather than the text: a session
// spends its life waiting, and a frame is kilobytes.
type screen struct {
	mu    sync.Mutex
	out   io.Writer
	every time.Duration // one frame token per interval
	lim   *rate.Limiter // frame tokens: frameBurst at once, then one per every
	now   func() time.Time
	after func(time.Duration, func()) stopper

	w, h    int
	setup   string   // written before the first frame
	shown   uint64   // hash of the frame on the client's screen
	lines   []uint64 // hashes of its lines
	spare   []uint64 // the previous frame's, reused for the next
	painted bool     // lines are what the client shows (false: repaint all)
	pending []string // latest frame not yet drawn, as its lines
	fitW    int      // every line of pending is exactly this wide (0: not known)
	sum     uint64   // frameHash of pending
	waiting bool     // pending holds a frame
	timer   stopper  // armed while a frame waits for a token
	closed  bool
	bells   *rate.Limiter // at most one bell per bellEvery
	rang    bool          // a bell waits for the first frame
	// stall, when set, arms a timer around each write to the client
	// (write); nil: writes are not watched.
	stall func() stopper
	large bool // frames are written in pieces of playChunk (setLarge)
}

// setLarge says whether the frames to come are a game's (written in
// pieces of playChunk) or not (frameChunk).
func (s *screen) setLarge(on bool) {
	s.mu.Lock()
	s.large = on
	s.mu.Unlock()
}

// bellEvery spaces a session's bells: a burst of notices (three tables
// turning to the player at once, a chat line naming them twice) rings once.
const bellEvery = 3 * time.Second

// ring sounds the terminal's bell (BEL) once, between frames, so it never
// splits an escape sequence. Before the first frame it waits for it.
func (s *screen) ring() {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.closed || !s.bells.AllowN(s.now(), 1) {
		return
	}
	if s.setup != "" {
		s.rang = true
		return
	}
	if err := write(s, "\a"); err != nil {
		s.stop()
	}
}

func newScreen(out io.Writer, fps, w, h int) *screen {
	if fps <= 0 {
		fps = 20
	}
	return &screen{
		out: out, every: time.Second / time.Duration(fps), lim: rate.NewLimiter(rate.Limit(fps), frameBurst),
		now: time.Now, after: func(d time.Duration, f func()) stopper { return time.AfterFunc(d, f) },
		w: w, h: h, setup: screenSetup, bells: rate.NewLimiter(rate.Every(bellEvery), 1),
	}
}

// notice writes text over the last line of the client's screen, with a
// bell, between frames (the idle warning, idle.go). The screen keeps only
// hashes of its lines, so it forgets that line: the next frame redraws it.
func (s *screen) notice(text string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.closed || s.setup != "" || len(s.lines) == 0 {
		return
	}
	row := len(s.lines)
	if s.w > 0 {
		text = ansi.Truncate(text, s.w, "")
	}
	out := ansi.CursorPosition(1, row) + "\a" + text + ansi.EraseLineRight
	if err := write(s, out); err != nil {
		s.stop()
		return
	}
	s.lines[row-1] = 0
	s.shown = 0 // the same view again is a new frame now
}

// frame takes the model's latest view and draws it now or, when the
// session is over its frame rate, as soon as it may.
func (s *screen) frame(view string) { s.frameLines(strings.Split(view, "\n")) }

// frameLines is frame for a view given as its lines (tui.Model.ViewLines):
// the screen compares and writes them as they are. It keeps the slice
// until the frame is drawn; the caller must not change it.
func (s *screen) frameLines(lines []string) { s.frameFitted(lines, 0) }

// frameFitted is frameLines for lines the model says are each exactly fitW
// cells wide (tui.Model.FittedWidth): at the screen's width they are
// written without measuring them (the measure was 2% of the server's time
// at 6,000 players).
func (s *screen) frameFitted(lines []string, fitW int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.closed {
		return
	}
	sum := frameHash(lines)
	if s.painted && sum == s.shown {
		s.waiting, s.pending = false, nil
		return
	}
	s.pending, s.sum, s.waiting, s.fitW = lines, sum, true, fitW
	if s.timer != nil {
		return // the armed timer draws the latest pending frame
	}
	now := s.now()
	if s.lim.AllowN(now, 1) {
		s.flush()
		return
	}
	s.timer = s.after(s.delay(now), s.onTimer)
}

// frameHash is the hash of a frame's lines joined by line breaks.
func frameHash(lines []string) uint64 {
	var h maphash.Hash
	h.SetSeed(lineSeed)
	for i, l := range lines {
		if i > 0 {
			h.WriteByte('\n')
		}
		h.WriteString(l)
	}
	return h.Sum64()
}

// line rewrites one row of the frame on the client's screen (a frame that
// differs from the last in that row alone: the turn timer's countdown,
// tickline.go). It reports false when it cannot, and the whole frame must
// be drawn instead: nothing drawn yet, a size change or a frame waiting,
// a row beyond the frame, or no frame token now.
func (s *screen) line(row int, line string) bool { return s.lineFitted(row, line, 0) }

// lineFitted is line for a line the model says is exactly fitW cells wide.
func (s *screen) lineFitted(row int, line string, fitW int) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.closed {
		return true // nothing more is drawn
	}
	if !s.painted || s.waiting || s.timer != nil || row < 0 || row >= len(s.lines) {
		return false
	}
	h := maphash.String(lineSeed, line)
	if s.lines[row] == h {
		return true
	}
	if !s.lim.AllowN(s.now(), 1) {
		return false
	}
	line, lw := s.fit(line, fitW)
	bp := flushBufs.Get().(*[]byte)
	b := appendCursorPosition((*bp)[:0], 1, row+1)
	b = append(b, line...)
	if lw < s.w {
		b = append(b, ansi.EraseLineRight...)
	}
	b = appendCursorPosition(b, 0, len(s.lines))
	err := write(s, b)
	*bp = b[:0]
	flushBufs.Put(bp)
	if err != nil {
		s.stop()
		return true
	}
	s.lines[row] = h
	s.shown = 0 // the frame on the screen is no longer the last one drawn whole
	return true
}

// delay is how long until the next frame token.
func (s *screen) delay(now time.Time) time.Duration {
	return max(time.Duration((1-s.lim.TokensAt(now))*float64(s.every)), time.Millisecond)
}

// onTimer draws the frame that waited for a token.
func (s *screen) onTimer() {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.timer = nil
	if s.closed || !s.waiting {
		return
	}
	if now := s.now(); !s.lim.AllowN(now, 1) {
		s.timer = s.after(s.delay(now), s.onTimer) // woke a hair early
		return
	}
	s.flush()
}

// resize sets the client's terminal size. When it changed, the next frame
// (Bubble Tea draws one after every message, this one included) repaints
// every line.
func (s *screen) resize(w, h int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if w == s.w && h == s.h {
		return
	}
	s.w, s.h, s.painted = w, h, false
}

// flushBufs are the buffers frames are written from, shared by all
// sessions: a session holds one only while it writes.
var flushBufs = sync.Pool{New: func() any { b := make([]byte, 0, 4096); return &b }}

// maxPooledFlush bounds the buffers kept in flushBufs (a full repaint of a
// large terminal is bigger; it is not kept).
const maxPooledFlush = 64 << 10

// flush writes the pending frame; the caller holds mu. Each line break is
// written as CR LF: the client's terminal is raw, and the frame goes to the
// channel without the ssh library's newline translation (rawWriter).
func (s *screen) flush() {
	lines, shown, fitW := s.pending, s.sum, s.fitW
	s.pending, s.waiting, s.fitW = nil, false, 0
	if len(lines) == 0 || len(lines) == 1 && lines[0] == "" {
		lines = []string{" "} // as Bubble Tea: an empty view clears the screen
	}
	if s.h > 0 && len(lines) > s.h {
		lines = lines[len(lines)-s.h:] // keep the last s.h lines
	}
	hashes := s.spare[:0]
	bp := flushBufs.Get().(*[]byte)
	b := append((*bp)[:0], s.setup...)
	b = append(b, ansi.CursorHomePosition...)
	for i, line := range lines {
		h := maphash.String(lineSeed, line)
		hashes = append(hashes, h)
		if !s.painted || i >= len(s.lines) || s.lines[i] != h {
			line, lw := s.fit(line, fitW)
			b = append(b, line...)
			if lw < s.w {
				b = append(b, ansi.EraseLineRight...)
			}
		}
		if i < len(lines)-1 {
			b = append(b, '\r', '\n') // unchanged: just move down
		}
	}
	if len(s.lines) > len(hashes) || !s.painted {
		b = append(b, ansi.EraseScreenBelow...)
	}
	b = appendCursorPosition(b, 0, len(hashes))
	if s.rang {
		b = append(b, '\a')
		s.rang = false
	}
	err := write(s, b)
	if cap(b) <= maxPooledFlush {
		*bp = b[:0]
		flushBufs.Put(bp)
	}
	if err != nil {
		s.stop()
		return
	}
	s.setup = ""
	s.shown, s.painted = shown, true
	s.lines, s.spare = hashes, s.lines
}

// fit is line cut to the screen's width, and its width. A line the model
// says is fitW cells wide is not measured when fitW is the screen's width.
func (s *screen) fit(line string, fitW int) (string, int) {
	if s.w > 0 && fitW == s.w {
		return line, s.w
	}
	lw := termtext.Width(line)
	if s.w > 0 && lw > s.w {
		line = ansi.Truncate(line, s.w, "")
		lw = termtext.Width(line)
	}
	return line, lw
}

// write sends p to the client (a frame's buffer, or a short string: the
// bell, a notice, the goodbye) in pieces of at most frameChunk bytes. A
// client that stops reading fills its channel's window, and then a write
// blocks; the stall timer, when set, runs around each write so that such a
// write cannot hold the session for ever (runTUI closes the connection
// when it fires). The caller holds mu.
func write[T string | []byte](s *screen, p T) error {
	if s.stall != nil {
		t := s.stall()
		defer t.Stop()
	}
	chunk := frameChunk
	if s.large {
		chunk = playChunk
	}
	for len(p) > 0 {
		n := min(len(p), chunk)
		if _, err := s.out.Write([]byte(p[:n])); err != nil {
			return err
		}
		p = p[n:]
	}
	return nil
}

// close stops drawing and restores the terminal. final, when not blank, is
// the program's last view (a goodbye or an error message): it is printed on
// the normal screen after the alternate screen is left, so that it stays
// in the player's terminal.
func (s *screen) close(final string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.closed {
		return
	}
	drawn := s.setup == "" // else the terminal was never touched
	s.stop()
	last := strings.TrimRight(final, " \n")
	if last != "" {
		last = strings.ReplaceAll(last, "\n", "\r\n") + "\r\n"
	}
	if drawn {
		last = screenRestore + last
	}
	if last != "" {
		_ = write(s, last)
	}
}

// stop drops the pending frame and the timer; the caller holds mu.
func (s *screen) stop() {
	s.closed = true
	s.waiting, s.pending = false, nil
	if s.timer != nil {
		s.timer.Stop()
		s.timer = nil
	}
	s.lines, s.spare = nil, nil
}

// appendCursorPosition appends ansi.CursorPosition(col, row) to b, without
// making the string: the countdown's line is written every second for
// every session at a table with a turn timer.
func appendCursorPosition(b []byte, col, row int) []byte {
	if row <= 1 && col <= 1 {
		return append(b, ansi.CursorHomePosition...)
	}
	b = append(b, "\x1b["...)
	if row > 0 {
		b = strconv.AppendInt(b, int64(row), 10)
	}
	b = append(b, ';')
	if col > 0 {
		b = strconv.AppendInt(b, int64(col), 10)
	}
	return append(b, 'H')
}
