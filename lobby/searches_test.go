package lobby_test

import (
	"fmt"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"boardroom/engine"
	"boardroom/engine/opoly/unipoly"
	"boardroom/lobby"
)

// TestStrongBotsWaitForASearchSlot: a node computes at most
// Config.MaxSearches strong bots' moves at once. With its one slot taken
// (by another table's strong bot), a table whose strong bot is due
// waits, and moves once the slot is free; a standard bot never waits.
func TestStrongBotsWaitForASearchSlot(t *testing.T) {
	for _, level := range []string{engine.LevelStrong, engine.LevelStandard} {
		t.Run(level, func(t *testing.T) {
			// seed 3: ada's first roll ends her turn; the bot in seat 1 moves next
			e := newEnvWith(t, lobby.Config{MaxSearches: 1, Seed: func(int64) uint64 { return 3 }}, unipoly.Definition{})
			ada := e.player("ada")
			tb, err := e.svc.CreateTable(e.ctx, ada, lobby.PublicLobbyID, unipoly.ID, 2, nil)
			require.NoError(t, err)
			require.NoError(t, e.svc.AddBot(e.ctx, ada, tb.ID))
			require.NoError(t, e.svc.SetBotLevel(e.ctx, ada, tb.ID, 1, level))
			require.NoError(t, e.svc.SetReady(e.ctx, ada, tb.ID, true))
			require.NoError(t, e.svc.Start(e.ctx, ada, tb.ID))
			roll := e.state(ada, tb.ID).Prompt.Waiting[0]
			require.Equal(t, 0, roll.Seat)

			release, waiting := lobby.HoldSearches(e.svc)
			done := make(chan error, 1)
			go func() { done <- e.act(ada, tb.ID, roll.Default) }() // the bot moves within ada's act (no BotDelay)
			if level == engine.LevelStandard {
				select {
				case err := <-done:
					require.NoError(t, err)
				case <-time.After(10 * time.Second):
					t.Fatal("a standard bot waited for a strong bot's slot")
				}
				release()
				return
			}
			for waiting() == 0 {
				select {
				case err := <-done:
					release()
					t.Fatalf("the strong bot moved while the node's only search slot was taken (ada's act: %v)", err)
				case <-time.After(time.Millisecond):
				}
			}
			require.Equal(t, 1, waiting(), "the table's strong bot waits for the slot")
			require.Equal(t, 1, e.svc.SearchesWaiting(), "as the metrics read it")
			release()
			select {
			case err := <-done:
				require.NoError(t, err)
			case <-time.After(10 * time.Second):
				t.Fatal("the strong bot did not move once the slot was free")
			}
			st := e.state(ada, tb.ID)
			require.Equal(t, 0, st.Prompt.Waiting[0].Seat, "the bot has played its turn")
			require.Contains(t, fmt.Sprint(st.Log.All()), "Bot 2 rolled", "the bot has played its turn")
		})
	}
}
