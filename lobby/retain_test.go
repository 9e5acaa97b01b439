package lobby_test

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/require"

	"boardroom/engine"
	"boardroom/lobby"
)

// TestKeptGameStateOutlivesLaterActions keeps a Unipoly GameState (view,
// legal actions with their bounds, prompt) while ada and a bot play on: the
// engine's Legal list is valid only until its next Apply, and a session
// renders its state while the table moves on, so what the lobby hands out
// must be its own copy and stay as it was.
func TestKeptGameStateOutlivesLaterActions(t *testing.T) {
	e := newUnipolyEnv(t)
	ada := e.player("ada")
	id := e.timedGame(ada)
	kept := e.state(ada, id)
	want := encodeState(t, kept)
	moved := 0
	for range 40 {
		st := e.state(ada, id)
		if st.Outcome.Finished || !st.Prompt.Awaits(st.Seat) {
			break
		}
		for _, w := range st.Prompt.Waiting {
			if w.Seat == st.Seat {
				require.NoError(t, e.act(ada, id, w.Default))
				moved++
				break
			}
		}
		require.Equal(t, want, encodeState(t, kept), "after %d actions", moved)
	}
	require.Greater(t, moved, 3, "the game moved on")
	require.NotEqual(t, want, encodeState(t, e.state(ada, id)), "the state now is another one")
}

// encodeState writes a GameState's view, legal actions (templates with
// their bounds) and prompt as JSON.
func encodeState(t *testing.T, st lobby.GameState) string {
	t.Helper()
	type action struct {
		Action json.RawMessage `json:"action"`
		Param  *engine.Param   `json:"param,omitempty"`
	}
	var legal []action
	for _, a := range st.Legal {
		enc, err := engine.EncodeAction(a)
		require.NoError(t, err)
		x := action{Action: enc}
		if tp, ok := a.(engine.Template); ok {
			p := tp.Param()
			x.Param = &p
		}
		legal = append(legal, x)
	}
	b, err := json.Marshal(struct {
		View   engine.View
		Legal  []action
		Prompt engine.Prompt
	}{st.View, legal, st.Prompt})
	require.NoError(t, err)
	return string(b)
}
