package cluster

import (
	"context"
	"encoding/json"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"boardroom/lobby"
)

// The node-name tests run real NATS and the shared in-memory leases;
// cmd/boardroom's cluster_names_e2e_test.go runs the same over PostgreSQL.

// A second process with a live node's name is refused before it subscribes
// to anything: the live node answers on NATS.
func TestSecondProcessOfALiveNameIsRefused_NATS(t *testing.T) {
	url := startNATS(t)
	st := newFakeLeases(1)
	a := startNode(t, url, "node2", st, nil)
	eventually(t, 2*time.Second, func() bool { _, ok := a.n.tokenOf(1); return ok }, "node2 did not adopt table 1")
	owner, tok := st.HolderOwner(1, time.Now())

	_, err := New(Config{URL: url, Node: "node2", Leases: st, LeaseTTL: testTTL, Period: testPeriod, Key: testKey})
	var taken *NameTakenError
	require.ErrorAs(t, err, &taken)
	require.ErrorIs(t, err, ErrNameTaken)
	require.Equal(t, "NATS", taken.Via)
	require.Equal(t, a.c.Incarnation(), taken.Holder.Incarnation)
	require.Contains(t, err.Error(), a.c.name.started.UTC().Format(time.RFC3339), "the refusal names the other node's start")
	require.Contains(t, err.Error(), "another --node")
	require.NotContains(t, err.Error(), "\n")
	gotOwner, gotTok := st.HolderOwner(1, time.Now())
	require.Equal(t, owner, gotOwner, "the refused process took the table")
	require.Equal(t, tok, gotTok)
}

// The store refuses too when the live node cannot be heard on NATS (here:
// another prefix, as a NATS partition would be).
func TestSecondProcessOfALiveNameIsRefused_Store(t *testing.T) {
	url := startNATS(t)
	st := newFakeLeases()
	a := startNode(t, url, "node2", st, nil)
	_, err := New(Config{URL: url, Node: "node2", Leases: st, Prefix: "elsewhere", LeaseTTL: testTTL, Period: testPeriod, Key: testKey})
	var taken *NameTakenError
	require.ErrorAs(t, err, &taken)
	require.Equal(t, "the store", taken.Via)
	require.Equal(t, a.c.Incarnation(), taken.Holder.Incarnation)
	require.Contains(t, err.Error(), "last heartbeat")
}

// After a clean stop the name is free at once; after a crash, once the
// window has passed since the last heartbeat.
func TestNameIsFreeAfterACleanStopOrTheWindow(t *testing.T) {
	url := startNATS(t)
	st := newFakeLeases()
	a := startNode(t, url, "node2", st, nil)
	require.NoError(t, a.c.Handoff(context.Background()))
	b, err := New(Config{URL: url, Node: "node2", Leases: st, LeaseTTL: testTTL, Period: testPeriod, Key: testKey})
	require.NoError(t, err, "the name of a node that stopped cleanly is free")
	b.Close() // a crash: the name stays claimed

	clock := &skewClock{}
	cfg := Config{URL: url, Node: "node2", Leases: st, LeaseTTL: testTTL, Period: testPeriod, Now: clock.now, Heartbeat: time.Hour, NameWindow: 3 * time.Hour, Key: testKey}
	_, err = New(cfg)
	require.ErrorIs(t, err, ErrNameTaken, "a crashed node's name is held for the window")
	clock.add(3 * time.Hour)
	c, err := New(cfg)
	require.NoError(t, err, "the window passed: the name is free")
	c.Close()
}

// skewClock is time.Now moved by a test.
type skewClock struct {
	mu   sync.Mutex
	skew time.Duration
}

func (s *skewClock) now() time.Time {
	s.mu.Lock()
	defer s.mu.Unlock()
	return time.Now().Add(s.skew)
}

func (s *skewClock) add(d time.Duration) {
	s.mu.Lock()
	s.skew += d
	s.mu.Unlock()
}

