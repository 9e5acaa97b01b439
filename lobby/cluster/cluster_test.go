package cluster

import (
	"context"
	"errors"
	"fmt"
	"net"
	"slices"
	"testing"
	"time"

	"github.com/nats-io/nats-server/v2/server"
	"github.com/stretchr/testify/require"

	"boardroom/lobby"
)

func TestNewRefusesABadConfig(t *testing.T) {
	_, err := New(Config{URL: "nats://127.0.0.1:1"})
	require.ErrorIs(t, err, ErrConfig, "no lease store")
	_, err = New(Config{URL: "nats://127.0.0.1:1", Leases: newFakeLeases(), LeaseTTL: time.Second, Period: time.Second})
	require.ErrorIs(t, err, ErrConfig, "period not shorter than the TTL")
	_, err = New(Config{Leases: newFakeLeases(), Key: testKey})
	require.ErrorIs(t, err, ErrConfig, "no URL")
	for _, p := range []string{"a.*", "a.>", "a..b", ".a", "a.", "a b", "é"} {
		_, err = New(Config{URL: "nats://127.0.0.1:1", Leases: newFakeLeases(), Prefix: p, Key: testKey})
		require.ErrorIs(t, err, ErrConfig, "prefix %q", p)
	}
	for _, name := range []string{"a..b", "a.", "a b", "a*"} {
		_, err = New(Config{URL: startNATS(t), Leases: newFakeLeases(), Node: name, Key: testKey})
		require.ErrorIs(t, err, ErrConfig, "node name %q is no NATS subject", name)
	}
	_, err = New(Config{URL: startNATS(t), Leases: newFakeLeases(), Node: "n", Heartbeat: time.Second, NameWindow: time.Second, Key: testKey})
	require.ErrorIs(t, err, ErrConfig, "a name window shorter than two heartbeats")
	for _, p := range []string{"boardroom", "games.eu-1", "A_b-9.x"} {
		require.NoError(t, CheckPrefix(p), p)
	}
}

// Two clusters on one NATS server with different prefixes do not hear
// each other.
func TestPrefixesSeparateClusters(t *testing.T) {
	url := startNATS(t)
	st := newFakeLeases()
	prefix := func(p string) func(*Config) { return func(c *Config) { c.Prefix = p } }
	a := startNode(t, url, "a", st, prefix("blue"))
	a2 := startNode(t, url, "a2", st, prefix("blue"))
	b := startNode(t, url, "b", st, prefix("green"))
	b.c.Announce(lobby.Notice{Kind: lobby.NoticeHandle, AccountID: 2, Handle: "ben"})
	b.c.SetSessions("SHA256:k", 3)
	require.NoError(t, b.c.Conn().Flush()) // b's messages reached the server first
	a.c.Announce(lobby.Notice{Kind: lobby.NoticeHandle, AccountID: 1, Handle: "ann"})
	handles := func() (out []string) {
		for _, n := range a2.n.noticesCopy() {
			if n.Kind == lobby.NoticeHandle {
				out = append(out, n.Handle)
			}
		}
		return out
	}
	eventually(t, 5*time.Second, func() bool { return len(handles()) > 0 }, "a2 hears a")
	require.Equal(t, []string{"ann"}, handles(), "a2 hears nothing of the other cluster")
	require.Zero(t, a2.c.SessionsElsewhere("SHA256:k"))
}

func TestDefaultNodeNamesDiffer(t *testing.T) {
	a, b := DefaultNodeName(), DefaultNodeName()
	require.NotEqual(t, a, b)
	require.NotEmpty(t, a)
}

// A call made on one node runs on the table's owner and its answer comes
// back; the owner sees the call as it was made.
func TestCallReachesTheOwner(t *testing.T) {
	url := startNATS(t)
	st := newFakeLeases()
	a := startNode(t, url, "a", st, nil)
	b := startNode(t, url, "b", st, nil)

	token, err := a.c.Claim(context.Background(), 7)
	require.NoError(t, err)
	a.n.own(7, token)
	holder, tok := st.Holder(7, time.Now())
	require.Equal(t, "a", holder)
	require.Equal(t, token, tok)

	call := lobby.TableCall{TableID: 7, Method: lobby.CallSit, Account: 42, Seat: 2, N: 21, Key: "k", Value: "v"}
	res, err := b.c.Call(context.Background(), call)
	require.NoError(t, err)
	require.Equal(t, lobby.CallResult{Msg: "a", Int: 42}, res)
	a.n.mu.Lock()
	served := append([]lobby.TableCall(nil), a.n.served...)
	a.n.mu.Unlock()
	require.Equal(t, []lobby.TableCall{call}, served)

	_, changes, answered, _ := b.obs.snapshot()
	require.Equal(t, 1, answered, "b timed its call")
	require.Empty(t, changes, "b changed no lease")
	owned, changes, _, _ := a.obs.snapshot()
	require.Equal(t, 1, owned)
	require.Equal(t, map[string]int{LeaseClaimed: 1}, changes)
}

