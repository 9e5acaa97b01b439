package sshserver

import (
	"errors"
	"golang.org/x/time/rate"
	"io"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"
	"github.com/stretchr/testify/require"
)

// fakeTimers is a clock and a timer queue the test advances by hand.
type fakeTimers struct {
	mu  sync.Mutex
	t   time.Time
	fns []*fakeTimer
}

type fakeTimer struct {
	at      time.Time
	f       func()
	stopped bool
}

func (t *fakeTimer) Stop() bool { was := !t.stopped; t.stopped = true; return was }

func (c *fakeTimers) now() time.Time { c.mu.Lock(); defer c.mu.Unlock(); return c.t }

func (c *fakeTimers) after(d time.Duration, f func()) stopper {
	c.mu.Lock()
	defer c.mu.Unlock()
	ft := &fakeTimer{at: c.t.Add(d), f: f}
	c.fns = append(c.fns, ft)
	return ft
}

// advance moves the clock and runs the timers that are due.
func (c *fakeTimers) advance(d time.Duration) {
	c.mu.Lock()
	c.t = c.t.Add(d)
	var due []*fakeTimer
	rest := c.fns[:0]
	for _, ft := range c.fns {
		if !ft.stopped && !ft.at.After(c.t) {
			due = append(due, ft)
		} else if !ft.stopped {
			rest = append(rest, ft)
		}
	}
	c.fns = rest
	c.mu.Unlock()
	for _, ft := range due {
		ft.f()
	}
}

func (c *fakeTimers) armed() int { c.mu.Lock(); defer c.mu.Unlock(); return len(c.fns) }

// writes records each Write as one string.
type writes struct {
	mu  sync.Mutex
	out []string
	err error
}

func (w *writes) Write(p []byte) (int, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.err != nil {
		return 0, w.err
	}
	w.out = append(w.out, string(p))
	return len(p), nil
}

func (w *writes) take() []string {
	w.mu.Lock()
	defer w.mu.Unlock()
	out := w.out
	w.out = nil
	return out
}

func testScreen(w, h int) (*screen, *writes, *fakeTimers) {
	out := &writes{}
	clk := &fakeTimers{t: time.Unix(1000, 0)}
	s := newScreen(out, 20, w, h)
	s.now, s.after = clk.now, clk.after
	return s, out, clk
}

func TestScreenFirstFrameAtOnce(t *testing.T) {
	s, out, clk := testScreen(20, 5)
	s.frame("hello\nworld")
	got := out.take()
	require.Len(t, got, 1, "the first frame goes out in the call, with no tick to wait for")
	require.True(t, strings.HasPrefix(got[0], screenSetup), "%q", got[0])
	require.Equal(t, "hello\r\nworld", ansi.Strip(strings.TrimPrefix(got[0], screenSetup)[len(ansi.CursorHomePosition):]))
	require.Zero(t, clk.armed(), "nothing is left running after a frame")

	s.frame("hello\nworld")
	require.Empty(t, out.take(), "an unchanged frame writes nothing")
}

func TestScreenRewritesOnlyChangedLines(t *testing.T) {
	s, out, _ := testScreen(20, 5)
	s.frame("alpha\nbeta\ngamma")
	out.take()
	s.frame("alpha\nBETA\ngamma")
	got := out.take()
	require.Len(t, got, 1)
	require.Contains(t, got[0], "BETA")
	require.NotContains(t, got[0], "alpha")
	require.NotContains(t, got[0], "gamma")
	require.NotContains(t, got[0], screenSetup, "the setup is sent once")

	s.frame("alpha")
	got = out.take()
	require.Len(t, got, 1)
	require.Contains(t, got[0], ansi.EraseScreenBelow, "a shorter frame erases what was below it")
}

func TestScreenFrameRateAfterBurst(t *testing.T) {
	s, out, clk := testScreen(20, 5)
	for i := range frameBurst {
		s.frame("frame " + itoa(i))
	}
	require.Len(t, out.take(), frameBurst, "a burst of frames goes out at once")
	s.frame("held 1")
	s.frame("held 2")
	require.Empty(t, out.take(), "over the burst, frames wait for the frame rate")
	require.Equal(t, 1, clk.armed(), "one timer for any number of waiting frames")

	clk.advance(s.every)
	got := out.take()
	require.Len(t, got, 1)
	require.Contains(t, got[0], "held 2", "the latest frame is drawn")
	require.NotContains(t, got[0], "held 1")
	require.Zero(t, clk.armed())

	clk.advance(time.Hour)
	require.Empty(t, out.take(), "an idle screen draws nothing")
	for i := range frameBurst {
		s.frame("again " + itoa(i))
	}
	require.Len(t, out.take(), frameBurst, "the burst refills while idle")
}

