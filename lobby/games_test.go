package lobby_test

import (
	"testing"

	"github.com/stretchr/testify/require"

	"boardroom/lobby"
)

// TestGamesAreEachGamesInfoMadeOnce: Games lists every registered game's
// Info in the registry's order (made once in New: the lobby screen reads
// it several times a frame), and a caller changing the list it got does
// not change the next caller's.
func TestGamesAreEachGamesInfoMadeOnce(t *testing.T) {
	e := newEnv(t, lobby.Config{})
	var want []string
	for _, d := range e.reg.List() {
		want = append(want, d.Info().ID)
	}
	got := e.svc.Games()
	require.NotEmpty(t, got)
	var ids []string
	for _, g := range got {
		ids = append(ids, g.ID)
	}
	require.Equal(t, want, ids)
	got[0].ID = "changed by a caller"
	require.Equal(t, want[0], e.svc.Games()[0].ID)
}
