package tui

import (
	"errors"
	"time"

	"boardroom/lobby"
)

// The play screen while a table changes server (a cluster's failover,
// lobby/failover.go and lobby/moving.go): the truth, in the players' words,
// and only while it is true.
//   - A move made while the table had no owner waits for the new one: the
//     status line says so (lobby.ErrMoving) for as long as the state says
//     the move waits (GameState.MoveWaits), whatever keys are pressed, and
//     not after the frame that shows it made.
//   - A move that waited and was not made is explained once, like any
//     refusal (the table's update carries the sentence).
//   - While the node hears nothing from the table's owner, the prompt line
//     says the game is reconnecting and the turn timer stands still.

// movingNotice is the status line's sentence while the viewer's move waits
// for the table's new owner ("" otherwise).
func (m *Model) movingNotice() string {
	if m.screen != screenPlay || !m.play.loaded || !m.play.gs.MoveWaits || m.play.gs.Outcome.Finished {
		return ""
	}
	return errText(lobby.ErrMoving)
}

// submitRefused handles an action the lobby did not apply at once. A move
// that waits for the table's new owner counts as accepted: the status line
// says it waits (movingNotice) and the renderer shows no refusal, so the
// sentence is on screen once. It returns the error the renderer should
// show (nil for a waiting move).
func (m *Model) submitRefused(err error) error {
	switch {
	case errors.Is(err, lobby.ErrMoving):
		// The state says the move waits; or, if it was made or refused
		// meanwhile, the frame or the refusal says so.
		m.loadGame()
		return nil
	case errors.Is(err, lobby.ErrNoOwner):
		if m.loadGame(); m.play.gs.MoveWaits {
			return err // another move while one waits: the renderer says it was not made
		}
	}
	m.setErr(err)
	return err
}

// onMoveRefused shows why a move that waited for the table's new owner was
// not made (a table update for this viewer only, with the sentence).
func (m *Model) onMoveRefused(u lobby.Update) {
	if u.Text == "" || u.Topic.ID != m.tab.id || (m.screen != screenPlay && m.screen != screenTable) {
		return
	}
	m.status, m.statusErr = lobby.Sanitize(u.Text, 200), true
}

// reconnectingText is the prompt line's first words while the node hears
// nothing from the table's owner ("" while it does).
func (m *Model) reconnectingText() string {
	if m.play == nil || m.play.gs.OwnerLost.IsZero() || m.play.gs.Outcome.Finished {
		return ""
	}
	dots := "…"
	if m.th.ASCII {
		dots = "..."
	}
	return "Reconnecting to the game's server" + dots
}

// timerNow is the time the turn timer is read at: while the owner is out
// of reach the timers stand still where the owner was last heard of (the
// new owner resumes them with that time left).
func (m *Model) timerNow() (now time.Time, paused bool) {
	if m.play == nil {
		return m.now(), false
	}
	if lost := m.play.gs.OwnerLost; !lost.IsZero() {
		return lost, true
	}
	return m.now(), false
}
