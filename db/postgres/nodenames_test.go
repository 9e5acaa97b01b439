package postgres

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"boardroom/lobby"
)

// Issue 29: a second process started as node2 while node2 ran took table 1
// with the same token, and its stop released the real node2's lease. A
// lease is one incarnation's: another process of the same name can neither
// take it while it lives, nor renew nor release it, and when it runs out
// the other gets a new token that fences the first.
func TestLeaseOfOneIncarnationIsNotAnothersOfTheSameName(t *testing.T) {
	f := newLeaseFixture(t)
	first := lobby.LeaseOwner{Node: "node2", Incarnation: "aaaa"}
	second := lobby.LeaseOwner{Node: "node2", Incarnation: "bbbb"}
	tok, ok, err := f.s.ClaimTable(f.ctx, f.table.ID, first, ttl, t0)
	require.NoError(t, err)
	require.True(t, ok)

	_, ok, err = f.s.ClaimTable(f.ctx, f.table.ID, second, ttl, t0.Add(time.Second))
	require.NoError(t, err)
	require.False(t, ok, "another process of the name took a live lease")
	renewed, err := f.s.RenewLeases(f.ctx, second, ttl, t0.Add(2*time.Second))
	require.NoError(t, err)
	require.Empty(t, renewed, "another process of the name renewed the lease")
	require.NoError(t, f.s.ReleaseTable(f.ctx, f.table.ID, second))
	renewed, err = f.s.RenewLeases(f.ctx, first, ttl, t0.Add(3*time.Second))
	require.NoError(t, err)
	require.Equal(t, map[int64]int64{f.table.ID: tok}, renewed, "the lease's process lost it to another's release")
	var node, inc string
	require.NoError(t, f.s.pool.QueryRow(f.ctx, `SELECT owner_node, owner_incarnation FROM games WHERE id = $1`, f.table.ID).Scan(&node, &inc))
	require.Equal(t, []string{"node2", "aaaa"}, []string{node, inc}, "the row records the node and its incarnation")

	// Run out, the lease goes to the other process with a new token, which
	// fences the first's writes; the first can neither renew nor release it.
	late := t0.Add(3*time.Second + ttl)
	tok2, ok, err := f.s.ClaimTable(f.ctx, f.table.ID, second, ttl, late)
	require.NoError(t, err)
	require.True(t, ok)
	require.Greater(t, tok2, tok, "two processes never hold one table under one token")
	require.ErrorIs(t, f.s.AppendAction(f.ctx, f.table.ID, f.action(1, tok)), lobby.ErrFenced)
	renewed, err = f.s.RenewLeases(f.ctx, first, ttl, late)
	require.NoError(t, err)
	require.Empty(t, renewed)
	require.NoError(t, f.s.ReleaseTable(f.ctx, f.table.ID, first))
	renewed, err = f.s.RenewLeases(f.ctx, second, ttl, late.Add(time.Second))
	require.NoError(t, err)
	require.Equal(t, map[int64]int64{f.table.ID: tok2}, renewed)
}

