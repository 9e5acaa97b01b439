package cluster

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"maps"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/stretchr/testify/require"

	"boardroom/lobby"
)

// clock is a settable clock for the sealers.
type clock struct{ ns atomic.Int64 }

func newClock() *clock {
	c := &clock{}
	c.ns.Store(time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC).UnixNano())
	return c
}

func (c *clock) now() time.Time          { return time.Unix(0, c.ns.Load()) }
func (c *clock) advance(d time.Duration) { c.ns.Add(int64(d)) }

func testSealer(t *testing.T, key []byte, node string, now func() time.Time) *sealer {
	t.Helper()
	s, err := newSealer(key, node, now, DefaultMaxAge)
	require.NoError(t, err)
	return s
}

func rejectReason(err error) string {
	var re *errRejected
	if errors.As(err, &re) {
		return re.reason
	}
	return ""
}

// A sealed message opens on its subject under the same key, with its
// sender, and hides its payload; changed in any byte, moved to another
// subject, sealed under another key or not sealed at all, it does not.
func TestSealedMessageOpensOnlyAsSealed(t *testing.T) {
	clk := newClock()
	a := testSealer(t, testKey, "node-a", clk.now)
	b := testSealer(t, testKey, "node-b", clk.now)
	payload := []byte(`{"kind":"handle","account":7,"handle":"mallory","seed":1234567890123}`)
	msg := a.seal("boardroom.lobby", payload)
	require.NotContains(t, string(msg), "mallory", "the payload travels sealed")
	require.NotContains(t, string(msg), "1234567890123")

	from, got, err := b.open("boardroom.lobby", msg)
	require.NoError(t, err)
	require.Equal(t, "node-a", from)
	require.Equal(t, payload, got)

	_, _, err = b.open("boardroom.chat", msg)
	require.Equal(t, RejectForged, rejectReason(err), "another subject")
	for i := range msg {
		bent := bytes.Clone(msg)
		bent[i] ^= 0x20
		_, _, err := b.open("boardroom.lobby", bent)
		require.Error(t, err, "byte %d changed", i)
		require.Contains(t, []string{RejectForged, RejectOtherKey, RejectUnsealed}, rejectReason(err), "byte %d", i)
	}
	other := testSealer(t, []byte("another secret, another cluster, 32+ bytes long"), "node-x", clk.now)
	_, _, err = b.open("boardroom.lobby", other.seal("boardroom.lobby", payload))
	require.Equal(t, RejectOtherKey, rejectReason(err))
	var re *errRejected
	require.ErrorAs(t, err, &re)
	require.Equal(t, "node-x", re.from)
	require.Equal(t, other.keyID(), re.keyID)
	require.NotEqual(t, b.keyID(), other.keyID())
	require.Equal(t, KeyID(testKey), b.keyID(), "the key id depends on the key alone")

	_, _, err = b.open("boardroom.lobby", payload)
	require.Equal(t, RejectUnsealed, rejectReason(err), "plain JSON")
	_, _, err = b.open("boardroom.lobby", msg[:20])
	require.Equal(t, RejectUnsealed, rejectReason(err), "cut short")

	_, err = newSealer([]byte("short"), "n", clk.now, DefaultMaxAge)
	require.ErrorIs(t, err, ErrConfig)
}

// A message opens once: its copy is a replay; one sent more than MaxAge
// ago or ahead is stale, whatever its sender's clock says.
func TestSealedMessageOpensOnceWithinMaxAge(t *testing.T) {
	rx := newClock()
	tx := newClock()
	a := testSealer(t, testKey, "a", tx.now)
	b := testSealer(t, testKey, "b", rx.now)

	msg := a.seal("s", []byte("x"))
	_, _, err := b.open("s", msg)
	require.NoError(t, err)
	_, _, err = b.open("s", msg)
	require.Equal(t, RejectReplayed, rejectReason(err))

	rx.advance(DefaultMaxAge - time.Second)
	_, _, err = b.open("s", a.seal("s", []byte("late but in time")))
	require.NoError(t, err)
	rx.advance(2 * time.Second)
	_, _, err = b.open("s", msg)
	require.Equal(t, RejectStale, rejectReason(err), "a copy after the window")

	tx.advance(DefaultMaxAge + DefaultMaxAge + 2*time.Second)
	_, _, err = b.open("s", a.seal("s", []byte("from the future")))
	require.Equal(t, RejectStale, rejectReason(err), "sent ahead of the receiver by more than the window")
}

