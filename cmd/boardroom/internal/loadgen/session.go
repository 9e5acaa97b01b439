package loadgen

import (
	"context"
	"crypto/ed25519"
	"crypto/rand"
	"errors"
	"fmt"
	"io"
	"net"
	"sync"
	"sync/atomic"
	"time"

	"golang.org/x/crypto/ssh"
)

// sessionResult is what one session measured. Durations of stages that were
// not reached are zero with their has* flag false.
type sessionResult struct {
	ok           bool
	reason       string // failure reason, "stage: cause"
	detail       string // the error text behind the reason
	connect      time.Duration
	handle       time.Duration
	hasHandle    bool
	firstByte    time.Duration // from the shell request
	hasFirst     bool
	waitFor      time.Duration // from the shell request
	hasWaitFor   bool
	dialReady    time.Duration // from the dial to ready (first byte or wait-for text); 0 if never
	keyLat       []time.Duration
	keysSent     int
	keysNoOutput int
	bytes        int64
	open         time.Duration // from the shell request to the end
	queries      QueryCounts
	screen       string // the end of the session's visible text
}

func (r *sessionResult) fail(stage string, err error) {
	r.ok = false
	r.reason = stage + ": " + classify(err)
	r.detail = truncate(err.Error(), 200)
}

// shared is the state all sessions of a run share.
type shared struct {
	cfg            *Config
	needle         []byte // normalised wait-for text, nil for none
	hostKey        *hostKeyPin
	total          atomic.Int64  // bytes received by all sessions
	ready          atomic.Int64  // sessions that reached ready
	failed         atomic.Int64  // sessions that failed before ready
	meter          *meter        // play mode: what the humans measured
	inGame         atomic.Int64  // play mode: humans in a game now
	dialSlots      chan struct{} // play mode: handshakes in flight (nil: unbounded)
	connectRetries atomic.Int64  // play mode: dials again after the server turned one away
	keyRetry       time.Duration // play mode: setup key retry interval; 0 is keyRetry
}

