package live

import "boardroom/engine"

// LoggedActions is a table's whole log of actions (engine.LoggedAction) kept
// without a pointer an action: their JSON one after the other in one
// buffer, each action's seat and where its JSON ends in another. A slice
// of LoggedActions held a pointer and a small allocation of its own for
// every action of the game, all of which the collector scanned or marked
// at every cycle for every table in play, more as a game went on (issue
// 32). The zero LoggedActions is empty. The caller guards it (the table's
// lock).
type LoggedActions struct {
	data []byte
	at   []loggedAt
}

// loggedAt is one action of a LoggedActions: its seat and the end of its JSON.
type loggedAt struct {
	seat int
	end  int
}

// Len is the number of actions logged.
func (l *LoggedActions) Len() int { return len(l.at) }

// At is the i-th action (0 <= i < Len). Its JSON is the log's: the caller
// reads it and does not write to it.
func (l *LoggedActions) At(i int) engine.LoggedAction {
	start := 0
	if i > 0 {
		start = l.at[i-1].end
	}
	end := l.at[i].end
	return engine.LoggedAction{Seat: l.at[i].seat, Action: l.data[start:end:end]}
}

// Append logs one more action (its JSON copied).
func (l *LoggedActions) Append(a engine.LoggedAction) {
	l.data = append(l.data, a.Action...)
	l.at = append(l.at, loggedAt{seat: a.Seat, end: len(l.data)})
}

// Set makes the log the actions given (their JSON copied).
func (l *LoggedActions) Set(actions []engine.LoggedAction) {
	n := 0
	for _, a := range actions {
		n += len(a.Action)
	}
	*l = LoggedActions{data: make([]byte, 0, n), at: make([]loggedAt, 0, len(actions))}
	for _, a := range actions {
		l.Append(a)
	}
}

// All is the log as a new slice of its actions (empty, not nil, when there
// is none, as an export writes it), whose JSON is the log's (read, never
// written): for a replay, a finished game's ranking, an export.
func (l *LoggedActions) All() []engine.LoggedAction {
	out := make([]engine.LoggedAction, len(l.at))
	for i := range out {
		out[i] = l.At(i)
	}
	return out
}
