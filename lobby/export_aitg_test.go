package lobby_test

import (
	"testing"

	"github.com/stretchr/testify/require"

	"boardroom/engine"
	aitg "boardroom/engine/allinthegame"
	"boardroom/lobby"
)

// TestAllInTheGameRoundTrip plays part of an IT's All in the Game game
// (hidden hands, secret picks), exports it sealed, imports it on a second
// server with the same key as a third account, plays on at both tables
// with the same moves to the end, and then moves the finished game in the
// clear to a third server.
func TestAllInTheGameRoundTrip(t *testing.T) {
	def := aitg.Definition{}
	e := newEnvWith(t, lobby.Config{SealKey: key(10)}, def)
	ada, bob, cyd := e.player("ada"), e.player("bob"), e.player("cyd")
	tb, err := e.svc.CreateTable(e.ctx, ada, lobby.PublicLobbyID, aitg.ID, 2, map[string]string{"deadlines": "on", "innovation": "on"})
	require.NoError(t, err)
	_, err = e.svc.Sit(e.ctx, bob, tb.ID, -1)
	require.NoError(t, err)
	require.NoError(t, e.svc.SetReady(e.ctx, bob, tb.ID, true))
	require.NoError(t, e.svc.Start(e.ctx, ada, tb.ID))
	d := newEnvWith(t, lobby.Config{SealKey: key(10)}, def)
	dAda, dBob, dCyd := d.player("ada"), d.player("bob"), d.player("cyd")

	players := [][2]*lobby.Account{{ada, dAda}, {bob, dBob}}
	bots := []engine.Bot{def.NewBot(0, 21), def.NewBot(1, 22)}
	step := func(cp int64) bool {
		st := e.state(ada, tb.ID)
		if st.Outcome.Finished || len(st.Prompt.Waiting) == 0 {
			return false
		}
		seat := st.Prompt.Waiting[0].Seat
		mine := e.state(players[seat][0], tb.ID)
		a := bots[seat].Choose(mine.View, mine.Legal)
		require.NotNil(t, a)
		require.NoError(t, e.act(players[seat][0], tb.ID, a), a.Kind())
		if cp != 0 {
			require.NoError(t, d.act(players[seat][1], cp, a), a.Kind())
		}
		return true
	}
	for range 40 {
		require.True(t, step(0))
	}
	data := e.export(cyd, tb.ID)
	require.NotContains(t, string(data), `"seed"`)
	require.NotContains(t, string(data), `"hands"`, "the hands stay sealed")
	cp := d.importFile(dCyd, data)
	require.Equal(t, lobby.TablePlaying, cp.Status)
	require.Equal(t, []int64{dAda.ID, dBob.ID}, seatAccounts(cp))
	same := func() {
		t.Helper()
		for i, v := range [][2]*lobby.Account{{nil, nil}, {ada, dAda}, {bob, dBob}, {cyd, dCyd}} {
			require.Equal(t, e.portrait(v[0], tb.ID), d.portrait(v[1], cp.ID), "viewer %d", i)
		}
	}
	same()
	imported := d.state(dAda, cp.ID).Version
	require.Positive(t, imported)
	for n := 0; step(cp.ID); n++ {
		require.Less(t, n, 3000)
		same()
	}
	require.True(t, d.state(dAda, cp.ID).Outcome.Finished)
	require.Equal(t, e.state(ada, tb.ID).Outcome, d.state(dAda, cp.ID).Outcome)

	// The finished game travels in the clear (signed with the same key) and
	// imports as finished on a third server.
	f := newEnvWith(t, lobby.Config{SealKey: key(10)}, def)
	fAda := f.player("ada")
	done := e.export(ada, tb.ID)
	require.Contains(t, string(done), `"seed"`)
	fin := f.importFile(f.player("eve"), done)
	require.Equal(t, lobby.TableFinished, fin.Status)
	require.Equal(t, e.state(ada, tb.ID).Outcome, f.state(fAda, fin.ID).Outcome)
}
