package sshserver

import (
	"bytes"
	"log/slog"
	"strings"
	"testing"
	"unsafe"

	"github.com/stretchr/testify/require"
)

// TestSessionLoggerWritesAsWith: a session's logger writes what
// Logger.With("remote", ip, "guest", guest) wrote, for records, records
// with attributes of their own, and loggers made from it.
func TestSessionLoggerWritesAsWith(t *testing.T) {
	var got, want bytes.Buffer
	opts := &slog.HandlerOptions{ReplaceAttr: func(_ []string, a slog.Attr) slog.Attr {
		if a.Key == slog.TimeKey {
			return slog.Attr{}
		}
		return a
	}}
	base := slog.New(slog.NewTextHandler(&got, opts))
	ref := slog.New(slog.NewTextHandler(&want, opts)).With("remote", "192.0.2.1", "guest", true)
	l := sessionLogger(base, "192.0.2.1", true)
	for _, lg := range []*slog.Logger{l, ref} {
		lg.Error("panic posting to a session", "panic", "boom")
		lg.Info("plain")
		lg.With("table", 7).Warn("with", "n", 1)
		lg.WithGroup("g").Error("grouped", "k", "v")
		lg.Debug("not written")
	}
	require.Equal(t, want.String(), got.String())
	require.Equal(t, 4, strings.Count(got.String(), "remote=192.0.2.1 guest=true"), got.String())
}

// TestSSHCommandMadeOnce: every terminal session's model keeps the
// command that reaches the server; it is one string for a port, made
// again only when the port changes.
func TestSSHCommandMadeOnce(t *testing.T) {
	s := &Server{cfg: Config{PublicHost: "boardroom.example", PublicPort: 2222}}
	a, b := s.SSHCommand(), s.SSHCommand()
	require.Equal(t, "ssh -p 2222 boardroom.example", a)
	require.Same(t, unsafe.StringData(a), unsafe.StringData(b), "one string, not one a session")
	s.cfg.PublicPort = 22
	require.Equal(t, "ssh boardroom.example", s.SSHCommand())
}
