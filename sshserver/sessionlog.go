package sshserver

import (
	"context"
	"log/slog"
)

// sessionLogger is the logger a terminal session's UI keeps for its life:
// the server's, with the session's remote address and whether it is a
// guest added to each record. slog's Logger.With formats the attributes
// at once into a handler of their own (five objects a session, kept while
// it lasts, for the few sessions that ever log); this handler only holds
// them, and adds them to the records that are written.
func sessionLogger(base *slog.Logger, ip string, guest bool) *slog.Logger {
	return slog.New(&sessionHandler{inner: base.Handler(), ip: ip, guest: guest})
}

type sessionHandler struct {
	inner slog.Handler
	ip    string
	guest bool
}

func (h *sessionHandler) attrs() []slog.Attr {
	return []slog.Attr{slog.String("remote", h.ip), slog.Bool("guest", h.guest)}
}

func (h *sessionHandler) Enabled(ctx context.Context, l slog.Level) bool {
	return h.inner.Enabled(ctx, l)
}

// Handle writes r with the session's attributes first, as Logger.With
// would have.
func (h *sessionHandler) Handle(ctx context.Context, r slog.Record) error {
	nr := slog.NewRecord(r.Time, r.Level, r.Message, r.PC)
	nr.AddAttrs(h.attrs()...)
	r.Attrs(func(a slog.Attr) bool {
		nr.AddAttrs(a)
		return true
	})
	return h.inner.Handle(ctx, nr)
}

func (h *sessionHandler) WithAttrs(as []slog.Attr) slog.Handler {
	return h.inner.WithAttrs(h.attrs()).WithAttrs(as)
}

func (h *sessionHandler) WithGroup(name string) slog.Handler {
	return h.inner.WithAttrs(h.attrs()).WithGroup(name)
}
