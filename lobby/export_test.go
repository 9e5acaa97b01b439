package lobby_test

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"strings"
	"sync"
	"testing"

	"github.com/stretchr/testify/require"

	"boardroom/engine"
	"boardroom/engine/testgame"
	"boardroom/lobby"
	"boardroom/lobby/lobbytest"
)

// key is a fixed seal key; other tests use other keys.
func key(b byte) []byte { return bytes.Repeat([]byte{b}, lobby.SealKeySize) }

// comparable is what must match between a game and its imported copy for
// one viewer: everything but the table's identity and the log's times.
type comparable struct {
	Seat    int
	View    string
	Prompt  string
	Legal   []string
	Outcome string
	Version int
	Round   int
}

var js = lobbytest.JSON

func (e *env) portrait(viewer *lobby.Account, id int64) comparable {
	e.t.Helper()
	st := e.state(viewer, id)
	c := comparable{Seat: st.Seat, View: js(e.t, st.View), Prompt: js(e.t, st.Prompt), Outcome: js(e.t, st.Outcome),
		Version: st.Version, Round: st.Table.Round}
	for _, a := range st.Legal {
		b, err := engine.EncodeAction(a)
		require.NoError(e.t, err)
		c.Legal = append(c.Legal, string(b))
	}
	return c
}

func (e *env) export(viewer *lobby.Account, id int64) []byte {
	e.t.Helper()
	data, err := e.svc.ExportGame(e.ctx, viewer, id)
	require.NoError(e.t, err)
	return data
}

func (e *env) importFile(acc *lobby.Account, data []byte) lobby.Table {
	e.t.Helper()
	tb, err := e.svc.ImportGame(e.ctx, acc, lobby.PublicLobbyID, data)
	require.NoError(e.t, err)
	return tb
}

// count runs a query that returns one number.
func (e *env) count(q string, args ...any) int {
	e.t.Helper()
	rows := e.query(q, args...)
	defer rows.Close()
	require.True(e.t, rows.Next())
	var n int
	require.NoError(e.t, rows.Scan(&n))
	return n
}

// fileMap parses a game file into a generic map, for tampering.
func fileMap(t *testing.T, data []byte) map[string]any {
	t.Helper()
	var m map[string]any
	require.NoError(t, json.Unmarshal(data, &m))
	return m
}

