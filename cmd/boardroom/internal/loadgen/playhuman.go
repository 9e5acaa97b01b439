package loadgen

import (
	"context"
	"crypto/ed25519"
	crand "crypto/rand"
	"fmt"
	"io"
	"math/rand/v2"
	"net"
	"strings"
	"sync/atomic"
	"time"

	"golang.org/x/crypto/ssh"
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
	rng    *rand.Rand
	policy policy
	// playing is set while the session is in the game and reading its
	// screen: the other humans' actions are expected on it.
	playing atomic.Bool
	// text and scr are the screen as the play loop last read it (reused
	// at every change: snapshotInto, screen.read)
	text []byte
	scr  screen

	res humanResult
}

// humanResult is what one human measured; latencies go to the run's meter.
type humanResult struct {
	ok          bool
	reason      string
	detail      string
	actions     map[string]int // applied actions by label
	stuck       int            // keys that changed nothing twice: Esc was sent
	inGame      bool           // reached the game screen
	screen      string
	stuckScreen string // the screen the policy got stuck on last
}

func (h *human) fail(stage string, err error) {
	if h.res.reason == "" {
		h.res.reason = stage + ": " + classify(err)
		h.res.detail = truncate(err.Error(), 200)
	}
	h.res.ok = false
}

// connectTries is how often a play session dials when the server closes
// the connection before the handshake: the server's cap on connections not
// yet authenticated from one address (16 by default) closes the ones over
// it at once, and every load session comes from 127.0.0.1. A player whose
// ssh was turned away tries again; without this, one lost session left
// its table unfilled and the capacity step counted as missed.
const connectTries = 5

// handshakesInFlight bounds the play sessions between dial and
// authentication at once, below the server's default cap of 16
// unauthenticated connections per address (--max-unauth-per-ip), so that
// a ramp on a loaded machine is slowed rather than turned away.
const handshakesInFlight = 12

// connect dials and authenticates with a fresh key, then sets the handle.
// A connection the server closed during the handshake is dialled again
// (counted in the report) after a short, growing pause.
func (h *human) connect(ctx context.Context, name string) error {
	_, priv, err := ed25519.GenerateKey(crand.Reader)
	if err != nil {
		return fmt.Errorf("key: %w", err)
	}
	signer, err := ssh.NewSignerFromKey(priv)
	if err != nil {
		return fmt.Errorf("key: %w", err)
	}
	for try := 1; ; try++ {
		err = h.dial(ctx, signer)
		if err == nil || try == connectTries || ctx.Err() != nil || !turnedAway(err) {
			break
		}
		h.sh.connectRetries.Add(1)
		pause := time.Duration(try) * 200 * time.Millisecond
		if !sleepFor(ctx, pause+time.Duration(h.rng.Int64N(int64(pause)))) {
			break
		}
	}
	if err != nil {
		return err
	}
	g := newGuard(h.sh.cfg.Timeout, h.conn)
	err = setHandle(h.client, name)
	g.stop()
	if err != nil {
		return fmt.Errorf("handle: %w", g.explain(ctx, err))
	}
	return nil
}

// turnedAway: the server closed the connection before the handshake ended.
func turnedAway(err error) bool {
	switch classify(err) {
	case "connection reset", "closed by server":
		return strings.HasPrefix(err.Error(), "handshake")
	}
	return false
}

// sleepFor waits d; false when ctx ended first.
func sleepFor(ctx context.Context, d time.Duration) bool {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-t.C:
		return true
	case <-ctx.Done():
		return false
	}
}

// dial connects and authenticates with signer.
func (h *human) dial(ctx context.Context, signer ssh.Signer) error {
	cfg := h.sh.cfg
	if slots := h.sh.dialSlots; slots != nil {
		select {
		case slots <- struct{}{}:
			defer func() { <-slots }()
		case <-ctx.Done():
			return fmt.Errorf("dial: %w", ctx.Err())
		}
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
		Config: ssh.Config{Ciphers: cfg.cipherList()},
	})
	if err != nil {
		conn.Close()
		return fmt.Errorf("handshake: %w", ctxErr(ctx, err))
	}
	_ = conn.SetDeadline(time.Time{})
	h.conn, h.client = conn, ssh.NewClient(cc, chans, reqs)
	context.AfterFunc(ctx, func() { _ = conn.Close() })
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
		h.vt.finish(time.Now())
		h.res.screen, _ = h.vt.snapshot()
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

// typeKeys types keys of the table's setup (not game actions).
func (h *human) typeKeys(keys ...Key) error {
	for _, k := range keys {
		if _, err := h.in.Write(k.Bytes); err != nil {
			return err
		}
	}
	return nil
}

func screenHas(s string) func(string) bool {
	return func(text string) bool { return strings.Contains(text, s) }
}