// A table nobody serves answers ErrNoOwner at once (no responders), not
// after the call timeout.
func TestCallWithoutOwnerIsErrNoOwner(t *testing.T) {
	url := startNATS(t)
	b := startNode(t, url, "b", newFakeLeases(), func(c *Config) { c.CallTimeout = 10 * time.Second })
	start := time.Now()
	_, err := b.c.Call(context.Background(), lobby.TableCall{TableID: 99, Method: lobby.CallAct})
	require.ErrorIs(t, err, lobby.ErrNoOwner)
	require.Less(t, time.Since(start), 5*time.Second, "no responders should not wait for the timeout")
	_, _, answered, missed := b.obs.snapshot()
	require.Equal(t, 0, answered)
	require.Equal(t, 1, missed)
}

// Claim refuses a table another node holds a live lease of.
func TestClaimRefusesALiveLeaseOfAnother(t *testing.T) {
	url := startNATS(t)
	st := newFakeLeases()
	a := startNode(t, url, "a", st, nil)
	b := startNode(t, url, "b", st, nil)
	tok, err := a.c.Claim(context.Background(), 3)
	require.NoError(t, err)
	a.n.own(3, tok)
	_, err = b.c.Claim(context.Background(), 3)
	require.ErrorIs(t, err, lobby.ErrFenced)
}

// Notices reach every other node, in the order sent, and not the sender.
func TestNoticesReachOthersNotTheSender(t *testing.T) {
	url := startNATS(t)
	st := newFakeLeases()
	a := startNode(t, url, "a", st, func(c *Config) { c.PresenceEvery = time.Hour })
	b := startNode(t, url, "b", st, func(c *Config) { c.PresenceEvery = time.Hour })
	c := startNode(t, url, "c", st, func(c *Config) { c.PresenceEvery = time.Hour })

	const versions = 30
	for v := 1; v <= versions; v++ {
		a.c.Announce(lobby.Notice{Kind: lobby.NoticeTable, TableID: 5, Version: v})
	}
	a.c.Announce(lobby.Notice{Kind: lobby.NoticeChat, Chat: &lobby.ChatMessage{Text: "hello"}})
	a.c.Announce(lobby.Notice{Kind: lobby.NoticeLobbies})
	a.c.Announce(lobby.Notice{Kind: lobby.NoticeHandle, AccountID: 4, Handle: "ada"})
	want := versions + 3
	// Presence is announced once at Run whatever PresenceEvery: left out.
	fromA := func(n *testNode) []lobby.Notice {
		var out []lobby.Notice
		for _, no := range n.n.noticesCopy() {
			if no.Kind != lobby.NoticePresence {
				out = append(out, no)
			}
		}
		return out
	}
	for _, other := range []*testNode{b, c} {
		eventually(t, 5*time.Second, func() bool { return len(fromA(other)) >= want }, "%s got %d notices", other.n.name, len(fromA(other)))
		got := fromA(other)
		require.Len(t, got, want)
		var tableVersions []int
		kinds := map[string]int{}
		for _, n := range got {
			require.Equal(t, "a", n.Node)
			kinds[n.Kind]++
			if n.Kind == lobby.NoticeTable {
				require.Equal(t, int64(5), n.TableID)
				tableVersions = append(tableVersions, n.Version)
			}
		}
		require.True(t, slices.IsSorted(tableVersions), "table notices out of order: %v", tableVersions)
		require.Len(t, tableVersions, versions)
		require.Equal(t, map[string]int{lobby.NoticeTable: versions, lobby.NoticeChat: 1, lobby.NoticeLobbies: 1, lobby.NoticeHandle: 1}, kinds)
	}
	// b answers on the same subject after it saw a's notices; once a has
	// b's, a would have had its own before it, had they not been dropped.
	b.c.Announce(lobby.Notice{Kind: lobby.NoticeTable, TableID: 5, Version: versions + 1})
	eventually(t, 5*time.Second, func() bool { return len(fromA(a)) >= 1 }, "a never got b's notice")
	for _, n := range a.n.noticesCopy() {
		require.NotEqual(t, "a", n.Node, "a received its own notice")
	}
}

