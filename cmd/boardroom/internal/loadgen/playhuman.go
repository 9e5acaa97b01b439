package loadgen

import (
	"context"
	"crypto/ed25519"
	"crypto/rand"
	"fmt"
	"io"
	"net"
	"strings"
	"sync"
	"time"

	"golang.org/x/crypto/ssh"

	"boardroom/internal/vtscreen"
)

// human is one play-mode session: an SSH connection with its own key that
// sets a handle, (for the host) opens the table, then plays it in the TUI.
type human struct {
	sh  *shared
	tab *playTable
	idx int // 0 is the table's host

	client *ssh.Client
	conn   net.Conn
	in     io.Writer
	vt     *vtReader

	res humanResult
}

// humanResult is what one human measured.
type humanResult struct {
	ok       bool
	reason   string
	detail   string
	actions  map[string]int
	self     []time.Duration // action key -> own screen changed
	peer     []time.Duration // another human's action key -> this screen changed
	peerMiss int             // such actions this screen never showed
	inGame   bool            // reached the game screen
	screen   string
}

func (h *human) fail(stage string, err error) {
	if h.res.reason == "" {
		h.res.reason = stage + ": " + classify(err)
		h.res.detail = truncate(err.Error(), 200)
	}
	h.res.ok = false
}

// connect dials and authenticates with a fresh key, then sets the handle.
func (h *human) connect(ctx context.Context, name string) error {
	cfg := h.sh.cfg
	_, priv, err := ed25519.GenerateKey(rand.Reader)
	if err != nil {
		return fmt.Errorf("key: %w", err)
	}
	signer, err := ssh.NewSignerFromKey(priv)
	if err != nil {
		return fmt.Errorf("key: %w", err)
	}
	d := net.Dialer{Timeout: cfg.Timeout}
	conn, err := d.DialContext(ctx, "tcp", cfg.Addr)
	if err != nil {
		return fmt.Errorf("dial: %w", err)
	}
	_ = conn.SetDeadline(time.Now().Add(cfg.Timeout))
	cc, chans, reqs, err := ssh.NewClientConn(conn, cfg.Addr, &ssh.ClientConfig{
		User: cfg.User, Auth: []ssh.AuthMethod{ssh.PublicKeys(signer)},
		HostKeyCallback: h.sh.hostKey.check, Timeout: cfg.Timeout,
	})
	if err != nil {
		conn.Close()
		return fmt.Errorf("handshake: %w", ctxErr(ctx, err))
	}
	_ = conn.SetDeadline(time.Time{})
	h.conn, h.client = conn, ssh.NewClient(cc, chans, reqs)
	context.AfterFunc(ctx, func() { _ = conn.Close() })
	g := newGuard(cfg.Timeout, conn)
	err = setHandle(h.client, name)
	g.stop()
	if err != nil {
		return fmt.Errorf("handle: %w", g.explain(ctx, err))
	}
	return nil
}

// command runs a plain-text command and returns its output.
func (h *human) command(ctx context.Context, cmd string) (string, error) {
	g := newGuard(h.sh.cfg.Timeout, h.conn)
	defer g.stop()
	sess, err := h.client.NewSession()
	if err != nil {
		return "", g.explain(ctx, err)
	}
	defer sess.Close()
	var errb capBuffer
	errb.max = 300
	sess.Stderr = &errb
	out, err := sess.Output(cmd)
	if err != nil {
		if msg := errb.String(); msg != "" {
			return "", fmt.Errorf("%w: %s", g.explain(ctx, err), msg)
		}
		return "", g.explain(ctx, err)
	}
	return string(out), nil
}

// openPlay opens the PTY session `play ID` and starts reading it.
func (h *human) openPlay(id int64) error {
	cfg := h.sh.cfg
	sess, err := h.client.NewSession()
	if err != nil {
		return err
	}
	stdin, err := sess.StdinPipe()
	if err != nil {
		return err
	}
	stdout, err := sess.StdoutPipe()
	if err != nil {
		return err
	}
	modes := ssh.TerminalModes{ssh.ECHO: 1, ssh.TTY_OP_ISPEED: 38400, ssh.TTY_OP_OSPEED: 38400}
	if err := sess.RequestPty(cfg.Term, cfg.Rows, cfg.Cols, modes); err != nil {
		return fmt.Errorf("pty: %w", err)
	}
	if err := sess.Start(fmt.Sprintf("play %d", id)); err != nil {
		return err
	}
	h.in = &lockedWriter{w: stdin}
	h.vt = newVTReader(h.sh, stdout, h.in)
	go h.vt.loop()
	return nil
}

// close ends the connection and collects the reader's measurements.
func (h *human) close() {
	if h.client != nil {
		_ = h.client.Close()
	}
	if h.conn != nil {
		_ = h.conn.Close()
	}
	if h.vt != nil {
		<-h.vt.done
		h.res.self, h.res.peer, h.res.peerMiss = h.vt.self, h.vt.peer, h.vt.peerMiss
		h.res.screen = h.vt.scr.String()
	}
}

