package tui

import (
	"strings"

	"github.com/charmbracelet/x/ansi"
)

// A frame is built as its lines (without the line breaks) and joined, if
// at all, once. Joined as strings, every level of a frame (the game's
// panes, the play screen, the terminal's bars) copied the whole frame
// again: most of what a playing session allocated per frame, and so most
// of what the collector of a full server had to keep up with. A session's
// screen (sshserver) takes the lines as they are (ViewLines).

// blankLine is the longest line of spaces handed out without allocating.
const blankLine = "                                                                                                                                " +
	"                                                                                                                                "

// Spaces is n spaces (none when n < 1), without allocating up to 256.
func Spaces(n int) string { return padSpaces(n) }

// padSpaces is n spaces (none when n < 1).
func padSpaces(n int) string {
	if n <= 0 {
		return ""
	}
	if n <= len(blankLine) {
		return blankLine[:n]
	}
	return strings.Repeat(" ", n)
}

// CutTo is line cut to w cells when it is wider, and its width in cells
// then: what every line fitted to a width starts with (Block, fitLine, the
// strip's rows, the property games' fitted rows).
func CutTo(line string, w int) (string, int) {
	lw := cellWidth(line)
	if lw > w {
		line = ansi.Truncate(line, w, "")
		lw = cellWidth(line)
	}
	return line, lw
}

// fitLine is line made exactly w cells wide, as Block makes each of its
// lines: cut when longer, padded with spaces when shorter, as it is when
// it fits.
func fitLine(line string, w int) string {
	line, lw := CutTo(line, w)
	if lw >= w {
		return line
	}
	if line == "" {
		return padSpaces(w)
	}
	return line + padSpaces(w-lw)
}

// AppendBlock appends the lines of Block(s, w, h) to dst. A line of s that
// is already w cells wide is appended as it is (a part of s, not a copy).
func AppendBlock(dst []string, s string, w, h int) []string {
	if w <= 0 || h <= 0 {
		return dst
	}
	rest, i := s, 0
	for ; i < h && rest != ""; i++ {
		line := rest
		if j := strings.IndexByte(rest, '\n'); j >= 0 {
			line, rest = rest[:j], rest[j+1:]
		} else {
			rest = ""
		}
		dst = append(dst, fitLine(line, w))
	}
	for ; i < h; i++ { // missing lines
		dst = append(dst, padSpaces(w))
	}
	return dst
}

// appendFitted appends lines (none holding a line break) to dst as
// AppendBlock would append them joined: each made w cells wide, h of them.
// lines itself is not changed.
func appendFitted(dst, lines []string, w, h int) []string {
	if w <= 0 || h <= 0 {
		return dst
	}
	for i := 0; i < h; i++ {
		if i < len(lines) {
			dst = append(dst, fitLine(lines[i], w))
		} else {
			dst = append(dst, padSpaces(w))
		}
	}
	return dst
}

// fittedBlock is lines as h lines of w cells (appendFitted): lines itself
// when it is that already, else a copy (lines may be shared: never
// changed).
func fittedBlock(lines []string, w, h int) []string {
	if len(lines) == h {
		i := 0
		for i < h && cellWidth(lines[i]) == w {
			i++
		}
		if i == h {
			return lines
		}
	}
	return appendFitted(nil, lines, w, h)
}

// AppendLines appends the lines of s (split at its line breaks) to dst:
// parts of s, not copies.
func AppendLines(dst []string, s string) []string {
	for {
		j := strings.IndexByte(s, '\n')
		if j < 0 {
			return append(dst, s)
		}
		dst = append(dst, s[:j])
		s = s[j+1:]
	}
}

// HJoinLines appends to dst the lines of HJoin of the blocks given as
// lines: side by side, tops aligned, each block's lines padded to its
// widest. The joined rows are written into one string and appended as
// parts of it: one allocation for the text, whatever the height.
func HJoinLines(dst []string, blocks ...[]string) []string {
	dst, _ = hjoinLines(dst, nil, blocks...)
	return dst
}

// hjoinLines is HJoinLines, and the width of every row it joined (the
// blocks' widest lines added up); -1 when it does not know it (one block,
// handed on as it is). known, when not nil, says for each block the
// width every one of its lines has as drawn (a panel's, a game area's),
// or -1: those lines are not measured again.
func hjoinLines(dst []string, known []int, blocks ...[]string) ([]string, int) {
	return hjoinShared(nil, dst, known, blocks...)
}

