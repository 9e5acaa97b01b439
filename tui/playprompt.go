package tui

import (
	"strings"
	"time"

	"boardroom/lobby"
)

// The play screen's prompt line: whose turn it is, the phase, and the
// turn timer's countdown (redrawn alone on a tick: tickframe.go).

// promptBlock is the prompt line as the frame shows it, w cells wide. Its
// reads of the clock (the countdown's) are counted apart (tickframe.go).
func (m *Model) promptBlock(w int) string {
	reads := m.clockReads.Load()
	line, ok := m.promptFast(w) // countdown.go
	if !ok {
		line = Block(Fit(m.promptLine(), w, m.th.Ellip), w, 1)
	}
	m.promptReads += m.clockReads.Load() - reads
	return line
}

// promptLine says whose turn it is, what phase, and how long is left.
func (m *Model) promptLine() string {
	th := m.th
	gs := m.play.gs
	if !m.play.loaded {
		return th.Subtle.Render("Loading the game...")
	}
	if gs.Outcome.Finished {
		return th.Accent.Render("Game over.")
	}
	if gs.Table.Status == lobby.TableAbandoned { // an operator closed it (op close)
		return th.Accent.Render("Closed: this game ended without a result; the log says why.")
	}
	// Most urgent first: the line is cut at the right on narrow terminals.
	var parts []string
	if r := m.reconnectingText(); r != "" {
		parts = append(parts, th.Warn.Render(r))
	}
	if !gs.Deadline.IsZero() {
		now, paused := m.timerNow() // play_failover.go
		left := gs.Deadline.Sub(now)
		var text string
		switch {
		case left <= 0:
			text = "time is up"
		case left > time.Hour:
			text = lobby.DeadlineText(gs.Deadline, now)
		default:
			text = countdownPlain(m.countdownShown(left)) // countdown.go
		}
		if paused {
			text += ", paused"
		}
		parts = append(parts, th.Warn.Render(text))
	}
	rest := m.promptRestDrawn().s
	if rest == "" {
		return strings.Join(parts, th.Bullet)
	}
	return strings.Join(append(parts, rest), th.Bullet)
}

// promptRest is the prompt line after the countdown: it changes with the
// state and the table only, so a tick of the countdown takes it from the
// last frame.
func (m *Model) promptRest() string {
	th := m.th
	gs := m.play.gs
	var parts []string
	if gs.Seat >= 0 && gs.Prompt.Awaits(gs.Seat) {
		parts = append(parts, th.Accent.Render("your move!"))
	}
	if gs.Prompt.Phase != "" {
		phase := phaseText(m.play.r, gs.Prompt.Phase)
		if gs.Prompt.Simultaneous {
			phase += " (everyone at once, in secret)"
		}
		parts = append(parts, phase)
	}
	var names []string
	for _, w := range gs.Prompt.Waiting {
		names = append(names, th.Seat(w.Seat).Render(m.seatLabel(w.Seat)))
	}
	if len(names) > 0 {
		parts = append(parts, "waiting on "+strings.Join(names, ", "))
	}
	return strings.Join(parts, th.Bullet)
}
