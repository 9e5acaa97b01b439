package engine

import "fmt"

// Quiet is a game's switch for Quieter, and the one way every game decides
// whether to write an event's sentence: a game keeps a Quiet (not a bool
// of its own), its SetQuiet sets it, and its sentences are written through
// Say or Sayf, so that a quiet game does not even format their arguments
// (names, amounts) for a reader who does not exist. A game whose sentences
// are written piecewise into a buffer tests it as a bool (if g.quiet).
type Quiet bool

// Set turns the sentences off (on = true) or back on: what a game's
// SetQuiet does.
func (q *Quiet) Set(on bool) { *q = Quiet(on) }

// Say returns the sentence say writes, or "" when quiet (say is not called).
func (q Quiet) Say(say func() string) string {
	if q {
		return ""
	}
	return say()
}

// Sayf returns the sentence fmt.Sprintf writes from format and args, or ""
// when quiet.
func (q Quiet) Sayf(format string, args ...any) string {
	if q {
		return ""
	}
	return fmt.Sprintf(format, args...)
}
