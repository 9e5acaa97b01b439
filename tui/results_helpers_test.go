package tui

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
	"github.com/stretchr/testify/require"

	"boardroom/engine"
	"boardroom/engine/testgame"
	"boardroom/lobby"
	"boardroom/lobby/lobbytest"
)

// resultsEnv is the real service with accounts and finished games made
// through the API, for the results pages' tests.
type resultsEnv struct {
	t   *testing.T
	ctx context.Context
	svc lobbytest.Backend
}

func newResultsEnv(t *testing.T) *resultsEnv {
	return &resultsEnv{t: t, ctx: context.Background(), svc: realService(t)}
}

func (e *resultsEnv) player(handle string) *lobby.Account {
	e.t.Helper()
	acc, err := e.svc.SetHandle(e.ctx, "SHA256:"+handle, handle)
	require.NoError(e.t, err)
	return acc
}

// act is acc's action made on a screen read just before it.
func (e *resultsEnv) act(acc *lobby.Account, id int64, a engine.Action) error {
	gs, err := e.svc.GameState(e.ctx, acc, id)
	if err != nil {
		return err
	}
	return e.svc.Act(e.ctx, acc, id, gs.Version, a)
}

// session starts a TUI session of a player's key.
func (e *resultsEnv) session(acc *lobby.Account, w, h int) *harness {
	e.t.Helper()
	fp := ""
	if acc != nil {
		fp = acc.Fingerprint
	}
	want := screenLobby
	if acc != nil {
		tables, err := e.svc.Tables(e.ctx, acc, lobby.PublicLobbyID)
		require.NoError(e.t, err)
		for _, t := range tables {
			if t.Status == lobby.TablePlaying && t.SeatOf(acc.ID) >= 0 {
				want = screenPlay // back to their running game at once
			}
		}
	}
	s := startWith(e.t, e.svc, realStart, Options{Fingerprint: fp, Width: w, Height: h})
	if acc != nil {
		require.Equal(e.t, want, s.m.screen)
	}
	return s
}

// table opens a testgame table hosted by the first player with the others
// seated and ready, and bots in the remaining seats; it does not start it.
func (e *resultsEnv) table(players []*lobby.Account, bots int) int64 {
	e.t.Helper()
	tb, err := e.svc.CreateTable(e.ctx, players[0], lobby.PublicLobbyID, testgame.ID, len(players)+bots, nil)
	require.NoError(e.t, err)
	for _, p := range players[1:] {
		_, err := e.svc.Sit(e.ctx, p, tb.ID, -1)
		require.NoError(e.t, err)
		require.NoError(e.t, e.svc.SetReady(e.ctx, p, tb.ID, true))
	}
	for range bots {
		require.NoError(e.t, e.svc.AddBot(e.ctx, players[0], tb.ID))
	}
	return tb.ID
}

// resignRace plays a game of the players in seat order to the end: all
// bid 0, then seats resign in order until the last one wins.
func (e *resultsEnv) resignRace(players []*lobby.Account) int64 {
	e.t.Helper()
	id := e.table(players, 0)
	require.NoError(e.t, e.svc.Start(e.ctx, players[0], id))
	for _, p := range players {
		require.NoError(e.t, e.act(p, id, testgame.Bid{Amount: 0}))
	}
	for _, p := range players[:len(players)-1] {
		require.NoError(e.t, e.act(p, id, testgame.Resign{}))
	}
	st, err := e.svc.GameState(e.ctx, nil, id)
	require.NoError(e.t, err)
	require.True(e.t, st.Outcome.Finished)
	return id
}

// ladder makes n players p00..p(n-1) (ada among them when withAda) play
// ten four-player games each, so all are on the global ladder.
func (e *resultsEnv) ladder(n int, ada *lobby.Account) []*lobby.Account {
	e.t.Helper()
	require.Zero(e.t, n%4)
	ps := make([]*lobby.Account, n)
	for i := range ps {
		ps[i] = e.player(fmt.Sprintf("p%02d", i))
	}
	if ada != nil {
		ps[n/2] = ada
	}
	games := n * lobby.MinRatedGames / 4
	for g := range games {
		seats := make([]*lobby.Account, 4)
		for k := range seats {
			seats[k] = ps[(4*g+(k+g)%4)%n]
		}
		e.resignRace(seats)
	}
	return ps
}

// exactView is the frame without ANSI sequences; every line must be
// exactly as wide as the terminal and there must be as many as it is high.
func exactView(t *testing.T, h *harness) string {
	t.Helper()
	v := h.view()
	lines := strings.Split(v, "\n")
	require.Len(t, lines, h.m.h)
	for i, l := range lines {
		require.Equal(t, h.m.w, ansi.StringWidth(l), "line %d: %q", i, l)
	}
	return v
}

// frameLines is a stripped frame split into lines.
func frameLines(h *harness) []string { return strings.Split(ansi.Strip(h.m.View()), "\n") }
