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
	entries []entry
	seq     int
}

// Add appends an event, keeping the last LogKeep, and returns its number.
func (l *Log) Add(ev engine.Event, at time.Time) int {
	l.seq++
	l.entries = append(l.entries, entry{seq: l.seq, ev: ev, at: at})
	if len(l.entries) > LogKeep {
		l.entries = append(l.entries[:0:0], l.entries[len(l.entries)-LogKeep:]...)
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

// Lines is the log as viewer reads it, with names for the engine's "Seat N".
func (l *Log) Lines(viewer int, names []string) []LogLine {
	out := make([]LogLine, 0, len(l.entries))
	for i := range l.entries {
		if line, ok := l.entries[i].line(viewer, names); ok {
			out = append(out, line)
		}
	}
	return out
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
