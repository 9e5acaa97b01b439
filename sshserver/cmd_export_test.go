package sshserver_test

import (
	"bytes"
	"context"
	"encoding/json"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
	gossh "golang.org/x/crypto/ssh"

	"boardroom/engine"
	"boardroom/engine/testgame"
	"boardroom/lobby"
)

// startServerKey is startServer with a given seal key, so that two servers
// can share it (a server moved to a new database keeps its data/seal.key).
func startServerKey(t *testing.T, key []byte) *testServer {
	t.Helper()
	return startServerWith(t, t.TempDir(), serverSetup{sealKey: key})
}

// TestExportImportOverSSH: Alice plays the test game against a bot; Bob
// saves it with `export`. The server that played it refuses to resume it
// (running or over); a second server with the same seal key resumes it
// with `import < file`. Changed, truncated and foreign files and guests are
// refused.
func TestExportImportOverSSH(t *testing.T) {
	ctx := context.Background()
	sealKey := bytes.Repeat([]byte{7}, lobby.SealKeySize)
	ts := startServerKey(t, sealKey)
	aliceKey, bobKey := newKey(t), newKey(t)
	alice, bob, guest := dialKey(t, ts.addr, aliceKey), dialKey(t, ts.addr, bobKey), dial(t, ts.addr, guestAuth())
	mustRun(t, alice, "handle alice")
	mustRun(t, bob, "handle bob")
	id := field(t, mustRun(t, alice, "new testgame --bots 1 --start"), "table")
	tid, err := strconv.ParseInt(id, 10, 64)
	require.NoError(t, err)
	aliceAcc := account(t, ts, aliceKey)
	require.NoError(t, ts.act(ctx, aliceAcc, tid, testgame.Bid{Amount: 3}))

	file := []byte(mustRun(t, bob, "export "+id))
	var m map[string]any
	require.NoError(t, json.Unmarshal(file, &m))
	require.Equal(t, "boardroom-game", m["format"])
	require.NotEmpty(t, m["sealed"])
	require.NotContains(t, string(file), "seed")
	guestFile := mustRun(t, guest, "export "+id)
	require.Contains(t, guestFile, `"sealed"`, "guests may export a public table, sealed")

	// The server that plays the game does not resume its file, nor after
	// the game is over; the finished game's own file imports for viewing.
	out := runIn(t, bob, "import", file)
	require.Equal(t, 1, out.code)
	require.Contains(t, out.err, "already played on this server (table "+id+")")
	for range 100 {
		st, err := ts.svc.GameState(ctx, aliceAcc, tid)
		require.NoError(t, err)
		if st.Outcome.Finished {
			break
		}
		require.NoError(t, ts.act(ctx, aliceAcc, tid, testgame.Add{N: 1}))
	}
	require.Contains(t, runIn(t, bob, "import", file).err, "already played on this server")
	finished := mustRun(t, bob, "export "+id)
	require.Contains(t, finished, `"seed"`, "a finished game travels in the clear")
	out = runIn(t, bob, "import", []byte(finished))
	require.Equal(t, 0, out.code, out.err)
	require.Equal(t, id, field(t, out.out, "table"), "on its own server, the table that played it")
	require.Contains(t, out.out, "Test Game, finished, in lobby public: a result to look at, kept once on this server")
	require.Contains(t, out.out, "Standings: ")
	require.Contains(t, out.out, "Standings and replay: open the lobby (ssh -p ")

	// A second server with the same key resumes the file saved mid-game.
	ts2 := startServerKey(t, sealKey)
	alice2Key, bob2Key := newKey(t), newKey(t)
	alice2, bob2 := dialKey(t, ts2.addr, alice2Key), dialKey(t, ts2.addr, bob2Key)
	mustRun(t, alice2, "handle alice")
	mustRun(t, bob2, "handle bob")
	out = runIn(t, bob2, "import", file)
	require.Equal(t, 0, out.code, out.err)
	newID := field(t, out.out, "table")
	_, port, _ := strings.Cut(ts2.addr, ":")
	require.Contains(t, out.out, "Open it: ssh -t -p "+port+" boardroom.test play "+newID)
	require.Contains(t, out.out, "You watch it")
	nid, err := strconv.ParseInt(newID, 10, 64)
	require.NoError(t, err)
	st, err := ts2.svc.GameState(ctx, account(t, ts2, alice2Key), nid)
	require.NoError(t, err)
	require.Equal(t, lobby.TablePlaying, st.Table.Status)
	require.Equal(t, 0, st.Seat, "alice has her seat at the copy")
	require.Equal(t, 2, st.Version, "alice's bid and the bot's")
	require.True(t, st.Prompt.Awaits(0))
	require.Contains(t, st.Legal, engine.Action(testgame.Resign{}))
	bs, err := ts2.svc.GameState(ctx, account(t, ts2, bob2Key), nid)
	require.NoError(t, err)
	require.Equal(t, -1, bs.Seat, "bob watches")

	// Refusals, each with a message and a non-zero exit.
	tampered := bytes.Replace(file, []byte(`"handle": "alice"`), []byte(`"handle": "alicf"`), 1)
	require.NotEqual(t, string(file), string(tampered))
	for name, tc := range map[string]struct {
		c    *gossh.Client
		cmd  string
		in   []byte
		want string
	}{
		"tampered":  {bob, "import", tampered, "changed after it was exported"},
		"truncated": {bob, "import", file[:len(file)/2], "truncated"},
		"empty":     {bob, "import", nil, "no game file on standard input"},
		"oversized": {bob, "import", append(bytes.Repeat([]byte(" "), 2*lobby.MaxFileBytes), file...), "larger than 4 MiB"},
		"guest":     {guest, "import", file, "guests cannot do that"},
		"argument":  {bob, "import game.ubp", file, "standard input"},
		"no lobby":  {bob, "import --lobby nowhere", file, `no lobby "nowhere"`},
		"no table":  {bob, "export 9999", nil, "there is no such table"},
	} {
		r := runIn(t, tc.c, tc.cmd, tc.in)
		require.NotZero(t, r.code, name)
		require.Contains(t, r.err, tc.want, name)
		require.Empty(t, r.out, name)
	}
	r := run(t, bob, "export")
	require.Equal(t, 2, r.code)
	require.Contains(t, r.err, "usage: export TABLEID > game.ubp")
	require.Contains(t, mustRun(t, bob, "help"), "import [--lobby SLUG] < game.ubp")

	// Another server (another seal key) refuses the file.
	other := startServer(t, t.TempDir(), nil)
	carol := dialKey(t, other.addr, newKey(t))
	mustRun(t, carol, "handle carol")
	r = runIn(t, carol, "import", file)
	require.Equal(t, 1, r.code)
	require.Contains(t, r.err, "saved by another boardroom server")
}
