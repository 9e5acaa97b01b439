// Package webhook tells a team's chat what happens in its lobby: it POSTs
// signed JSON to a URL the lobby's owner stored (Slack, Mattermost,
// Discord's /slack endpoint and Teams read the "text" field as it is).
//
// Delivery never slows play: Enqueue never blocks (a full queue drops the
// event and says so), each request has a timeout, a failed one is retried
// with backoff from a timer rather than a waiting worker, and the
// consecutive failures of each lobby's hook are kept for its screen. The
// address guard (guard.go) refuses loopback, private, link-local and
// multicast addresses at every connection unless the operator allows them.
package webhook

import (
	"bytes"
	"context"
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"strings"
	"sync"
	"time"
)

// SignatureHeader carries "sha256=HEX", the HMAC-SHA256 of the body with
// the hook's secret.
const SignatureHeader = "X-Boardroom-Signature"

const (
	dialTimeout     = 5 * time.Second
	defaultTimeout  = 10 * time.Second
	defaultQueue    = 512
	defaultWorkers  = 4
	defaultAttempts = 4
	// perOwner bounds the events of one lobby waiting or being retried,
	// so that one lobby's dead endpoint cannot fill the queue.
	perOwner      = 32
	maxHealth     = 10000
	maxBody       = 16 << 10
	maxStatusText = 200
)

// Events.
const (
	EventTableOpened  = "table_opened"
	EventMoveWaiting  = "move_waiting"
	EventGameFinished = "game_finished"
	EventInvitation   = "invitation"
	EventTest         = "test"
)

// Standing is one line of a finished game's standings.
type Standing struct {
	Place  int    `json:"place"`
	Player string `json:"player"`
	Score  string `json:"score,omitempty"`
}

// Payload is the JSON body. Text is the whole message in plain words;
// Content repeats it for Discord's own webhook endpoint.
type Payload struct {
	Text      string     `json:"text"`
	Content   string     `json:"content"`
	Event     string     `json:"event"`
	Lobby     string     `json:"lobby,omitempty"`
	Table     int64      `json:"table,omitempty"`
	Game      string     `json:"game,omitempty"`
	Player    string     `json:"player,omitempty"`
	Join      string     `json:"join,omitempty"`
	Deadline  *time.Time `json:"deadline,omitempty"`
	Standings []Standing `json:"standings,omitempty"`
	Time      time.Time  `json:"time"`
}

// Hook is where one lobby's events go.
type Hook struct {
	Owner  string // the lobby (its slug): failures are kept per owner
	URL    string
	Secret string
}

// Config configures a Sender. Zero values take the defaults.
type Config struct {
	AllowPrivate bool          // `serve --webhook-allow-private`
	Timeout      time.Duration // one request, connection included
	Queue        int           // events waiting for a worker
	Workers      int
	Attempts     int // tries per event, the first included
	// Backoff is the wait before retry n (1, 2, ...); default 2s, 8s, 32s...
	Backoff func(n int) time.Duration
	// AfterFunc schedules a retry; default time.AfterFunc. Tests inject it.
	AfterFunc func(d time.Duration, f func())
	Now       func() time.Time
	Log       *slog.Logger
	// Client replaces the HTTP client (tests); its transport must guard
	// addresses itself.
	Client *http.Client
}

// Health is what a lobby's screen shows of its hook.
type Health struct {
	Failures  int       // consecutive failed events (after all their retries)
	LastError string    // the last failure, in words
	Since     time.Time // when the failures began
	Dropped   int       // events dropped because the queue was full
}

type job struct {
	hook    Hook
	body    []byte
	attempt int
}

// Sender delivers events.
type Sender struct {
	cfg    Config
	client *http.Client
	jobs   chan job
	wg     sync.WaitGroup
	ctx    context.Context
	cancel context.CancelFunc

	mu      sync.Mutex
	pending map[string]int // owner -> events queued or waiting to retry
	health  map[string]Health
	closed  bool
}

