package lobby_test

import (
	"bytes"
	"reflect"
	"testing"

	"github.com/stretchr/testify/require"

	"boardroom/engine"
	"boardroom/engine/opoly/unipoly"
	"boardroom/engine/testgame"
	"boardroom/lobby"
)

// TestBotLevelPerSeat: the host makes one of two Unipoly bots strong; the
// table shows each seat's level, the seat plays the strong bot, a game
// without levels refuses, and the level survives a restart.
func TestBotLevelPerSeat(t *testing.T) {
	e := newEnvWith(t, lobby.Config{}, testgame.Definition{}, unipoly.Definition{})
	ada, bob := e.player("ada"), e.player("bob")
	tb, err := e.svc.CreateTable(e.ctx, ada, lobby.PublicLobbyID, unipoly.ID, 3, nil)
	require.NoError(t, err)
	require.NoError(t, e.svc.AddBot(e.ctx, ada, tb.ID))
	require.NoError(t, e.svc.AddBot(e.ctx, ada, tb.ID))

	got := e.tableOf(ada, tb.ID)
	require.Equal(t, []string{engine.LevelStandard, engine.LevelStrong}, levelNames(got.BotLevels))
	require.Equal(t, engine.LevelStandard, got.Seats[1].Level)
	standardID := got.Seats[1].AccountID

	require.ErrorIs(t, e.svc.SetBotLevel(e.ctx, bob, tb.ID, 2, engine.LevelStrong), lobby.ErrNotHost)
	require.ErrorIs(t, e.svc.SetBotLevel(e.ctx, ada, tb.ID, 0, engine.LevelStrong), lobby.ErrNotFound, "seat 0 is ada's")
	require.ErrorIs(t, e.svc.SetBotLevel(e.ctx, ada, tb.ID, 2, "genius"), lobby.ErrBadLevel)
	require.NoError(t, e.svc.SetBotLevel(e.ctx, ada, tb.ID, 2, engine.LevelStrong))

	got = e.tableOf(bob, tb.ID)
	require.Equal(t, engine.LevelStandard, got.Seats[1].Level)
	require.Equal(t, engine.LevelStrong, got.Seats[2].Level)
	require.NotEqual(t, standardID, got.Seats[2].AccountID, "each level has its own account")
	require.Equal(t, "bot-s-unipoly", e.svc.Handle(got.Seats[2].AccountID))
	game, ok := e.svc.BotGame(got.Seats[2].AccountID)
	require.True(t, ok)
	require.Equal(t, unipoly.ID, game)
	require.Equal(t, engine.LevelStrong, e.svc.BotLevel(got.Seats[2].AccountID))
	require.Empty(t, e.svc.BotLevel(standardID))

	def := unipoly.Definition{}
	strongType := reflect.TypeOf(def.NewBotLevel(engine.LevelStrong, 2, 1))
	require.NotEqual(t, reflect.TypeOf(def.NewBot(1, 1)), strongType)
	require.Equal(t, strongType, reflect.TypeOf(lobby.SeatBot(e.svc, tb.ID, 2)))
	require.Equal(t, reflect.TypeOf(def.NewBot(1, 1)), reflect.TypeOf(lobby.SeatBot(e.svc, tb.ID, 1)))

	e.restart()
	got = e.tableOf(ada, tb.ID)
	require.Equal(t, engine.LevelStandard, got.Seats[1].Level)
	require.Equal(t, engine.LevelStrong, got.Seats[2].Level, "the level survives a restart")
	require.Equal(t, strongType, reflect.TypeOf(lobby.SeatBot(e.svc, tb.ID, 2)))

	// back to standard; a game with one level refuses strong
	require.NoError(t, e.svc.SetBotLevel(e.ctx, ada, tb.ID, 2, engine.LevelStandard))
	require.Equal(t, standardID, e.tableOf(ada, tb.ID).Seats[2].AccountID)
	tg := e.table(ada, 2, nil)
	require.NoError(t, e.svc.AddBot(e.ctx, ada, tg.ID))
	require.Equal(t, []string{engine.LevelStandard}, levelNames(e.tableOf(ada, tg.ID).BotLevels))
	require.ErrorIs(t, e.svc.SetBotLevel(e.ctx, ada, tg.ID, 1, engine.LevelStrong), lobby.ErrBadLevel)
	require.NoError(t, e.svc.SetBotLevel(e.ctx, ada, tg.ID, 1, engine.LevelStandard))
}

func levelNames(ls []engine.BotLevel) []string {
	var out []string
	for _, l := range ls {
		out = append(out, l.Name)
	}
	return out
}

// TestExportKeepsBotLevels: a strong bot in an exported game is a strong
// bot again where the file is imported; a level the importing server does
// not know seats its standard bot.
func TestExportKeepsBotLevels(t *testing.T) {
	cfg := lobby.Config{SealKey: bytes.Repeat([]byte{9}, 32)}
	e := newEnvWith(t, cfg, testgame.Definition{}, unipoly.Definition{})
	ada := e.player("ada")
	tb, err := e.svc.CreateTable(e.ctx, ada, lobby.PublicLobbyID, unipoly.ID, 3, nil)
	require.NoError(t, err)
	require.NoError(t, e.svc.AddBot(e.ctx, ada, tb.ID))
	require.NoError(t, e.svc.AddBot(e.ctx, ada, tb.ID))
	require.NoError(t, e.svc.SetBotLevel(e.ctx, ada, tb.ID, 2, engine.LevelStrong))
	require.NoError(t, e.svc.SetReady(e.ctx, ada, tb.ID, true))
	require.NoError(t, e.svc.Start(e.ctx, ada, tb.ID))
	data := e.export(ada, tb.ID)

	d := newEnvWith(t, cfg, testgame.Definition{}, unipoly.Definition{})
	cp := d.importFile(d.player("ada"), data)
	require.True(t, cp.Seats[1].Bot)
	require.Equal(t, engine.LevelStandard, cp.Seats[1].Level)
	require.True(t, cp.Seats[2].Bot)
	require.Equal(t, engine.LevelStrong, cp.Seats[2].Level, "the strong bot stays strong")
	require.Equal(t, reflect.TypeOf(unipoly.Definition{}.NewBotLevel(engine.LevelStrong, 2, 1)),
		reflect.TypeOf(lobby.SeatBot(d.svc, cp.ID, 2)))
}