// Every node announces its presence; owners receive it.
func TestPresenceIsAnnounced(t *testing.T) {
	url := startNATS(t)
	st := newFakeLeases()
	a := startNode(t, url, "a", st, nil)
	b := startNode(t, url, "b", st, nil)
	b.n.mu.Lock()
	b.n.presence = map[int64][]int64{9: {1, 2}}
	b.n.mu.Unlock()
	eventually(t, 5*time.Second, func() bool {
		for _, n := range a.n.noticesCopy() {
			if n.Kind == lobby.NoticePresence && n.Node == "b" && len(n.Presence[9]) == 2 {
				return true
			}
		}
		return false
	}, "a never heard b's presence")
}

// A node adopts orphan tables at its first scan, with the store's token.
func TestOrphansAreAdopted(t *testing.T) {
	url := startNATS(t)
	st := newFakeLeases(1, 2)
	a := startNode(t, url, "a", st, nil)
	eventually(t, 2*time.Second, func() bool { return len(a.n.Owned()) == 2 }, "a owns %v", a.n.Owned())
	for _, id := range []int64{1, 2} {
		holder, tok := st.Holder(id, time.Now())
		require.Equal(t, "a", holder)
		got, _ := a.n.tokenOf(id)
		require.Equal(t, tok, got)
	}
	owned, changes, _, _ := a.obs.snapshot()
	require.Equal(t, 2, owned)
	require.Equal(t, 2, changes[LeaseAdopted])
}

// A table the node cannot adopt is released for another to try.
func TestAdoptErrorReleasesTheLease(t *testing.T) {
	url := startNATS(t)
	st := newFakeLeases(1)
	a := newFakeNode("a")
	a.adoptErr = errors.New("replay failed")
	obs := &fakeObserver{}
	c, err := New(Config{URL: url, Node: "a", Leases: st, LeaseTTL: time.Hour, Period: testPeriod, Observer: obs, Key: testKey})
	require.NoError(t, err)
	t.Cleanup(c.Close)
	require.NoError(t, c.run(context.Background(), a))
	eventually(t, 2*time.Second, func() bool { _, ch, _, _ := obs.snapshot(); return ch[LeaseRefused] >= 1 }, "no refused adoption")
	holder, _ := st.Holder(1, time.Now())
	require.Empty(t, holder, "the lease was not released (its TTL is an hour)")
	_, err = c.Call(context.Background(), lobby.TableCall{TableID: 1})
	require.ErrorIs(t, err, lobby.ErrNoOwner)
}

// A node that finds a live lease of its own process that it does not run
// (tables it gave up while NATS was away, that nobody took) adopts it with
// that token.
func TestOwnLeaseNotRunIsAdopted(t *testing.T) {
	url := startNATS(t)
	st := newFakeLeases()
	n := newFakeNode("a")
	c, err := New(Config{URL: url, Node: "a", Leases: st, LeaseTTL: testTTL, Period: testPeriod, Key: testKey})
	require.NoError(t, err)
	t.Cleanup(c.Close)
	tok, ok, err := st.ClaimTable(context.Background(), 4, c.owner, time.Hour, time.Now())
	require.NoError(t, err)
	require.True(t, ok)
	require.NoError(t, c.run(context.Background(), n))
	eventually(t, 2*time.Second, func() bool { _, ok := n.tokenOf(4); return ok }, "a did not adopt its lease")
	got, _ := n.tokenOf(4)
	require.Equal(t, tok, got)
}

