package sshserver

import (
	"io"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"
	"github.com/stretchr/testify/require"
)

// countdownModel's frame is three lines; a tick message changes only the
// countdown in its first, any other message the whole frame.
type countdownModel struct {
	left   int    // the countdown shown
	body   string // the rest of the frame
	ticked bool   // the last message was a tick
	row    int    // the countdown's row (out of the frame: the screen cannot take it alone)
}

type countdownTick struct{}
type countdownMove struct{ body string }

func (m *countdownModel) Init() tea.Cmd { return nil }
func (m *countdownModel) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	switch msg := msg.(type) {
	case countdownTick:
		m.left--
		m.ticked = true
	case countdownMove:
		m.body = msg.body
		m.ticked = false
	}
	return m, nil
}
func (m *countdownModel) top() string  { return "left " + string(rune('0'+m.left)) }
func (m *countdownModel) View() string { return strings.Join(m.ViewLines(), "\n") }
func (m *countdownModel) ViewLines() []string {
	return []string{m.top(), m.body, "end"}
}
func (m *countdownModel) TickLine() (int, string, bool) {
	return m.row, m.top(), m.ticked
}

// TestAMessageAndItsFrameTakeOneHandOff: the worker that runs a message's
// Update also draws the frame Bubble Tea asks for next, so a message costs
// one hand-off to the pool and back (it cost two, three for a whole frame):
// each hand-off wakes two goroutines. The screen gets what it got before:
// the countdown's line alone after a tick, the changed lines after a move,
// the whole frame when the screen cannot take the line alone.
func TestAMessageAndItsFrameTakeOneHandOff(t *testing.T) {
	pool := newWorkers(2)
	defer pool.close()
	var handed atomic.Int64
	pool.handing = func() { handed.Add(1) }
	s, out, clk := testScreen(20, 3)
	m := &countdownModel{left: 9, body: "board"}
	f := newFramed(m, s, pool)
	f.Init()
	f.View()
	require.Equal(t, "left 9\r\nboard\r\nend", ansi.Strip(strings.Join(out.take(), "")))

	step := func(msg tea.Msg) (handoffs int64, written string) {
		handed.Store(0)
		_, _ = f.Update(msg)
		require.Empty(t, f.View())
		return handed.Load(), strings.TrimSpace(ansi.Strip(strings.Join(out.take(), "")))
	}

	n, w := step(countdownTick{})
	require.EqualValues(t, 1, n, "a tick and its line")
	require.Equal(t, "left 8", w, "only the countdown's line is written")

	n, w = step(countdownMove{body: "moved"})
	require.EqualValues(t, 1, n, "a move and its whole frame")
	require.Equal(t, "moved", w, "only the changed line is written")

	n, w = step(countdownMove{body: "moved"})
	require.EqualValues(t, 1, n, "a message that changes nothing")
	require.Empty(t, w, "an unchanged frame writes nothing")

	m.row = 7 // beyond the frame: the screen cannot take the line alone
	n, w = step(countdownTick{})
	require.EqualValues(t, 2, n, "the whole frame drawn after the line was refused")
	require.Equal(t, "left 7", w, "the whole frame's changed line")

	// A View with no Update before it (the first after Init, or a test's)
	// draws as it always did.
	clk.advance(time.Second) // the screen's frame tokens, spent above
	m.row = 0
	m.ticked = true
	m.left = 5
	handed.Store(0)
	f.View()
	require.EqualValues(t, 1, handed.Load())
	require.Equal(t, "left 5", ansi.Strip(strings.Join(out.take(), "")))
}

// BenchmarkFramedMessage: a message and its frame through the shared
// workers, as a session's goroutine runs them: a countdown tick and its
// line, and a move and its whole frame.
func BenchmarkFramedMessage(b *testing.B) {
	for _, c := range []struct {
		name string
		msg  tea.Msg
	}{{"tick", countdownTick{}}, {"move", countdownMove{body: "moved"}}} {
		b.Run(c.name, func(b *testing.B) {
			pool := newWorkers(0)
			defer pool.close()
			scr := newScreen(io.Discard, 1000000, 20, 3)
			m := &countdownModel{left: 9, body: "board"}
			f := newFramed(m, scr, pool)
			f.Init()
			f.View()
			b.ReportAllocs()
			for b.Loop() {
				m.left = 9
				_, _ = f.Update(c.msg)
				f.View()
			}
		})
	}
}
