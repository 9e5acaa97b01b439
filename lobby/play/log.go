// Package play holds the rules of a game in progress that the lobby's
// tables apply and that need neither a table's lock nor the Service: the
// game's log as each viewer reads it, which screens an action makes stale,
// a seat's presence (away, AFK, handed to a bot: C-7), the turn timers'
// lengths, the state frame per viewer class, the back-off of a table whose
// writes fail, and a finished game's ranking and rating. It imports the
// engine and lobby/rating only; the root package lobby re-exports what
// callers use (LogLine, NameSeats, EventLine, TimerText, RateGame,
// GameEnd, Ladder...).
package play

import (
	"encoding/binary"
	"encoding/json"
	"math"
	"slices"
	"strings"
	"time"
	"unsafe"

	"boardroom/engine"
)

// LogKeep is how many game log lines a table keeps, and a replay shows.
const LogKeep = 200

// LogLine is one event of a game as a viewer may read it.
type LogLine struct {
	Seq  int       `json:"seq"`
	Kind string    `json:"kind"`
	Text string    `json:"text"`
	At   time.Time `json:"at"`
}

// entry is one event of the game log, without a pointer: its texts are in
// the Log's chunks (logtexts.go), its kind in Log.kinds, its time two
// numbers. A full log's 200 entries held seven pointers each (the event's
// strings and slices, the time's location), then one string each: some
// 29 KB, then 3 KB, the collector scanned at every cycle for every table
// in play (issue 32).
type entry struct {
	seq int
	// sec and nsec are the time of the event (Unix); a line reads it in
	// UTC, as the tables write it.
	sec  int64
	nsec int32
	// named: the entry's text is the public sentence with players' names,
	// once computed (line): every viewer reads the same one.
	named bool
	// kind is the event's kind in Log.kinds; -1: its first kindN bytes at
	// ref.
	kind  int16
	kindN uint32
	// ref is where the entry's texts are: the kind (kindN bytes, none when
	// kept in Log.kinds), the text (textN), the redacted text (redN) and
	// the seats the text is addressed to (to of them, 8 bytes each; to is
	// -1 for a public event: engine.Event.To nil).
	ref         textRef
	textN, redN uint32
	to          int32
	// first is the chunk of the entry's first text: none of the texts of
	// this event, or of any later one, is in an earlier chunk.
	first uint32
}

// lineRef is one line of a viewer's list (logView, LogLines): an entry as
// that viewer reads it, without a pointer.
type lineRef struct {
	seq  int
	sec  int64
	nsec int32
	kind int16   // in the kinds; -1: kindText
	text textRef // in the chunks
	// kindText is the kind when it is past the kinds kept (kind -1).
	kindText textRef
}

// maxKinds bounds the kinds a log keeps once (a game's are a closed set of
// a few dozen); the kind of an event past them is kept with its texts.
const maxKinds = 256

// add writes ev into the entry at index j.
func (l *Log) add(j int, seq int, ev engine.Event, at time.Time) {
	e := entry{seq: seq, sec: at.Unix(), nsec: int32(at.Nanosecond()), kind: -1, textN: uint32(len(ev.Text)), to: -1}
	if k := l.kindIndex(ev.Kind); k >= 0 {
		e.kind = int16(k)
	} else {
		e.kindN = uint32(len(ev.Kind))
	}
	// the kind, text, redacted text and seats in one run of bytes; a
	// public event's redacted text is never read (engine.Event.TextFor)
	var red string
	if ev.To != nil {
		red, e.to, e.redN = ev.Redacted, int32(len(ev.To)), uint32(len(ev.Redacted))
	}
	b := l.txt.room(int(e.kindN) + len(ev.Text) + len(red) + 8*len(ev.To))
	if e.kind < 0 {
		b = append(b, ev.Kind...)
	}
	b = append(b, ev.Text...)
	b = append(b, red...)
	for _, s := range ev.To {
		b = binary.LittleEndian.AppendUint64(b, uint64(s))
	}
	e.ref = l.txt.keep(b)
	e.first = e.ref.chunk
	l.entries[j] = e
}

// kindIndex is kind's index in l.kinds, added if new; -1 once maxKinds
// are kept.
func (l *Log) kindIndex(kind string) int { return addKind(&l.kinds, kind) }

