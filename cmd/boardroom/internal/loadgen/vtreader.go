package loadgen

import (
	"context"
	"hash/maphash"
	"io"
	"strings"
	"sync"
	"time"
	"unsafe"

	"boardroom/internal/vtscreen"
)

// peerWindow is how long after another human's action a change of this
// screen is taken for that action. Bots move 700 ms after their turn comes,
// so a later change cannot be told from a bot's move: such an action counts
// as not shown rather than as a latency.
const peerWindow = 650 * time.Millisecond

// changeRing is how many recent screen changes a reader remembers, so an
// action can be matched to the first change after it once the actor knows
// it was an action (its own next screen says so).
const changeRing = 32

// A screen's text is compared without the turn timer's countdown on the
// prompt line ("0:52 left", as the pattern `\d+:\d\d left`): it redraws
// once a second on its own, so a change of it alone is not a change an
// action made. Every session does this at every change of its screen; a
// scan for " left", hashed as it goes, is some ten times cheaper than the
// regular expression and makes no string.

// maskSeed keys maskedSum.
var maskSeed = maphash.MakeSeed()

// maskedSum is the hash of text without its countdowns, made without a
// string of either.
func maskedSum(text []byte) uint64 {
	var h maphash.Hash
	h.SetSeed(maskSeed)
	s := unsafe.String(unsafe.SliceData(text), len(text)) // read only here, not kept
	write := func(part string) { h.WriteString(part) }
	maskEach(s, write, write)
	return h.Sum64()
}

// maskEach calls part for each piece of s before a countdown ("M:SS
// left") and rest with what follows the last one; when s has no
// countdown, only rest, with s.
func maskEach(s string, part, rest func(string)) {
	from, done := 0, 0 // from: where to look next; done: given up to
	for {
		i := strings.Index(s[from:], " left")
		if i < 0 {
			break
		}
		i += from
		from = i + 1
		if i < 4 || s[i-3] != ':' || !isDigit(s[i-2]) || !isDigit(s[i-1]) || !isDigit(s[i-4]) {
			continue
		}
		j := i - 4
		for j > done && isDigit(s[j-1]) {
			j--
		}
		part(s[done:j])
		done = i + len(" left")
		from = done
	}
	rest(s[done:])
}

func isDigit(c byte) bool { return c >= '0' && c <= '9' }

// vtReader reads a play session's output into a screen and remembers when
// the screen changed, so that actions can be matched to the changes they
// made.
type vtReader struct {
	sh      *shared
	src     io.Reader
	w       io.Writer
	term    *Terminal // answers terminal queries
	changed chan struct{}
	done    chan struct{}
	err     error

	mu      sync.Mutex
	scr     *vtscreen.Screen
	scrVer  uint64
	buf     []byte       // the screen's text, made again at each change of the screen
	masked  uint64       // hash of the text without the countdown (maskedSum)
	ver     uint64       // counts changes of masked
	changes []time.Time  // the last changeRing changes of masked, oldest first
	pending []*actionRec // other humans' actions not yet on this screen
}

func newVTReader(sh *shared, src io.Reader, w io.Writer) *vtReader {
	term := NewTerminal(sh.cfg.Rows, sh.cfg.Cols, !sh.cfg.NoAnswer, 256)
	return &vtReader{
		sh: sh, src: src, w: w,
		term: term,
		// One parse of the output for the screen and the terminal's
		// answers: parsing it twice was a third of the tool's CPU.
		scr:     vtscreen.NewTee(sh.cfg.Cols, sh.cfg.Rows, term.Answerer()),
		changed: make(chan struct{}, 1),
		done:    make(chan struct{}),
	}
}

func (r *vtReader) loop() {
	defer close(r.done)
	r.err = readAll(r.src, 8192, r.consume)
}