func TestScreenResizeRepaints(t *testing.T) {
	s, out, _ := testScreen(20, 5)
	s.frame("one\ntwo")
	out.take()
	s.resize(20, 5)
	s.frame("one\ntwo")
	require.Empty(t, out.take(), "the same size repaints nothing")
	s.resize(30, 6)
	require.Empty(t, out.take(), "the frame after the size change repaints")
	s.frame("one\ntwo")
	got := out.take()
	require.Len(t, got, 1, "the same frame is drawn again at the new size")
	require.Contains(t, got[0], "one")
	require.Contains(t, got[0], "two")

	s.frame("a very long line that does not fit in thirty columns")
	got = out.take()
	require.Len(t, got, 1)
	require.NotContains(t, got[0], "columns", "lines are cut at the terminal width")
}

func TestScreenClose(t *testing.T) {
	s, out, _ := testScreen(20, 5)
	s.close("boardroom: bye\n")
	require.Equal(t, []string{"boardroom: bye\r\n"}, out.take(),
		"a screen that never drew leaves the terminal modes alone")

	s, out, clk := testScreen(20, 5)
	s.frame("lobby")
	for i := range frameBurst {
		s.frame("x" + itoa(i))
	}
	out.take()
	s.close("boardroom: bye\nsee you\n")
	got := strings.Join(out.take(), "")
	require.Equal(t, screenRestore+"boardroom: bye\r\nsee you\r\n", got,
		"the goodbye stays on the normal screen; the held frame is dropped")
	clk.advance(time.Second)
	s.frame("late")
	require.Empty(t, out.take(), "nothing after close")
	require.Zero(t, clk.armed())

	s, out, _ = testScreen(20, 5)
	s.frame("lobby")
	s.close("")
	parts := out.take()
	require.Len(t, parts, 2)
	require.True(t, strings.HasPrefix(parts[0], screenSetup+ansi.CursorHomePosition+"lobby"), "%q", parts[0])
	require.Equal(t, screenRestore, parts[1], "a session without last words only restores the terminal")
}

func TestScreenStopsOnWriteError(t *testing.T) {
	s, out, clk := testScreen(20, 5)
	out.err = errors.New("channel closed")
	s.frame("x")
	out.err = nil
	s.frame("y")
	clk.advance(time.Second)
	require.Empty(t, out.take())
	require.Zero(t, clk.armed())
}

// TestFramedDrawsEachView: the wrapper hands every view to the screen and
// passes window sizes on to both.
func TestFramedDrawsEachView(t *testing.T) {
	s, out, _ := testScreen(20, 5)
	inner := &echoModel{}
	f := newFramed(inner, s, nil)
	require.Nil(t, f.Init())
	require.Empty(t, f.View(), "the program's own renderer gets nothing")
	require.Contains(t, strings.Join(out.take(), ""), "size 0x0")
	_, _ = f.Update(tea.WindowSizeMsg{Width: 30, Height: 6})
	f.View()
	require.Contains(t, strings.Join(out.take(), ""), "size 30x6")
	require.Equal(t, 30, s.w)
}

type echoModel struct{ w, h int }

func (m *echoModel) Init() tea.Cmd { return nil }
func (m *echoModel) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	if ws, ok := msg.(tea.WindowSizeMsg); ok {
		m.w, m.h = ws.Width, ws.Height
	}
	return m, nil
}
func (m *echoModel) View() string { return "size " + itoa(m.w) + "x" + itoa(m.h) }

func itoa(i int) string { return strconv.Itoa(i) }

// TestScreenWritesInChunks: a large repaint goes out in writes of at most
// frameChunk bytes, so the SSH channel keeps no large packet buffer.
func TestScreenWritesInChunks(t *testing.T) {
	s, out, _ := testScreen(200, 50)
	var lines []string
	for i := range 50 {
		lines = append(lines, strings.Repeat(string(rune('a'+i%26)), 150))
	}
	s.frame(strings.Join(lines, "\n"))
	got := out.take()
	require.Greater(t, len(got), 5)
	for _, w := range got {
		require.LessOrEqual(t, len(w), frameChunk)
	}
	all := strings.Join(got, "")
	require.True(t, strings.HasPrefix(all, screenSetup))
	require.Equal(t, strings.Join(lines, "\r\n"), ansi.Strip(strings.TrimPrefix(all, screenSetup)))
}

