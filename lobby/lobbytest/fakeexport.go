package lobbytest

import (
	"context"

	"boardroom/lobby"
)

// The terminal UI never saves or loads games (that is `ssh host export` and
// `import`), so the fake refuses both; a screen that called them would fail
// its test with this error.

func (f *Lobby) ExportGame(context.Context, *lobby.Account, int64) ([]byte, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.record("export")
	return nil, lobby.ErrForbidden
}

func (f *Lobby) ImportGame(context.Context, *lobby.Account, int64, []byte) (lobby.Table, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.record("import")
	return lobby.Table{}, lobby.ErrForbidden
}