// Past replayCap remembered nonces the receiver forgets the oldest, and
// their copies are then stale rather than accepted.
func TestReplayCacheNeverForgetsIntoAReplay(t *testing.T) {
	rx := newClock()
	tx := newClock()
	a := testSealer(t, testKey, "a", tx.now)
	b := testSealer(t, testKey, "b", rx.now)
	first := a.seal("s", []byte("first"))
	_, _, err := b.open("s", first)
	require.NoError(t, err)
	for range replayCap + 10 {
		tx.advance(time.Microsecond)
		_, _, err := b.open("s", a.seal("s", nil))
		require.NoError(t, err)
	}
	require.LessOrEqual(t, len(b.seen), replayCap)
	_, _, err = b.open("s", first)
	require.Equal(t, RejectStale, rejectReason(err), "the first message's copy must not open once its nonce is forgotten")
	tx.advance(time.Microsecond)
	_, _, err = b.open("s", a.seal("s", []byte("fresh")))
	require.NoError(t, err, "new messages still open")
}

// spy is a plain NATS client on the cluster's server: what anyone who
// reaches NATS sees and can send.
type spy struct {
	nc   *nats.Conn
	mu   sync.Mutex
	msgs []*nats.Msg
}

func newSpy(t *testing.T, url, subject string) *spy {
	t.Helper()
	nc, err := nats.Connect(url)
	require.NoError(t, err)
	t.Cleanup(nc.Close)
	s := &spy{nc: nc}
	_, err = nc.Subscribe(subject, func(m *nats.Msg) {
		s.mu.Lock()
		defer s.mu.Unlock()
		s.msgs = append(s.msgs, m)
	})
	require.NoError(t, err)
	require.NoError(t, nc.Flush())
	return s
}

func (s *spy) on(subject string) []*nats.Msg {
	s.mu.Lock()
	defer s.mu.Unlock()
	var out []*nats.Msg
	for _, m := range s.msgs {
		if m.Subject == subject {
			out = append(out, m)
		}
	}
	return out
}

func handlesHeard(n *fakeNode) []string {
	var out []string
	for _, no := range n.noticesCopy() {
		if no.Kind == lobby.NoticeHandle {
			out = append(out, fmt.Sprintf("%d=%s from %s", no.AccountID, no.Handle, no.Node))
		}
	}
	return out
}

// What the old nodes accepted from anyone on NATS (a notice renaming a
// handle, a call acting for another account) is dropped and counted; a
// node's own sealed notice, changed in one byte or sent again, is too.
func TestForgedAndReplayedMessagesAreDroppedAndCounted(t *testing.T) {
	url := startNATS(t)
	st := newFakeLeases()
	quiet := func(c *Config) { c.PresenceEvery = time.Hour }
	a := startNode(t, url, "a", st, quiet)
	b := startNode(t, url, "b", st, quiet)
	sp := newSpy(t, url, "boardroom.>")
	tok, err := a.c.Claim(context.Background(), 7)
	require.NoError(t, err)
	a.n.own(7, tok)

	// A notice the old code took from anyone: valid JSON, naming a node.
	forged, err := json.Marshal(lobby.Notice{Kind: lobby.NoticeHandle, Node: "a", AccountID: 1, Handle: "mallory"})
	require.NoError(t, err)
	require.NoError(t, sp.nc.Publish("boardroom.lobby", forged))
	// Session counts that would lock a key out, and a handoff.
	counts, err := json.Marshal(sessionCounts{Node: "evil", Counts: map[string]int{"SHA256:victim": 99}})
	require.NoError(t, err)
	require.NoError(t, sp.nc.Publish("boardroom.sessions", counts))
	ho, err := json.Marshal(handoff{Node: "evil", Tables: []int64{7}})
	require.NoError(t, err)
	require.NoError(t, sp.nc.Publish("boardroom.handoff", ho))
	// A call acting for account 42 at a's table.
	call, err := json.Marshal(lobby.TableCall{TableID: 7, Method: lobby.CallAct, Account: 42, N: 1})
	require.NoError(t, err)
	_, err = sp.nc.Request("boardroom.call.7", call, 300*time.Millisecond)
	require.ErrorIs(t, err, nats.ErrTimeout, "a forged call is not answered")

	// a's own notice, as the spy saw it: sealed.
	a.c.Announce(lobby.Notice{Kind: lobby.NoticeHandle, AccountID: 2, Handle: "ann"})
	eventually(t, 5*time.Second, func() bool { return len(handlesHeard(b.n)) == 1 }, "b never heard a")
	eventually(t, 5*time.Second, func() bool { return len(sp.on("boardroom.lobby")) == 2 }, "the spy never saw a's notice")
	genuine := sp.on("boardroom.lobby")[1].Data
	require.NotContains(t, string(genuine), "ann", "the spy reads nothing")
	bent := bytes.Clone(genuine)
	bent[len(bent)-20] ^= 1
	require.NoError(t, sp.nc.Publish("boardroom.lobby", bent))
	require.NoError(t, sp.nc.Publish("boardroom.lobby", genuine))
	require.NoError(t, sp.nc.Publish("boardroom.chat", genuine))
	require.NoError(t, sp.nc.Flush())

	want := map[string]int{RejectUnsealed: 3, RejectForged: 2, RejectReplayed: 1}
	eventually(t, 5*time.Second, func() bool { return maps.Equal(want, b.obs.rejectedCopy()) }, "b counted %v", b.obs.rejectedCopy())
	require.Equal(t, []string{"2=ann from a"}, handlesHeard(b.n), "b applied a forged or a replayed notice")
	require.Zero(t, b.c.SessionsElsewhere("SHA256:victim"), "forged session counts locked a key out")
	a.n.mu.Lock()
	served := len(a.n.served)
	a.n.mu.Unlock()
	require.Zero(t, served, "a served a forged call")
	eventually(t, 5*time.Second, func() bool { return a.obs.rejectedCopy()[RejectUnsealed] == 4 },
		"a counted %v, not the forged call and the three messages it also heard", a.obs.rejectedCopy())

	// The nodes still talk.
	res, err := b.c.Call(context.Background(), lobby.TableCall{TableID: 7, N: 4})
	require.NoError(t, err)
	require.Equal(t, lobby.CallResult{Msg: "a", Int: 8}, res)
}

