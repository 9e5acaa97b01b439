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
	// Written as the parts joined by the theme's bullet, the styled words
	// from the theme's (a frame after a move drew them with lipgloss).
	var b strings.Builder
	parts := 0
	part := func() {
		if parts > 0 {
			b.WriteString(th.Bullet)
		}
		parts++
	}
	if gs.Seat >= 0 && gs.Prompt.Awaits(gs.Seat) {
		part()
		b.WriteString(th.marks.yourMove)
	}
	if gs.Prompt.Phase != "" {
		part()
		b.WriteString(phaseText(m.play.r, gs.Prompt.Phase))
		if gs.Prompt.Simultaneous {
			b.WriteString(" (everyone at once, in secret)")
		}
	}
	for i, w := range gs.Prompt.Waiting {
		if i == 0 {
			part()
			b.WriteString("waiting on ")
		} else {
			b.WriteString(", ")
		}
		th.marks.writeSeat(&b, th, w.Seat, m.seatLabel(w.Seat))
	}
	return b.String()
}

// promptMarks are the prompt line's styled words of a theme: "your move!"
// and the escape sequences around a seat's name (a name is one line of
// sanitised text: its style is the same sequences around any name).
type promptMarks struct {
	yourMove string
	seats    []paintPair // per theme seat style
}

// paintPair is a style's escape sequences before and after a line of
// text.
type paintPair struct{ pre, post string }

func newPromptMarks(th *Theme) promptMarks {
	pm := promptMarks{yourMove: th.Accent.Render("your move!")}
	for _, st := range th.Seats {
		out := st.Render("X")
		i := strings.IndexByte(out, 'X')
		p := paintPair{pre: out[:max(i, 0)], post: out[i+1:]}
		if i < 0 || st.Render("a b-é") != p.pre+"a b-é"+p.post {
			// not the same sequences around any text (an underline
			// styles rune by rune): every name drawn by lipgloss
			return promptMarks{yourMove: pm.yourMove}
		}
		pm.seats = append(pm.seats, p)
	}
	return pm
}

// writeSeat writes the seat's name in its style, as th.Seat(seat).Render
// draws it.
func (pm *promptMarks) writeSeat(b *strings.Builder, th *Theme, seat int, name string) {
	if seat < 0 || len(pm.seats) == 0 || strings.ContainsAny(name, "\t\n") {
		b.WriteString(th.Seat(seat).Render(name))
		return
	}
	p := pm.seats[seat%len(pm.seats)]
	b.WriteString(p.pre)
	b.WriteString(name)
	b.WriteString(p.post)
}
