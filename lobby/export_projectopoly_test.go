package lobby_test

import (
	"testing"

	"github.com/stretchr/testify/require"

	"boardroom/engine"
	"boardroom/engine/opoly/projectopoly"
	"boardroom/lobby"
)

// ppStart starts a Projectopoly table of ada and bob with the options
// opts. No bot: a bot's choices depend on its own history, which a game
// file does not carry, so only humans' moves continue identically.
func ppStart(e *env, ada, bob *lobby.Account, opts map[string]string) lobby.Table {
	e.t.Helper()
	tb, err := e.svc.CreateTable(e.ctx, ada, lobby.PublicLobbyID, projectopoly.ID, 2, opts)
	require.NoError(e.t, err)
	_, err = e.svc.Sit(e.ctx, bob, tb.ID, -1)
	require.NoError(e.t, err)
	require.NoError(e.t, e.svc.SetReady(e.ctx, bob, tb.ID, true))
	require.NoError(e.t, e.svc.Start(e.ctx, ada, tb.ID))
	return e.tableOf(ada, tb.ID)
}

// ppMove is the prompt's default action of the first human the game waits
// on (roll, end the turn, decline, no bid, ...), or nil.
func ppMove(e *env, id int64, humans ...*lobby.Account) (*lobby.Account, engine.Action) {
	for _, h := range humans {
		st := e.state(h, id)
		for _, w := range st.Prompt.Waiting {
			if w.Seat == st.Seat {
				return h, w.Default
			}
		}
	}
	return nil, nil
}

// TestProjectopolyExportImport: a running Projectopoly game (rounds:10,
// no auctions of declined purchases) exports sealed and imports on a
// second server with the same seal key; every viewer sees the same there,
// the same moves go on identically to the end, and the finished game's
// clear file imports too.
func TestProjectopolyExportImport(t *testing.T) {
	opts := map[string]string{"endMode": "rounds:10", "auctionOnDecline": "off"}
	e := newEnvWith(t, lobby.Config{SealKey: key(11)}, projectopoly.Definition{})
	ada, bob, cyd := e.player("ada"), e.player("bob"), e.player("cyd")
	orig := ppStart(e, ada, bob, opts)
	for range 30 {
		h, a := ppMove(e, orig.ID, ada, bob)
		require.NotNil(t, a)
		require.NoError(t, e.act(h, orig.ID, a))
	}
	data := e.export(bob, orig.ID)
	m := fileMap(t, data)
	require.NotEmpty(t, m["sealed"])
	require.Equal(t, projectopoly.ID, m["header"].(map[string]any)["game"])
	require.Equal(t, "playing", m["header"].(map[string]any)["status"])

	d := newEnvWith(t, lobby.Config{SealKey: key(11)}, projectopoly.Definition{})
	dan, dAda, dBob := d.player("dan"), d.player("ada"), d.player("bob")
	cp := d.importFile(dan, data)
	require.Equal(t, lobby.TablePlaying, cp.Status)
	require.Equal(t, orig.Options, cp.Options)
	here, there := []*lobby.Account{ada, bob}, []*lobby.Account{dAda, dBob}
	same := func(step string) {
		t.Helper()
		for i := range here {
			require.Equal(t, e.portrait(here[i], orig.ID), d.portrait(there[i], cp.ID), "%s, %s", step, here[i].Handle)
		}
		require.Equal(t, e.portrait(nil, orig.ID), d.portrait(dan, cp.ID), "%s, a spectator", step)
	}
	same("after import")
	for step := 0; !e.state(ada, orig.ID).Outcome.Finished; step++ {
		require.Less(t, step, 2000)
		h, a := ppMove(e, orig.ID, ada, bob)
		require.NotNil(t, a, "the game waits on nobody")
		require.NoError(t, e.act(h, orig.ID, a))
		dh := dAda
		if h == bob {
			dh = dBob
		}
		require.NoError(t, d.act(dh, cp.ID, a))
		if step%25 == 0 {
			same("during play")
		}
	}
	same("at the end")
	require.True(t, d.state(dAda, cp.ID).Outcome.Finished)
	require.Equal(t, 2, e.count(`SELECT COUNT(*) FROM results WHERE game_id = ?`, orig.ID))

	fin := e.export(nil, orig.ID)
	require.NotContains(t, fileMap(t, fin), "sealed", "a finished game travels in the clear")
	cp2 := e.importFile(cyd, fin)
	require.Equal(t, lobby.TableFinished, cp2.Status)
	require.Equal(t, e.portrait(ada, orig.ID).View, e.portrait(ada, cp2.ID).View)
	require.Equal(t, e.portrait(ada, orig.ID).Outcome, e.portrait(ada, cp2.ID).Outcome)
}