// waitFor waits until the screen satisfies ok, the timeout passes or the
// session ends.
func (h *human) waitFor(ctx context.Context, what string, timeout time.Duration, ok func(string) bool) error {
	deadline := time.NewTimer(timeout)
	defer deadline.Stop()
	for {
		text, _ := h.vt.snapshot()
		if ok(text) {
			return nil
		}
		select {
		case <-h.vt.changed:
		case <-h.vt.done:
			return fmt.Errorf("waiting for %s: %w", what, closedErr(h.vt.err))
		case <-deadline.C:
			return fmt.Errorf("waiting for %s: %w", what, context.DeadlineExceeded)
		case <-ctx.Done():
			return fmt.Errorf("waiting for %s: %w", what, ctx.Err())
		}
	}
}

// send types keys (an action when action is true: its latencies count).
func (h *human) send(keys []Key, action bool) error {
	if action {
		now := time.Now()
		h.vt.expectSelf(now)
		h.tab.actionBy(h, now)
	}
	for _, k := range keys {
		if _, err := h.in.Write(k.Bytes); err != nil {
			return err
		}
	}
	return nil
}

// play acts whenever the game waits on this player, until ctx ends.
func (h *human) play(ctx context.Context) {
	const retry = 3 * time.Second // act again when an action changed nothing
	var lastVersion uint64
	var lastAct time.Time
	idle := time.NewTimer(retry)
	defer idle.Stop()
	for {
		h.vt.settle(ctx)
		text, version := h.vt.snapshot()
		if version != lastVersion || time.Since(lastAct) >= retry {
			if c, ok := choosePlay(text); ok {
				if h.send(c.keys, true) != nil {
					return
				}
				h.res.actions[c.label]++
				lastVersion, lastAct = version, time.Now()
			}
		}
		idle.Reset(retry)
		select {
		case <-ctx.Done():
			return
		case <-h.vt.done:
			return
		case <-h.vt.changed:
		case <-idle.C:
		}
	}
}

func screenHas(s string) func(string) bool {
	return func(text string) bool { return strings.Contains(text, s) }
}

// vtReader reads a play session's output into a screen and measures how
// long actions take to show.
type vtReader struct {
	sh      *shared
	src     io.Reader
	w       io.Writer
	term    *Terminal // answers terminal queries
	changed chan struct{}
	done    chan struct{}
	err     error

	mu       sync.Mutex
	scr      *vtscreen.Screen
	selfAt   time.Time // own action sent, not yet on screen
	peerAt   time.Time // another human's action sent, not yet on screen
	self     []time.Duration
	peer     []time.Duration
	peerMiss int
}

func newVTReader(sh *shared, src io.Reader, w io.Writer) *vtReader {
	return &vtReader{
		sh: sh, src: src, w: w,
		term:    NewTerminal(sh.cfg.Rows, sh.cfg.Cols, !sh.cfg.NoAnswer, 256),
		scr:     vtscreen.New(sh.cfg.Cols, sh.cfg.Rows),
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
	if reply := r.term.Feed(p); len(reply) > 0 {
		_, _ = r.w.Write(reply)
	}
	r.mu.Lock()
	before := r.scr.Version()
	_, _ = r.scr.Write(p)
	changed := r.scr.Version() != before
	if changed {
		if !r.selfAt.IsZero() {
			r.self = append(r.self, now.Sub(r.selfAt))
			r.selfAt = time.Time{}
		}
		if !r.peerAt.IsZero() {
			if d := now.Sub(r.peerAt); d <= peerWindow {
				r.peer = append(r.peer, d)
			} else {
				r.peerMiss++
			}
			r.peerAt = time.Time{}
		}
	}
	r.mu.Unlock()
	if changed {
		select {
		case r.changed <- struct{}{}:
		default:
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

// snapshot returns the screen text and its version.
func (r *vtReader) snapshot() (string, uint64) {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.scr.String(), r.scr.Version()
}

func (r *vtReader) expectSelf(at time.Time) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.selfAt = at
}

// peerWindow is how long after another human's action a change of this
// screen is taken for that action. Bots move 700 ms after their turn comes,
// so a later change cannot be told from a bot's move: such an action counts
// as not shown (peerMiss) rather than as a latency.
const peerWindow = 650 * time.Millisecond

// expectPeer notes another human's action. An earlier one that has not
// shown yet keeps waiting (its latency is the longer one) until its window
// has passed, when it counts as not shown.
func (r *vtReader) expectPeer(at time.Time) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if !r.peerAt.IsZero() && at.Sub(r.peerAt) > peerWindow {
		r.peerMiss++
		r.peerAt = time.Time{}
	}
	if r.peerAt.IsZero() {
		r.peerAt = at
	}
}
