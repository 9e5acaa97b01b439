package loadgen

import (
	"context"
	"fmt"
	"io"
	"strings"
	"sync/atomic"
	"time"
	"unicode"
)

// reader reads one session's output: it feeds the terminal, writes its
// answers, notes the first byte and the wait-for text, and measures the time
// from a key sent to the next output. Its fields other than pending are
// owned by loop until done is closed.
type reader struct {
	sh    *shared
	src   io.Reader
	w     io.Writer
	base  time.Time // the shell request; stage times are relative to it
	term  *Terminal
	ready chan struct{}
	done  chan struct{}
	err   error

	// pending is 1 + the time since base at which the last key was sent,
	// or 0 when output has followed it.
	pending atomic.Int64

	bytes     int64
	firstByte time.Duration
	hasFirst  bool
	waitFor   time.Duration
	hasReady  bool
	keyLat    []time.Duration
}

func newReader(sh *shared, src io.Reader, w io.Writer, base time.Time) *reader {
	window := max(4096, 4*len(sh.needle))
	return &reader{
		sh: sh, src: src, w: w, base: base,
		term:  NewTerminal(sh.cfg.Rows, sh.cfg.Cols, !sh.cfg.NoAnswer, window),
		ready: make(chan struct{}),
		done:  make(chan struct{}),
	}
}

func (r *reader) loop() {
	defer close(r.done)
	r.err = readAll(r.src, 4096, r.consume)
}

func (r *reader) consume(p []byte) {
	now := time.Since(r.base)
	if t := r.pending.Swap(0); t != 0 {
		r.keyLat = append(r.keyLat, now-time.Duration(t-1))
	}
	r.bytes += int64(len(p))
	r.sh.total.Add(int64(len(p)))
	if !r.hasFirst {
		r.firstByte, r.hasFirst = now, true
	}
	if reply := r.term.Feed(p); len(reply) > 0 {
		// An answer that cannot be written means the session is going
		// away; the read that follows reports it.
		_, _ = r.w.Write(reply)
	}
	if !r.hasReady && (r.sh.needle == nil || r.term.Seen(r.sh.needle)) {
		r.waitFor, r.hasReady = now, true
		close(r.ready)
	}
}

// sendKeys types the script, one key per interval, until ctx ends or the
// script is done (once, or repeated when loop is set). It returns the keys
// sent and how many were followed by another key before any output.
func (r *reader) sendKeys(ctx context.Context, keys []Key, interval time.Duration, loop bool) (sent, noOutput int) {
	t := time.NewTimer(interval)
	defer t.Stop()
	for i := 0; ; i++ {
		if i == len(keys) {
			if !loop {
				return sent, noOutput
			}
			i = 0
		}
		select {
		case <-ctx.Done():
			return sent, noOutput
		case <-t.C:
		}
		if r.pending.Swap(int64(time.Since(r.base))+1) != 0 {
			noOutput++
		}
		if _, err := r.w.Write(keys[i].Bytes); err != nil {
			return sent, noOutput
		}
		sent++
		t.Reset(interval)
	}
}

// sanitizeLine makes a server's message printable on one line.
func sanitizeLine(s string) string {
	s = strings.Map(func(r rune) rune {
		if unicode.IsControl(r) || unicode.Is(unicode.Cf, r) {
			return ' '
		}
		return r
	}, s)
	return strings.Join(strings.Fields(s), " ")
}

// readAll feeds everything read from src to consume, in reads of up to size
// bytes, until an error (io.EOF when the session ends), which it returns. A
// panic in consume is returned as an error, never raised.
func readAll(src io.Reader, size int, consume func([]byte)) (err error) {
	defer func() {
		if p := recover(); p != nil {
			err = fmt.Errorf("panic in reader: %v", p)
		}
	}()
	buf := make([]byte, size)
	for {
		n, err := src.Read(buf)
		if n > 0 {
			consume(buf[:n])
		}
		if err != nil {
			return err
		}
	}
}