// A forged answer on a call's inbox neither answers the call nor fails
// it: the caller waits for the owner's.
func TestForgedAnswerIsIgnoredByTheCaller(t *testing.T) {
	url := startNATS(t)
	st := newFakeLeases()
	b := startNode(t, url, "b", st, nil)
	// The "owner" is a stranger who answers first with plain JSON, then
	// passes the call on to a real owner's subject... which it cannot
	// seal: the caller must wait and time out, not take the forged answer.
	nc, err := nats.Connect(url)
	require.NoError(t, err)
	t.Cleanup(nc.Close)
	_, err = nc.Subscribe("boardroom.call.5", func(m *nats.Msg) {
		ans, _ := json.Marshal(lobby.CallResult{Msg: "forged", Int: 99})
		_ = m.Respond(ans)
	})
	require.NoError(t, err)
	require.NoError(t, nc.Flush())
	_, err = b.c.Call(context.Background(), lobby.TableCall{TableID: 5})
	require.ErrorIs(t, err, lobby.ErrNoOwner, "the forged answer was taken")
	require.Equal(t, 1, b.obs.rejectedCopy()[RejectUnsealed])
}

// syncBuffer is a log destination the handlers' goroutines share.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) lines(substr string) []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	var out []string
	for _, l := range strings.Split(s.b.String(), "\n") {
		if strings.Contains(l, substr) {
			out = append(out, l)
		}
	}
	return out
}

// A node with another seal.key is easy to tell in the log: one warning
// (not one a message) naming it and both key ids, then one line a period
// with the count since.
func TestOtherKeyIsOneWarningWithACount(t *testing.T) {
	url := startNATS(t)
	st := newFakeLeases()
	var logs syncBuffer
	const every = 300 * time.Millisecond
	b := startNode(t, url, "b", st, func(c *Config) {
		c.Logger = slog.New(slog.NewTextHandler(&logs, &slog.HandlerOptions{Level: slog.LevelWarn}))
		c.rejectLogEvery = every
		c.PresenceEvery = 50 * time.Millisecond
	})
	// x reaches b's NATS but not its store (which refuses a node with
	// another key at start: TestNodeWithAnotherSealKeyIsRefused).
	otherKey := []byte("a node set up with another seal.key than b's")
	x := startNode(t, url, "x", newFakeLeases(), func(c *Config) { c.Key = otherKey; c.PresenceEvery = time.Hour })
	for i := range 5 {
		x.c.Announce(lobby.Notice{Kind: lobby.NoticeHandle, AccountID: int64(i + 1), Handle: "h"})
	}
	require.NoError(t, x.c.Conn().Flush())
	// x's presence at Run and the 5 notices: 6 messages.
	eventually(t, 5*time.Second, func() bool { return b.obs.rejectedCopy()[RejectOtherKey] == 6 }, "b counted %v", b.obs.rejectedCopy())
	const line = "cluster: dropped messages that do not open"
	first := logs.lines(line)
	require.Len(t, first, 1, "one line, not one a message:\n%s", strings.Join(first, "\n"))
	require.Contains(t, first[0], "reason=other_key")
	require.Contains(t, first[0], "from=x")
	require.Contains(t, first[0], "their_key_id="+KeyID(otherKey))
	require.Contains(t, first[0], "key_id="+KeyID(testKey))
	require.Contains(t, first[0], "seal.key")
	require.Contains(t, first[0], "count=1 ")
	eventually(t, 5*time.Second, func() bool { return len(logs.lines(line)) == 2 }, "no line with the count after %v", every)
	second := logs.lines(line)[1]
	require.Contains(t, second, "count=5 ")
	require.Contains(t, second, "total=6 ")
	require.Empty(t, handlesHeard(b.n))
}
