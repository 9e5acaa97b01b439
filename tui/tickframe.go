package tui

import (
	"slices"
	"sync/atomic"
	"time"
)

// The turn timer's countdown ticks once a second for everyone at a table
// with a live timer, and the tick changes one line of the frame: the
// prompt line's "0:42 left". Drawing the whole frame again for it (joining
// the panels, measuring and padding every line) was most of what a server
// full of players spent drawing, for frames of which one line differed.
// So a frame that only a tick separates from the last one is the last
// frame with its prompt line drawn again.
//
// That is right only while nothing else on the frame reads the clock: a
// takeover's own countdown inside the board does. Every read of the
// session's clock is counted (clockReads); a frame during whose drawing the
// clock was read outside the prompt line is drawn whole on the next tick.

// tickFrame is the last frame drawn whole, kept to answer a tick.
type tickFrame struct {
	ok       bool     // frame may answer a tick
	lines    []string // the frame as last returned (never changed: a copy is)
	row      int      // the prompt line's row (from 0)
	w, h     int      // the terminal size it was drawn at
	timeFree bool     // nothing but the prompt line read the clock
	answered int      // ticks this frame answered (tests read it)
}

// countedClock wraps the session's clock so that View can tell whether a
// drawing read it.
func countedClock(now func() time.Time, reads *atomic.Int64) func() time.Time {
	return func() time.Time {
		reads.Add(1)
		return now()
	}
}

// tickable reports that only countdown ticks separate the next frame from
// the last one drawn whole, and that frame can be reused.
func (m *Model) tickable() bool {
	tf := &m.tick
	return m.onlyTicks && tf.ok && tf.timeFree && tf.w == m.w && tf.h == m.h && m.playFrameBare()
}

// playFrameBare reports that the frame is the play screen's own: no dialog
// or page over it, not quitting. Its lines are then drawn by appendPlay
// (the prompt line third, every line the terminal's width).
func (m *Model) playFrameBare() bool {
	return m.screen == screenPlay && len(m.dialogs) == 0 && m.topPage() == nil && !m.quitting
}

// TickLine answers a frame that only countdown ticks separate from the
// last one with the one line that can differ: its row (from 0) and the
// line drawn again. ok is false when the frame must be drawn whole (View).
// A session's screen that keeps the last frame's lines writes just that
// line, without a frame's worth of text made and compared for it.
func (m *Model) TickLine() (row int, line string, ok bool) {
	if !m.tickable() {
		return 0, "", false
	}
	m.tick.answered++
	return m.tick.row, m.promptBlock(m.w), true
}

// frameAfterTick is the frame for a View that follows only countdown
// ticks since the last one, when the last frame can be reused: its lines,
// the prompt line drawn again.
func (m *Model) frameAfterTick() ([]string, bool) {
	tf := &m.tick
	if !m.tickable() {
		return nil, false
	}
	if line := m.promptBlock(m.w); line != tf.lines[tf.row] {
		// A new slice: the last one may still be waiting to be drawn.
		lines := slices.Clone(tf.lines)
		lines[tf.row] = line
		tf.lines = lines
	}
	tf.answered++
	return tf.lines, true
}

// keepFrame remembers a frame drawn whole for the ticks that may follow:
// on the play screen, without a dialog or page over it, its third line
// (after the top bar and the table's title) is the prompt line the drawing
// made; timeFree says nothing else read the clock.
func (m *Model) keepFrame(lines []string, prompt string, timeFree bool) {
	tf := &m.tick
	*tf = tickFrame{}
	if !m.playFrameBare() || prompt == "" {
		return
	}
	const row = 2
	if len(lines) <= row || lines[row] != prompt {
		return
	}
	*tf = tickFrame{ok: true, lines: lines, row: row, w: m.w, h: m.h, timeFree: timeFree}
}

// FittedWidth is the width every line of the frame ViewLines (or the line
// TickLine) has just given is exactly: the terminal's on the play screen,
// whose lines are made w cells wide as they are drawn
// (TestPlayFrameLinesAreExactlyWide), so that the session's screen need not
// measure them again; 0 elsewhere (a dialog, a page, the lobby: not
// promised). It reads only what the frame was drawn from: ask it before
// the next Update.
func (m *Model) FittedWidth() int {
	if !m.playFrameBare() || m.play == nil || m.tooSmall() {
		return 0
	}
	return m.w
}

// LargeFrames reports that the session shows a game: its frames are large
// and come with every move, so its screen writes each in one piece rather
// than in the small pieces that keep an idle session's buffers small
// (sshserver/frame.go).
func (m *Model) LargeFrames() bool { return m.screen == screenPlay }