// addKind is kind's index in kinds, appended if new (kinds is only
// appended to: views read it); -1 once maxKinds are kept.
func addKind(kinds *[]string, kind string) int {
	if i := slices.Index(*kinds, kind); i >= 0 {
		return i
	}
	if len(*kinds) == maxKinds {
		return -1
	}
	*kinds = append(*kinds, kind)
	return len(*kinds) - 1
}

// line is the entry at index j as viewer reads it, with players' names
// for the engine's "Seat N". A public sentence is named once and kept,
// since every viewer reads the same one: the caller must own the log (the
// table's lock).
func (l *Log) line(j, viewer int, names []string) (lineRef, bool) {
	e := &l.entries[j]
	r := lineRef{seq: e.seq, sec: e.sec, nsec: e.nsec, kind: e.kind}
	if e.kind < 0 {
		r.kindText = e.ref.sub(0, e.kindN)
	}
	text := e.ref.sub(e.kindN, e.textN)
	if e.named {
		r.text = text
		return r, true
	}
	if e.to >= 0 {
		// engine.Event.TextFor: the text for the seats it is addressed
		// to, the redacted text for everyone else
		seats, addressed := l.txt.str(e.ref.sub(e.kindN+e.textN+e.redN, 8*uint32(e.to))), false
		for i := range int(e.to) {
			if int(leUint64(seats[8*i:])) == viewer {
				addressed = true
				break
			}
		}
		if !addressed {
			text = e.ref.sub(e.kindN+e.textN, e.redN)
		}
		if text.n == 0 {
			return lineRef{}, false
		}
		if s := l.txt.str(text); strings.Contains(s, seatTag) {
			text = l.txt.named(s, names) // this viewer's only
		}
		r.text = text
		return r, true
	}
	if text.n == 0 {
		return lineRef{}, false
	}
	if s := l.txt.str(text); strings.Contains(s, seatTag) {
		// the sentence with names, with the kind before it when the kind
		// is kept with the texts
		kind := l.txt.str(e.ref.sub(0, e.kindN))
		b := append(l.txt.room(len(kind)+namedLen(s, names)), kind...)
		e.ref = l.txt.keep(appendNamed(b, s, names))
		e.textN, e.redN = e.ref.n-e.kindN, 0
		text = e.ref.sub(e.kindN, e.textN)
		if e.kind < 0 {
			r.kindText = e.ref.sub(0, e.kindN)
		}
	}
	e.named = true
	r.text = text
	return r, true
}

// leUint64 is binary.LittleEndian.Uint64 of a string's first 8 bytes.
func leUint64(s string) uint64 {
	var x uint64
	for i := 7; i >= 0; i-- {
		x = x<<8 | uint64(s[i])
	}
	return x
}

// Log is a table's game log: the last LogKeep events and the number of the
// last one. The zero Log is empty. The caller guards it (the table's lock).
type Log struct {
	// entries holds the last LogKeep events. Once full they are a ring:
	// Add overwrites the oldest, at head, rather than copy the other
	// LogKeep-1 into a new array (which cost every event of a long game
	// about 35 KB).
	entries []entry
	head    int // the oldest entry's index once entries is full, else 0
	seq     int
	private int       // entries addressed to some seats only (engine.Event.To)
	views   []logView // the lines each viewer read last (Lines)
	kinds   []string  // the events' kinds, each once (entry.kind); only appended to
	// txt holds every text of the log: the events' and the sentences
	// with names (logtexts.go).
	txt logTexts
	// src is what the views Lines hands out read their texts and kinds
	// from, made again when the chunks or the kinds changed (Lines).
	src *logSrc
}

// everyone is the viewer of the list all viewers share while no private
// line is kept: each would read the same lines, so one list serves every
// seat and the spectators instead of one list each (most of a full log's
// memory, and a copy of each list every logGrow lines).
const everyone = math.MinInt

// at is the index of the i-th oldest entry kept (0 <= i < len(l.entries)).
func (l *Log) at(i int) int {
	i += l.head
	if i >= len(l.entries) {
		i -= len(l.entries)
	}
	return i
}

