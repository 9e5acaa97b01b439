package lobby_test

import (
	"testing"

	"github.com/stretchr/testify/require"

	"boardroom/engine/opoly/projectopoly"
	"boardroom/lobby"
)

// TestProjectopolyExportImport: a running Projectopoly game (rounds:10,
// no auctions of declined purchases) exports sealed and imports on a
// second server with the same seal key; every viewer sees the same there,
// the same moves go on identically to the end, and the finished game's
// clear file imports too.
func TestProjectopolyExportImport(t *testing.T) {
	opts := map[string]string{"endMode": "rounds:10", "auctionOnDecline": "off"}
	e := newEnvWith(t, lobby.Config{SealKey: key(11)}, projectopoly.Definition{})
	ada, bob, cyd := e.player("ada"), e.player("bob"), e.player("cyd")
	orig := e.startPair(ada, bob, projectopoly.ID, opts)
	// No bot: a bot's choices depend on its own history, which a game file
	// does not carry, so only the defaults continue identically.
	rt := &mirror{t: t, e: e, move: defaultMoves, orig: orig.ID, seats: [][2]*lobby.Account{{ada, nil}, {bob, nil}}}
	for range 30 {
		require.True(t, rt.step())
	}
	data := e.export(bob, orig.ID)
	m := fileMap(t, data)
	require.NotEmpty(t, m["sealed"])
	require.Equal(t, projectopoly.ID, m["header"].(map[string]any)["game"])
	require.Equal(t, "playing", m["header"].(map[string]any)["status"])

	d := newEnvWith(t, lobby.Config{SealKey: key(11)}, projectopoly.Definition{})
	dan, dAda, dBob := d.player("dan"), d.player("ada"), d.player("bob")
	cp := d.importFile(dan, data)
	rt.d, rt.cp, rt.seats = d, cp.ID, [][2]*lobby.Account{{ada, dAda}, {bob, dBob}}
	require.Equal(t, lobby.TablePlaying, cp.Status)
	require.Equal(t, orig.Options, cp.Options)
	viewers := [][2]*lobby.Account{{ada, dAda}, {bob, dBob}, {nil, dan}} // dan watches
	rt.same("after import", viewers)
	for n := 0; rt.step(); n++ {
		require.Less(t, n, 2000)
		if n%25 == 0 {
			rt.same("during play", viewers)
		}
	}
	rt.same("at the end", viewers)
	require.True(t, d.state(dAda, cp.ID).Outcome.Finished)
	require.Equal(t, 2, e.count(`SELECT COUNT(*) FROM results WHERE game_id = ?`, orig.ID))

	fin := e.export(nil, orig.ID)
	require.NotContains(t, fileMap(t, fin), "sealed", "a finished game travels in the clear")
	cp2 := e.importFile(cyd, fin)
	require.Equal(t, lobby.TableFinished, cp2.Status)
	require.Equal(t, e.portrait(ada, orig.ID).View, e.portrait(ada, cp2.ID).View)
	require.Equal(t, e.portrait(ada, orig.ID).Outcome, e.portrait(ada, cp2.ID).Outcome)
}