// TestExportImportResumesARunningGame exports a running game and imports it
// on a second server that has the same seal key (a server moved to a new
// database), as an account that did not play.
func TestExportImportResumesARunningGame(t *testing.T) {
	e := newEnv(t, lobby.Config{SealKey: key(1)})
	ada, bob, cyd := e.player("ada"), e.player("bob"), e.player("cyd")
	orig := e.startWith(ada, []*lobby.Account{bob, cyd}, 0, map[string]string{"target": "21"})
	require.NoError(t, e.act(ada, orig.ID, testgame.Bid{Amount: 3}))
	require.NoError(t, e.act(bob, orig.ID, testgame.Bid{Amount: 2}))

	// Mid-bid: the sealed file hides the seed, the bids and the secrets.
	data := e.export(bob, orig.ID)
	m := fileMap(t, data)
	require.Equal(t, "boardroom-game", m["format"])
	require.EqualValues(t, 1, m["version"])
	require.NotEmpty(t, m["sealed"])
	require.NotContains(t, m, "body")
	require.NotContains(t, string(data), "seed")
	require.NotContains(t, string(data), `"amount"`)
	h := m["header"].(map[string]any)
	require.Equal(t, "testgame", h["game"])
	require.Equal(t, "playing", h["status"])
	require.EqualValues(t, 2, h["actions"])
	require.Len(t, h["seats"], 3)
	require.Equal(t, "bob", h["seats"].([]any)[1].(map[string]any)["handle"])

	// Dan imports it on the second server: the same handles in the same
	// seats, dan hosts and watches.
	d := newEnv(t, lobby.Config{SealKey: key(1)})
	dan, dAda, dBob, dCyd := d.player("dan"), d.player("ada"), d.player("bob"), d.player("cyd")
	cp := d.importFile(dan, data)
	require.Equal(t, lobby.TablePlaying, cp.Status)
	require.Equal(t, dan.ID, cp.HostID)
	require.Equal(t, []int64{dAda.ID, dBob.ID, dCyd.ID}, seatAccounts(cp))
	require.Equal(t, -1, cp.SeatOf(dan.ID))
	require.Equal(t, orig.Options, cp.Options)

	here := []*lobby.Account{nil, ada, bob, cyd}
	there := []*lobby.Account{nil, dAda, dBob, dCyd}
	same := func(step string) {
		t.Helper()
		for i := range here {
			require.Equal(t, e.portrait(here[i], orig.ID), d.portrait(there[i], cp.ID), "%s, viewer %d", step, i)
		}
		require.Equal(t, e.portrait(nil, orig.ID), d.portrait(dan, cp.ID), "dan watches")
	}
	same("after import")
	st := d.state(dAda, cp.ID)
	require.Equal(t, 2, st.Version)
	require.Contains(t, st.Log.All()[len(st.Log.All())-1].Text, "dan imported this game")

	// The continuation: the same moves apply identically at both tables.
	require.NoError(t, e.act(cyd, orig.ID, testgame.Bid{Amount: 1}))
	require.NoError(t, d.act(dCyd, cp.ID, testgame.Bid{Amount: 1}))
	same("after the bids")
	for step := 0; !e.state(ada, orig.ID).Outcome.Finished; step++ {
		require.Less(t, step, 100)
		for i := 1; i < len(here); i++ {
			a := move(e.state(here[i], orig.ID), int64(i))
			if a == nil {
				continue
			}
			require.NoError(t, e.act(here[i], orig.ID, a))
			require.NoError(t, d.act(there[i], cp.ID, a))
			same("during play")
		}
	}
	require.True(t, d.state(dAda, cp.ID).Outcome.Finished)
	require.Equal(t, lobby.TableFinished, d.tableOf(dAda, cp.ID).Status)
	require.Equal(t, 1, e.count(`SELECT rated FROM games WHERE id = ?`, orig.ID))
	require.Equal(t, 0, d.count(`SELECT rated FROM games WHERE id = ?`, cp.ID), "imported games are never rated")
	require.Equal(t, 0, d.count(`SELECT COUNT(*) FROM rating_history WHERE game_id = ?`, cp.ID))
	require.Equal(t, 3, d.count(`SELECT COUNT(*) FROM results WHERE game_id = ?`, cp.ID))

	// The copy survives a restart like any other game.
	d.restart()
	require.Equal(t, lobby.TableFinished, d.tableOf(dAda, cp.ID).Status)
	for i := range here {
		require.Equal(t, e.portrait(here[i], orig.ID), d.portrait(there[i], cp.ID))
	}
}

// TestOneTablePerDeal: a running game's file does not import on a server
// that has played its deal, before or after the game ended (a second table
// would let a player play ahead there, or read how the first one went, and
// learn the dice and cards to come). It imports on a server that has not,
// once.
func TestOneTablePerDeal(t *testing.T) {
	e := newEnv(t, lobby.Config{SealKey: key(2)})
	ada, bob, cyd := e.player("ada"), e.player("bob"), e.player("cyd")
	orig := e.startWith(ada, []*lobby.Account{bob}, 0, nil)
	require.NoError(t, e.act(ada, orig.ID, testgame.Bid{Amount: 1}))
	data := e.export(ada, orig.ID)
	_, err := e.svc.ImportGame(e.ctx, bob, lobby.PublicLobbyID, data)
	require.ErrorIs(t, err, lobby.ErrForbidden)
	require.ErrorContains(t, err, fmt.Sprintf("already played on this server (table %d)", orig.ID))
	e.playOut(orig.ID, 3, ada, bob)
	_, err = e.svc.ImportGame(e.ctx, bob, lobby.PublicLobbyID, data)
	require.ErrorContains(t, err, fmt.Sprintf("already played on this server (table %d)", orig.ID), "finished too")

	// Who cannot see the table does not learn its id: cyd played there,
	// then left the lobby, and imports into a lobby of her own.
	team, err := e.svc.CreateLobby(e.ctx, ada, "Night Owls")
	require.NoError(t, err)
	_, err = e.svc.JoinLobby(e.ctx, cyd, team.InviteCode)
	require.NoError(t, err)
	tb := e.startIn(team.ID, ada, []*lobby.Account{cyd}, 0)
	file := e.export(ada, tb)
	require.NoError(t, e.svc.LeaveLobby(e.ctx, cyd, team.ID))
	own, err := e.svc.CreateLobby(e.ctx, cyd, "Cyd Alone")
	require.NoError(t, err)
	_, err = e.svc.ImportGame(e.ctx, cyd, own.ID, file)
	require.ErrorContains(t, err, "already played on this server;")

	// Another server with the same key takes it once; the copy counts too.
	d := newEnv(t, lobby.Config{SealKey: key(2)})
	dAda, dBob := d.player("ada"), d.player("bob")
	cp := d.importFile(dBob, data)
	require.Equal(t, lobby.TablePlaying, cp.Status)
	before := d.portrait(dBob, cp.ID)
	require.Equal(t, 1, before.Version)
	_, err = d.svc.ImportGame(d.ctx, dAda, lobby.PublicLobbyID, data)
	require.ErrorContains(t, err, fmt.Sprintf("already played on this server (table %d)", cp.ID))

	d.restart()
	require.Equal(t, before, d.portrait(dBob, cp.ID))
	require.Equal(t, lobby.TablePlaying, d.tableOf(dBob, cp.ID).Status)
	_, err = d.svc.ImportGame(d.ctx, dAda, lobby.PublicLobbyID, d.export(dBob, cp.ID))
	require.ErrorContains(t, err, "already played", "a restored copy counts too")
	require.NoError(t, d.act(dBob, cp.ID, testgame.Bid{Amount: 0}))
	require.Equal(t, 2, d.state(dBob, cp.ID).Version)
	d.playOut(cp.ID, 2, dAda, dBob)
	require.Equal(t, 1, e.count(`SELECT rated FROM games WHERE id = ?`, orig.ID))
	require.Equal(t, 0, d.count(`SELECT rated FROM games WHERE id = ?`, cp.ID), "not rated, after a restart too")
	require.Equal(t, 2, d.count(`SELECT COUNT(*) FROM results WHERE game_id = ?`, cp.ID))
}

