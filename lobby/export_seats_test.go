package lobby_test

import (
	"testing"

	"github.com/stretchr/testify/require"

	"boardroom/engine"
	"boardroom/engine/opoly/unipoly"
	"boardroom/engine/testgame"
	"boardroom/lobby"
)

func unipolyDef() engine.Definition { return unipoly.Definition{} }

func seatAccounts(tb lobby.Table) []int64 {
	var out []int64
	for _, s := range tb.Seats {
		out = append(out, s.AccountID)
	}
	return out
}

// TestImportMapsSeatsByHandle imports one file on servers (with the same
// seal key) where different handles exist.
func TestImportMapsSeatsByHandle(t *testing.T) {
	e := newEnv(t, lobby.Config{SealKey: key(7)})
	ada, bob := e.player("ada"), e.player("bob")
	orig := e.startWith(ada, []*lobby.Account{bob}, 1, nil)
	require.True(t, orig.Seats[2].Bot)
	require.NoError(t, e.act(ada, orig.ID, testgame.Bid{Amount: 2}))
	require.Equal(t, 2, e.state(ada, orig.ID).Version, "ada and the bot have bid; bob has not")
	data := e.export(ada, orig.ID)
	server := func() *env { return newEnv(t, lobby.Config{SealKey: key(7)}) }

	// Where ada and bob exist, their seats go back to them; the importer,
	// not in the file, watches; the bot stays a bot.
	d := server()
	dAda, dBob, dCyd := d.player("ada"), d.player("bob"), d.player("cyd")
	cp := d.importFile(dCyd, data)
	require.Equal(t, []int64{dAda.ID, dBob.ID, cp.Seats[2].AccountID}, seatAccounts(cp))
	require.True(t, cp.Seats[2].Bot)
	require.Equal(t, 2, d.state(dCyd, cp.ID).Version)

	// Where "bob" is nobody (Bob is "robert" there), his seat is open, and
	// cyd, an importer without a seat of their own, takes it.
	d = server()
	dAda, dCyd = d.player("ada"), d.player("cyd")
	d.player("robert")
	cp = d.importFile(dCyd, data)
	require.Equal(t, []int64{dAda.ID, dCyd.ID}, seatAccounts(cp)[:2])
	st := d.state(dCyd, cp.ID)
	require.Equal(t, 1, st.Seat)
	require.Equal(t, 2, st.Version)
	require.True(t, st.Prompt.Awaits(1), "cyd bids for the seat")

	// Ada imports there: she has her own seat, so bob's stays open and a
	// bot plays it at once (it owes a bid) until eve sits there.
	d = server()
	dAda, dEve, dCyd := d.player("ada"), d.player("eve"), d.player("cyd")
	cp = d.importFile(dAda, data)
	require.Equal(t, []int64{dAda.ID, 0}, seatAccounts(cp)[:2])
	require.True(t, cp.Seats[1].Empty())
	st = d.state(dAda, cp.ID)
	require.GreaterOrEqual(t, st.Version, 3, "the open seat's bot has bid")
	require.False(t, st.Prompt.Simultaneous)
	require.True(t, st.Prompt.Awaits(0), "the bots move until ada's turn")
	version := st.Version
	seat, err := d.svc.Sit(d.ctx, dEve, cp.ID, -1)
	require.NoError(t, err)
	require.Equal(t, 1, seat)
	require.Equal(t, dEve.ID, d.tableOf(dEve, cp.ID).Seats[1].AccountID)
	require.Contains(t, d.state(dEve, cp.ID).Log.All()[len(d.state(dEve, cp.ID).Log.All())-1].Text, "eve takes the open seat 2")
	_, err = d.svc.Sit(d.ctx, dCyd, cp.ID, -1)
	require.ErrorIs(t, err, lobby.ErrNotForming, "no open seat is left")
	d.restart()
	require.Equal(t, dEve.ID, d.tableOf(dEve, cp.ID).Seats[1].AccountID)
	require.Equal(t, 1, d.state(dEve, cp.ID).Seat)
	require.Equal(t, version, d.state(dEve, cp.ID).Version)
}

// TestImportIntoAPrivateLobby: a saved handle that is not a member of the
// lobby does not get its seat there.
func TestImportIntoAPrivateLobby(t *testing.T) {
	e := newEnv(t, lobby.Config{SealKey: key(8)})
	ada, bob := e.player("ada"), e.player("bob")
	data := e.export(bob, e.startWith(ada, []*lobby.Account{bob}, 0, nil).ID)

	d := newEnv(t, lobby.Config{SealKey: key(8)})
	dAda, dBob := d.player("ada"), d.player("bob")
	team, err := d.svc.CreateLobby(d.ctx, dAda, "Night Owls")
	require.NoError(t, err)
	cp, err := d.svc.ImportGame(d.ctx, dAda, team.ID, data)
	require.NoError(t, err)
	require.Equal(t, team.ID, cp.LobbyID)
	require.Equal(t, []int64{dAda.ID, 0}, seatAccounts(cp), "bob is not a member, so his seat is open")
	_, err = d.svc.Table(d.ctx, dBob, cp.ID)
	require.ErrorIs(t, err, lobby.ErrNotFound)
}

// TestUnipolyRoundTrip plays part of a Unipoly game, exports it, imports it
// on a second server with the same key as a third account, and plays on at
// both tables with the same moves.
func TestUnipolyRoundTrip(t *testing.T) {
	e := newEnvWith(t, lobby.Config{SealKey: key(9)}, unipolyDef())
	ada, bob, cyd := e.player("ada"), e.player("bob"), e.player("cyd")
	tb := e.startPair(ada, bob, unipoly.ID, nil)
	d := newEnvWith(t, lobby.Config{SealKey: key(9)}, unipolyDef())
	dAda, dBob, dCyd := d.player("ada"), d.player("bob"), d.player("cyd")
	rt := &mirror{t: t, e: e, d: d, orig: tb.ID, seats: [][2]*lobby.Account{{ada, dAda}, {bob, dBob}}, move: botMoves(unipolyDef(), 11, 12)}
	for range 80 {
		if !rt.step() {
			break
		}
	}
	data := e.export(cyd, tb.ID)
	require.NotContains(t, string(data), `"seed"`)
	cp := d.importFile(dCyd, data)
	rt.cp = cp.ID
	require.Equal(t, lobby.TablePlaying, cp.Status)
	require.Equal(t, []int64{dAda.ID, dBob.ID}, seatAccounts(cp))
	viewers := [][2]*lobby.Account{{nil, nil}, {ada, dAda}, {bob, dBob}, {cyd, dCyd}}
	rt.same("after import", viewers)
	imported := d.state(dAda, cp.ID).Version
	require.Positive(t, imported)
	for range 40 {
		if !rt.step() {
			break
		}
		rt.same("during play", viewers)
	}
	require.Greater(t, d.state(dAda, cp.ID).Version, imported, "the game went on at the copy")
}
