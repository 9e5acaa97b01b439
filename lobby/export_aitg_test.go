package lobby_test

import (
	"testing"

	"github.com/stretchr/testify/require"

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
	tb := e.startPair(ada, bob, aitg.ID, map[string]string{"deadlines": "on", "innovation": "on"})
	d := newEnvWith(t, lobby.Config{SealKey: key(10)}, def)
	dAda, dBob, dCyd := d.player("ada"), d.player("bob"), d.player("cyd")
	rt := &mirror{t: t, e: e, d: d, orig: tb.ID, seats: [][2]*lobby.Account{{ada, dAda}, {bob, dBob}}, move: botMoves(def, 21, 22)}
	for range 40 {
		require.True(t, rt.step())
	}
	data := e.export(cyd, tb.ID)
	require.NotContains(t, string(data), `"seed"`)
	require.NotContains(t, string(data), `"hands"`, "the hands stay sealed")
	cp := d.importFile(dCyd, data)
	rt.cp = cp.ID
	require.Equal(t, lobby.TablePlaying, cp.Status)
	require.Equal(t, []int64{dAda.ID, dBob.ID}, seatAccounts(cp))
	viewers := [][2]*lobby.Account{{nil, nil}, {ada, dAda}, {bob, dBob}, {cyd, dCyd}}
	rt.same("after import", viewers)
	imported := d.state(dAda, cp.ID).Version
	require.Positive(t, imported)
	for n := 0; rt.step(); n++ {
		require.Less(t, n, 3000)
		rt.same("during play", viewers)
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
