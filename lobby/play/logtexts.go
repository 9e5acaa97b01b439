package play

import (
	"slices"
	"strings"
	"unsafe"
)

// The texts of a table's log, carved from chunks. A line's text was a
// string of its own: the sentence with the players' names (NameSeats)
// made for each line as a viewer first read it, and the packed string of
// each private event (Log.add). A full log kept some 220 such strings a
// table, more than half of all a playing table keeps and every one traced
// by the collector at each cycle (issue 32, docs/capacity.md). Now they
// are written one after another into chunks of textChunk bytes, a few a
// table, and the log's entries and its viewers' lines say where a text is
// by numbers (textRef): a chunk, an offset, a length. Neither holds a
// pointer, so the collector scans neither (the thirtieth session: the
// viewers' lists of lines were the most a table kept with pointers).
//
// A text's bytes are never written again once written: a chunk is only
// written past what it holds, and a text that does not fit starts a new
// chunk. The list of chunks is appended to in place, and made anew when
// the chunks no text of the log is in any more are let go (dropBefore),
// so that a view of the log's lines (LogLines) handed to another
// goroutine reads its chunks without a lock: what it reads is never
// written again, and what the log writes afterwards it never reads.

// textChunk is the size of a chunk of log texts: some 60 lines.
const textChunk = 4096

// textRef is where a text of a log is: the number of its chunk (counted
// from the log's first), its offset in it and its length.
type textRef struct {
	chunk, off, n uint32
}

// sub is the part of r from byte i, n bytes long.
func (r textRef) sub(i, n uint32) textRef { return textRef{chunk: r.chunk, off: r.off + i, n: n} }

// logTexts is where a Log writes its texts (the zero value is empty), and,
// copied by snapshot, what a view of its lines reads them from.
type logTexts struct {
	// chunks are the chunks still read, oldest first, each its whole
	// length; the last is written to, up to used. A chunk's slot in the
	// list is written once, when it is made.
	chunks [][]byte
	base   uint32 // the number of chunks[0]: those before it were let go
	used   int
}

// room returns where the next n bytes of text go, with room for them
// (length 0): the last chunk's free bytes, or a new chunk's.
func (a *logTexts) room(n int) []byte {
	if len(a.chunks) == 0 || len(a.chunks[len(a.chunks)-1])-a.used < n {
		a.chunks = append(a.chunks, make([]byte, max(textChunk, n)))
		a.used = 0
	}
	c := a.chunks[len(a.chunks)-1]
	return c[a.used:a.used:len(c)]
}

// keep takes b, room's slice with bytes appended within the room asked
// for (so in the same chunk), as written, and returns where it is.
func (a *logTexts) keep(b []byte) textRef {
	c := a.chunks[len(a.chunks)-1]
	if len(b) > 0 && &b[0] != &c[a.used] {
		panic("play: a log text written past the room asked for")
	}
	r := textRef{chunk: a.base + uint32(len(a.chunks)-1), off: uint32(a.used), n: uint32(len(b))}
	a.used += len(b)
	return r
}

// put writes s and returns where it is.
func (a *logTexts) put(s string) textRef { return a.keep(append(a.room(len(s)), s...)) }

// str is the text at r. Its bytes are never written again.
func (a *logTexts) str(r textRef) string {
	if r.n == 0 {
		return ""
	}
	return unsafe.String(&a.chunks[r.chunk-a.base][r.off], int(r.n))
}

// named writes text with the players' names for the engine's "Seat N"
// (NameSeats) and returns where it is.
func (a *logTexts) named(text string, names []string) textRef {
	return a.keep(appendNamed(a.room(namedLen(text, names)), text, names))
}

// dropBefore lets go of the chunks before number c, which hold no text the
// log reads any more (never the one written to). The list is made anew:
// views of the log read the one they were given.
func (a *logTexts) dropBefore(c uint32) {
	if c <= a.base || len(a.chunks) == 0 {
		return
	}
	k := min(int(c-a.base), len(a.chunks)-1)
	if k == 0 {
		return
	}
	a.chunks = slices.Clone(a.chunks[k:])
	a.base += uint32(k)
}

// snapshot is what a view of the log reads its texts from: the chunks
// written so far.
func (a *logTexts) snapshot() logTexts {
	return logTexts{chunks: a.chunks[:len(a.chunks):len(a.chunks)], base: a.base}
}

// namedLen bounds the length of text named: every "Seat N" replaced by the
// longest name.
func namedLen(text string, names []string) int {
	longest := 0
	for _, n := range names {
		longest = max(longest, len(n))
	}
	return len(text) + strings.Count(text, seatTag)*longest
}

// maxNamedSeat is above the number of any table's seats: appendNamed
// stops counting a seat's number past it.
const maxNamedSeat = 1000

// seatTag is how the engine's texts name a seat: "Seat N", N from 1.
const seatTag = "Seat "

// appendNamed appends text to dst with the seat's display name for each
// "Seat N" (1-based) of the table. Numbers outside the table, and "Seat"
// inside a word, are left alone.
func appendNamed(dst []byte, text string, names []string) []byte {
	for {
		i := strings.Index(text, seatTag)
		if i < 0 {
			return append(dst, text...)
		}
		j := i + len(seatTag)
		k := j
		n := 0 // the seat's number; any past the table's is as good as another
		for k < len(text) && text[k] >= '0' && text[k] <= '9' {
			if n <= maxNamedSeat {
				n = 10*n + int(text[k]-'0')
			}
			k++
		}
		wordEnd := k == len(text) || !isWordByte(text[k])
		if k == j || n < 1 || n > len(names) || !wordEnd || (i > 0 && isWordByte(text[i-1])) {
			dst = append(dst, text[:j]...)
			text = text[j:]
			continue
		}
		dst = append(dst, text[:i]...)
		dst = append(dst, names[n-1]...)
		text = text[k:]
	}
}