func TestFinishedGameTravelsInTheClear(t *testing.T) {
	e := newEnv(t, lobby.Config{SealKey: key(3)})
	ada, bob, cyd := e.player("ada"), e.player("bob"), e.player("cyd")
	orig := e.startWith(ada, []*lobby.Account{bob}, 0, nil)
	e.playOut(orig.ID, 3, ada, bob)
	data := e.export(nil, orig.ID) // guests may export a public table
	m := fileMap(t, data)
	require.NotContains(t, m, "sealed")
	require.NotEmpty(t, m["mac"])
	body := m["body"].(map[string]any)
	require.Contains(t, body["setup"], "seed")
	require.NotEmpty(t, body["log"])
	require.Equal(t, "finished", m["header"].(map[string]any)["status"])

	require.Equal(t, orig.ID, e.importFile(cyd, data).ID, "on its own server, the file opens the table that played it")
	d := newEnv(t, lobby.Config{SealKey: key(3)})
	dCyd := d.player("cyd")
	cp := d.importFile(dCyd, data)
	require.Equal(t, lobby.TableFinished, cp.Status)
	require.Equal(t, e.portrait(nil, orig.ID), d.portrait(dCyd, cp.ID), "cyd looks on: she did not play it")
	require.Equal(t, -1, cp.SeatOf(dCyd.ID))
	require.Equal(t, 2, d.count(`SELECT COUNT(*) FROM results WHERE game_id = ?`, cp.ID), "its standings, to look at")
	require.Zero(t, d.count(`SELECT rated FROM games WHERE id = ?`, cp.ID), "never rated")
	require.Equal(t, 1, d.count(`SELECT COUNT(*) FROM imported_games WHERE game_id = ?`, cp.ID))

	// The clear body is signed: a changed seed is refused.
	i := bytes.Index(data, []byte(`"seed": `)) + len(`"seed": `)
	tampered := bytes.Clone(data)
	tampered[i] = '1' + (data[i]-'0')%9 // another non-zero leading digit
	require.NotEqual(t, string(data), string(tampered))
	_, err := e.svc.ImportGame(e.ctx, cyd, lobby.PublicLobbyID, tampered)
	require.ErrorIs(t, err, lobby.ErrBadFile)
	require.ErrorContains(t, err, "changed after it was exported")
	// Re-indenting the file changes nothing that matters.
	var pretty bytes.Buffer
	require.NoError(t, json.Indent(&pretty, data, "", "\t"))
	_, err = e.svc.ImportGame(e.ctx, cyd, lobby.PublicLobbyID, pretty.Bytes())
	require.NoError(t, err)
}

