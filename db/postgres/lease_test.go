package postgres

import (
	"context"
	"encoding/json"
	"fmt"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"boardroom/engine"
	"boardroom/lobby"
)

var t0 = time.Date(2025, 3, 1, 12, 0, 0, 0, time.UTC)

const ttl = 10 * time.Second

// leaseFixture is a store with a playing table of one player.
type leaseFixture struct {
	t      *testing.T
	ctx    context.Context
	s      *Store
	player int64
	table  lobby.TableRecord
}

func newLeaseFixture(t *testing.T) *leaseFixture {
	f := &leaseFixture{t: t, ctx: context.Background()}
	f.s, _ = openTest(t)
	a, err := f.s.CreateAccount(f.ctx, "fa", "ada", t0)
	require.NoError(t, err)
	f.player = a.ID
	f.table = lobby.TableRecord{LobbyID: lobby.PublicLobbyID, Game: "testgame", HostID: a.ID, Status: lobby.TablePlaying,
		Seats: []lobby.SeatRecord{{AccountID: a.ID, Ready: true}}, Setup: &engine.Setup{Seats: 1, Seed: 3},
		CreatedAt: t0, UpdatedAt: t0, StartedAt: t0}
	f.table.ID, err = f.s.CreateTable(f.ctx, f.table)
	require.NoError(t, err)
	return f
}

// proc is the first process started as node.
func proc(node string) lobby.LeaseOwner {
	return lobby.LeaseOwner{Node: node, Incarnation: node + "-first"}
}

func (f *leaseFixture) claim(node string, now time.Time) (int64, bool) {
	f.t.Helper()
	token, ok, err := f.s.ClaimTable(f.ctx, f.table.ID, proc(node), ttl, now)
	require.NoError(f.t, err)
	return token, ok
}

func (f *leaseFixture) action(seq int, token int64) lobby.ActionRecord {
	return lobby.ActionRecord{Seq: seq, Action: json.RawMessage(`{"kind":"x"}`), At: t0.Add(time.Duration(seq) * time.Second), Token: token}
}

func TestClaimAndRenew(t *testing.T) {
	f := newLeaseFixture(t)
	orphans, err := f.s.OrphanTables(f.ctx, t0)
	require.NoError(t, err)
	require.Equal(t, []int64{f.table.ID}, orphans, "a table nobody ever claimed is an orphan")

	a, ok := f.claim("a", t0)
	require.True(t, ok)
	require.Positive(t, a)
	again, ok := f.claim("a", t0.Add(time.Second))
	require.True(t, ok)
	require.Equal(t, a, again, "the owner claiming again keeps its token")
	_, ok = f.claim("b", t0.Add(5*time.Second))
	require.False(t, ok, "another node's live lease is not taken")
	orphans, err = f.s.OrphanTables(f.ctx, t0.Add(5*time.Second))
	require.NoError(t, err)
	require.Empty(t, orphans)

	// Renewing moves the end of the lease: b cannot take it where a's
	// first lease would have run out.
	owned, err := f.s.RenewLeases(f.ctx, proc("a"), ttl, t0.Add(9*time.Second))
	require.NoError(t, err)
	require.Equal(t, map[int64]int64{f.table.ID: a}, owned)
	_, ok = f.claim("b", t0.Add(15*time.Second))
	require.False(t, ok)
	owned, err = f.s.RenewLeases(f.ctx, proc("b"), ttl, t0.Add(15*time.Second))
	require.NoError(t, err)
	require.Empty(t, owned, "b owns nothing")
	_, _, err = f.s.ClaimTable(f.ctx, 9999, proc("a"), ttl, t0)
	require.ErrorIs(t, err, lobby.ErrNotFound)

	// A lease that ran out is not renewed, even before another node took
	// it: its node must stop writing. Claimed again, it has a new token.
	end := t0.Add(9*time.Second + ttl)
	owned, err = f.s.RenewLeases(f.ctx, proc("a"), ttl, end)
	require.NoError(t, err)
	require.Empty(t, owned)
	back, ok := f.claim("a", end)
	require.True(t, ok)
	require.Greater(t, back, a, "whatever a held from before is fenced")
}

