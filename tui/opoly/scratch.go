package opoly

import "sync"

// scratch are the buffers a renderer draws a frame in: they hold nothing
// between frames, and kept by each renderer at their largest size they
// were 1.3 KiB and more of every playing session's heap (issue 32). A
// frame takes a set from the process's free sets and gives it back when
// drawn (ViewLines); a renderer that writes in one outside a frame makes
// its own, handed over after its next frame. The free sets are a list
// under a lock, not a sync.Pool: a pool's set is the processor's, and a
// frame drawn on another processor than the last one made a new set
// (BenchmarkPlayView's update: 9 bytes an op more).
type scratch struct {
	innerBuf, paneBuf, pane2Buf []string
	endsBuf                     []int
	rowsBuf, barText            []byte
	text, line                  textBuf
	cellBuf                     []byte
	cellEnds, cellAt            []int
	wrapBuf, wrapWord, wrapSpc  []byte
	moneyBuf                    []byte
}

// scratches are the free sets: as many as frames were ever drawn at once,
// up to maxScratches (more are left to the collector).
var scratches struct {
	mu   sync.Mutex
	free []*scratch
}

const maxScratches = 64

func getScratch() *scratch {
	scratches.mu.Lock()
	defer scratches.mu.Unlock()
	n := len(scratches.free)
	if n == 0 {
		return new(scratch)
	}
	s := scratches.free[n-1]
	scratches.free[n-1] = nil
	scratches.free = scratches.free[:n-1]
	return s
}

func putScratch(s *scratch) {
	scratches.mu.Lock()
	defer scratches.mu.Unlock()
	if len(scratches.free) < maxScratches {
		scratches.free = append(scratches.free, s)
	}
}

// takeScratch gives the renderer a set of buffers for a frame.
func (r *Renderer) takeScratch() *scratch {
	s := getScratch()
	r.innerBuf, r.paneBuf, r.pane2Buf, r.endsBuf = s.innerBuf, s.paneBuf, s.pane2Buf, s.endsBuf
	r.rowsBuf, r.barText, r.text, r.line = s.rowsBuf, s.barText, s.text, s.line
	r.cellBuf, r.cellEnds, r.cellAt = s.cellBuf, s.cellEnds, s.cellAt
	r.wraps.buf, r.wraps.word, r.wraps.space, r.moneys.buf = s.wrapBuf, s.wrapWord, s.wrapSpc, s.moneyBuf
	return s
}

// giveScratch hands the renderer's buffers, grown by the frame, back to
// the free sets in s.
func (r *Renderer) giveScratch(s *scratch) {
	*s = scratch{innerBuf: r.innerBuf, paneBuf: r.paneBuf, pane2Buf: r.pane2Buf, endsBuf: r.endsBuf,
		rowsBuf: r.rowsBuf, barText: r.barText, text: r.text, line: r.line,
		cellBuf: r.cellBuf, cellEnds: r.cellEnds, cellAt: r.cellAt,
		wrapBuf: r.wraps.buf, wrapWord: r.wraps.word, wrapSpc: r.wraps.space, moneyBuf: r.moneys.buf}
	r.innerBuf, r.paneBuf, r.pane2Buf, r.endsBuf = nil, nil, nil, nil
	r.rowsBuf, r.barText, r.text, r.line = nil, nil, textBuf{}, textBuf{}
	r.cellBuf, r.cellEnds, r.cellAt = nil, nil, nil
	r.wraps.buf, r.wraps.word, r.wraps.space, r.moneys.buf = nil, nil, nil, nil
	putScratch(s)
}
