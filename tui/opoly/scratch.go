package opoly

import "boardroom/tui"

// scratch are the buffers a renderer draws a frame in: they hold nothing
// between frames, and kept by each renderer at their largest size they
// were 1.3 KiB and more of every playing session's heap (issue 32). A
// renderer takes a set from the process's free sets (tui.FreeList) when it
// first writes in one (sc) and gives it back when its frame is drawn
// (ViewLines).
type scratch struct {
	// innerBuf, paneBuf and endsBuf are the slices compactView makes a
	// frame in (what it hands out is a new slice).
	innerBuf, paneBuf []string
	pane2Buf          []string // the large board's right pane (largeview.go)
	endsBuf           []int
	rowsBuf           []byte  // the players pane's rows are written in (playerRows)
	text              textBuf // the card's lines are written in (cardLines; frame.go)
	line              textBuf // a line of its own is written in (whereLine, hereLine)
	// cellBuf, cellEnds and cellAt hold a row of the large board's cells
	// as largeCell writes them (largeview.go).
	cellBuf  []byte
	cellEnds []int
	cellAt   []int
	barText  []byte  // the bar's and key hints' text is written in (bar.go)
	rows     rowText // the compact board's rows are written in (compactView)
}

// sc is the renderer's set of buffers, taken from the free sets if it
// has none.
func (r *Renderer) sc() *scratch {
	if r.s == nil {
		r.s = getScratch()
	}
	return r.s
}

// dropScratch gives the renderer's buffers back to the free sets.
func (r *Renderer) dropScratch() {
	if r.s != nil {
		putScratch(r.s)
		r.s = nil
	}
}

// scratches are the free sets: as many as frames were ever drawn at once,
// up to maxScratches (more are left to the collector).
var scratches = tui.FreeList[scratch]{Max: maxScratches}

const maxScratches = 64

func getScratch() *scratch { return scratches.Get() }

func putScratch(s *scratch) { scratches.Put(s) }

// sharedRows appends the board's rows (text cut at ends) to dst as
// tui.SharedRowsAfter does after the renderer's last board, and keeps
// them as its last.
func (r *Renderer) sharedRows(dst []string, text []byte, ends []int) []string {
	if r.last == nil {
		r.last = new([]string)
	}
	dst = r.th.SharedRowsAfter(dst, *r.last, text, ends)
	*r.last = dst
	return dst
}
