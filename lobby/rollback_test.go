package lobby_test

import (
	"testing"

	"github.com/stretchr/testify/require"

	"boardroom/lobby"
)

// Every change of a forming table that the store refuses to save is rolled
// back: the table reads exactly as before, for the host and for everyone,
// also after a restart; once the store works again the same change goes
// through.
func TestFormingChangesRollBackWhenTheStoreRefuses(t *testing.T) {
	e, store, _ := flakyEnv(t, lobby.Config{})

	ada, bob := e.player("ada"), e.player("bob")
	tb := e.table(ada, 3, nil)
	changes := []struct {
		name string
		do   func() error
	}{
		{"add a bot", func() error { return e.svc.AddBot(e.ctx, ada, tb.ID) }},
		{"seat count", func() error { return e.svc.SetSeats(e.ctx, ada, tb.ID, 4) }},
		{"option", func() error { return e.svc.SetOption(e.ctx, ada, tb.ID, "target", "30") }},
		{"turn timer", func() error { return e.svc.SetTurnTimer(e.ctx, ada, tb.ID, 60) }},
		{"sit", func() error { _, err := e.svc.Sit(e.ctx, bob, tb.ID, -1); return err }},
	}
	for _, c := range changes {
		before := e.tableOf(bob, tb.ID)
		store.failSave.Store(true)
		require.ErrorIs(t, c.do(), lobby.ErrStorage, c.name)
		require.Equal(t, before, e.tableOf(bob, tb.ID), "%s: the refused save left the table as it was", c.name)
		require.Equal(t, before, e.tableOf(ada, tb.ID), c.name)
		store.failSave.Store(false)
		require.NoError(t, c.do(), c.name)
		require.NotEqual(t, before, e.tableOf(bob, tb.ID), "%s: the same change works once the store does", c.name)
	}
	after := e.tableOf(ada, tb.ID)
	require.Equal(t, 4, len(after.Seats))
	require.Equal(t, "30", after.Options["target"])
	require.Equal(t, 60, after.TurnTimer)

	// A refused change is not in the store either.
	store.failSave.Store(true)
	require.ErrorIs(t, e.svc.SetOption(e.ctx, ada, tb.ID, "target", "21"), lobby.ErrStorage)
	store.failSave.Store(false)
	e.restart()
	require.Equal(t, "30", e.tableOf(ada, tb.ID).Options["target"])
}
