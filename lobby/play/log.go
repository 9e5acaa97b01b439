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
	"math"
	"slices"
	"strconv"
	"strings"
	"time"

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

// entry is one event of the game log.
type entry struct {
	seq   int
	ev    engine.Event
	at    time.Time
	named string // the public sentence with players' names, once computed
}

// line is the entry as viewer reads it, with players' names for the
// engine's "Seat N". A public sentence is named once and kept, since every
// viewer reads the same one: the caller must own the entry (the table's
// lock).
func (e *entry) line(viewer int, names []string) (LogLine, bool) {
	text := e.ev.TextFor(viewer)
	if text == "" {
		return LogLine{}, false
	}
	if e.ev.To != nil {
		text = NameSeats(text, names)
	} else {
		if e.named == "" {
			e.named = NameSeats(text, names)
		}
		text = e.named
	}
	return LogLine{Seq: e.seq, Kind: e.ev.Kind, Text: text, At: e.at}, true
}

// Log is a table's game log: the last LogKeep events and the number of the
// last one. The zero Log is empty. The caller guards it (the table's lock).
type Log struct {
	// entries holds the last LogKeep events. Once full it is a ring: Add
	// overwrites the oldest, at head, rather than copy the other LogKeep-1
	// into a new array (which cost every event of a long game about 35 KB).
	entries []entry
	head    int // the oldest entry's index once entries is full, else 0
	seq     int
	private int       // entries addressed to some seats only (engine.Event.To)
	views   []logView // the lines each viewer read last (Lines)
}

// everyone is the viewer of the list all viewers share while no private
// line is kept: each would read the same lines, so one list serves every
// seat and the spectators instead of one list each (most of a full log's
// memory, and a copy of each list every logGrow lines).
const everyone = math.MinInt

// at is the i-th oldest entry kept (0 <= i < len(l.entries)).
func (l *Log) at(i int) *entry {
	i += l.head
	if i >= len(l.entries) {
		i -= len(l.entries)
	}
	return &l.entries[i]
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
	ev.Money = nil
	l.seq++
	e := entry{seq: l.seq, ev: ev, at: at}
	if ev.To != nil {
		l.private++
	}
	switch {
	case len(l.entries) == LogKeep:
		if l.entries[l.head].ev.To != nil {
			l.private--
		}
		l.entries[l.head] = e
		if l.head++; l.head == LogKeep {
			l.head = 0
		}
	case len(l.entries) == cap(l.entries): // grow, never past LogKeep
		grown := make([]entry, len(l.entries), min(max(2*cap(l.entries), 16), LogKeep))
		copy(grown, l.entries)
		l.entries = append(grown, e)
	default:
		l.entries = append(l.entries, e)
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
	first := l.at(0).seq
	drop := 0
	for drop < len(v.lines) && v.lines[drop].Seq < first {
		drop++
	}
	v.lines = v.lines[drop:]
	for i := range l.entries {
		e := l.at(i)
		if e.seq <= v.upTo {
			continue
		}
		line, ok := e.line(viewer, names)
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
	e := entry{seq: seq, ev: ev, at: at}
	return e.line(viewer, names)
}

// NameSeats replaces the engine's "Seat N" (1-based) with the seat's display
// name. Numbers outside the table are left alone.
func NameSeats(text string, names []string) string {
	const tag = "Seat "
	if !strings.Contains(text, tag) {
		return text
	}
	var b strings.Builder
	b.Grow(len(text) + 16)
	for {
		i := strings.Index(text, tag)
		if i < 0 {
			b.WriteString(text)
			return b.String()
		}
		j := i + len(tag)
		k := j
		for k < len(text) && text[k] >= '0' && text[k] <= '9' {
			k++
		}
		n, err := strconv.Atoi(text[j:k])
		wordEnd := k == len(text) || !isWordByte(text[k])
		if err != nil || n < 1 || n > len(names) || !wordEnd || (i > 0 && isWordByte(text[i-1])) {
			b.WriteString(text[:j])
			text = text[j:]
			continue
		}
		b.WriteString(text[:i])
		b.WriteString(names[n-1])
		text = text[k:]
	}
}

func isWordByte(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_'
}