// logView is one viewer's lines as Lines last returned them. Every change
// at a table builds the state of each watched viewer class, and each state
// carried a fresh copy of up to LogKeep lines: most of what a change
// allocated for the lobby. Now the lines of the events since are appended
// to the viewer's list, whose earlier lines are never written again; a
// state gets a view of the list with its capacity at its length, so the
// next appends (here or by whoever holds it) never show in it.
type logView struct {
	viewer int
	names  []string // the names the lines were written with
	upTo   int      // the number of the last event looked at
	lines  []lineRef
}

// logGrow is how many lines a viewer's list takes room for beyond its
// current ones when it must move: it moves once per logGrow lines.
const logGrow = 32

// Add appends an event, keeping the last LogKeep, and returns its number.
// Its money changes are not kept: no line reads them. Its texts are
// copied.
func (l *Log) Add(ev engine.Event, at time.Time) int {
	l.seq++
	if ev.To != nil {
		l.private++
	}
	switch n := len(l.entries); {
	case n == LogKeep:
		if l.entries[l.head].to >= 0 {
			l.private--
		}
		l.add(l.head, l.seq, ev, at)
		if l.head++; l.head == LogKeep {
			l.head = 0
		}
		// the chunks before the oldest event's hold nothing the log reads
		l.txt.dropBefore(l.entries[l.head].first)
	case n == cap(l.entries): // grow, never past LogKeep
		grown := make([]entry, n+1, min(max(2*cap(l.entries), 16), LogKeep))
		copy(grown, l.entries)
		l.entries = grown
		l.add(n, l.seq, ev, at)
	default:
		l.entries = l.entries[:n+1]
		l.add(n, l.seq, ev, at)
	}
	return l.seq
}

// Seq is the number of the last event logged (0: none).
func (l *Log) Seq() int { return l.seq }

// SkipTo makes the next event added number seq: a replica takes the
// owner's numbering when the owner's events arrive after a gap.
func (l *Log) SkipTo(seq int) {
	if seq-1 > l.seq {
		l.seq = seq - 1
	}
}

// Lines is the log as viewer reads it, with names for the engine's "Seat
// N": a view that later events never change, which another goroutine may
// read without the log's lock.
func (l *Log) Lines(viewer int, names []string) LogLines {
	v := l.view(l.listOf(viewer), names)
	if len(l.entries) == 0 {
		v.lines = v.lines[:0]
		return LogLines{}
	}
	// The lines of events that left the log go first.
	first := l.entries[l.at(0)].seq
	drop := 0
	for drop < len(v.lines) && v.lines[drop].seq < first {
		drop++
	}
	v.lines = v.lines[drop:]
	for i := range l.entries {
		j := l.at(i)
		if l.entries[j].seq <= v.upTo {
			continue
		}
		line, ok := l.line(j, viewer, names)
		if !ok {
			continue
		}
		if len(v.lines) == cap(v.lines) { // move, with room for the next ones
			grown := make([]lineRef, len(v.lines), len(v.lines)+logGrow)
			copy(grown, v.lines)
			v.lines = grown
		}
		v.lines = append(v.lines, line)
	}
	v.upTo = l.seq
	if len(v.lines) == 0 {
		return LogLines{}
	}
	if c := l.src; c == nil || c.texts.base != l.txt.base || len(c.texts.chunks) != len(l.txt.chunks) || len(c.kinds) != len(l.kinds) {
		l.src = &logSrc{texts: l.txt.snapshot(), kinds: l.kinds[:len(l.kinds):len(l.kinds)]}
	}
	return LogLines{src: l.src, first: &v.lines[0], n: len(v.lines)}
}

// listOf is whose list viewer reads: everyone's while the log keeps no
// private line, else viewer's own. The lists of the other kind are dropped.
func (l *Log) listOf(viewer int) int {
	shared := l.private == 0
	for i := range l.views {
		if (l.views[i].viewer == everyone) != shared {
			l.views = slices.DeleteFunc(l.views, func(v logView) bool { return (v.viewer == everyone) != shared })
			break
		}
	}
	if shared {
		return everyone
	}
	return viewer
}

