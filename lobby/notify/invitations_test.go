package notify

import (
	"context"
	"fmt"
	"testing"

	"github.com/stretchr/testify/require"

	"boardroom/lobby/accounts"
	"boardroom/lobby/errs"
)

// fakeTables answers as the live tables would: every invitation is
// allowed, those to tables in closed are no longer open.
type fakeTables struct {
	closed  map[int64]bool
	rings   []int64 // table ids rung, in order
	told    int     // invitations told to the other nodes
	invitee *accounts.Account
}

func (f *fakeTables) Invitation(_ context.Context, host *accounts.Account, tableID int64, _ string) (Invitation, *accounts.Account, error) {
	return Invitation{TableID: tableID, LobbyID: 1, Game: "billionaire", GameTitle: "IT Billionaire", From: host.Handle}, f.invitee, nil
}
func (f *fakeTables) InvitationOpen(_ int64, inv Invitation) bool { return !f.closed[inv.TableID] }
func (f *fakeTables) Ring(_ int64, inv Invitation)                { f.rings = append(f.rings, inv.TableID) }
func (f *fakeTables) Announce(int64, Invitation)                  { f.told++ }
func (f *fakeTables) Blocks(int64, int64) bool                    { return false }

// TestInvitesRingOnceAndKeepTheNewest: inviting a player to the same table
// again rings nobody twice (here or from another node); an account holds
// the newest maxInvitationsPerAccount invitations, listed newest first, and
// those to tables that no longer form are dropped.
func TestInvitesRingOnceAndKeepTheNewest(t *testing.T) {
	ctx := context.Background()
	bob := &accounts.Account{ID: 2, Handle: "bob"}
	tables := &fakeTables{closed: map[int64]bool{}, invitee: bob}
	inv := NewInvites(tables, NewHooks(ctx, nil, nil, nil, nil, nil)) // no webhooks
	alice := &accounts.Account{ID: 1, Handle: "alice"}

	require.NoError(t, inv.Invite(ctx, alice, 10, "bob"))
	require.NoError(t, inv.Invite(ctx, alice, 10, "bob"))
	inv.Receive(bob.ID, Invitation{TableID: 10})
	require.Equal(t, []int64{10}, tables.rings, "one table rings once")
	require.Equal(t, 1, tables.told)

	for id := int64(11); id < 11+maxInvitationsPerAccount; id++ {
		inv.Receive(bob.ID, Invitation{TableID: id})
	}
	tables.closed[11+maxInvitationsPerAccount-1] = true
	list, err := inv.Invitations(ctx, bob)
	require.NoError(t, err)
	var ids []int64
	for _, i := range list {
		ids = append(ids, i.TableID)
	}
	var want []int64
	for id := int64(11 + maxInvitationsPerAccount - 2); id >= 11; id-- {
		want = append(want, id)
	}
	require.Equal(t, want, ids, fmt.Sprintf("the newest %d, table 10 dropped as the oldest, the closed table dropped", maxInvitationsPerAccount))

	_, err = inv.Invitations(ctx, nil)
	require.ErrorIs(t, err, errs.ErrGuest)
}
