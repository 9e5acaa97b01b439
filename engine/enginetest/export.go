package enginetest

import (
	"bytes"
	"encoding/json"
	"fmt"

	"boardroom/engine"
)

// savedGame is the part of an exported game file the engine reads: the
// setup and the action log (lobby/gamefile wraps it with a signature).
type savedGame struct {
	Setup engine.Setup          `json:"setup"`
	Log   []engine.LoggedAction `json:"log,omitempty"`
}

// ExportReplay plays a bot-only game of def from setup with bots (PlayBots,
// DefaultMaxSteps) and checks after mid actions and at the end what export
// and import do: the setup and the action log, written as JSON and read
// back, replay to the very same game (byte-identical snapshots), and the
// replay's snapshot restores to it too. It returns the kinds of the actions
// the bots played, for the caller to check that the log exercised the
// game's own actions.
func ExportReplay(def engine.Definition, setup engine.Setup, bots []engine.Bot, mid int) (map[string]bool, error) {
	var log []engine.LoggedAction
	kinds := map[string]bool{}
	_, err := PlayBots(def, setup, bots, DefaultMaxSteps, func(st *BotStep) error {
		if st.Step == mid || st.Done {
			if err := checkExport(def, setup, log, st.Game); err != nil {
				return fmt.Errorf("after %d actions: %w", st.Step, err)
			}
		}
		if st.Done {
			return nil
		}
		la, err := engine.Log(st.Seat, st.Action)
		if err != nil {
			return err
		}
		log = append(log, la)
		kinds[st.Action.Kind()] = true
		return nil
	})
	return kinds, err
}

// checkExport writes setup and log as a saved game, reads it back, replays
// it and compares the result with g, then restores the replay's snapshot.
func checkExport(def engine.Definition, setup engine.Setup, log []engine.LoggedAction, g engine.Game) error {
	b, err := json.Marshal(savedGame{Setup: setup, Log: log})
	if err != nil {
		return err
	}
	var file savedGame
	if err := json.Unmarshal(b, &file); err != nil {
		return err
	}
	r, err := engine.Replay(def, file.Setup, file.Log)
	if err != nil {
		return err
	}
	want, err := g.Snapshot()
	if err != nil {
		return err
	}
	got, err := r.Snapshot()
	if err != nil {
		return err
	}
	if !bytes.Equal(want, got) {
		return fmt.Errorf("the replayed game differs from the one played:\n%s\n%s", clip(want), clip(got))
	}
	again, err := def.Restore(got)
	if err != nil {
		return fmt.Errorf("restoring the replay: %w", err)
	}
	snap, err := again.Snapshot()
	if err != nil {
		return err
	}
	if !bytes.Equal(want, snap) {
		return fmt.Errorf("the restored replay differs from the game played:\n%s\n%s", clip(want), clip(snap))
	}
	return nil
}