// runSession runs session id from connect to the end of the hold; it calls
// readyDone exactly once, when the session is ready or has failed.
func (sh *shared) runSession(ctx, hold context.Context, id int, readyDone func()) (res sessionResult) {
	var once sync.Once
	signal := func() { once.Do(readyDone) }
	defer signal()
	reached := false
	defer func() {
		if p := recover(); p != nil {
			res.fail("panic", fmt.Errorf("%v", p))
		}
		if !reached {
			sh.failed.Add(1)
		}
	}()
	cfg := sh.cfg
	_, priv, err := ed25519.GenerateKey(rand.Reader)
	if err != nil {
		res.fail("key", err)
		return res
	}
	signer, err := ssh.NewSignerFromKey(priv)
	if err != nil {
		res.fail("key", err)
		return res
	}

	start := time.Now()
	d := net.Dialer{Timeout: cfg.Timeout}
	conn, err := d.DialContext(ctx, "tcp", cfg.Addr)
	if err != nil {
		res.fail("dial", err)
		return res
	}
	defer conn.Close()
	stopCancel := context.AfterFunc(ctx, func() { _ = conn.Close() })
	defer stopCancel()
	_ = conn.SetDeadline(start.Add(cfg.Timeout))
	cc, chans, reqs, err := ssh.NewClientConn(conn, cfg.Addr, &ssh.ClientConfig{
		User:            cfg.User,
		Auth:            []ssh.AuthMethod{ssh.PublicKeys(signer)},
		HostKeyCallback: sh.hostKey.check,
		Timeout:         cfg.Timeout,
		Config:          ssh.Config{Ciphers: cfg.cipherList()},
	})
	if err != nil {
		res.fail("handshake", ctxErr(ctx, err))
		return res
	}
	_ = conn.SetDeadline(time.Time{})
	client := ssh.NewClient(cc, chans, reqs)
	defer client.Close()
	res.connect = time.Since(start)

	if cfg.Handles {
		hs := time.Now()
		g := newGuard(cfg.Timeout, conn)
		err := setHandle(client, HandleName(id))
		g.stop()
		if err != nil {
			res.fail("handle", g.explain(ctx, err))
			return res
		}
		res.handle, res.hasHandle = time.Since(hs), true
	}

	g := newGuard(cfg.Timeout, conn)
	sess, stdin, stdout, shellStart, err := openShell(client, cfg)
	g.stop()
	if err != nil {
		res.fail("shell", g.explain(ctx, err))
		return res
	}
	defer sess.Close()

	rd := newReader(sh, stdout, &lockedWriter{w: stdin}, shellStart)
	go rd.loop()
	defer func() {
		_ = sess.Close()
		_ = client.Close()
		<-rd.done
		res.bytes, res.queries, res.keyLat = rd.bytes, rd.term.Queries, rd.keyLat
		res.screen = screenTail(rd.term.Text(), screenSample)
		res.firstByte, res.hasFirst = rd.firstByte, rd.hasFirst
		res.waitFor, res.hasWaitFor = rd.waitFor, rd.hasReady && sh.needle != nil
		if rd.pending.Load() != 0 {
			res.keysNoOutput++
		}
	}()

	timer := time.NewTimer(cfg.Timeout)
	defer timer.Stop()
	stage := "first byte"
	if sh.needle != nil {
		stage = "wait-for"
	}
	select {
	case <-rd.ready:
	case <-rd.done:
		res.fail(stage, closedErr(rd.err))
		return res
	case <-timer.C:
		res.fail(stage, context.DeadlineExceeded)
		return res
	case <-ctx.Done():
		res.fail(stage, ctx.Err())
		return res
	}
	reached = true
	res.dialReady = time.Since(start)
	sh.ready.Add(1)
	signal()

	res.ok = true
	var (
		kw       sync.WaitGroup
		keyPanic any
	)
	keysCtx, stopKeys := context.WithCancel(hold)
	if len(cfg.Keys) > 0 {
		kw.Add(1)
		go func() {
			defer kw.Done()
			defer func() { keyPanic = recover() }()
			res.keysSent, res.keysNoOutput = rd.sendKeys(keysCtx, cfg.Keys, cfg.KeyInterval, cfg.KeysLoop)
		}()
	}
	if cfg.Keepalive > 0 {
		kw.Add(1)
		go func() {
			defer kw.Done()
			keepalive(keysCtx, client, cfg.Keepalive)
		}()
	}
	select {
	case <-hold.Done():
	case <-rd.done:
		// Ending the run (ctrl-c) closes the connection too: say so
		// rather than blame the server.
		res.fail("hold", ctxErr(ctx, closedErr(rd.err)))
	}
	stopKeys()
	kw.Wait()
	if keyPanic != nil {
		res.fail("keys", fmt.Errorf("panic: %v", keyPanic))
	}
	res.open = time.Since(shellStart)
	return res
}

// keepalive sends an SSH keepalive request every interval until ctx ends,
// as OpenSSH's ServerAliveInterval does: it shows the server that the
// client is there, which counts against an idle limit. The server's answer
// (a refusal, as OpenSSH gets) does not matter.
func keepalive(ctx context.Context, client *ssh.Client, every time.Duration) {
	t := time.NewTicker(every)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
		if _, _, err := client.SendRequest("keepalive@openssh.com", true, nil); err != nil {
			return
		}
	}
}

// openShell opens the PTY session and starts a shell on it.
func openShell(client *ssh.Client, cfg *Config) (*ssh.Session, io.WriteCloser, io.Reader, time.Time, error) {
	sess, err := client.NewSession()
	if err != nil {
		return nil, nil, nil, time.Time{}, err
	}
	stdin, err := sess.StdinPipe()
	if err != nil {
		sess.Close()
		return nil, nil, nil, time.Time{}, err
	}
	stdout, err := sess.StdoutPipe()
	if err != nil {
		sess.Close()
		return nil, nil, nil, time.Time{}, err
	}
	modes := ssh.TerminalModes{ssh.ECHO: 1, ssh.TTY_OP_ISPEED: 38400, ssh.TTY_OP_OSPEED: 38400}
	if err := sess.RequestPty(cfg.Term, cfg.Rows, cfg.Cols, modes); err != nil {
		sess.Close()
		return nil, nil, nil, time.Time{}, fmt.Errorf("pty: %w", err)
	}
	shellStart := time.Now()
	if err := sess.Shell(); err != nil {
		sess.Close()
		return nil, nil, nil, time.Time{}, err
	}
	return sess, stdin, stdout, shellStart, nil
}