// A node name is held by one live process: another is refused while the
// holder heartbeats within the window, takes it once the holder has been
// silent for the window (it died) or released it (a clean stop), and the
// former holder's heartbeat then finds the name taken.
func TestNodeNameIsHeldByOneLiveProcess(t *testing.T) {
	ctx := context.Background()
	s, _ := openTest(t)
	const window = 10 * time.Second
	a := lobby.NodeName{Name: "node2", Incarnation: "aaaa", Host: "h1 pid 1", StartedAt: t0}
	b := lobby.NodeName{Name: "node2", Incarnation: "bbbb", Host: "h2 pid 2", StartedAt: t0.Add(time.Second)}

	_, ok, err := s.ClaimNodeName(ctx, a, window, t0)
	require.NoError(t, err)
	require.True(t, ok)
	holder, ok, err := s.ClaimNodeName(ctx, b, window, t0.Add(time.Second))
	require.NoError(t, err)
	require.False(t, ok, "a live holder's name was taken")
	require.Equal(t, "aaaa", holder.Incarnation)
	require.Equal(t, "h1 pid 1", holder.Host)
	require.True(t, t0.Equal(holder.StartedAt), "the holder's start time, for the refusal")

	_, ok, err = s.HeartbeatNodeName(ctx, "node2", "aaaa", t0.Add(8*time.Second))
	require.NoError(t, err)
	require.True(t, ok)
	_, ok, err = s.ClaimNodeName(ctx, b, window, t0.Add(8*time.Second+window-time.Millisecond))
	require.NoError(t, err)
	require.False(t, ok, "taken within the window after the last heartbeat")
	_, ok, err = s.ClaimNodeName(ctx, b, window, t0.Add(8*time.Second+window))
	require.NoError(t, err)
	require.True(t, ok, "a holder silent for the window died: its name is free")

	holder, ok, err = s.HeartbeatNodeName(ctx, "node2", "aaaa", t0.Add(20*time.Second))
	require.NoError(t, err)
	require.False(t, ok, "the former holder must learn that its name was taken")
	require.Equal(t, "bbbb", holder.Incarnation)
	require.NoError(t, s.ReleaseNodeName(ctx, "node2", "aaaa"), "not the holder: nothing")
	_, ok, err = s.ClaimNodeName(ctx, a, window, t0.Add(20*time.Second))
	require.NoError(t, err)
	require.False(t, ok)

	require.NoError(t, s.ReleaseNodeName(ctx, "node2", "bbbb"))
	_, ok, err = s.ClaimNodeName(ctx, a, window, t0.Add(20*time.Second))
	require.NoError(t, err)
	require.True(t, ok, "a released name is free at once")
}

// Processes starting together under one name: one gets it.
func TestNodeNameClaimedOnceByProcessesStartingTogether(t *testing.T) {
	s, _ := openTest(t)
	const n = 8
	oks := make(chan bool, n)
	errs := make(chan error, n)
	for i := range n {
		go func() {
			_, ok, err := s.ClaimNodeName(context.Background(), lobby.NodeName{Name: "node2", Incarnation: fmt.Sprint("inc", i), StartedAt: t0}, 10*time.Second, t0)
			errs <- err
			oks <- ok
		}()
	}
	won := 0
	for range n {
		require.NoError(t, <-errs)
		if <-oks {
			won++
		}
	}
	require.Equal(t, 1, won)
}

// LiveNodeNames lists the processes that heartbeated within the window,
// with the id of the key they seal with (issue 29: a node with another
// seal.key is refused).
func TestLiveNodeNamesCarryTheirKeyIDs(t *testing.T) {
	ctx := context.Background()
	s, _ := openTest(t)
	const window = 10 * time.Second
	a := lobby.NodeName{Name: "node1", Incarnation: "aaaa", Host: "h1 pid 1", KeyID: "k1", StartedAt: t0}
	b := lobby.NodeName{Name: "node2", Incarnation: "bbbb", Host: "h2 pid 2", KeyID: "k2", StartedAt: t0}
	for _, n := range []lobby.NodeName{a, b} {
		_, ok, err := s.ClaimNodeName(ctx, n, window, t0)
		require.NoError(t, err)
		require.True(t, ok)
	}
	_, ok, err := s.HeartbeatNodeName(ctx, "node2", "bbbb", t0.Add(8*time.Second))
	require.NoError(t, err)
	require.True(t, ok)

	live, err := s.LiveNodeNames(ctx, window, t0.Add(9*time.Second))
	require.NoError(t, err)
	require.Len(t, live, 2)
	require.Equal(t, "k1", live[0].KeyID)
	require.Equal(t, "k2", live[1].KeyID)
	require.Equal(t, "h2 pid 2", live[1].Host)

	live, err = s.LiveNodeNames(ctx, window, t0.Add(window))
	require.NoError(t, err)
	require.Len(t, live, 1, "node1 has not heartbeated for the window")
	require.Equal(t, "node2", live[0].Name)
}