// takeover runs a, which owns table 1, and b; cut stops a from renewing;
// b must own the table within TTL + period (with room for a loaded
// machine), with a higher token, and a must have relinquished it.
func takeover(t *testing.T, cut func(a *testNode)) (a, b *testNode) {
	url := startNATS(t)
	st := newFakeLeases(1)
	a = startNode(t, url, "a", st, nil)
	eventually(t, 2*time.Second, func() bool { _, ok := a.n.tokenOf(1); return ok }, "a did not adopt table 1")
	oldTok, _ := a.n.tokenOf(1)
	b = startNode(t, url, "b", st, nil)

	start := time.Now()
	cut(a)
	eventually(t, testTTL+testPeriod+700*time.Millisecond, func() bool { _, ok := b.n.tokenOf(1); return ok },
		"b did not take table 1 within TTL+period")
	t.Logf("takeover after %v (TTL %v, period %v)", time.Since(start).Round(time.Millisecond), testTTL, testPeriod)
	// The node takes the table (Adopt) before it subscribes to its calls;
	// the adoption is counted once both are done.
	eventually(t, time.Second, func() bool { _, ch, _, _ := b.obs.snapshot(); return ch[LeaseAdopted] >= 1 },
		"b did not finish adopting table 1")
	newTok, _ := b.n.tokenOf(1)
	require.Greater(t, newTok, oldTok, "the fencing token must rise")
	eventually(t, time.Second, func() bool { return slices.Contains(a.n.relinquishedCopy(), 1) }, "a never relinquished table 1")
	_, ok := a.n.tokenOf(1)
	require.False(t, ok)
	_, changes, _, _ := a.obs.snapshot()
	require.Equal(t, 1, changes[LeaseLost])
	return a, b
}

// The store out of reach from the owner: it stops renewing, relinquishes
// before its lease runs out, and calls then reach only the new owner.
func TestLeaseNotRenewedIsTakenOver_StoreDown(t *testing.T) {
	_, b := takeover(t, func(a *testNode) { a.leases.down.Store(true) })
	c := startNode(t, b.c.cfg.URL, "c", b.leases.Leases, nil)
	for i := range 5 {
		res, err := c.c.Call(context.Background(), lobby.TableCall{TableID: 1, N: i})
		require.NoError(t, err)
		require.Equal(t, "b", res.Msg, "call %d answered by the old owner", i)
	}
}

// NATS out of reach from the owner: it stops renewing (nobody could
// forward calls to it) and relinquishes; another node takes the table.
func TestLeaseNotRenewedIsTakenOver_NATSDown(t *testing.T) {
	takeover(t, func(a *testNode) { a.c.conn.Close() })
}

// Handoff: the leaving node relinquishes and releases its tables, and the
// others adopt them at once, not at their next scan.
func TestHandoffIsAdoptedWithinOnePeriod(t *testing.T) {
	url := startNATS(t)
	st := newFakeLeases(1, 2)
	a := startNode(t, url, "a", st, nil)
	eventually(t, 2*time.Second, func() bool { return len(a.n.Owned()) == 2 }, "a did not adopt its tables")
	tok, err := a.c.Claim(context.Background(), 3)
	require.NoError(t, err)
	a.n.own(3, tok)
	st.SetLive(3, true)
	// b scans every 5s: only the handoff notice makes it adopt quickly. Its
	// first scan, at Run, finds nothing to take.
	const period = 5 * time.Second
	b := startNode(t, url, "b", st, func(c *Config) { c.Period, c.LeaseTTL = period, 4*period })

	start := time.Now()
	require.NoError(t, a.c.Handoff(context.Background()))
	require.ElementsMatch(t, []int64{1, 2, 3}, a.n.relinquishedCopy())
	require.Empty(t, a.n.Owned())
	require.True(t, a.c.conn.IsClosed(), "a's NATS connection is drained and closed")
	eventually(t, period/2, func() bool { return len(b.n.Owned()) == 3 }, "b owns %v", b.n.Owned())
	t.Logf("adopted %v after the handoff", time.Since(start).Round(time.Millisecond))
	for id := int64(1); id <= 3; id++ {
		holder, _ := st.Holder(id, time.Now())
		require.Equal(t, "b", holder, fmt.Sprint("table ", id))
	}
	_, changes, _, _ := a.obs.snapshot()
	require.Equal(t, 3, changes[LeaseReleased])
	_, err = a.c.Claim(context.Background(), 4)
	require.ErrorIs(t, err, lobby.ErrNoOwner, "a claims nothing after its handoff")
}