// New starts a Sender's workers.
func New(cfg Config) *Sender {
	if cfg.Timeout <= 0 {
		cfg.Timeout = defaultTimeout
	}
	if cfg.Queue <= 0 {
		cfg.Queue = defaultQueue
	}
	if cfg.Workers <= 0 {
		cfg.Workers = defaultWorkers
	}
	if cfg.Attempts <= 0 {
		cfg.Attempts = defaultAttempts
	}
	if cfg.Backoff == nil {
		cfg.Backoff = func(n int) time.Duration { return time.Duration(1<<(2*n-1)) * time.Second }
	}
	if cfg.AfterFunc == nil {
		cfg.AfterFunc = func(d time.Duration, f func()) { time.AfterFunc(d, f) }
	}
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	if cfg.Log == nil {
		cfg.Log = slog.New(slog.NewTextHandler(io.Discard, nil))
	}
	client := cfg.Client
	if client == nil {
		client = &http.Client{
			Timeout: cfg.Timeout,
			Transport: &http.Transport{
				Proxy:                 nil, // a proxy would connect where the guard cannot see
				DialContext:           newDialer(cfg.AllowPrivate).DialContext,
				TLSHandshakeTimeout:   dialTimeout,
				ResponseHeaderTimeout: cfg.Timeout,
				MaxIdleConns:          16,
				IdleConnTimeout:       60 * time.Second,
			},
			// A redirect is not followed: it would be a second request
			// the owner did not store.
			CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse },
		}
	}
	ctx, cancel := context.WithCancel(context.Background())
	s := &Sender{cfg: cfg, client: client, jobs: make(chan job, cfg.Queue), ctx: ctx, cancel: cancel,
		pending: map[string]int{}, health: map[string]Health{}}
	for i := 0; i < cfg.Workers; i++ {
		s.wg.Add(1)
		go s.work()
	}
	return s
}

// Close stops the workers; events still queued are dropped.
func (s *Sender) Close() {
	s.mu.Lock()
	if s.closed {
		s.mu.Unlock()
		return
	}
	s.closed = true
	s.mu.Unlock()
	s.cancel()
	s.wg.Wait()
}

// NewSecret is a fresh signing secret: 32 random bytes in hex.
func NewSecret() string {
	b := make([]byte, 32)
	if _, err := rand.Read(b); err != nil {
		panic(err) // crypto/rand does not fail on supported systems
	}
	return hex.EncodeToString(b)
}

// Sign is the signature header's value for body.
func Sign(secret string, body []byte) string {
	m := hmac.New(sha256.New, []byte(secret))
	m.Write(body)
	return "sha256=" + hex.EncodeToString(m.Sum(nil))
}

// Verify says whether sig is body's signature with secret (what a
// receiving service does).
func Verify(secret string, body []byte, sig string) bool {
	return hmac.Equal([]byte(Sign(secret, body)), []byte(sig))
}

// Send queues p for hook and returns at once. It reports false when the
// event was dropped: the queue or the lobby's share of it is full, or the
// sender is closed.
func (s *Sender) Send(hook Hook, p Payload) bool {
	if p.Time.IsZero() {
		p.Time = s.cfg.Now().UTC()
	}
	// Slack and Mattermost read <...> as links and mentions (<!channel>):
	// the text is plain words, so those three characters are escaped as
	// Slack asks.
	p.Text = slackEscaper.Replace(p.Text)
	p.Content = p.Text
	body, err := json.Marshal(p)
	if err != nil || len(body) > maxBody {
		s.fail(hook.Owner, "the message is too long", false)
		return false
	}
	return s.enqueue(job{hook: hook, body: body, attempt: 1}, true)
}

func (s *Sender) enqueue(j job, fresh bool) bool {
	s.mu.Lock()
	if s.closed {
		s.mu.Unlock()
		return false
	}
	if fresh && s.pending[j.hook.Owner] >= perOwner {
		s.mu.Unlock()
		s.drop(j.hook.Owner)
		return false
	}
	if fresh {
		s.pending[j.hook.Owner]++
	}
	s.mu.Unlock()
	select {
	case s.jobs <- j:
		return true
	default:
		s.done(j.hook.Owner)
		s.drop(j.hook.Owner)
		return false
	}
}

func (s *Sender) done(owner string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.pending[owner] <= 1 {
		delete(s.pending, owner)
	} else {
		s.pending[owner]--
	}
}

