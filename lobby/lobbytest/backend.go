package lobbytest

import (
	"boardroom/engine"
	"boardroom/lobby"
	"boardroom/lobby/results"
)

// Backend is the real live lobby and the results service over one store,
// wired as cmd wires them: it implements lobby.API and lobby.Results, for
// tests that drive sessions (tui, sshserver) on a real lobby over SQLite.
type Backend struct {
	*lobby.Service
	*Finished
}

// Finished is the results service, under a name that lets Backend embed it
// beside lobby.Service (two embedded fields named Service would clash).
type Finished = results.Service

var (
	_ lobby.API     = Backend{}
	_ lobby.Results = Backend{}
)

// NewBackend adds the results service over store (the lobby's own) to a
// live lobby. clock is the lobby's clock (nil: the real one).
func NewBackend(svc *lobby.Service, store results.Store, reg *engine.Registry, clock lobby.Clock) Backend {
	return Backend{Service: svc, Finished: results.New(svc, store, reg, clock, nil)}
}
