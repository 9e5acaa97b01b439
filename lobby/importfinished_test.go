package lobby_test

import (
	"bytes"
	"encoding/json"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"boardroom/lobby"
)

// listed reports whether a table is a row of the public lobby's table list.
func (e *env) listed(viewer *lobby.Account, id int64) bool {
	e.t.Helper()
	ts, err := e.svc.Tables(e.ctx, viewer, lobby.PublicLobbyID)
	require.NoError(e.t, err)
	for _, tb := range ts {
		if tb.ID == id {
			return true
		}
	}
	return false
}

// TestFinishedImportIsAResultOncePerServer: a finished game imported eight
// times, by several players, from files exported at different times and
// formatted differently, is one table of the server: a result with its
// standings and replay, never a row of the lobby's table list, the same
// after a restart.
func TestFinishedImportIsAResultOncePerServer(t *testing.T) {
	e := newEnv(t, lobby.Config{SealKey: key(11)})
	ada, bob := e.player("ada"), e.player("bob")
	orig := e.startWith(ada, []*lobby.Account{bob}, 0, nil)
	e.playOut(orig.ID, 3, ada, bob)
	files := [][]byte{e.export(ada, orig.ID)}
	e.clock.Advance(time.Hour)
	files = append(files, e.export(nil, orig.ID)) // exported later, by a guest
	var pretty bytes.Buffer
	require.NoError(t, json.Indent(&pretty, files[0], "", "  "))
	files = append(files, pretty.Bytes())
	require.NotEqual(t, string(files[0]), string(files[1]))

	d := newEnv(t, lobby.Config{SealKey: key(11)})
	dAda, dBob, dCyd := d.player("ada"), d.player("bob"), d.player("cyd")
	before := d.count(`SELECT COUNT(*) FROM games`)
	var id int64
	for i, who := range []*lobby.Account{dCyd, dCyd, dAda, dBob, dCyd, dAda, dBob, dCyd} {
		tb := d.importFile(who, files[i%len(files)])
		require.Equal(t, lobby.TableFinished, tb.Status)
		if i == 0 {
			id = tb.ID
		}
		require.Equal(t, id, tb.ID, "import %d opens the same result", i+1)
	}
	require.Equal(t, before+1, d.count(`SELECT COUNT(*) FROM games`), "one table on the server")
	for _, viewer := range []*lobby.Account{nil, dAda, dCyd} {
		require.False(t, d.listed(viewer, id), "never a row of the table list")
	}

	// A result to look at: its standings and replay.
	g, err := d.res.Results(d.ctx, nil, id)
	require.NoError(t, err)
	require.Len(t, g.Seats, 2)
	require.False(t, g.Rated)
	require.True(t, g.Imported, "the standings say why it is not rated")
	var names []string
	for _, st := range g.Seats {
		names = append(names, st.Handle)
	}
	require.ElementsMatch(t, []string{"ada", "bob"}, names, "its players, never cyd who imported it first")
	f, err := d.res.Replay(d.ctx, dCyd, id, 0)
	require.NoError(t, err)
	require.Positive(t, f.Steps)
	rs, err := d.res.RecentResults(d.ctx, nil, lobby.PublicLobbyID, 0)
	require.NoError(t, err)
	n := 0
	for _, r := range rs {
		if r.TableID == id {
			n++
		}
	}
	require.Equal(t, 1, n, "once among the lobby's results")

	d.restart()
	require.False(t, d.listed(dAda, id), "not after a restart either")
	require.Equal(t, id, d.importFile(dBob, files[1]).ID)
	require.Equal(t, before+1, d.count(`SELECT COUNT(*) FROM games`))
}
