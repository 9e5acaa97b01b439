package sshserver

import (
	"context"
	"fmt"
	"io"
	"net"
	"sync"
	"time"

	"github.com/charmbracelet/ssh"
)

// limiter counts concurrent sessions per key fingerprint and guest sessions
// per remote address.
type limiter struct {
	perKey, perIP int

	mu    sync.Mutex
	keys  map[string]int
	addrs map[string]int
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
	l.mu.Lock()
	defer l.mu.Unlock()
	if m[key] >= max {
		if fp == "" {
			return nil, fmt.Errorf("too many guest sessions from your address (at most %d at once); close one and try again", max)
		}
		return nil, fmt.Errorf("too many sessions with this key (at most %d at once); close one and try again", max)
	}
	m[key]++
	var once sync.Once
	return func() {
		once.Do(func() {
			l.mu.Lock()
			defer l.mu.Unlock()
			if m[key]--; m[key] <= 0 {
				delete(m, key)
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
		release, err := s.limits.acquire(fingerprint(sess), remoteIP(sess.RemoteAddr()))
		if err != nil {
			s.log.Info("session refused", "reason", "limit", "remote", remoteIP(sess.RemoteAddr()))
			fmt.Fprintf(sess.Stderr(), "boardroom: %v\n", err)
			_ = sess.Exit(1)
			return
		}
		defer release()
		next(sess)
	}
}

// throttledReader limits how fast a session's raw input is read with a token
// bucket of bytes. Reading more slowly pushes back on the client through the
// SSH channel window instead of dropping bytes mid key sequence.
type throttledReader struct {
	r      io.Reader
	ctx    context.Context
	onErr  func()  // called once the input ends (the client closed its side)
	rate   float64 // bytes per second
	burst  float64
	tokens float64
	last   time.Time
}

func newThrottledReader(ctx context.Context, r io.Reader, perSec, burst int) *throttledReader {
	return &throttledReader{r: r, ctx: ctx, rate: float64(perSec), burst: float64(burst),
		tokens: float64(burst), last: time.Now()}
}

func (t *throttledReader) refill() {
	now := time.Now()
	t.tokens += now.Sub(t.last).Seconds() * t.rate
	if t.tokens > t.burst {
		t.tokens = t.burst
	}
	t.last = now
}

// Read waits until at least one byte may be read, then reads at most as many
// bytes as the bucket holds.
func (t *throttledReader) Read(p []byte) (int, error) {
	if len(p) == 0 {
		return 0, nil
	}
	t.refill()
	for t.tokens < 1 {
		wait := time.Duration((1 - t.tokens) / t.rate * float64(time.Second))
		timer := time.NewTimer(wait)
		select {
		case <-t.ctx.Done():
			timer.Stop()
			return 0, io.EOF
		case <-timer.C:
		}
		t.refill()
	}
	if n := int(t.tokens); len(p) > n {
		p = p[:n]
	}
	n, err := t.r.Read(p)
	t.tokens -= float64(n)
	if err != nil && t.onErr != nil {
		t.onErr()
	}
	return n, err
}
