package tui

import (
	"context"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"boardroom/engine"
	"boardroom/engine/testgame"
	"boardroom/lobby"
	"boardroom/lobby/lobbytest"
)

// movingLobby names the embedded fake (lobby.API has a method Lobby).
type movingLobby = lobbytest.Lobby

// failingOver is the fake lobby as a node of a cluster sees it while the
// table changes owner: a move is answered with lobby.ErrMoving and waits
// (MoveWaits), and the owner may be silent (OwnerLost).
type failingOver struct {
	*movingLobby
	mu     sync.Mutex
	moving bool      // Act answers ErrMoving
	waits  bool      // the viewer's move waits
	lost   time.Time // the owner was last heard of then
}

func (f *failingOver) GameState(ctx context.Context, v *lobby.Account, id int64) (lobby.GameState, error) {
	gs, err := f.movingLobby.GameState(ctx, v, id)
	f.mu.Lock()
	defer f.mu.Unlock()
	gs.MoveWaits, gs.OwnerLost = f.waits, f.lost
	if !f.lost.IsZero() {
		gs.Deadline = f.lost.Add(40 * time.Second)
	}
	return gs, err
}

func (f *failingOver) Act(ctx context.Context, acc *lobby.Account, id int64, version int, a engine.Action) error {
	f.mu.Lock()
	if f.moving {
		f.waits = true
		f.mu.Unlock()
		return lobby.ErrMoving
	}
	f.mu.Unlock()
	return f.movingLobby.Act(ctx, acc, id, version, a)
}

func (f *failingOver) set(fn func()) {
	f.mu.Lock()
	defer f.mu.Unlock()
	fn()
}

// bobPlaysAdaFailingOver is bobPlaysAda over failingOver.
func bobPlaysAdaFailingOver(t *testing.T, o Options) (*harness, *failingOver, *lobby.Account, lobby.Table) {
	t.Helper()
	api := lobbytest.NewLobby(true)
	ada := api.AddAccount("fp-ada", "ada")
	api.AddAccount("fp-bob", "bob")
	ctx := context.Background()
	tb, err := api.CreateTable(ctx, ada, lobby.PublicLobbyID, "testgame", 2, nil)
	require.NoError(t, err)
	f := &failingOver{movingLobby: api}
	o.Fingerprint, o.OpenTable = "fp-bob", tb.ID
	h := startWith(t, f, api.Now, o)
	h.api = api
	h.key("r")
	require.NoError(t, api.SetReady(ctx, ada, tb.ID, true))
	require.NoError(t, api.Start(ctx, ada, tb.ID))
	h.send(updatesMsg{us: []lobby.Update{{Topic: lobby.Topic{Kind: lobby.TopicTable, ID: tb.ID}}}})
	require.Equal(t, screenPlay, h.m.screen)
	return h, f, ada, tb
}

// tableFrame hands the session the table's update with bob's state, as
// the hub would after a change.
func (h *harness) tableFrame(api lobby.API, acc *lobby.Account, id int64) {
	h.t.Helper()
	gs, err := api.GameState(context.Background(), acc, id)
	require.NoError(h.t, err)
	h.send(updatesMsg{us: []lobby.Update{{Topic: lobby.Topic{Kind: lobby.TopicTable, ID: id}, State: &gs}}})
}

const movingSentence = "That table is moving to another server; your move will apply when it is back."

// A move made while the table moves: the sentence is on screen at once,
// once, whole at 80 columns and without internals; it stays while the
// move waits, whatever keys are pressed, and goes with the frame that shows
// the move made.
func TestFailoverMoveWaitingIsShownOnceUntilTheNextFrame(t *testing.T) {
	for _, size := range [][2]int{{80, 24}, {160, 50}} {
		h, f, _, tb := bobPlaysAdaFailingOver(t, Options{NoColor: true, Width: size[0], Height: size[1]})
		bob := h.m.acc
		f.set(func() { f.moving = true })
		h.keys("enter", "2", "enter")
		v := h.view()
		require.Equal(t, 1, strings.Count(v, movingSentence), "%dx%d: the sentence once, whole:\n%s", size[0], size[1], v)
		for _, internal := range []string{"(table", "nats", "Act:", "act:", "please try again"} {
			assert.NotContains(t, v, internal)
		}
		require.Zero(t, h.play().Version, "nothing was applied yet")

		h.key("pgup") // a key that is not a move: the move still waits
		require.Contains(t, h.view(), movingSentence)

		// The new owner makes the move; its frame arrives.
		f.set(func() { f.moving, f.waits = false, false })
		require.NoError(t, f.movingLobby.Act(context.Background(), bob, tb.ID, 0, testgame.Bid{Amount: 2}))
		h.tableFrame(f, bob, tb.ID)
		v = h.view()
		require.NotContains(t, v, movingSentence, "%dx%d: cleared by the frame that shows the move", size[0], size[1])
		require.Equal(t, 1, h.play().Version)
	}
}

// A waiting move the new owner did not make is explained, once.
func TestFailoverWaitingMoveRefusalIsShown(t *testing.T) {
	h, f, _, tb := bobPlaysAdaFailingOver(t, Options{NoColor: true})
	f.set(func() { f.moving = true })
	h.keys("enter", "2", "enter")
	require.Contains(t, h.view(), movingSentence)
	f.set(func() { f.moving, f.waits = false, false })
	const refusal = "Your move was not made: the game moved on meanwhile; look again."
	h.send(updatesMsg{us: []lobby.Update{{Topic: lobby.Topic{Kind: lobby.TopicTable, ID: tb.ID}, Text: refusal}}})
	v := h.view()
	require.Equal(t, 1, strings.Count(v, refusal))
	require.NotContains(t, v, movingSentence)
}

// While the node hears nothing from the table's owner, the play screen
// says it is reconnecting and the turn timer stands still; a frame from
// the owner clears it.
func TestFailoverReplicaShowsReconnectingAndAPausedTimer(t *testing.T) {
	h, f, _, tb := bobPlaysAdaFailingOver(t, Options{NoColor: true})
	bob := h.m.acc
	lost := h.clk.t.Add(-5 * time.Second)
	f.set(func() { f.lost = lost })
	h.tableFrame(f, bob, tb.ID)
	v := h.view()
	require.Contains(t, v, "Reconnecting to the game's server…")
	require.Contains(t, v, "0:40 left, paused", "the time left when the owner was last heard of")
	h.clk.t = h.clk.t.Add(10 * time.Second)
	require.Contains(t, h.view(), "0:40 left, paused", "standing still")

	f.set(func() { f.lost = time.Time{} })
	h.tableFrame(f, bob, tb.ID)
	require.NotContains(t, h.view(), "Reconnecting")

	h2, f2, _, tb2 := bobPlaysAdaFailingOver(t, Options{NoColor: true, ASCII: true})
	f2.set(func() { f2.lost = h2.clk.t })
	h2.tableFrame(f2, h2.m.acc, tb2.ID)
	require.Contains(t, h2.view(), "Reconnecting to the game's server...", "plain dots on an ASCII terminal")
}
