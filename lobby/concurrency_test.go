package lobby_test

import (
	"context"
	"fmt"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"boardroom/db"
	"boardroom/engine"
	"boardroom/engine/testgame"
	"boardroom/lobby"
	"boardroom/lobby/lobbytest"
)

// TestConcurrentUse drives the service from many goroutines with the real
// clock (short bot delay and away timer) so the race detector sees the
// table timers, the fan-out and the API working at once.
func TestConcurrentUse(t *testing.T) {
	ctx := context.Background()
	reg, err := engine.NewRegistry(testgame.Definition{})
	require.NoError(t, err)
	st, err := db.Open(ctx, filepath.Join(t.TempDir(), "b.db"), nil)
	require.NoError(t, err)
	defer st.Close()
	svc, err := lobby.New(ctx, st, reg, lobby.Config{BotDelay: time.Millisecond, AwayAfter: 20 * time.Millisecond, ChatPerMinute: 6000, Seed: lobbytest.Seeds(t)}, nil)
	require.NoError(t, err)
	defer svc.Shutdown(ctx)

	var players []*lobby.Account
	for i := range 4 {
		acc, err := svc.SetHandle(ctx, fmt.Sprint("fp", i), fmt.Sprint("player", i))
		require.NoError(t, err)
		players = append(players, acc)
	}
	var tables []int64
	for _, host := range players[:2] {
		tb, err := svc.CreateTable(ctx, host, lobby.PublicLobbyID, testgame.ID, 3, nil)
		require.NoError(t, err)
		require.NoError(t, svc.AddBot(ctx, host, tb.ID))
		require.NoError(t, svc.AddBot(ctx, host, tb.ID))
		require.NoError(t, svc.Start(ctx, host, tb.ID))
		tables = append(tables, tb.ID)
	}

	stop := make(chan struct{})
	errs := make(chan error, 100)
	var wg sync.WaitGroup
	for i, p := range players {
		wg.Add(1)
		go func() {
			defer wg.Done()
			sub := svc.Subscribe(p)
			defer sub.Close()
			for n := 0; ; n++ {
				select {
				case <-stop:
					return
				default:
				}
				id := tables[n%len(tables)]
				if n%7 == 0 {
					sub.Watch(lobby.Topic{Kind: lobby.TopicTable, ID: id}, lobby.Topic{Kind: lobby.TopicChat, Channel: lobby.TableChannel(id)})
				}
				if n%11 == 0 {
					sub.Watch()
				}
				drain(sub)
				st, err := svc.GameState(ctx, p, id)
				if err != nil {
					errs <- err
					return
				}
				if a := move(st, 2); a != nil && i < 2 {
					_ = svc.Act(ctx, p, id, st.Version, a) // the bot may have moved first
				}
				_ = svc.Say(ctx, p, lobby.TableChannel(id), "hi")
				if _, err := svc.Tables(ctx, nil, lobby.PublicLobbyID); err != nil {
					errs <- err
					return
				}
				time.Sleep(time.Millisecond) // pacing only; nothing waits on it
			}
		}()
	}
	require.Eventually(t, func() bool {
		for _, id := range tables {
			tb, err := svc.Table(ctx, nil, id)
			if err != nil || tb.Status != lobby.TableFinished {
				return false
			}
		}
		return true
	}, 20*time.Second, 5*time.Millisecond)
	close(stop)
	wg.Wait()
	close(errs)
	for err := range errs {
		require.NoError(t, err)
	}
}
