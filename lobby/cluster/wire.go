package cluster

import (
	"context"
	"errors"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/nats-io/nats.go"
)

// Every message between nodes goes through these: sealed on the way out
// (seal.go), opened on the way in; one that does not open is dropped,
// counted (SealObserver) and logged at most once a minute per reason.

// rejectLogEvery is how often the log repeats one reason of dropped
// messages, with their count since its last line.
const rejectLogEvery = time.Minute

// publish seals data for subject and publishes it (nats.go only buffers).
func (c *Cluster) publish(subject string, data []byte) error {
	return c.conn.Publish(subject, c.seal.seal(subject, data))
}

// opened is a handler of the messages that open: the others are dropped
// and counted. h gets the authenticated sender and the payload.
func (c *Cluster) opened(what string, h func(m *nats.Msg, from string, data []byte)) nats.MsgHandler {
	return func(m *nats.Msg) {
		defer c.recoverHandler(what, m.Subject)
		from, data, err := c.seal.open(m.Subject, m.Data)
		if err != nil {
			c.rejected(m.Subject, err)
			return
		}
		h(m, from, data)
	}
}

// respond answers a request, sealed for its reply subject.
func (c *Cluster) respond(m *nats.Msg, data []byte) error {
	if m.Reply == "" {
		return nats.ErrMsgNoReply
	}
	return c.conn.Publish(m.Reply, c.seal.seal(m.Reply, data))
}

// request sends data to subject and waits, until ctx ends, for a reply
// that opens. A reply that does not is dropped and counted and the wait
// goes on: someone who can publish on the inbox cannot fail a call with a
// forged answer. Nobody subscribed to subject is nats.ErrNoResponders.
func (c *Cluster) request(ctx context.Context, subject string, data []byte) ([]byte, error) {
	inbox, wait, done, err := c.replies.await(c)
	if err != nil {
		return nil, err
	}
	defer done()
	if err := c.conn.PublishRequest(subject, inbox, c.seal.seal(subject, data)); err != nil {
		return nil, err
	}
	select {
	case r := <-wait:
		return r.data, r.err
	case <-ctx.Done():
		return nil, ctx.Err()
	}
}

// replyMux is one subscription for the answers to every request of the
// node (a subscription per request would cost a round trip to the server
// each), as nats.go's own requests do: INBOX.<token>, one token a request.
type replyMux struct {
	mu      sync.Mutex
	prefix  string
	sub     *nats.Subscription
	next    uint64
	waiting map[string]chan reply
}

type reply struct {
	data []byte
	err  error
}

// await registers a request: its inbox, where its answer comes, and done
// to call when it no longer waits.
func (r *replyMux) await(c *Cluster) (inbox string, wait <-chan reply, done func(), err error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.sub == nil || !r.sub.IsValid() {
		r.prefix = c.conn.NewInbox() + "."
		sub, err := c.conn.Subscribe(r.prefix+"*", c.onReply)
		if err != nil {
			return "", nil, nil, err
		}
		r.sub, r.waiting = sub, map[string]chan reply{}
	}
	r.next++
	token := strconv.FormatUint(r.next, 36)
	ch := make(chan reply, 1)
	r.waiting[token] = ch
	return r.prefix + token, ch, func() {
		r.mu.Lock()
		delete(r.waiting, token)
		r.mu.Unlock()
	}, nil
}

// onReply hands an answer that opens to its request.
func (c *Cluster) onReply(m *nats.Msg) {
	defer c.recoverHandler("reply", m.Subject)
	var res reply
	if len(m.Data) == 0 && m.Header.Get("Status") == "503" {
		res.err = nats.ErrNoResponders // the server's answer: nobody serves the subject
	} else {
		_, payload, err := c.seal.open(m.Subject, m.Data)
		if err != nil {
			c.rejected(m.Subject, err)
			return
		}
		res.data = payload
	}
	r := &c.replies
	r.mu.Lock()
	ch := r.waiting[strings.TrimPrefix(m.Subject, r.prefix)]
	r.mu.Unlock()
	if ch != nil {
		select {
		case ch <- res:
		default: // answered already
		}
	}
}

// rejected counts a dropped message and logs it, or keeps it for the
// next line of its reason.
func (c *Cluster) rejected(subject string, err error) {
	var re *errRejected
	if !errors.As(err, &re) {
		c.log.Warn("cluster: message dropped", "subject", subject, "err", err)
		return
	}
	if so, ok := c.obs.(SealObserver); ok {
		so.MessageRejected(re.reason)
	}
	if line, ok := c.rejects.add(re, subject, time.Now()); ok {
		c.logRejects(line)
	}
}

// flushRejects logs the reasons with drops not logged for a while.
func (c *Cluster) flushRejects() {
	for _, line := range c.rejects.due(time.Now()) {
		c.logRejects(line)
	}
}

func (c *Cluster) logRejects(l rejectLine) {
	args := []any{"reason", l.reason, "why", rejectWhy[l.reason], "count", l.count, "total", l.total, "subject", l.subject}
	if l.from != "" {
		args = append(args, "from", l.from) // as the message names it: not authenticated
	}
	if l.reason == RejectOtherKey {
		args = append(args, "their_key_id", l.keyID, "key_id", c.seal.keyID())
	}
	c.log.Warn("cluster: dropped messages that do not open", args...)
}

// rejectLog holds, per reason, the drops since its last log line.
type rejectLog struct {
	every time.Duration
	mu    sync.Mutex
	last  map[string]time.Time
	lines map[string]*rejectLine
}

// rejectLine is one log line: count drops of reason since the last line
// (total since start), the last of them from, on subject.
type rejectLine struct {
	reason, from, keyID, subject string
	count                        int
	total                        int64
}

func newRejectLog(every time.Duration) *rejectLog {
	return &rejectLog{every: every, last: map[string]time.Time{}, lines: map[string]*rejectLine{}}
}

// add records a drop; ok says its line is due now (the first of its
// reason, or the first after every).
func (r *rejectLog) add(re *errRejected, subject string, now time.Time) (rejectLine, bool) {
	r.mu.Lock()
	defer r.mu.Unlock()
	l := r.lines[re.reason]
	if l == nil {
		l = &rejectLine{reason: re.reason}
		r.lines[re.reason] = l
	}
	l.count++
	l.total++
	l.from, l.keyID, l.subject = re.from, re.keyID, subject
	if last, ok := r.last[re.reason]; ok && now.Sub(last) < r.every {
		return rejectLine{}, false
	}
	return r.take(l, now), true
}

// due takes the lines whose drops have waited every.
func (r *rejectLog) due(now time.Time) []rejectLine {
	r.mu.Lock()
	defer r.mu.Unlock()
	var out []rejectLine
	for _, reason := range RejectReasons() {
		if l := r.lines[reason]; l != nil && l.count > 0 && now.Sub(r.last[reason]) >= r.every {
			out = append(out, r.take(l, now))
		}
	}
	return out
}

// take is l's line; its count starts again. r.mu is held.
func (r *rejectLog) take(l *rejectLine, now time.Time) rejectLine {
	out := *l
	l.count = 0
	r.last[l.reason] = now
	return out
}
