package tui_test

import (
	"context"
	"testing"

	"github.com/stretchr/testify/require"

	"boardroom/engine"
	"boardroom/engine/opoly/unipoly"
	"boardroom/tui"
)

// TestOwnMoveIsNotDrawnAgainWhenItsUpdateArrives: the state a player's own
// move returns is the one the table's update then carries to the player's
// sessions; the session that moved shows it at once and does not take it
// (and draw the board) a second time when the update arrives. A state the
// update brings from someone else's move is taken.
func TestOwnMoveIsNotDrawnAgainWhenItsUpdateArrives(t *testing.T) {
	ctx := context.Background()
	s := startGame(t, unipoly.Definition{}, 80, 24, false, 0)
	ada := s.m.(*tui.Model)
	own, others := 0, 0
	for moves := 0; moves < 12; moves++ {
		gs, err := s.svc.GameState(ctx, s.ada, s.tb.ID)
		require.NoError(t, err)
		if gs.Outcome.Finished {
			break
		}
		if !gs.Prompt.Awaits(gs.Seat) { // bob's move: the update brings a new state
			bgs, err := s.svc.GameState(ctx, s.bob, s.tb.ID)
			require.NoError(t, err)
			require.NoError(t, s.svc.Act(ctx, s.bob, s.tb.ID, bgs.Version, nonResign(bgs.Legal)))
			before := tui.PlayGenForTest(ada)
			tui.WakeForTest(ada)
			require.Equal(t, before+1, tui.PlayGenForTest(ada), "move %d: bob's move reaches ada's screen", moves)
			others++
			continue
		}
		require.NoError(t, tui.SubmitForTest(ada, nonResign(gs.Legal)))
		shown := tui.PlayGenForTest(ada)
		tui.WakeForTest(ada)
		require.Equal(t, shown, tui.PlayGenForTest(ada), "move %d: ada's own move's update is the state on screen", moves)
		own++
	}
	require.Positive(t, own, "ada moved")
	require.Positive(t, others, "bob moved")
}

func nonResign(legal []engine.Action) engine.Action {
	for _, a := range legal {
		if a.Kind() != "resign" {
			return a
		}
	}
	return nil
}

// TestLargeFramesOnlyInAGame: the session's screen writes a game's frames
// in larger pieces (sshserver) only while a game is on screen.
func TestLargeFramesOnlyInAGame(t *testing.T) {
	s := startGame(t, unipoly.Definition{}, 80, 24, false, 0)
	require.True(t, s.m.(*tui.Model).LargeFrames(), "ada's game is on screen")
	bob := tui.New(tui.Options{API: s.svc, Results: s.svc, Fingerprint: "SHA256:carol", Width: 80, Height: 24, NoColor: true,
		Renderers: allRenderers()})
	require.False(t, bob.(*tui.Model).LargeFrames(), "a session in the lobby")
}
