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
// The call handed to the workers is one closure made once per session
// (runOp), with the operation, its argument and results in the framed's
// fields: a message handled allocates nothing on the session's goroutine. That matters during a
// collection, when a goroutine's first allocation makes it help mark at
// least 64 KB: thousands of session goroutines each allocating once a
// second (the countdown's tick) did most of the marking, all at once.
type framed struct {
	inner tea.Model
	scr   *screen
	pool  *workers  // nil: call the model directly
	job   job       // the framed's own hand-off to a worker
	obs   Observer  // nil: frames are not timed
	since time.Time // when the message the next frame answers arrived; zero: not timed

	// The call run on a worker (op, by runOp), and what it takes and
	// gives. One closure a session, not one for each operation: every
	// object a session keeps is traced at every collection (issue 32).
	runFn func()
	op    framedOp
	msg   tea.Msg
	cmd   tea.Cmd
	view  string
	lines []string
	row   int
	line  string
	ok    bool // line is the next frame (the countdown's row alone)
	fitW  int  // the width the lines or line are fitted to (0: not known)

	// drawn says the worker that ran the last Update also drew the frame
	// View hands the screen next (drawNext): Bubble Tea calls View right
	// after every Update, with nothing in between that touches the model,
	// so one hand-off to a worker does for both.
	drawn bool
}

func newFramed(inner tea.Model, scr *screen, pool *workers) *framed {
	f := &framed{inner: inner, scr: scr, pool: pool}
	f.job.init()
	f.runFn = f.runOp
	return f
}

// framedOp is what a framed hands a worker: its model's Init, Update,
// drawNext or drawWhole.
type framedOp uint8

const (
	opInit framedOp = iota
	opUpdate
	opNext
	opWhole
)

// run runs op on a worker (or here, without workers).
func (f *framed) run(op framedOp) {
	f.op = op
	f.pool.run(&f.job, f.runFn)
}

// runOp is the call the workers run: f.op.
func (f *framed) runOp() {
	switch f.op {
	case opInit:
		f.cmd = f.inner.Init()
	case opUpdate:
		f.inner, f.cmd = f.inner.Update(f.msg)
		f.drawNext()
		f.drawn = true
	case opNext:
		f.drawNext()
	case opWhole:
		f.drawWhole()
	}
}

func (f *framed) Init() tea.Cmd {
	if f.obs != nil {
		f.since = time.Now()
	}
	f.run(opInit)
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
	f.run(opUpdate)
	cmd := f.cmd
	f.msg, f.cmd = nil, nil
	return f, cmd
}

// finalView is the model's view once the program has ended.
func (f *framed) finalView() string { return f.inner.View() }

// drawNext draws, on a worker, what View hands the screen next: the
// countdown's line where the model can give it alone, else the whole frame.
// Each hand-off to a worker and back wakes two goroutines, and on a host
// whose system calls are dear the wake-ups (futex calls) cost more than the
// drawing (docs/capacity.md): it runs in the hand-off of the Update before
// it.
func (f *framed) drawNext() {
	f.ok = false
	if t, ok := f.inner.(lineTicker); ok {
		f.row, f.line, f.ok = t.TickLine()
		if f.ok {
			f.fitW = fittedWidth(f.inner)
			return
		}
		f.line = ""
	}
	f.drawWhole()
}

// drawWhole draws the model's whole frame, as lines where it gives them.
func (f *framed) drawWhole() {
	if lv, ok := f.inner.(lineViewer); ok {
		f.lines = lv.ViewLines()
	} else {
		f.view = f.inner.View()
	}
	f.fitW = fittedWidth(f.inner)
}

func (f *framed) View() string {
	if !f.drawn { // no Update before it: the first View, after Init
		f.run(opNext)
	}
	f.drawn = false
	if f.ok {
		row, line := f.row, f.line
		f.line, f.ok = "", false
		if f.scr.lineFitted(row, line, f.fitW) {
			f.framedDone()
			return ""
		}
		f.run(opWhole) // the screen cannot take the line alone
	}
	if lf, ok := f.inner.(largeFramer); ok {
		f.scr.setLarge(lf.LargeFrames())
	}
	if _, ok := f.inner.(lineViewer); ok {
		lines := f.lines
		f.lines = nil
		f.scr.frameFitted(lines, f.fitW)
	} else {
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
