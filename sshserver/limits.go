package sshserver

import (
	"context"
	"fmt"
	"io"
	"net"
	"sync"
	"time"

	"github.com/charmbracelet/ssh"
	"golang.org/x/time/rate"
)

// limiter counts concurrent sessions per key fingerprint and guest sessions
// per remote address.
type limiter struct {
	perKey, perIP int
	// cluster, when set, holds the key's sessions on the other nodes of a
	// cluster: they count towards perKey, and this node's counts are told
	// to them. Guests per address stay per node.
	cluster ClusterSessions

	mu    sync.Mutex
	keys  map[string]int
	addrs map[string]int
}

// ClusterSessions shares the per-key session counts of a cluster's nodes,
// so that Config.MaxSessionsPerKey holds across the cluster rather than on
// every node (lobby/cluster's Cluster implements it; cmd wires it).
type ClusterSessions interface {
	// SessionsElsewhere is how many sessions the key holds on the other
	// nodes, as they last told.
	SessionsElsewhere(key string) int
	// SetSessions tells the other nodes that this node now holds n sessions
	// with the key (0: none). It must not block: the limiter calls it with
	// its lock held, so that the counts leave in the order they changed.
	SetSessions(key string, n int)
}

func newLimiter(perKey, perIP int) *limiter {
	return &limiter{perKey: perKey, perIP: perIP, keys: map[string]int{}, addrs: map[string]int{}}
}

// acquire takes a slot for a session and returns the function that gives it
// back, or an error sentence for the player when the limit is reached.
func (l *limiter) acquire(fp, ip string) (release func(), err error) {
	m, key, max := l.keys, fp, l.perKey
	if fp == "" {
		m, key, max = l.addrs, ip, l.perIP
	}
	// Only keys are counted over the cluster: an address's guests are a
	// node's own business.
	shared := l.cluster
	if fp == "" {
		shared = nil
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	held := m[key]
	if shared != nil {
		held += shared.SessionsElsewhere(key)
	}
	if held >= max {
		if fp == "" {
			return nil, fmt.Errorf("too many guest sessions from your address (at most %d at once); close one and try again", max)
		}
		return nil, fmt.Errorf("too many sessions with this key (at most %d at once); close one and try again", max)
	}
	m[key]++
	if shared != nil {
		shared.SetSessions(key, m[key])
	}
	var once sync.Once
	return func() {
		once.Do(func() {
			l.mu.Lock()
			defer l.mu.Unlock()
			if m[key]--; m[key] <= 0 {
				delete(m, key)
			}
			if shared != nil {
				shared.SetSessions(key, m[key])
			}
		})
	}, nil
}

func remoteIP(a net.Addr) string {
	if t, ok := a.(*net.TCPAddr); ok {
		return t.IP.String()
	}
	if a == nil {
		return ""
	}
	host, _, err := net.SplitHostPort(a.String())
	if err != nil {
		return a.String()
	}
	return host
}

// limitSessions refuses a session beyond the per-key (or per-address, for
// guests) limit with a clear message and exit status 1.
func (s *Server) limitSessions(next ssh.Handler) ssh.Handler {
	return func(sess ssh.Session) {
		rs, ok := s.acquireSession(sess)
		if !ok {
			return
		}
		defer rs.free()
		next(rs)
	}
}

// acquireSession takes the session's slot, or refuses the session. Its own
// function, not inlined, so that its frame is not on the session's stack
// while the session runs (runTUI says why).
//
//go:noinline
func (s *Server) acquireSession(sess ssh.Session) (releasingSession, bool) {
	fp, ip := identityOf(sess)
	release, err := s.limits.acquire(fp, ip)
	if err != nil {
		reason := RefusedSessionsPerKey
		if fp == "" {
			reason = RefusedGuestsPerAddress
		}
		if s.cfg.Observer != nil {
			s.cfg.Observer.Refused(reason)
		}
		s.log.Warn("session refused", "reason", reason, "remote", ip)
		fmt.Fprintf(sess.Stderr(), "boardroom: %v\n", err)
		_ = sess.Exit(1)
		return releasingSession{}, false
	}
	once := &sync.Once{}
	return releasingSession{Session: sess, free: func() { once.Do(release) }, fp: fp, ip: ip}, true
}

// releasingSession frees the session's slot before it sends the exit
// status: a client that saw a command end may open its next session at
// once, and must not find the slot of the finished one still held.
type releasingSession struct {
	ssh.Session
	free   func()
	fp, ip string // identityOf's
}

func (r releasingSession) identity() (fp, ip string) { return r.fp, r.ip }

func (r releasingSession) Exit(code int) error {
	r.free()
	return r.Session.Exit(code)
}

// throttledReader limits how fast a session's raw input is read with a token
// bucket of bytes (golang.org/x/time/rate, at the reader's clock). Reading
// more slowly pushes back on the client through the SSH channel window
// instead of dropping bytes mid key sequence.
type throttledReader struct {
	r     io.Reader
	ctx   context.Context
	onErr func() // called once the input ends (the client closed its side)
	lim   *rate.Limiter
	now   func() time.Time
	// wait sleeps d or until ctx ends; false when ctx ended.
	wait func(ctx context.Context, d time.Duration) bool
}

func newThrottledReader(ctx context.Context, r io.Reader, perSec, burst int) *throttledReader {
	return &throttledReader{r: r, ctx: ctx, lim: rate.NewLimiter(rate.Limit(perSec), burst),
		now: time.Now, wait: sleepCtx}
}

// sleepCtx sleeps d unless ctx ends first.
func sleepCtx(ctx context.Context, d time.Duration) bool {
	timer := time.NewTimer(d)
	defer timer.Stop()
	select {
	case <-ctx.Done():
		return false
	case <-timer.C:
		return true
	}
}

// Read waits until at least one byte may be read, then reads at most as many
// bytes as the bucket holds.
func (t *throttledReader) Read(p []byte) (int, error) {
	if len(p) == 0 {
		return 0, nil
	}
	if t.ctx.Err() != nil {
		return 0, io.EOF
	}
	for {
		now := t.now()
		avail := int(t.lim.TokensAt(now))
		if avail >= 1 {
			if len(p) > avail {
				p = p[:avail]
			}
			break
		}
		// Wait for one byte's token.
		r := t.lim.ReserveN(now, 1)
		d := r.DelayFrom(now)
		r.CancelAt(now)
		if !t.wait(t.ctx, max(d, time.Millisecond)) {
			return 0, io.EOF
		}
	}
	n, err := t.r.Read(p)
	if n > 0 {
		t.lim.AllowN(t.now(), n) // the bytes read take their tokens
	}
	if err != nil && t.onErr != nil {
		t.onErr()
	}
	return n, err
}
