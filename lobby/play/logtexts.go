package play

import (
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
// table.
//
// A text's bytes are never written again once a string reads them: a
// chunk is only appended to, and a text that does not fit starts a new
// chunk (the strings into the old one keep it alive for as long as they
// live). So the arena must not be copied and appended to twice: it lives
// in its Log, which its table's lock guards, as the Log's lists do.

// textChunk is the size of a chunk of log texts: some 60 lines.
const textChunk = 4096

// logTexts is where a Log writes its texts (the zero value is empty).
type logTexts struct {
	buf []byte // the current chunk; the bytes below len are read by strings
}

// room returns the current chunk with room for n more bytes past its
// length: this one's, or a new one's.
func (a *logTexts) room(n int) []byte {
	if cap(a.buf)-len(a.buf) < n {
		a.buf = make([]byte, 0, max(textChunk, n))
	}
	return a.buf
}

// keep takes b, the chunk room returned with bytes appended past start
// (within the room asked for, so in the same array), as the arena's
// chunk, and returns those bytes as a string.
func (a *logTexts) keep(b []byte, start int) string {
	a.buf = b
	if len(b) == start {
		return ""
	}
	return unsafe.String(&b[start], len(b)-start)
}

// named returns text with the players' names for the engine's "Seat N"
// (NameSeats), written into the arena.
func (a *logTexts) named(text string, names []string) string {
	b := a.room(namedLen(text, names))
	start := len(b)
	return a.keep(appendNamed(b, text, names), start)
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