// hjoinShared is hjoinLines whose rows are th's (SharedRows) when th
// keeps rows: the rows another session of th joined a moment ago are its
// strings, the others are copied into one string; the rows are written in
// a buffer of the process's free ones. th nil: one new string.
func hjoinShared(th *Theme, dst []string, known []int, blocks ...[]string) ([]string, int) {
	switch len(blocks) {
	case 0:
		return dst, 0
	case 1: // as HJoin: one block is returned as it is
		return append(dst, blocks[0]...), -1
	}
	// The widths of every block's lines (block after block), the blocks'
	// widest and the rows' ends, in one array: on the stack for the joins
	// of a frame.
	height, n := 0, len(blocks)
	for _, lines := range blocks {
		height = max(height, len(lines))
		n += len(lines)
	}
	var stack [192]int
	ints := stack[:]
	if n+height > len(stack) {
		ints = make([]int, n+height)
	}
	maxW, ws, ends := ints[:len(blocks)], ints[len(blocks):n], ints[n:n+height]
	clear(maxW)
	size, off := 0, 0
	for i, lines := range blocks {
		if i < len(known) && known[i] >= 0 && len(lines) > 0 {
			w := known[i]
			for j, l := range lines {
				ws[off+j] = w
				size += len(l) - w
			}
			maxW[i] = w
		} else {
			for j, l := range lines {
				w := cellWidth(l)
				ws[off+j] = w
				maxW[i] = max(maxW[i], w)
				size += len(l) - w
			}
		}
		off += len(lines)
		size += height * maxW[i] // and the padding: every row of a block is as wide as its widest
	}
	width := 0
	for _, w := range maxW {
		width += w
	}
	if th != nil && th.rows != nil {
		buf := getJoinBuf()
		text := appendJoined((*buf)[:0], ends, ws, maxW, blocks)
		dst = th.SharedRows(dst, text, ends)
		*buf = text[:0]
		putJoinBuf(buf)
		return dst, width
	}
	var b strings.Builder
	b.Grow(size)
	for r := range height {
		off := 0
		for i, lines := range blocks {
			w := 0
			if r < len(lines) {
				b.WriteString(lines[r])
				w = ws[off+r]
			}
			writeSpaces(&b, maxW[i]-w)
			off += len(lines)
		}
		ends[r] = b.Len()
	}
	return AppendCut(dst, b.String(), ends), width
}

// appendJoined appends the rows of blocks joined (hjoinShared) to text,
// each row's end in text written into ends.
func appendJoined(text []byte, ends, ws, maxW []int, blocks [][]string) []byte {
	for r := range ends {
		off := 0
		for i, lines := range blocks {
			w := 0
			if r < len(lines) {
				text = append(text, lines[r]...)
				w = ws[off+r]
			}
			for n := maxW[i] - w; n > 0; {
				k := min(n, len(blankLine))
				text = append(text, blankLine[:k]...)
				n -= k
			}
			off += len(lines)
		}
		ends[r] = len(text)
	}
	return text
}

// joinBufs are the free buffers rows are joined in (hjoinShared).
var joinBufs = FreeList[[]byte]{Max: maxJoinBufs}

// maxJoinBufs bounds the free buffers, maxJoinBuf the size of one kept
// (a 160x50 frame's join is about 20 KiB).
const (
	maxJoinBufs = 64
	maxJoinBuf  = 64 << 10
)

func getJoinBuf() *[]byte { return joinBufs.Get() }

func putJoinBuf(b *[]byte) {
	if cap(*b) <= maxJoinBuf { // a huge terminal's is not kept for the others
		joinBufs.Put(b)
	}
}

// AppendCut appends text cut into lines at ends (the end of each line in
// turn, the first line starting at 0) to dst: parts of text, not copies.
// A drawing written into one builder is handed out as its lines this way:
// one allocation for the text, whatever the height.
func AppendCut(dst []string, text string, ends []int) []string {
	start := 0
	for _, end := range ends {
		dst = append(dst, text[start:end])
		start = end
	}
	return dst
}

// FitLines makes lines the lines of a Block w x h: each cut or padded to
// w cells, h of them (extra ones dropped, missing ones blank). It changes
// lines in place and may append to it; nil when w or h is not positive.
func FitLines(lines []string, w, h int) []string {
	if w <= 0 || h <= 0 {
		return nil
	}
	return appendFitted(lines[:0], lines, w, h) // each line is read before its place is written
}

// JoinBlock is Block of the lines joined by line breaks, made in one
// copy: FitLines, then joined.
func JoinBlock(lines []string, w, h int) string {
	return strings.Join(FitLines(lines, w, h), "\n")
}

// KeptString is b's string, to be kept between frames: a copy of its size
// when b's buffer is over len/over bytes larger than it (a first frame's
// generous guess, a doubling past the last frame's size), so that what is
// kept holds no more than it shows (a first board kept 16 KiB for 7; issue
// 32). The property games' frames pass 2: the allocator's size classes
// alone may make a buffer grown to size a quarter larger. The strip under
// the game passes 4: its size is a guess at the title's styling.
func KeptString(b *strings.Builder, over int) string {
	s := b.String()
	if b.Cap()-len(s) > len(s)/over {
		return strings.Clone(s)
	}
	return s
}