// A node that finds its name taken by another process (it was cut off or
// paused longer than the window) gives up its tables and stops.
func TestNodeWhoseNameWasTakenStops(t *testing.T) {
	url := startNATS(t)
	st := newFakeLeases(1)
	a := startNode(t, url, "node2", st, func(c *Config) { c.Heartbeat, c.NameWindow = 20*time.Millisecond, time.Hour })
	eventually(t, 2*time.Second, func() bool { _, ok := a.n.tokenOf(1); return ok }, "node2 did not adopt table 1")
	select {
	case <-a.c.Stopped():
		t.Fatal("stopped before its name was taken")
	default:
	}
	require.NoError(t, a.c.StopReason())

	// Another process took the name two hours on (the window is an hour).
	_, ok, err := st.ClaimNodeName(context.Background(), lobby.NodeName{Name: "node2", Incarnation: "other", StartedAt: time.Now()}, time.Hour, time.Now().Add(2*time.Hour))
	require.NoError(t, err)
	require.True(t, ok)
	eventually(t, 5*time.Second, func() bool {
		select {
		case <-a.c.Stopped():
			return true
		default:
			return false
		}
	}, "node2 did not stop")
	var taken *NameTakenError
	require.ErrorAs(t, a.c.StopReason(), &taken)
	require.Equal(t, "other", taken.Holder.Incarnation)
	require.Empty(t, a.n.Owned(), "it gave up its tables")
	require.True(t, slices.Contains(a.n.relinquishedCopy(), 1))
	holder, _ := st.Holder(1, time.Now())
	require.Empty(t, holder, "its lease was released")
	_, err = a.c.Claim(context.Background(), 2)
	require.ErrorIs(t, err, lobby.ErrNoOwner, "it claims nothing more")
}

// Notices are ignored only when this very process sent them: another
// process of the same name is heard (its copy would never update
// otherwise), and the node's own are not.
func TestNoticesOfAnotherProcessOfTheNameAreHeard(t *testing.T) {
	url := startNATS(t)
	st := newFakeLeases()
	a := startNode(t, url, "node2", st, func(c *Config) { c.PresenceEvery = time.Hour })
	publish := func(inc string, version int) {
		data, err := json.Marshal(lobby.Notice{Kind: lobby.NoticeTable, Node: "node2", Incarnation: inc, TableID: 5, Version: version})
		require.NoError(t, err)
		require.NoError(t, a.c.publish(a.c.tableSubject(5), data))
	}
	publish(a.c.Incarnation(), 1)
	publish("another-process", 2)
	require.NoError(t, a.c.Conn().Flush())
	tables := func() (out []int) {
		for _, n := range a.n.noticesCopy() {
			if n.Kind == lobby.NoticeTable {
				out = append(out, n.Version)
			}
		}
		return out
	}
	eventually(t, 5*time.Second, func() bool { return len(tables()) > 0 }, "the other process's notice was ignored")
	require.Equal(t, []int{2}, tables(), "only the other process's notice is applied")

	// The Peer, as the lobby's side, does the same.
	svc := &noticeNode{}
	p := NewPeer("node2", nil, nil)
	p.inc = "mine"
	p.Attach(svc)
	p.Receive(context.Background(), lobby.Notice{Kind: lobby.NoticeTable, Node: "node2", Incarnation: "mine", TableID: 5, Version: 1})
	p.Receive(context.Background(), lobby.Notice{Kind: lobby.NoticeTable, Node: "node2", Incarnation: "theirs", TableID: 5, Version: 2})
	require.Equal(t, []int{2}, svc.versions)
}

// noticeNode is a lobby.ClusterNode that records the table notices it
// receives; nothing else is used.
type noticeNode struct {
	lobby.ClusterNode
	versions []int
}

func (n *noticeNode) ReceiveTable(_ context.Context, no lobby.Notice) {
	n.versions = append(n.versions, no.Version)
}

// A node whose seal.key differs from a live node's refuses to start: it
// would take tables whose calls the others cannot reach it with (issue 29).
func TestNodeWithAnotherSealKeyIsRefused(t *testing.T) {
	url := startNATS(t)
	st := newFakeLeases(1)
	a := startNode(t, url, "node1", st, nil)
	eventually(t, 2*time.Second, func() bool { _, ok := a.n.tokenOf(1); return ok }, "node1 did not adopt table 1")
	owner, tok := st.HolderOwner(1, time.Now())

	other := []byte("a key some other cluster's nodes share, not ours.")
	_, err := New(Config{URL: url, Node: "node2", Leases: st, LeaseTTL: testTTL, Period: testPeriod, Key: other})
	var mismatch *KeyMismatchError
	require.ErrorAs(t, err, &mismatch)
	require.ErrorIs(t, err, ErrOtherKey)
	require.Equal(t, "node1", mismatch.Other.Name)
	require.Equal(t, a.c.seal.keyID(), mismatch.Other.KeyID)
	require.Contains(t, err.Error(), "seal.key")
	require.NotContains(t, err.Error(), "\n")
	gotOwner, gotTok := st.HolderOwner(1, time.Now())
	require.Equal(t, owner, gotOwner, "the refused node took the table")
	require.Equal(t, tok, gotTok)

	// With the cluster's key it joins.
	b, err := New(Config{URL: url, Node: "node2", Leases: st, LeaseTTL: testTTL, Period: testPeriod, Key: testKey})
	require.NoError(t, err)
	t.Cleanup(func() { b.Close() })
}