// TestExpiredLeaseTakenWithHigherToken: a lease that ran out is claimed by
// another node with a higher token; the old owner renews nothing.
func TestExpiredLeaseTakenWithHigherToken(t *testing.T) {
	f := newLeaseFixture(t)
	a, ok := f.claim("a", t0)
	require.True(t, ok)
	late := t0.Add(ttl) // lease_until is not after now: ran out
	orphans, err := f.s.OrphanTables(f.ctx, late)
	require.NoError(t, err)
	require.Equal(t, []int64{f.table.ID}, orphans)
	b, ok := f.claim("b", late)
	require.True(t, ok)
	require.Greater(t, b, a)
	owned, err := f.s.RenewLeases(f.ctx, proc("a"), ttl, late)
	require.NoError(t, err)
	require.Empty(t, owned, "a lost the table")
	owned, err = f.s.RenewLeases(f.ctx, proc("b"), ttl, late)
	require.NoError(t, err)
	require.Equal(t, map[int64]int64{f.table.ID: b}, owned)

	// Released, the table is an orphan; the next claim raises the token,
	// also for the node that released it.
	require.NoError(t, f.s.ReleaseTable(f.ctx, f.table.ID, proc("a")), "releasing another's table does nothing")
	_, ok = f.claim("c", late.Add(time.Second))
	require.False(t, ok)
	require.NoError(t, f.s.ReleaseTable(f.ctx, f.table.ID, proc("b")))
	orphans, err = f.s.OrphanTables(f.ctx, late.Add(time.Second))
	require.NoError(t, err)
	require.Equal(t, []int64{f.table.ID}, orphans)
	b2, ok := f.claim("b", late.Add(time.Second))
	require.True(t, ok)
	require.Greater(t, b2, b)

	// Finished tables are no orphans.
	require.NoError(t, f.s.FinishGame(f.ctx, lobby.GameEnd{TableID: f.table.ID, LobbyID: lobby.PublicLobbyID, Game: "testgame",
		At: t0, Seats: []lobby.SeatOutcome{{AccountID: f.player, Placement: 1, Status: engine.StatusFinished}}, Token: b2}))
	orphans, err = f.s.OrphanTables(f.ctx, late.Add(time.Hour))
	require.NoError(t, err)
	require.Empty(t, orphans)
}

// TestStaleOwnerAppendRefused: once another node took the table, the old
// owner's appends, saves and finish are refused with ErrFenced and change
// nothing; the new owner's go through, and token 0 writes unfenced.
func TestStaleOwnerAppendRefused(t *testing.T) {
	f := newLeaseFixture(t)
	a, _ := f.claim("a", t0)
	require.NoError(t, f.s.AppendAction(f.ctx, f.table.ID, f.action(1, a)))
	b, ok := f.claim("b", t0.Add(ttl))
	require.True(t, ok)

	err := f.s.AppendAction(f.ctx, f.table.ID, f.action(2, a))
	require.ErrorIs(t, err, lobby.ErrFenced)
	stale := f.table
	stale.Token, stale.Status, stale.UpdatedAt = a, lobby.TableAbandoned, t0.Add(time.Hour)
	require.ErrorIs(t, f.s.SaveTable(f.ctx, stale), lobby.ErrFenced)
	end := lobby.GameEnd{TableID: f.table.ID, LobbyID: lobby.PublicLobbyID, Game: "testgame", Reason: "stale", At: t0,
		Seats: []lobby.SeatOutcome{{AccountID: f.player, Placement: 1, Status: engine.StatusFinished}}, Token: a}
	require.ErrorIs(t, f.s.FinishGame(f.ctx, end), lobby.ErrFenced)
	acts, err := f.s.LoadActions(f.ctx, f.table.ID)
	require.NoError(t, err)
	require.Len(t, acts, 1, "the stale append stored nothing")
	got, err := f.s.LoadTable(f.ctx, f.table.ID)
	require.NoError(t, err)
	require.Equal(t, lobby.TablePlaying, got.Status, "neither the stale save nor the stale finish changed the table")
	res, err := f.s.GameResult(f.ctx, f.table.ID)
	require.NoError(t, err)
	require.Nil(t, res)

	require.ErrorIs(t, f.s.AppendAction(f.ctx, f.table.ID, f.action(1, b)), ErrActionExists, "the new owner cannot apply an action twice")
	require.NoError(t, f.s.AppendAction(f.ctx, f.table.ID, f.action(2, b)))
	require.NoError(t, f.s.AppendAction(f.ctx, f.table.ID, f.action(3, 0)), "token 0 writes unfenced (one node)")
	fresh := f.table
	fresh.Token, fresh.UpdatedAt = b, t0.Add(time.Minute)
	require.NoError(t, f.s.SaveTable(f.ctx, fresh))
	end.Token, end.Reason = b, "done"
	require.NoError(t, f.s.FinishGame(f.ctx, end))
	res, err = f.s.GameResult(f.ctx, f.table.ID)
	require.NoError(t, err)
	require.Equal(t, "done", res.Reason)
	acts, err = f.s.LoadActions(f.ctx, f.table.ID)
	require.NoError(t, err)
	require.Len(t, acts, 3)
}

// TestConcurrentAppendsOfOneSeqStoreOne: two writers racing with the same
// seq (an owner and a retry) store the action once.
func TestConcurrentAppendsOfOneSeqStoreOne(t *testing.T) {
	f := newLeaseFixture(t)
	token, _ := f.claim("a", t0)
	errs := make(chan error, 8)
	for range 8 {
		go func() {
			defer func() {
				if r := recover(); r != nil {
					errs <- fmt.Errorf("panic: %v", r)
				}
			}()
			errs <- f.s.AppendAction(context.Background(), f.table.ID, f.action(1, token))
		}()
	}
	ok := 0
	for range 8 {
		err := <-errs
		if err == nil {
			ok++
		} else {
			require.ErrorIs(t, err, ErrActionExists)
		}
	}
	require.Equal(t, 1, ok)
	acts, err := f.s.LoadActions(f.ctx, f.table.ID)
	require.NoError(t, err)
	require.Len(t, acts, 1)
}
