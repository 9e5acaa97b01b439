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

// entry is one event of the game log, without a pointer: its texts are
// the Log's (texts, kinds) and its time is two numbers. A full log's 200
// entries held seven pointers each (the event's strings and slices, the
// time's location), some 29 KB the collector scanned at every cycle for
// every table in play (issue 32); their texts are now one string an
// entry, beside them.
type entry struct {
	seq int
	// sec and nsec are the time of the event (Unix), when it is a plain
	// UTC time as the tables write them (oddAt: in Log.odd instead).
	sec   int64
	nsec  int32
	oddAt bool
	// named: the entry's text is the public sentence with players' names,
	// once computed (line): every viewer reads the same one.
	named bool
	// kind is the event's kind in Log.kinds; -1: its first kindN bytes in
	// the entry's string.
	kind  int16
	kindN uint32
	// The entry's string (Log.texts) is the kind (kindN bytes, none when
	// kept in Log.kinds), the text (textN), the redacted text (redN) and
	// the seats the text is addressed to (to of them, 8 bytes each; to is
	// -1 for a public event: engine.Event.To nil).
	textN, redN uint32
	to          int32
}

// maxKinds bounds the kinds a log keeps once (a game's are a closed set of
// a few dozen); the kind of an event past them is kept in its entry's
// string.
const maxKinds = 256

// add writes ev into the entry at index j.
func (l *Log) add(j int, seq int, ev engine.Event, at time.Time) {
	e := entry{seq: seq, kind: -1, textN: uint32(len(ev.Text)), to: -1}
	if u := time.Unix(at.Unix(), int64(at.Nanosecond())).UTC(); u == at {
		e.sec, e.nsec = at.Unix(), int32(at.Nanosecond())
	} else {
		// a time in another location, or with a monotonic reading: kept
		// as it is (the tables' times are UTC)
		if l.odd == nil {
			l.odd = make(map[int]time.Time)
		}
		l.odd[seq] = at
		e.oddAt = true
	}
	if k := l.kindIndex(ev.Kind); k >= 0 {
		e.kind = int16(k)
	} else {
		e.kindN = uint32(len(ev.Kind))
	}
	text := ev.Text
	if ev.To != nil || e.kind < 0 {
		// the kind, text, redacted text and seats in one string (a private
		// event, or a kind past maxKinds); a public event's redacted text
		// is never read (engine.Event.TextFor)
		var red string
		if ev.To != nil {
			red, e.to, e.redN = ev.Redacted, int32(len(ev.To)), uint32(len(ev.Redacted))
		}
		b := l.txt.room(int(e.kindN) + len(ev.Text) + len(red) + 8*len(ev.To))
		start := len(b)
		if e.kind < 0 {
			b = append(b, ev.Kind...)
		}
		b = append(b, ev.Text...)
		b = append(b, red...)
		for _, s := range ev.To {
			b = binary.LittleEndian.AppendUint64(b, uint64(s))
		}
		text = l.txt.keep(b, start)
	}
	if old := &l.entries[j]; old.oddAt && old.seq != seq {
		delete(l.odd, old.seq)
	}
	l.entries[j], l.texts[j] = e, text
}

// kindIndex is kind's index in l.kinds, added if new; -1 once maxKinds
// are kept.
func (l *Log) kindIndex(kind string) int {
	for i, k := range l.kinds {
		if k == kind {
			return i
		}
	}
	if len(l.kinds) == maxKinds {
		return -1
	}
	l.kinds = append(l.kinds, kind)
	return len(l.kinds) - 1
}

