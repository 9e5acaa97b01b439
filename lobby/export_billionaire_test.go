package lobby_test

import (
	"testing"

	"github.com/stretchr/testify/require"

	"boardroom/engine/billionaire"
	"boardroom/lobby"
)

// TestBillionaireRoundTrip: an IT Billionaire game exported in the middle
// of a round's secret selection (one seat has chosen, the other not)
// imports on a second server with the same key and plays on identically at
// both tables to the end (a 5-round game); the finished game exports in
// the clear and imports as a finished copy.
func TestBillionaireRoundTrip(t *testing.T) {
	def := billionaire.Definition{}
	e := newEnvWith(t, lobby.Config{SealKey: key(10)}, def)
	ada, bob, cyd := e.player("ada"), e.player("bob"), e.player("cyd")
	tb := e.startPair(ada, bob, billionaire.ID, map[string]string{billionaire.OptRounds: "5"})
	d := newEnvWith(t, lobby.Config{SealKey: key(10)}, def)
	dAda, dBob, dCyd := d.player("ada"), d.player("bob"), d.player("cyd")
	rt := &mirror{t: t, e: e, d: d, orig: tb.ID, seats: [][2]*lobby.Account{{ada, dAda}, {bob, dBob}}, move: botMoves(def, 21, 22)}
	// Play into round 2, up to the moment one seat has made its secret
	// choice and the other has not.
	for i := 0; ; i++ {
		require.Less(t, i, 500)
		st := e.state(ada, tb.ID)
		v := st.View.(billionaire.View)
		if v.Round == 2 && v.Phase == billionaire.PhaseSelect && len(st.Prompt.Waiting) == 1 {
			break
		}
		require.True(t, rt.step())
	}
	data := e.export(cyd, tb.ID)
	require.NotContains(t, string(data), `"seed"`)
	require.NotContains(t, string(data), `"hand"`, "the secret choice is sealed")
	cp := d.importFile(dCyd, data)
	rt.cp = cp.ID
	require.Equal(t, lobby.TablePlaying, cp.Status)
	require.Equal(t, tb.Options, cp.Options)
	viewers := [][2]*lobby.Account{{nil, nil}, {ada, dAda}, {bob, dBob}, {cyd, dCyd}}
	rt.same("after import", viewers)
	for rt.step() {
		rt.same("during play", viewers)
	}
	require.True(t, d.state(dAda, cp.ID).Outcome.Finished)
	require.Equal(t, lobby.TableFinished, d.tableOf(dAda, cp.ID).Status)
	require.Equal(t, 2, d.count(`SELECT COUNT(*) FROM results WHERE game_id = ?`, cp.ID))

	// The finished original travels in the clear to a third server.
	fin := e.export(nil, tb.ID)
	m := fileMap(t, fin)
	require.NotContains(t, m, "sealed")
	require.Equal(t, "finished", m["header"].(map[string]any)["status"])
	f := newEnvWith(t, lobby.Config{SealKey: key(10)}, def)
	fAda, fBob, fCyd := f.player("ada"), f.player("bob"), f.player("cyd")
	fc := f.importFile(fCyd, fin)
	require.Equal(t, lobby.TableFinished, fc.Status)
	require.Equal(t, e.portrait(ada, tb.ID), f.portrait(fAda, fc.ID))
	require.Equal(t, e.portrait(bob, tb.ID), f.portrait(fBob, fc.ID))
}