func (r *vtReader) consume(p []byte) {
	now := time.Now()
	r.sh.total.Add(int64(len(p)))
	var shown []*actionRec
	r.mu.Lock()
	_, _ = r.scr.Write(p) // the terminal's handler too (newVTReader)
	reply := r.term.TakeReply()
	changed := false
	if v := r.scr.Version(); v != r.scrVer {
		r.scrVer = v
		// The text in a buffer kept for it and its hash without the
		// countdown: every write to a session's screen used to make two
		// strings of it, most of what the tool allocated (and its
		// collections share the cores with the server it measures).
		r.buf = r.scr.AppendText(r.buf[:0])
		if m := maskedSum(r.buf); m != r.masked {
			r.masked, changed = m, true
			r.ver++
			if len(r.changes) == changeRing {
				r.changes = r.changes[1:]
			}
			r.changes = append(r.changes, now)
			shown, r.pending = r.pending, nil
		}
	}
	r.mu.Unlock()
	if len(reply) > 0 {
		_, _ = r.w.Write(reply)
	}
	for _, a := range shown {
		d := now.Sub(a.at)
		a.seen(d, d <= peerWindow)
	}
	if changed {
		select {
		case r.changed <- struct{}{}:
		default:
		}
	}
}

// firstChangeAfter is the first change of the screen at or after at.
func (r *vtReader) firstChangeAfter(at time.Time) (time.Time, bool) {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.firstChangeAfterLocked(at)
}

func (r *vtReader) firstChangeAfterLocked(at time.Time) (time.Time, bool) {
	for _, c := range r.changes {
		if !c.Before(at) {
			return c, true
		}
	}
	return time.Time{}, false
}

// expectPeer notes another human's action a: if the screen changed since,
// the first change is its latency; otherwise the next change will be.
// Actions waiting longer than the window count as not shown.
func (r *vtReader) expectPeer(a *actionRec, now time.Time) {
	r.mu.Lock()
	var late []*actionRec
	keep := r.pending[:0]
	for _, p := range r.pending {
		if now.Sub(p.at) > peerWindow {
			late = append(late, p)
		} else {
			keep = append(keep, p)
		}
	}
	r.pending = keep
	c, ok := r.firstChangeAfterLocked(a.at)
	if !ok {
		r.pending = append(r.pending, a)
	}
	r.mu.Unlock()
	for _, p := range late {
		p.seen(0, false)
	}
	if ok {
		d := c.Sub(a.at)
		a.seen(d, d <= peerWindow)
	}
}

// finish counts the actions still waiting past the window as not shown;
// younger ones are dropped (the run ended before they could show).
func (r *vtReader) finish(now time.Time) {
	r.mu.Lock()
	p := r.pending
	r.pending = nil
	r.mu.Unlock()
	for _, a := range p {
		if now.Sub(a.at) > peerWindow {
			a.seen(0, false)
		}
	}
}

// settle waits until the screen has not changed for a moment, so that a
// frame that arrives in several writes is read whole (at most 250 ms).
func (r *vtReader) settle(ctx context.Context) {
	const quiet, most = 15 * time.Millisecond, 250 * time.Millisecond
	end := time.Now().Add(most)
	t := time.NewTimer(quiet)
	defer t.Stop()
	for time.Now().Before(end) {
		select {
		case <-r.changed:
			t.Reset(quiet)
		case <-t.C:
			return
		case <-r.done:
			return
		case <-ctx.Done():
			return
		}
	}
}

// snapshotInto is snapshot for a session's own loop: the text copied into
// buf, which the caller owns and reuses, and returned as a string over it,
// valid until the caller's next snapshotInto (what it keeps longer, it
// clones). Each human read its screen at every change as a new string: a
// third of what the tool allocated in a long run, and its own collections
// made seconds slow in the report (docs/capacity.md).
func (r *vtReader) snapshotInto(buf *[]byte) (string, uint64) {
	r.mu.Lock()
	*buf = append((*buf)[:0], r.buf...)
	ver := r.ver
	r.mu.Unlock()
	return unsafe.String(unsafe.SliceData(*buf), len(*buf)), ver
}

// snapshot returns the screen text, a string of its own, and the number
// of its changes.
func (r *vtReader) snapshot() (string, uint64) {
	var buf []byte // never written again: the string is the caller's
	return r.snapshotInto(&buf)
}