// The whole of NATS down: the owner gives its table up before its lease
// runs out and nobody adopts it while NATS is away; once NATS is back a
// node adopts it again, with a new token.
func TestNATSOutageAndReturn(t *testing.T) {
	srv := startNATSServer(t, server.RANDOM_PORT)
	url := srv.ClientURL()
	port := srv.Addr().(*net.TCPAddr).Port
	st := newFakeLeases(1)
	a := startNode(t, url, "a", st, nil)
	eventually(t, 2*time.Second, func() bool { _, ok := a.n.tokenOf(1); return ok }, "a did not adopt table 1")
	oldTok, _ := a.n.tokenOf(1)
	b := startNode(t, url, "b", st, nil)

	srv.Shutdown()
	eventually(t, testTTL+time.Second, func() bool { return slices.Contains(a.n.relinquishedCopy(), 1) }, "a kept table 1 without NATS")
	require.Empty(t, b.n.Owned(), "b adopted without NATS")

	startNATSServer(t, port)
	eventually(t, 5*time.Second, func() bool { return len(a.n.Owned())+len(b.n.Owned()) == 1 }, "nobody adopted table 1 after NATS came back")
	holder, tok := st.Holder(1, time.Now())
	require.NotEmpty(t, holder)
	require.Greater(t, tok, oldTok)
	c := startNode(t, url, "c", st, nil)
	// The owner serves calls once its subscription is on the NATS server,
	// a moment after Owned lists the table: until then a call finds no
	// owner, as a player's would ("that table is moving").
	var res lobby.CallResult
	eventually(t, 5*time.Second, func() bool {
		var err error
		res, err = c.c.Call(context.Background(), lobby.TableCall{TableID: 1, N: 1})
		return err == nil
	}, "calls never reached the new owner")
	require.Equal(t, holder, res.Msg, "calls reach the new owner")
}

// A NATS blip shorter than the lease costs no table.
func TestShortNATSBlipKeepsTheTables(t *testing.T) {
	srv := startNATSServer(t, server.RANDOM_PORT)
	url := srv.ClientURL()
	port := srv.Addr().(*net.TCPAddr).Port
	st := newFakeLeases(1)
	// A long lease, so that the blip (a server restart) is well inside it.
	a := startNode(t, url, "a", st, func(c *Config) { c.LeaseTTL = 5 * time.Second })
	eventually(t, 2*time.Second, func() bool { _, ok := a.n.tokenOf(1); return ok }, "a did not adopt table 1")
	tok, _ := a.n.tokenOf(1)
	srv.Shutdown()
	eventually(t, 2*time.Second, func() bool { return !a.c.conn.IsConnected() }, "a never noticed NATS going")
	startNATSServer(t, port)
	eventually(t, 5*time.Second, func() bool { return a.c.conn.IsConnected() }, "a did not reconnect")
	b := startNode(t, url, "b", st, nil)
	res, err := b.c.Call(context.Background(), lobby.TableCall{TableID: 1, N: 2})
	require.NoError(t, err, "a serves its table again after reconnecting")
	require.Equal(t, lobby.CallResult{Msg: "a", Int: 4}, res)
	require.Empty(t, a.n.relinquishedCopy())
	got, _ := a.n.tokenOf(1)
	require.Equal(t, tok, got)
}

// A table whose game ended leaves the node's owned list while the store
// still renews its lease: the lease is released, once, and the table is
// not adopted again and again.
func TestEndedTableLeaseIsReleased(t *testing.T) {
	url := startNATS(t)
	st := newFakeLeases(1)
	a := startNode(t, url, "a", st, nil)
	eventually(t, 2*time.Second, func() bool { _, ok := a.n.tokenOf(1); return ok }, "a did not adopt table 1")
	// The game ends: the lobby lists the table no more; the store no
	// longer counts it among the tables that need an owner.
	a.n.mu.Lock()
	delete(a.n.owned, 1)
	a.n.mu.Unlock()
	st.SetLive(1, false)
	eventually(t, 10*testPeriod+time.Second, func() bool { h, _ := st.Holder(1, time.Now()); return h == "" }, "the ended table's lease was kept")
	// Several more scans change nothing.
	eventually(t, time.Second, func() bool { _, ch, _, _ := a.obs.snapshot(); return ch[LeaseReleased] == 1 }, "no release counted")
	scans := a.leases.renewals.Load()
	eventually(t, 2*time.Second, func() bool { return a.leases.renewals.Load() >= scans+5 }, "the lease loop stopped")
	a.n.mu.Lock()
	adoptions := len(a.n.adoptions[1])
	a.n.mu.Unlock()
	require.Equal(t, 1, adoptions, "the ended table was adopted again")
	owned, changes, _, _ := a.obs.snapshot()
	require.Equal(t, 0, owned)
	require.Equal(t, 1, changes[LeaseReleased])
	_, err := a.c.Call(context.Background(), lobby.TableCall{TableID: 1})
	require.ErrorIs(t, err, lobby.ErrNoOwner)
}
