package sshserver

import (
	"io"
	"reflect"

	"github.com/charmbracelet/ssh"
	gossh "golang.org/x/crypto/ssh"
)

// rawWriter is the session's channel without the ssh library's newline
// translation: a session with a terminal turns every LF it writes into CR LF
// (and CR CR LF back into CR LF), copying each write twice to do it. The
// screen writes its frames with CR LF already (frame.go), so it writes to
// the channel itself. The channel is the session's embedded
// gossh.Channel; a session of another shape is written as it is.
func rawWriter(sess ssh.Session) io.Writer {
	inner := sess
	for {
		w, ok := inner.(wrappedSession)
		if !ok {
			break
		}
		inner = w.unwrap()
	}
	v := reflect.ValueOf(inner)
	if v.Kind() != reflect.Pointer || v.Elem().Kind() != reflect.Struct {
		return sess
	}
	f := v.Elem().FieldByName("Channel")
	if !f.IsValid() || !f.CanInterface() {
		return sess
	}
	if ch, ok := f.Interface().(gossh.Channel); ok && ch != nil {
		return ch
	}
	return sess
}

// wrappedSession is a session this server wrapped around the library's
// (admittedSession, releasingSession).
type wrappedSession interface{ unwrap() ssh.Session }

func (a admittedSession) unwrap() ssh.Session  { return a.Session }
func (r releasingSession) unwrap() ssh.Session { return r.Session }