// setHandle runs the non-interactive `handle NAME` command on its own
// session of the connection.
func setHandle(client *ssh.Client, name string) error {
	sess, err := client.NewSession()
	if err != nil {
		return err
	}
	defer sess.Close()
	var stderr capBuffer
	stderr.max = 200
	sess.Stderr = &stderr
	if err := sess.Run("handle " + name); err != nil {
		if msg := stderr.String(); msg != "" {
			return fmt.Errorf("%w: %s", err, msg)
		}
		return err
	}
	return nil
}

// HandleName returns the handle session id sets: "load-<id+1>-<random>",
// at most 16 characters of letters, digits and '-'.
func HandleName(id int) string {
	const alphabet = "abcdefghijklmnopqrstuvwxyz0123456789"
	prefix := fmt.Sprintf("load-%d-", id+1)
	n := min(4, 16-len(prefix))
	b := make([]byte, n)
	_, _ = rand.Read(b)
	for i := range b {
		b[i] = alphabet[int(b[i])%len(alphabet)]
	}
	return prefix + string(b)
}

// guard closes conn when a blocking stage takes longer than its timeout, so
// that the stage returns; explain then tells the timeout from other errors.
type guard struct {
	t     *time.Timer
	fired atomic.Bool
}

func newGuard(d time.Duration, conn net.Conn) *guard {
	g := &guard{}
	g.t = time.AfterFunc(d, func() {
		g.fired.Store(true)
		_ = conn.Close()
	})
	return g
}

func (g *guard) stop() { g.t.Stop() }

func (g *guard) explain(ctx context.Context, err error) error {
	if g.fired.Load() {
		return fmt.Errorf("%w (%v)", context.DeadlineExceeded, err)
	}
	return ctxErr(ctx, err)
}

// ctxErr prefers the context's error when the context ended, since closing
// the connection on cancel surfaces as an I/O error.
func ctxErr(ctx context.Context, err error) error {
	if ctx.Err() != nil {
		return fmt.Errorf("%w (%v)", ctx.Err(), err)
	}
	return err
}

func closedErr(err error) error {
	if err == nil {
		return io.EOF
	}
	return err
}

// hostKeyPin accepts the expected host key, or pins the first one seen when
// none is expected, so that every session of a run talks to the same server.
type hostKeyPin struct {
	mu   sync.Mutex
	want string
}

// ErrHostKeyMismatch: the server's host key is not the expected one.
var ErrHostKeyMismatch = errors.New("host key mismatch")

func (p *hostKeyPin) check(_ string, _ net.Addr, key ssh.PublicKey) error {
	fp := ssh.FingerprintSHA256(key)
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.want == "" {
		p.want = fp
	}
	if fp != p.want {
		return fmt.Errorf("%w: got %s, want %s", ErrHostKeyMismatch, fp, p.want)
	}
	return nil
}

func (p *hostKeyPin) fingerprint() string {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.want
}

// lockedWriter serialises writes of query answers and keys to stdin.
type lockedWriter struct {
	mu sync.Mutex
	w  io.Writer
}

func (l *lockedWriter) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.w.Write(p)
}

// capBuffer keeps the first max bytes written to it.
type capBuffer struct {
	b   []byte
	max int
}

func (c *capBuffer) Write(p []byte) (int, error) {
	if room := c.max - len(c.b); room > 0 {
		c.b = append(c.b, p[:min(room, len(p))]...)
	}
	return len(p), nil
}

func (c *capBuffer) String() string { return sanitizeLine(string(c.b)) }