// TestGameFramesGoInOnePiece: while the model says a game is on screen
// (setLarge), a repaint that fits playChunk is one write (one packet, one
// system call) instead of 1 KiB pieces; larger ones are cut at playChunk;
// back in the lobby the pieces are small again.
func TestGameFramesGoInOnePiece(t *testing.T) {
	s, out, _ := testScreen(80, 24)
	lines := make([]string, 24)
	for i := range lines {
		lines[i] = "\x1b[1m" + strings.Repeat(string(rune('a'+i)), 70) + "\x1b[0m"
	}
	s.setLarge(true)
	s.frame(strings.Join(lines, "\n"))
	got := out.take()
	require.Len(t, got, 1, "an 80x24 game frame of %d bytes in one write", len(strings.Join(got, "")))
	require.Greater(t, len(got[0]), frameChunk)

	big, bigOut, _ := testScreen(200, 50)
	var wide []string
	for i := range 50 {
		wide = append(wide, strings.Repeat(string(rune('a'+i%26)), 190))
	}
	big.setLarge(true)
	big.frame(strings.Join(wide, "\n"))
	pieces := bigOut.take()
	require.Greater(t, len(pieces), 1)
	for _, w := range pieces {
		require.LessOrEqual(t, len(w), playChunk)
	}

	s.setLarge(false) // back in the lobby
	for i := range lines {
		lines[i] = strings.Repeat(string(rune('A'+i)), 70)
	}
	s.frame(strings.Join(lines, "\n"))
	got = out.take()
	require.Greater(t, len(got), 1)
	for _, w := range got {
		require.LessOrEqual(t, len(w), frameChunk)
	}
}

// BenchmarkScreenFrame draws an 80x24 frame in which one line changed, the
// common case of a redraw.
func BenchmarkScreenFrame(b *testing.B) {
	s := newScreen(io.Discard, 1000000, 80, 24)
	lines := make([]string, 24)
	for i := range lines {
		lines[i] = "\x1b[1m" + strings.Repeat("x", 70) + "\x1b[0m" + strconv.Itoa(i)
	}
	frames := [2]string{strings.Join(lines, "\n"), ""}
	lines[5] = "changed"
	frames[1] = strings.Join(lines, "\n")
	s.lim = rate.NewLimiter(rate.Inf, 1) // every frame drawn: the diff is what is measured
	b.ReportAllocs()
	for i := range b.N {
		s.frame(frames[i%2])
	}
}

// BenchmarkScreenLine is a countdown's tick: one row of the frame
// rewritten (tickline).
func BenchmarkScreenLine(b *testing.B) {
	s := newScreen(io.Discard, 1000000, 80, 24)
	lines := make([]string, 24)
	for i := range lines {
		lines[i] = "\x1b[1m" + strings.Repeat("x", 70) + "\x1b[0m" + strconv.Itoa(i)
	}
	s.frame(strings.Join(lines, "\n"))
	s.lim = rate.NewLimiter(rate.Inf, 1) // a tick a second; here as fast as they come
	ticks := [2]string{"\x1b[33m0:42 left\x1b[0m · your move!", "\x1b[33m0:41 left\x1b[0m · your move!"}
	b.ReportAllocs()
	for i := range b.N {
		if !s.line(2, ticks[i%2]) {
			b.Fatal("not drawn as a line")
		}
	}
}

func TestScreenBellBetweenFramesAndSpaced(t *testing.T) {
	s, out, clk := testScreen(20, 5)
	s.ring()
	require.Empty(t, out.take(), "before the first frame the bell waits for it")
	s.frame("lobby")
	got := out.take()
	require.Len(t, got, 1)
	require.Equal(t, 1, strings.Count(got[0], "\a"), "the first frame carries the waiting bell")
	require.True(t, strings.HasSuffix(got[0], "\a"), "after the frame's escape sequences, not inside one")

	s.ring()
	require.Empty(t, out.take(), "a second bell within %v is not rung", bellEvery)
	clk.advance(bellEvery)
	s.ring()
	require.Equal(t, []string{"\a"}, out.take(), "a bell between frames is one byte of its own")

	s.close("")
	out.take()
	clk.advance(bellEvery)
	s.ring()
	require.Empty(t, out.take(), "a closed screen rings nothing")
}

type largeModel struct {
	echoModel
	large bool
}

func (m *largeModel) LargeFrames() bool { return m.large }

// TestFramedTellsTheScreenOfLargeFrames: each frame's view asks the model
// whether a game is on screen and sets the screen's pieces accordingly.
func TestFramedTellsTheScreenOfLargeFrames(t *testing.T) {
	s, _, _ := testScreen(80, 24)
	m := &largeModel{large: true}
	f := newFramed(m, s, nil)
	f.View()
	require.True(t, s.large)
	m.large = false
	f.View()
	require.False(t, s.large)
}
