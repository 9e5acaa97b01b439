package lobby_test

import (
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"boardroom/engine"
	"boardroom/engine/testgame"
	"boardroom/lobby"
)

func TestPlayWithActAndResults(t *testing.T) {
	e := newEnv(t, lobby.Config{})
	ada, bob, cyd := e.player("ada"), e.player("bob"), e.player("cyd")
	tb := e.startWith(ada, []*lobby.Account{bob}, 0, nil)
	sub := e.svc.Subscribe(cyd)
	defer sub.Close()
	sub.Watch(lobby.Topic{Kind: lobby.TopicTable, ID: tb.ID})
	drain(sub)

	st := e.state(ada, tb.ID)
	require.Equal(t, 0, st.Seat)
	require.Equal(t, 0, st.Version)
	require.Equal(t, "bid", st.Prompt.Phase)
	require.True(t, st.Prompt.Simultaneous)
	require.Len(t, st.Legal, 1)
	v := st.View.(testgame.View)
	require.NotZero(t, v.MySecret, "a player sees their own secret")
	spec := e.state(cyd, tb.ID)
	require.Equal(t, engine.Spectator, spec.Seat)
	require.Empty(t, spec.Legal)
	require.Zero(t, spec.View.(testgame.View).MySecret, "a spectator sees no secret")
	guest := e.state(nil, tb.ID)
	require.Equal(t, engine.Spectator, guest.Seat)

	// Errors: guests, strangers, illegal actions leave the state alone.
	require.ErrorIs(t, e.act(nil, tb.ID, testgame.Bid{}), lobby.ErrGuest)
	require.ErrorIs(t, e.act(cyd, tb.ID, testgame.Bid{}), lobby.ErrNotSeated)
	_, ok := engine.IsRuleError(e.act(ada, tb.ID, testgame.Bid{Amount: 9}))
	require.True(t, ok)
	_, ok = engine.IsRuleError(e.act(ada, tb.ID, testgame.Add{N: 1}))
	require.True(t, ok)
	require.Equal(t, 0, e.state(ada, tb.ID).Version)

	require.NoError(t, e.act(ada, tb.ID, testgame.Bid{Amount: 3}))
	require.True(t, hasTopic(drain(sub), lobby.TopicTable, tb.ID), "watchers hear of the move")
	st = e.state(ada, tb.ID)
	require.Equal(t, 1, st.Version)
	last := st.Log.All()[len(st.Log.All())-1]
	require.Equal(t, "ada bid 3.", last.Text, "the bidder reads their private event")
	require.Equal(t, start, last.At)
	for _, viewer := range []*lobby.Account{bob, cyd, nil} {
		l := e.state(viewer, tb.ID).Log.All()
		require.Equal(t, "ada committed a bid.", l[len(l)-1].Text, "others read the redacted text")
	}
	require.Equal(t, "start", st.Log.All()[0].Kind)

	require.NoError(t, e.act(bob, tb.ID, testgame.Bid{Amount: 0}))
	st = e.state(ada, tb.ID)
	require.Equal(t, "add", st.Prompt.Phase)
	require.True(t, st.Prompt.Awaits(0), "the higher bid starts")
	e.playOut(tb.ID, 3, ada, bob)

	st = e.state(cyd, tb.ID)
	require.True(t, st.Outcome.Finished)
	require.Equal(t, lobby.TableFinished, st.Table.Status)
	require.Empty(t, st.Prompt.Waiting)
	require.ErrorIs(t, e.act(ada, tb.ID, testgame.Add{N: 1}), lobby.ErrNotPlaying)

	// One result row per seat, matching the outcome, and the game is finished.
	rows := e.query(`SELECT r.seat, r.account_id, r.placement, r.score, r.won, r.status, r.rounds, g.status
		FROM results r JOIN games g ON g.id = r.game_id WHERE r.game_id = ? ORDER BY r.seat`, tb.ID)
	n := 0
	for rows.Next() {
		var seat, place, won, rounds int
		var acc, score int64
		var status, gstatus string
		require.NoError(t, rows.Scan(&seat, &acc, &place, &score, &won, &status, &rounds, &gstatus))
		want := st.Outcome.Results[seat]
		require.Equal(t, []int64{int64(want.Placement), want.Score}, []int64{int64(place), score})
		require.Equal(t, want.Status, status)
		require.Equal(t, want.Placement == 1, won == 1)
		require.Equal(t, []int64{ada.ID, bob.ID}[seat], acc)
		require.Equal(t, st.Table.Round, rounds)
		require.Equal(t, "finished", gstatus)
		n++
	}
	require.NoError(t, rows.Close())
	require.Equal(t, 2, n)
	var actions int
	rows = e.query(`SELECT COUNT(*) FROM actions WHERE game_id = ?`, tb.ID)
	require.True(t, rows.Next())
	require.NoError(t, rows.Scan(&actions))
	require.NoError(t, rows.Close())
	require.Equal(t, st.Version, actions)

	// A finished game reads the same after a restart.
	sub.Close()
	st = e.state(cyd, tb.ID)
	e.restart()
	require.Equal(t, readAlike(st), readAlike(e.state(cyd, tb.ID)))
}

