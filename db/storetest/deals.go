package storetest

import (
	"context"
	"errors"
	"sync"
	"testing"

	"github.com/stretchr/testify/require"

	"boardroom/engine"
	"boardroom/lobby"
)

// A deal (game and seed) is held by one table of a server: SaveTable
// records a started table's deal if no table holds it, ClaimDeal takes it
// or fails with lobby.ErrDealPlayed (lobby/export.go).

// startedTable makes a table of testgame and, with a setup of seed, starts
// it (SaveTable); it returns the table's id.
func startedTable(t *testing.T, s Store, host int64, seed uint64, start bool) int64 {
	t.Helper()
	ctx := context.Background()
	id, err := s.CreateTable(ctx, lobby.TableRecord{LobbyID: lobby.PublicLobbyID, Game: "testgame", HostID: host,
		Status: lobby.TableAbandoned, Seats: []lobby.SeatRecord{{AccountID: host}, {}}, CreatedAt: T0, UpdatedAt: T0})
	require.NoError(t, err)
	if start {
		require.NoError(t, s.SaveTable(ctx, lobby.TableRecord{ID: id, HostID: host, Status: lobby.TablePlaying,
			Seats: []lobby.SeatRecord{{AccountID: host}, {}}, Setup: &engine.Setup{Seats: 2, Seed: seed}, UpdatedAt: T0}))
	}
	return id
}

// testDealHeldOnce: the first table to store a deal holds it; a later one
// with the same deal is saved but does not take it; a claim of a held deal
// fails with ErrDealPlayed and changes nothing.
func testDealHeldOnce(t *testing.T, s Store) {
	ctx := context.Background()
	acc, err := s.CreateAccount(ctx, "SHA256:deal", "Dealer", T0)
	require.NoError(t, err)
	const big = 1<<64 - 3
	a := startedTable(t, s, acc.ID, big, true)
	b := startedTable(t, s, acc.ID, big, true) // a finished game's import may repeat a deal
	id, _, err := s.DealTable(ctx, "testgame", big)
	require.NoError(t, err)
	require.Equal(t, a, id, "the first table keeps the deal")

	c := startedTable(t, s, acc.ID, 0, false)
	err = s.ClaimDeal(ctx, c, big)
	require.ErrorIs(t, err, lobby.ErrDealPlayed)
	id, _, err = s.DealTable(ctx, "testgame", big)
	require.NoError(t, err)
	require.Equal(t, a, id, "a refused claim takes nothing")

	require.NoError(t, s.ClaimDeal(ctx, c, 41))
	id, _, err = s.DealTable(ctx, "testgame", 41)
	require.NoError(t, err)
	require.Equal(t, c, id)
	// Saving the claimed table (its setup with the same seed) keeps its claim.
	require.NoError(t, s.SaveTable(ctx, lobby.TableRecord{ID: c, HostID: acc.ID, Status: lobby.TablePlaying,
		Seats: []lobby.SeatRecord{{AccountID: acc.ID}, {}}, Setup: &engine.Setup{Seats: 2, Seed: 41}, UpdatedAt: T0}))
	id, _, err = s.DealTable(ctx, "testgame", 41)
	require.NoError(t, err)
	require.Equal(t, c, id)
	require.ErrorIs(t, s.ClaimDeal(ctx, b, 41), lobby.ErrDealPlayed)
	require.ErrorIs(t, s.ClaimDeal(ctx, 9999, 42), lobby.ErrNotFound)
}

// testConcurrentClaimsOneWins: of many tables claiming one deal at once,
// exactly one gets it.
func testConcurrentClaimsOneWins(t *testing.T, s Store) {
	claimRace(t, []Store{s})
}

// claimRace has one table per claim claim the same deal at once, through
// the stores in turn (each a node's handle on one database), and checks
// that exactly one claim succeeded and the others were refused as played.
func claimRace(t *testing.T, stores []Store) {
	ctx := context.Background()
	acc, err := stores[0].CreateAccount(ctx, "SHA256:race", "Racer", T0)
	require.NoError(t, err)
	const claims = 8
	ids := make([]int64, claims)
	for i := range ids {
		ids[i] = startedTable(t, stores[0], acc.ID, 0, false)
	}
	errs := make([]error, claims)
	var start, wg sync.WaitGroup
	start.Add(1)
	for i := range claims {
		wg.Add(1)
		go func() {
			defer wg.Done()
			start.Wait()
			errs[i] = stores[i%len(stores)].ClaimDeal(ctx, ids[i], 1234567)
		}()
	}
	start.Done()
	wg.Wait()
	won := int64(0)
	for i, err := range errs {
		switch {
		case err == nil:
			require.Zero(t, won, "two claims of one deal succeeded: tables %d and %d", won, ids[i])
			won = ids[i]
		case errors.Is(err, lobby.ErrDealPlayed):
		default:
			require.NoError(t, err, "claim %d", i)
		}
	}
	require.NotZero(t, won, "one claim succeeds")
	for _, s := range stores {
		id, _, err := s.DealTable(ctx, "testgame", 1234567)
		require.NoError(t, err)
		require.Equal(t, won, id, "every node sees the winner")
	}
}

// RunNodes checks, on two handles of one database (two nodes), that
// concurrent claims of a deal through both succeed once.
func RunNodes(t *testing.T, open func(t *testing.T) (Store, Store)) {
	t.Run("ConcurrentClaimsOnTwoNodesOneWins", func(t *testing.T) {
		a, b := open(t)
		claimRace(t, []Store{a, b})
	})
}