func (s *Sender) drop(owner string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	h, ok := s.health[owner]
	if !ok && len(s.health) >= maxHealth {
		return
	}
	h.Dropped++
	s.health[owner] = h
}

func (s *Sender) work() {
	defer s.wg.Done()
	for {
		select {
		case <-s.ctx.Done():
			return
		case j := <-s.jobs:
			s.deliver(j)
		}
	}
}

// deliver makes one attempt and schedules the next on failure.
func (s *Sender) deliver(j job) {
	defer func() {
		if p := recover(); p != nil {
			s.cfg.Log.Error("webhook delivery panicked", "owner", j.hook.Owner, "panic", p)
			s.done(j.hook.Owner)
		}
	}()
	err := s.post(j)
	if err == nil {
		s.done(j.hook.Owner)
		s.mu.Lock()
		if h, ok := s.health[j.hook.Owner]; ok {
			h.Failures, h.LastError, h.Since = 0, "", time.Time{}
			if h.Dropped == 0 {
				delete(s.health, j.hook.Owner)
			} else {
				s.health[j.hook.Owner] = h
			}
		}
		s.mu.Unlock()
		return
	}
	retry := j.attempt < s.cfg.Attempts && !errors.Is(err, ErrForbidden) && !errors.Is(err, errPermanent)
	s.cfg.Log.Info("webhook delivery failed", "owner", j.hook.Owner, "attempt", j.attempt, "retry", retry, "err", err)
	if !retry {
		s.done(j.hook.Owner)
		s.fail(j.hook.Owner, describe(err), true)
		return
	}
	j.attempt++
	s.cfg.AfterFunc(s.cfg.Backoff(j.attempt-1), func() {
		if !s.enqueue(j, false) {
			s.fail(j.hook.Owner, describe(err), true)
		}
	})
}

var slackEscaper = strings.NewReplacer("&", "&amp;", "<", "&lt;", ">", "&gt;")

var errPermanent = errors.New("refused by the endpoint")

func (s *Sender) post(j job) error {
	u, err := CheckURL(j.hook.URL, s.cfg.AllowPrivate)
	if err != nil {
		return err
	}
	ctx, cancel := context.WithTimeout(s.ctx, s.cfg.Timeout)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, u.String(), bytes.NewReader(j.body))
	if err != nil {
		return err
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("User-Agent", "boardroom-webhook/1")
	req.Header.Set(SignatureHeader, Sign(j.hook.Secret, j.body))
	resp, err := s.client.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	_, _ = io.Copy(io.Discard, io.LimitReader(resp.Body, 64<<10))
	switch {
	case resp.StatusCode >= 200 && resp.StatusCode < 300:
		return nil
	case resp.StatusCode == http.StatusTooManyRequests || resp.StatusCode >= 500:
		return fmt.Errorf("the endpoint answered %s", resp.Status)
	default:
		return fmt.Errorf("%w: %s", errPermanent, resp.Status)
	}
}

// describe turns a delivery error into words for the lobby's screen.
func describe(err error) string {
	var msg string
	switch {
	case errors.Is(err, ErrForbidden):
		msg = "its address is private or local, which this server does not call"
	case errors.Is(err, context.DeadlineExceeded) || strings.Contains(err.Error(), "Client.Timeout"):
		msg = "the endpoint did not answer in time"
	default:
		msg = err.Error()
	}
	if len(msg) > maxStatusText {
		msg = msg[:maxStatusText]
	}
	return msg
}

func (s *Sender) fail(owner, why string, counts bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	h, ok := s.health[owner]
	if !ok && len(s.health) >= maxHealth {
		return
	}
	if counts {
		if h.Failures == 0 {
			h.Since = s.cfg.Now().UTC()
		}
		h.Failures++
	}
	h.LastError = why
	s.health[owner] = h
}

// AllowPrivate is whether the operator lets hooks reach loopback and
// private addresses (CheckURL's second argument).
func (s *Sender) AllowPrivate() bool { return s.cfg.AllowPrivate }

// Health is the state of owner's hook: zero when its last event arrived.
func (s *Sender) Health(owner string) Health {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.health[owner]
}

// Forget clears owner's health (its hook was removed or replaced).
func (s *Sender) Forget(owner string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	delete(s.health, owner)
}