func TestBotsPlayInline(t *testing.T) {
	e := newEnv(t, lobby.Config{})
	ada := e.player("ada")
	tb := e.startWith(ada, nil, 2, map[string]string{"target": "30"})
	st := e.state(ada, tb.ID)
	require.Equal(t, 2, st.Version, "both bots bid at once")
	require.True(t, st.Prompt.Awaits(0))
	require.NoError(t, e.act(ada, tb.ID, testgame.Bid{Amount: 0}))
	e.playOut(tb.ID, 1, ada)
	st = e.state(ada, tb.ID)
	require.True(t, st.Outcome.Finished)

	rows := e.query(`SELECT COUNT(*), SUM(bot) FROM results WHERE game_id = ?`, tb.ID)
	require.True(t, rows.Next())
	var n, bots int
	require.NoError(t, rows.Scan(&n, &bots))
	require.NoError(t, rows.Close())
	require.Equal(t, []int{3, 2}, []int{n, bots})
}

func TestBotDelayUsesTheClock(t *testing.T) {
	e := newEnv(t, lobby.Config{BotDelay: 700 * time.Millisecond})
	ada := e.player("ada")
	tb := e.startWith(ada, nil, 2, nil)
	require.Equal(t, 0, e.state(ada, tb.ID).Version, "bots wait for the delay")
	e.clock.Advance(699 * time.Millisecond)
	require.Equal(t, 0, e.state(ada, tb.ID).Version)
	e.clock.Advance(time.Millisecond)
	require.Equal(t, 1, e.state(ada, tb.ID).Version, "one bot moves per delay")
	e.clock.Advance(700 * time.Millisecond)
	require.Equal(t, 2, e.state(ada, tb.ID).Version)
	e.clock.Advance(10 * time.Second)
	require.Equal(t, 2, e.state(ada, tb.ID).Version, "the bots wait for the human")
}

// badBotGame wraps the test game with a bot that always chooses an
// illegal action.
type badBotGame struct{ testgame.Definition }

type badBot struct{}

func (badBot) Choose(engine.View, []engine.Action) engine.Action { return testgame.Add{N: 99} }

func (badBotGame) NewBot(int, uint64) engine.Bot { return badBot{} }

func TestIllegalBotMoveAppliesDefault(t *testing.T) {
	reg, err := engine.NewRegistry(badBotGame{})
	require.NoError(t, err)
	e := newEnv(t, lobby.Config{})
	e.close()
	e.reg = reg
	e.open()
	ada := e.player("ada")
	tb := e.startWith(ada, nil, 1, nil)
	st := e.state(ada, tb.ID)
	require.Equal(t, 1, st.Version, "the bot's illegal move was replaced by its default")
	require.Equal(t, []bool{false, true}, st.View.(testgame.View).Committed)
	require.NoError(t, e.act(ada, tb.ID, testgame.Bid{Amount: 0}))
	e.playOut(tb.ID, 1, ada)
	st = e.state(ada, tb.ID)
	require.True(t, st.Outcome.Finished)
	var adds int
	for _, l := range st.Log.All() {
		if l.Kind == "add" && strings.HasPrefix(l.Text, "Bot 2 added 1;") {
			adds++
		}
	}
	require.NotZero(t, adds, "the bot's turns were played with Add 1, the default")
}
