package lobby_test

import (
	"testing"

	"github.com/stretchr/testify/require"

	"boardroom/engine"
	"boardroom/lobby"
)

// The round trip of the games' export tests: a game played at one server,
// exported, imported at a second server with the same seal key, and played
// on at both tables with the same moves. Each game's test holds only its
// own set-up and checks.

// startPair starts a table of game in the public lobby with ada as host and
// bob in the second seat, both ready, and returns it started.
func (e *env) startPair(ada, bob *lobby.Account, game string, opts map[string]string) lobby.Table {
	e.t.Helper()
	tb, err := e.svc.CreateTable(e.ctx, ada, lobby.PublicLobbyID, game, 2, opts)
	require.NoError(e.t, err)
	_, err = e.svc.Sit(e.ctx, bob, tb.ID, -1)
	require.NoError(e.t, err)
	require.NoError(e.t, e.svc.SetReady(e.ctx, bob, tb.ID, true))
	require.NoError(e.t, e.svc.Start(e.ctx, ada, tb.ID))
	return e.tableOf(ada, tb.ID)
}

// mover is the move of the seat the game waits on, chosen from that seat's
// own state of the original game.
type mover func(seat int, mine lobby.GameState) engine.Action

// botMoves are the moves a bot of the game picks for each seat, seeded
// with seeds (one a seat).
func botMoves(def engine.Definition, seeds ...uint64) mover {
	bots := make([]engine.Bot, len(seeds))
	for seat, s := range seeds {
		bots[seat] = def.NewBot(seat, s)
	}
	return func(seat int, mine lobby.GameState) engine.Action { return bots[seat].Choose(mine.View, mine.Legal) }
}

// defaultMoves are the prompt's default actions (roll, end the turn,
// decline, no bid, ...). A bot's choices depend on its own history, which a
// game file does not carry; defaults do not.
func defaultMoves(seat int, mine lobby.GameState) engine.Action {
	for _, w := range mine.Prompt.Waiting {
		if w.Seat == seat {
			return w.Default
		}
	}
	return nil
}

// mirror is one game at two servers: the original table at e and, once
// imported, its copy at d.
type mirror struct {
	t     *testing.T
	e, d  *env
	orig  int64               // the original table
	cp    int64               // its copy at d, 0 until imported
	seats [][2]*lobby.Account // each seat's player at e and at d
	move  mover
}

// step makes the next move at the original table and, once there is a
// copy, the same move there; false when the game is over or waits on
// nobody.
func (m *mirror) step() bool {
	m.t.Helper()
	st := m.e.state(m.seats[0][0], m.orig)
	if st.Outcome.Finished || len(st.Prompt.Waiting) == 0 {
		return false
	}
	seat := st.Prompt.Waiting[0].Seat
	mine := m.e.state(m.seats[seat][0], m.orig)
	a := m.move(seat, mine)
	require.NotNil(m.t, a)
	require.NoError(m.t, m.e.act(m.seats[seat][0], m.orig, a), a.Kind())
	if m.cp != 0 {
		require.NoError(m.t, m.d.act(m.seats[seat][1], m.cp, a), a.Kind())
	}
	return true
}

// same checks that each pair of viewers (at e, at d; nil: a guest) sees
// the same of the original and of the copy.
func (m *mirror) same(when string, viewers [][2]*lobby.Account) {
	m.t.Helper()
	for i, v := range viewers {
		require.Equal(m.t, m.e.portrait(v[0], m.orig), m.d.portrait(v[1], m.cp), "%s, viewer %d", when, i)
	}
}
