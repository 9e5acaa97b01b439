package lobby_test

import (
	"context"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"

	"boardroom/engine"
	"boardroom/engine/opoly/unipoly"
	"boardroom/engine/testgame"
	"boardroom/lobby"
	"boardroom/lobby/lobbytest"
)

func unipolyDef() engine.Definition { return unipoly.Definition{} }

// newEnvWith is newEnv with other games registered.
func newEnvWith(t *testing.T, cfg lobby.Config, defs ...engine.Definition) *env {
	t.Helper()
	reg, err := engine.NewRegistry(defs...)
	require.NoError(t, err)
	e := &env{t: t, ctx: context.Background(), path: filepath.Join(t.TempDir(), "boardroom.db"), reg: reg,
		clock: lobbytest.NewFakeClock(start)}
	cfg.Clock = e.clock
	e.cfg = cfg
	e.open()
	t.Cleanup(e.close)
	return e
}

func seatAccounts(tb lobby.Table) []int64 {
	var out []int64
	for _, s := range tb.Seats {
		out = append(out, s.AccountID)
	}
	return out
}

func TestImportMapsSeatsByHandle(t *testing.T) {
	e := newEnv(t, lobby.Config{SealKey: key(7)})
	ada, bob, cyd, eve := e.player("ada"), e.player("bob"), e.player("cyd"), e.player("eve")
	orig := e.startWith(ada, []*lobby.Account{bob}, 1, nil)
	botID := orig.Seats[2].AccountID
	require.True(t, orig.Seats[2].Bot)
	require.NoError(t, e.svc.Act(e.ctx, ada, orig.ID, testgame.Bid{Amount: 2}))
	require.Equal(t, 2, e.state(ada, orig.ID).Version, "ada and the bot have bid; bob has not")
	data := e.export(ada, orig.ID)

	// While bob exists, his seat goes back to him; the importer, not in
	// the file, watches.
	cp := e.importFile(cyd, data)
	require.Equal(t, []int64{ada.ID, bob.ID, botID}, seatAccounts(cp))
	require.True(t, cp.Seats[2].Bot)

	// Bob renames: "bob" is nobody now, so his seat is open and cyd, an
	// importer without a seat of their own, takes the first open seat.
	_, err := e.svc.SetHandle(e.ctx, "SHA256:key-of-bob", "robert")
	require.NoError(t, err)
	cp = e.importFile(cyd, data)
	require.Equal(t, []int64{ada.ID, cyd.ID, botID}, seatAccounts(cp))
	require.Equal(t, 1, e.state(cyd, cp.ID).Seat)
	require.True(t, e.state(cyd, cp.ID).Prompt.Awaits(1), "cyd bids for the seat")

	// Ada imports: she has her own seat, so bob's stays open and a bot
	// plays it at once (it owes a bid) until eve sits there.
	cp = e.importFile(ada, data)
	require.Equal(t, []int64{ada.ID, 0, botID}, seatAccounts(cp))
	st := e.state(ada, cp.ID)
	require.GreaterOrEqual(t, st.Version, 3, "the open seat's bot has bid")
	require.False(t, st.Prompt.Simultaneous)
	require.True(t, st.Prompt.Awaits(0), "the bots move until ada's turn")
	version := st.Version
	seat, err := e.svc.Sit(e.ctx, eve, cp.ID, -1)
	require.NoError(t, err)
	require.Equal(t, 1, seat)
	require.Equal(t, []int64{ada.ID, eve.ID, botID}, seatAccounts(e.tableOf(eve, cp.ID)))
	_, err = e.svc.Sit(e.ctx, cyd, cp.ID, -1)
	require.ErrorIs(t, err, lobby.ErrNotForming, "no open seat is left")
	e.restart()
	require.Equal(t, []int64{ada.ID, eve.ID, botID}, seatAccounts(e.tableOf(eve, cp.ID)))
	require.Equal(t, 1, e.state(eve, cp.ID).Seat)
	require.Equal(t, version, e.state(eve, cp.ID).Version)
}

func TestImportIntoAPrivateLobby(t *testing.T) {
	e := newEnv(t, lobby.Config{SealKey: key(8)})
	ada, bob := e.player("ada"), e.player("bob")
	orig := e.startWith(ada, []*lobby.Account{bob}, 0, nil)
	data := e.export(bob, orig.ID)
	team, err := e.svc.CreateLobby(e.ctx, ada, "Night Owls")
	require.NoError(t, err)
	cp, err := e.svc.ImportGame(e.ctx, ada, team.ID, data)
	require.NoError(t, err)
	require.Equal(t, team.ID, cp.LobbyID)
	require.Equal(t, []int64{ada.ID, 0}, seatAccounts(cp), "bob is not a member, so his seat is open")
	_, err = e.svc.Table(e.ctx, bob, cp.ID)
	require.ErrorIs(t, err, lobby.ErrNotFound)
}

// TestUnipolyRoundTrip plays part of a Unipoly game, exports it, imports it
// as a third account, and plays on at both tables with the same moves.
func TestUnipolyRoundTrip(t *testing.T) {
	e := newEnvWith(t, lobby.Config{SealKey: key(9)}, unipolyDef())
	ada, bob, cyd := e.player("ada"), e.player("bob"), e.player("cyd")
	tb, err := e.svc.CreateTable(e.ctx, ada, lobby.PublicLobbyID, unipoly.ID, 2, nil)
	require.NoError(t, err)
	_, err = e.svc.Sit(e.ctx, bob, tb.ID, -1)
	require.NoError(t, err)
	require.NoError(t, e.svc.SetReady(e.ctx, bob, tb.ID, true))
	require.NoError(t, e.svc.Start(e.ctx, ada, tb.ID))

	players := []*lobby.Account{ada, bob}
	bots := []engine.Bot{unipolyDef().NewBot(0, 11), unipolyDef().NewBot(1, 12)}
	// step makes the move the seat's bot picks at the original table, at
	// every table in ids.
	step := func(ids ...int64) bool {
		st := e.state(ada, tb.ID)
		if st.Outcome.Finished || len(st.Prompt.Waiting) == 0 {
			return false
		}
		seat := st.Prompt.Waiting[0].Seat
		mine := e.state(players[seat], tb.ID)
		a := bots[seat].Choose(mine.View, mine.Legal)
		require.NotNil(t, a)
		for _, id := range ids {
			require.NoError(t, e.svc.Act(e.ctx, players[seat], id, a), "table %d, %s", id, a.Kind())
		}
		return true
	}
	for range 80 {
		if !step(tb.ID) {
			break
		}
	}
	data := e.export(cyd, tb.ID)
	require.NotContains(t, string(data), `"seed"`)
	cp := e.importFile(cyd, data)
	require.Equal(t, lobby.TablePlaying, cp.Status)
	require.Equal(t, []int64{ada.ID, bob.ID}, seatAccounts(cp))
	viewers := []*lobby.Account{nil, ada, bob, cyd}
	for _, v := range viewers {
		require.Equal(t, e.portrait(v, tb.ID), e.portrait(v, cp.ID))
	}
	imported := e.state(ada, cp.ID).Version
	require.Positive(t, imported)
	for range 40 {
		if !step(tb.ID, cp.ID) {
			break
		}
		for _, v := range viewers {
			require.Equal(t, e.portrait(v, tb.ID), e.portrait(v, cp.ID))
		}
	}
	require.Greater(t, e.state(ada, cp.ID).Version, imported, "the game went on at the copy")
}
