package sshserver

import (
	"sync"
	"time"

	tea "github.com/charmbracelet/bubbletea"
)

// afterPoster is a session's Session.PostAfter: it delivers a message
// after a delay with one timer, made once and armed again for each
// message (the turn timer's countdown asks for one a second in every
// session at a table: a timer and a closure each time were 1.6% of what
// the server allocated at 6,000 players). A message asked for while
// another still waits gets a timer of its own, so none is lost.
type afterPoster struct {
	send func(tea.Msg) // hands a message to the program (blocks until taken)

	mu      sync.Mutex
	t       *time.Timer // runs fire; nil until the first message
	pending bool        // t is armed for msg
	msg     tea.Msg
}

func (a *afterPoster) post(d time.Duration, msg tea.Msg) {
	a.mu.Lock()
	defer a.mu.Unlock()
	if a.pending {
		time.AfterFunc(d, func() { a.send(msg) })
		return
	}
	a.pending, a.msg = true, msg
	if a.t == nil {
		a.t = time.AfterFunc(d, a.fire)
		return
	}
	a.t.Reset(d)
}

// fire runs on the timer's goroutine: the timer may be armed again at
// once, while this message waits for the program.
func (a *afterPoster) fire() {
	a.mu.Lock()
	msg := a.msg
	a.pending, a.msg = false, nil
	a.mu.Unlock()
	a.send(msg)
}