// line is the entry at index j as viewer reads it, with players' names
// for the engine's "Seat N". A public sentence is named once and kept,
// since every viewer reads the same one: the caller must own the log (the
// table's lock).
func (l *Log) line(j, viewer int, names []string) (LogLine, bool) {
	e, s := &l.entries[j], l.texts[j]
	kind := s[:e.kindN]
	if e.kind >= 0 {
		kind = l.kinds[e.kind]
	}
	at := time.Unix(e.sec, int64(e.nsec)).UTC()
	if e.oddAt {
		at = l.odd[e.seq]
	}
	text := s[e.kindN : e.kindN+e.textN]
	if e.named {
		return LogLine{Seq: e.seq, Kind: kind, Text: text, At: at}, true
	}
	if e.to >= 0 {
		// engine.Event.TextFor: the text for the seats it is addressed
		// to, the redacted text for everyone else
		seats, addressed := s[e.kindN+e.textN+e.redN:], false
		for i := range int(e.to) {
			if int(leUint64(seats[8*i:])) == viewer {
				addressed = true
				break
			}
		}
		if !addressed {
			text = s[e.kindN+e.textN : e.kindN+e.textN+e.redN]
		}
		if text == "" {
			return LogLine{}, false
		}
		if strings.Contains(text, seatTag) {
			text = l.txt.named(text, names) // this viewer's only
		}
		return LogLine{Seq: e.seq, Kind: kind, Text: text, At: at}, true
	}
	if text == "" {
		return LogLine{}, false
	}
	// every public sentence goes into the log's texts, named or not, so
	// that the log keeps no string of the game's
	named := l.txt.named(text, names)
	if e.kindN > 0 {
		l.texts[j] = s[:e.kindN] + named
	} else {
		l.texts[j] = named
	}
	e.textN, e.redN, e.named = uint32(len(named)), 0, true
	return LogLine{Seq: e.seq, Kind: kind, Text: named, At: at}, true
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
	// entries holds the last LogKeep events, texts their texts (entry).
	// Once full they are a ring: Add overwrites the oldest, at head,
	// rather than copy the other LogKeep-1 into a new array (which cost
	// every event of a long game about 35 KB).
	entries []entry
	texts   []string
	head    int // the oldest entry's index once entries is full, else 0
	seq     int
	private int       // entries addressed to some seats only (engine.Event.To)
	views   []logView // the lines each viewer read last (Lines)
	kinds   []string  // the events' kinds, each once (entry.kind)
	// odd holds the times of the entries, by number, that are not plain
	// UTC times (entry.oddAt); nil while there is none.
	odd map[int]time.Time
	// txt holds the packed strings of private events and the sentences
	// with names (logtexts.go).
	txt logTexts
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
// state gets the list's slice with its capacity at its length, so the
// next appends (here or by whoever holds it) never show in it.
type logView struct {
	viewer int
	names  []string // the names the lines were written with
	upTo   int      // the number of the last event looked at
	lines  []LogLine
}

// logGrow is how many lines a viewer's list takes room for beyond its
// current ones when it must move: it moves once per logGrow lines.
const logGrow = 32

// Add appends an event, keeping the last LogKeep, and returns its number.
// Its money changes are not kept: no line reads them, and the game may
// have carved them from a block it shares with other events (engine
// blocks), which a kept slice would keep whole for as long as the line.
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
	case n == cap(l.entries): // grow, never past LogKeep
		c := min(max(2*cap(l.entries), 16), LogKeep)
		grown, texts := make([]entry, n+1, c), make([]string, n+1, c)
		copy(grown, l.entries)
		copy(texts, l.texts)
		l.entries, l.texts = grown, texts
		l.add(n, l.seq, ev, at)
	default:
		l.entries, l.texts = l.entries[:n+1], l.texts[:n+1]
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
// N". The caller must not write to the result (it shares its array with
// the next call's).
func (l *Log) Lines(viewer int, names []string) []LogLine {
	v := l.view(l.listOf(viewer), names)
	if len(l.entries) == 0 {
		v.lines = v.lines[:0]
		return nil
	}
	// The lines of events that left the log go first.
	first := l.entries[l.at(0)].seq
	drop := 0
	for drop < len(v.lines) && v.lines[drop].Seq < first {
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
			grown := make([]LogLine, len(v.lines), len(v.lines)+logGrow)
			copy(grown, v.lines)
			v.lines = grown
		}
		v.lines = append(v.lines, line)
	}
	v.upTo = l.seq
	if len(v.lines) == 0 {
		return nil
	}
	return v.lines[:len(v.lines):len(v.lines)]
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