// view returns viewer's list, started again when the names changed.
func (l *Log) view(viewer int, names []string) *logView {
	for i := range l.views {
		if v := &l.views[i]; v.viewer == viewer {
			if !slices.Equal(v.names, names) {
				*v = logView{viewer: viewer, names: slices.Clone(names)}
			}
			return v
		}
	}
	l.views = append(l.views, logView{viewer: viewer, names: slices.Clone(names)})
	return &l.views[len(l.views)-1]
}

// LogLines is a game's log as one viewer reads it, oldest first (Log.Lines,
// LinesOf). Its lines hold no pointer: a table's lists of them, and every
// state of it a session keeps, are not scanned by the collector line by
// line (issue 32). A LogLines is never written to once made; the zero
// LogLines is empty. It is three words, so that a GameState stays in its
// size class (480 bytes): its lines are n from first, and what they read
// their texts and kinds from is src, shared by the views of a log made
// while its chunks and kinds were the same.
type LogLines struct {
	src   *logSrc
	first *lineRef
	n     int
}

// logSrc is what a view's lines read: the log's chunks and kinds as they
// were (never written again).
type logSrc struct {
	texts logTexts
	kinds []string
}

// lines is the view's lines.
func (v LogLines) lines() []lineRef {
	if v.n == 0 {
		return nil
	}
	return unsafe.Slice(v.first, v.n)
}

// Len is the number of lines.
func (v LogLines) Len() int { return v.n }

// At is the i-th line, oldest first (0 <= i < Len). Its strings are the
// view's: reading them allocates nothing.
func (v LogLines) At(i int) LogLine {
	r := &v.lines()[i]
	line := LogLine{Seq: r.seq, Text: v.src.texts.str(r.text), At: time.Unix(r.sec, int64(r.nsec)).UTC()}
	if r.kind >= 0 {
		line.Kind = v.src.kinds[r.kind]
	} else {
		line.Kind = v.src.texts.str(r.kindText)
	}
	return line
}

// All is the lines as a new slice (nil when there is none).
func (v LogLines) All() []LogLine {
	if v.n == 0 {
		return nil
	}
	out := make([]LogLine, v.n)
	for i := range out {
		out[i] = v.At(i)
	}
	return out
}

// LinesOf is a view of lines (their texts copied): a replay's, a test's.
// A line's time reads in UTC.
func LinesOf(lines []LogLine) LogLines {
	if len(lines) == 0 {
		return LogLines{}
	}
	src := &logSrc{}
	refs := make([]lineRef, len(lines))
	for i, line := range lines {
		r := lineRef{seq: line.Seq, sec: line.At.Unix(), nsec: int32(line.At.Nanosecond()), kind: int16(addKind(&src.kinds, line.Kind))}
		if r.kind < 0 {
			r.kindText = src.texts.put(line.Kind)
		}
		r.text = src.texts.put(line.Text)
		refs[i] = r
	}
	src.texts = src.texts.snapshot()
	return LogLines{src: src, first: &refs[0], n: len(refs)}
}

// MarshalJSON writes the lines as a list of LogLine (null when empty), as
// GameState's log has always read.
func (v LogLines) MarshalJSON() ([]byte, error) { return json.Marshal(v.All()) }

// UnmarshalJSON reads what MarshalJSON writes.
func (v *LogLines) UnmarshalJSON(b []byte) error {
	var lines []LogLine
	if err := json.Unmarshal(b, &lines); err != nil {
		return err
	}
	*v = LinesOf(lines)
	return nil
}

// EventLine is an event of a game's log as viewer reads it (a replay reads
// it as engine.Spectator), with players' names for the engine's "Seat N";
// ok is false when the viewer reads nothing of it.
func EventLine(seq int, ev engine.Event, at time.Time, viewer int, names []string) (LogLine, bool) {
	text := ev.TextFor(viewer)
	if text == "" {
		return LogLine{}, false
	}
	return LogLine{Seq: seq, Kind: ev.Kind, Text: NameSeats(text, names), At: at}, true
}

// NameSeats replaces the engine's "Seat N" (1-based) with the seat's display
// name. Numbers outside the table are left alone.
func NameSeats(text string, names []string) string {
	if !strings.Contains(text, seatTag) {
		return text
	}
	b := appendNamed(make([]byte, 0, namedLen(text, names)), text, names)
	return unsafe.String(unsafe.SliceData(b), len(b)) // b is not written again
}

func isWordByte(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_'
}