func TestImportRefusesBadFiles(t *testing.T) {
	e := newEnv(t, lobby.Config{SealKey: key(4)})
	ada, bob := e.player("ada"), e.player("bob")
	orig := e.startWith(ada, []*lobby.Account{bob}, 0, nil)
	require.NoError(t, e.act(ada, orig.ID, testgame.Bid{Amount: 2}))
	data := e.export(ada, orig.ID)

	reseal := func(mod func(m map[string]any)) []byte {
		m := fileMap(t, data)
		mod(m)
		out, err := json.Marshal(m)
		require.NoError(t, err)
		return out
	}
	flipSealed := reseal(func(m map[string]any) {
		b, err := base64.StdEncoding.DecodeString(m["sealed"].(string))
		require.NoError(t, err)
		b[len(b)/2] ^= 1
		m["sealed"] = base64.StdEncoding.EncodeToString(b)
	})
	other := newEnv(t, lobby.Config{SealKey: key(5)})
	otherAda, otherBob := other.player("ada"), other.player("bob")
	foreignTable := other.startWith(otherAda, []*lobby.Account{otherBob}, 0, nil)
	foreign := other.export(otherAda, foreignTable.ID)
	// A foreign file that claims our key id still fails on its seal.
	forged := bytes.Replace(foreign, []byte(fileMap(t, foreign)["header"].(map[string]any)["key_id"].(string)),
		[]byte(fileMap(t, data)["header"].(map[string]any)["key_id"].(string)), 1)

	for name, tc := range map[string]struct {
		data []byte
		want string
	}{
		"empty":          {nil, "the file is empty"},
		"not json":       {[]byte("hello, world\n"), "not a boardroom game file"},
		"truncated":      {data[:len(data)*2/3], "ends too early"},
		"other format":   {bytes.Replace(data, []byte(`"boardroom-game"`), []byte(`"boardroom-gamf"`), 1), "not a boardroom game file"},
		"future version": {bytes.Replace(data, []byte(`"version": 1`), []byte(`"version": 2`), 1), "format version 2"},
		"header byte":    {bytes.Replace(data, []byte(`"handle": "bob"`), []byte(`"handle": "bod"`), 1), "changed after it was exported"},
		"round":          {bytes.Replace(data, []byte(`"round": 1`), []byte(`"round": 9`), 1), "changed after it was exported"},
		"status":         {bytes.Replace(data, []byte(`"status": "playing"`), []byte(`"status": "forming"`), 1), `status "forming" is neither`},
		"finished":       {bytes.Replace(data, []byte(`"status": "playing"`), []byte(`"status": "finished"`), 1), "changed after it was exported"},
		"sealed byte":    {flipSealed, "changed after it was exported"},
		"no seal":        {reseal(func(m map[string]any) { delete(m, "sealed") }), "neither a sealed nor a signed game"},
		"foreign key":    {foreign, "saved by another boardroom server"},
		"forged key id":  {forged, "changed after it was exported"},
		"too large":      {append(bytes.Repeat([]byte(" "), lobby.MaxFileBytes), data...), "larger than 4 MiB"},
	} {
		t.Run(name, func(t *testing.T) {
			require.NotEqual(t, string(data), string(tc.data))
			_, err := e.svc.ImportGame(e.ctx, bob, lobby.PublicLobbyID, tc.data)
			require.ErrorIs(t, err, lobby.ErrBadFile)
			require.ErrorContains(t, err, tc.want)
		})
	}
	tables, err := e.svc.Tables(e.ctx, bob, lobby.PublicLobbyID)
	require.NoError(t, err)
	require.Len(t, tables, 1, "no refused file opened a table")

	// Guests cannot import; nobody imports into a lobby they cannot see.
	_, err = e.svc.ImportGame(e.ctx, nil, lobby.PublicLobbyID, data)
	require.ErrorIs(t, err, lobby.ErrGuest)
	team, err := e.svc.CreateLobby(e.ctx, ada, "Secret Team")
	require.NoError(t, err)
	_, err = e.svc.ImportGame(e.ctx, bob, team.ID, data)
	require.ErrorIs(t, err, lobby.ErrNotFound)
	// The untouched file passes every check but the last: its game was
	// played here.
	_, err = e.svc.ImportGame(e.ctx, bob, lobby.PublicLobbyID, data)
	require.ErrorContains(t, err, "already played on this server")
}

