package sshserver

import (
	"sync"

	"github.com/charmbracelet/ssh"
	gossh "golang.org/x/crypto/ssh"
)

// A terminal session's window changes are taken from its requests by the
// session's request filter, which has a goroutine reading them anyway,
// instead of from the ssh library's channel of sizes: a goroutine of each
// session's own would wait on that channel for its whole life. The
// library never hears of a change after the first size (its channel of
// sizes holds that one, and nothing reads it); the program hears of each.

// windowSizes is a session's latest window size and who wants to hear.
// Changes are handed on by one goroutine at a time, started when a change
// comes and gone when every change is delivered, so they arrive in order
// and a burst of them ends with the last.
type windowSizes struct {
	mu      sync.Mutex
	w, h    int
	changed bool           // a change not yet handed on
	busy    bool           // a goroutine is handing changes on
	send    func(w, h int) // blocks until the program took it; nil: nobody listens yet
	log     func(msg string, args ...any)
}

// windowChange answers a window-change request and hands the size on. The
// payload is the width and height in cells, then in pixels (RFC 4254 6.7).
func (f *requestFilter) windowChange(req *gossh.Request) {
	var win struct{ W, H, PW, PH uint32 }
	ok := gossh.Unmarshal(req.Payload, &win) == nil
	_ = req.Reply(ok, nil)
	if ok {
		f.sizes.note(int(win.W), int(win.H))
	}
}

// note keeps a new size and hands it on if someone listens.
func (ws *windowSizes) note(w, h int) {
	ws.mu.Lock()
	ws.w, ws.h, ws.changed = w, h, true
	start := ws.send != nil && !ws.busy
	ws.busy = ws.busy || start
	ws.mu.Unlock()
	if start {
		go ws.deliver()
	}
}

// listen makes send the session's listener: it hears of every change from
// now on, and at once of one that came before (the size the session
// started with is the pty request's). send may block.
func (ws *windowSizes) listen(send func(w, h int), log func(msg string, args ...any)) {
	ws.mu.Lock()
	ws.send, ws.log = send, log
	start := ws.changed && !ws.busy
	ws.busy = ws.busy || start
	ws.mu.Unlock()
	if start {
		go ws.deliver()
	}
}

// deliver hands on the latest size until no change is left.
func (ws *windowSizes) deliver() {
	defer func() {
		if r := recover(); r != nil && ws.log != nil {
			ws.log("panic handing on a window size", "panic", r)
		}
	}()
	for {
		ws.mu.Lock()
		if !ws.changed {
			ws.busy = false
			ws.mu.Unlock()
			return
		}
		w, h, send := ws.w, ws.h, ws.send
		ws.changed = false
		ws.mu.Unlock()
		send(w, h)
	}
}

// windowSizesOf finds the session's window sizes kept by its request
// filter; nil when the session has none (its changes then come through the
// library's channel).
func windowSizesOf(sess ssh.Session) *windowSizes {
	cs := connStateOf(sess.Context())
	ch, ok := rawWriter(sess).(gossh.Channel)
	if cs == nil || !ok {
		return nil
	}
	f, ok := cs.filters.Load(ch)
	if !ok {
		return nil
	}
	return &f.(*requestFilter).sizes
}
