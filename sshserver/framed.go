package sshserver

import (
	"time"

	tea "github.com/charmbracelet/bubbletea"
)

// framed runs a session's model and hands each view to its screen. Bubble
// Tea calls View exactly once after Init and after every Update (and once
// more when the program quits); with tea.WithoutRenderer the string it
// returns is thrown away, so View draws and returns nothing. The model's
// own calls run on the shared workers (workers.go).
//
// The calls handed to the workers are closures made once per session, with
// their argument and results in the framed's fields: a message handled
// allocates nothing on the session's goroutine. That matters during a
// collection, when a goroutine's first allocation makes it help mark at
// least 64 KB: thousands of session goroutines each allocating once a
// second (the countdown's tick) did most of the marking, all at once.
type framed struct {
	inner tea.Model
	scr   *screen
	pool  *workers // nil: call the model directly
	job   *job
	obs   Observer  // nil: frames are not timed
	since time.Time // when the message the next frame answers arrived; zero: not timed

	// The calls run on a worker, and what they take and give.
	initFn, updateFn, viewFn, linesFn, tickFn func()
	msg                                       tea.Msg
	cmd                                       tea.Cmd
	view                                      string
	lines                                     []string
	row                                       int
	line                                      string
	ok                                        bool
	fitW                                      int // the width the lines or line are fitted to (0: not known)

	// drawn says the worker that ran the last Update also drew the view
	// that follows it (drawNext): Bubble Tea calls View right after every
	// Update, with nothing in between that touches the model, so one hand-off
	// to a worker does for both. With ok set, line is the countdown line
	// (and lines is nil); otherwise lines or view is the whole frame.
	drawn bool
}

func newFramed(inner tea.Model, scr *screen, pool *workers) *framed {
	f := &framed{inner: inner, scr: scr, pool: pool, job: newJob()}
	f.initFn = func() { f.cmd = f.inner.Init() }
	f.updateFn = func() { f.inner, f.cmd = f.inner.Update(f.msg); f.drawNext() }
	f.viewFn = func() { f.view = f.inner.View() }
	f.linesFn = func() { f.lines = f.inner.(lineViewer).ViewLines(); f.fitW = fittedWidth(f.inner) }
	f.tickFn = func() { f.row, f.line, f.ok = f.inner.(lineTicker).TickLine(); f.fitW = fittedWidth(f.inner) }
	return f
}

func (f *framed) Init() tea.Cmd {
	if f.obs != nil {
		f.since = time.Now()
	}
	f.pool.run(f.job, f.initFn)
	cmd := f.cmd
	f.cmd = nil
	return cmd
}

func (f *framed) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	if f.obs != nil {
		f.since = time.Now()
	}
	if ws, ok := msg.(tea.WindowSizeMsg); ok {
		f.scr.resize(ws.Width, ws.Height)
	}
	f.msg = msg
	f.pool.run(f.job, f.updateFn)
	cmd := f.cmd
	f.msg, f.cmd = nil, nil
	return f, cmd
}

// finalView is the model's view once the program has ended.
func (f *framed) finalView() string { return f.inner.View() }

// drawNext draws, on the worker that has just run Update, what View will
// hand the screen: the countdown line where the model can give one, else the
// whole frame. Each hand-off to a worker and back wakes two goroutines, and
// on a host whose system calls are dear the wake-ups (futex calls) cost more
// than the drawing (docs/capacity.md): a message and its frame now take one
// hand-off instead of two or three.
func (f *framed) drawNext() {
	f.drawn, f.ok = true, false
	if _, ok := f.inner.(lineTicker); ok {
		f.tickFn()
		if f.ok {
			return
		}
		f.line = ""
	}
	if _, ok := f.inner.(lineViewer); ok {
		f.linesFn()
	} else {
		f.viewFn()
	}
}

func (f *framed) View() string {
	drawn := f.drawn
	f.drawn = false
	if drawn && f.ok {
		// The countdown line drawn with the Update; the whole frame when
		// the screen cannot take the line alone.
		row, line := f.row, f.line
		f.line, f.ok = "", false
		if f.scr.lineFitted(row, line, f.fitW) {
			f.framedDone()
			return ""
		}
		drawn = false
	} else if !drawn && f.tickLine() {
		return ""
	}
	if lf, ok := f.inner.(largeFramer); ok {
		f.scr.setLarge(lf.LargeFrames())
	}
	if _, ok := f.inner.(lineViewer); ok {
		if !drawn {
			f.pool.run(f.job, f.linesFn)
		}
		lines := f.lines
		f.lines = nil
		f.scr.frameFitted(lines, f.fitW)
	} else {
		if !drawn {
			f.pool.run(f.job, f.viewFn)
		}
		view := f.view
		f.view = ""
		f.scr.frame(view)
	}
	f.framedDone()
	return ""
}

// framedDone times the frame just handed to the screen, when timed.
func (f *framed) framedDone() {
	if f.obs != nil && !f.since.IsZero() {
		f.obs.Frame(time.Since(f.since))
		f.since = time.Time{}
	}
}

// lineViewer is a model that gives its view as lines (tui.Model.ViewLines).
type lineViewer interface {
	ViewLines() []string
}

// largeFramer is a model that says when its frames are large and
// frequent (tui.Model.LargeFrames: a game on screen); its screen then
// writes them in larger pieces (frame.go, playChunk).
type largeFramer interface {
	LargeFrames() bool
}

// fittedFramer is a model that says how wide every line of the frame (or
// tick line) it has just given is (tui.Model.FittedWidth; 0: not known).
type fittedFramer interface {
	FittedWidth() int
}

// fittedWidth is m's FittedWidth, or 0 for a model that does not say.
func fittedWidth(m tea.Model) int {
	if ff, ok := m.(fittedFramer); ok {
		return ff.FittedWidth()
	}
	return 0
}

// lineTicker is a model that can answer a frame separated from its last
// one by countdown ticks alone with the one line that changes
// (tui.Model.TickLine).
type lineTicker interface {
	TickLine() (row int, line string, ok bool)
}

// tickLine draws the model's next frame as one line when the model and
// the screen can, and reports whether it did.
func (f *framed) tickLine() bool {
	if _, ok := f.inner.(lineTicker); !ok {
		return false
	}
	f.pool.run(f.job, f.tickFn)
	row, line, ok := f.row, f.line, f.ok
	f.line = ""
	if !ok || !f.scr.lineFitted(row, line, f.fitW) {
		return false
	}
	f.framedDone()
	return true
}