// testgameV2 is the test game under another rules version.
type testgameV2 struct{ testgame.Definition }

func (testgameV2) Info() engine.Info {
	i := testgame.Definition{}.Info()
	i.RulesVersion = "99"
	return i
}

func TestImportRefusesAnotherGameOrRulesVersion(t *testing.T) {
	e := newEnv(t, lobby.Config{SealKey: key(6)})
	ada, bob := e.player("ada"), e.player("bob")
	data := e.export(ada, e.startWith(ada, []*lobby.Account{bob}, 0, nil).ID)

	for name, reg := range map[string][]engine.Definition{
		"no such game":  {unipolyDef()},
		"rules version": {testgameV2{}},
	} {
		t.Run(name, func(t *testing.T) {
			o := newEnvWith(t, lobby.Config{SealKey: key(6)}, reg...)
			_, err := o.svc.ImportGame(o.ctx, o.player("ada"), lobby.PublicLobbyID, data)
			require.ErrorIs(t, err, lobby.ErrBadFile)
			if name == "no such game" {
				require.ErrorContains(t, err, `this server has no game "testgame"`)
			} else {
				require.ErrorContains(t, err, `rules version "1"; this server plays version "99"`)
			}
		})
	}
}

func TestExportNeedsAGameTheViewerMaySee(t *testing.T) {
	e := newEnv(t, lobby.Config{})
	ada, bob := e.player("ada"), e.player("bob")
	forming := e.table(ada, 2, nil)
	_, err := e.svc.ExportGame(e.ctx, ada, forming.ID)
	require.ErrorIs(t, err, lobby.ErrNotPlaying)

	team, err := e.svc.CreateLobby(e.ctx, ada, "Night Owls")
	require.NoError(t, err)
	tb, err := e.svc.CreateTable(e.ctx, ada, team.ID, testgame.ID, 2, nil)
	require.NoError(t, err)
	require.NoError(t, e.svc.AddBot(e.ctx, ada, tb.ID))
	require.NoError(t, e.svc.Start(e.ctx, ada, tb.ID))
	for _, v := range []*lobby.Account{nil, bob} {
		_, err = e.svc.ExportGame(e.ctx, v, tb.ID)
		require.ErrorIs(t, err, lobby.ErrNotFound)
	}
	// A member who is not seated may export (as a spectator could).
	_, err = e.svc.JoinLobby(e.ctx, bob, team.InviteCode)
	require.NoError(t, err)
	data := e.export(bob, tb.ID)
	require.True(t, strings.Contains(string(data), `"sealed"`))
}

// TestConcurrentImportsOfOneDealOneWins: several players import one running
// game's file at once on a server that has not played it; one table
// results, every other import is refused as already played (the store's
// unique deal index decides; no lock of the process does).
func TestConcurrentImportsOfOneDealOneWins(t *testing.T) {
	e := newEnv(t, lobby.Config{SealKey: key(2)})
	ada, bob := e.player("ada"), e.player("bob")
	orig := e.startWith(ada, []*lobby.Account{bob}, 0, nil)
	require.NoError(t, e.act(ada, orig.ID, testgame.Bid{Amount: 1}))
	data := e.export(ada, orig.ID)

	d := newEnv(t, lobby.Config{SealKey: key(2)})
	const n = 6
	accs := make([]*lobby.Account, n)
	for i := range accs {
		accs[i] = d.player(fmt.Sprintf("imp%d", i))
	}
	tables := make([]lobby.Table, n)
	errs := make([]error, n)
	var start, wg sync.WaitGroup
	start.Add(1)
	for i := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			start.Wait()
			tables[i], errs[i] = d.svc.ImportGame(d.ctx, accs[i], lobby.PublicLobbyID, data)
		}()
	}
	start.Done()
	wg.Wait()
	won := 0
	for i, err := range errs {
		if err == nil {
			won++
			require.Equal(t, lobby.TablePlaying, tables[i].Status)
			continue
		}
		require.ErrorIs(t, err, lobby.ErrForbidden)
		require.ErrorContains(t, err, "already played on this server")
	}
	require.Equal(t, 1, won, "one import of the deal succeeds")
	require.Equal(t, 1, d.count(`SELECT COUNT(*) FROM games WHERE setup IS NOT NULL`), "one table has the deal's setup")
}
