package tui_test

import (
	"context"
	"math/rand/v2"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/stretchr/testify/require"

	"boardroom/tui"
)

// TestSharedLogPanelIsTheSessionsOwn: ada and bob at one table, on
// terminals of one kind, take each other's log panels (logshare.go) and
// log and chat strips (strip.go); every frame either draws must be the
// frame it draws with sharing off, and the strip's rows written at once
// as the log panel drawn whole and joined with the chat, while
// they play, scroll the log up and down and follow it again. Random play
// in each of the five games at 80x24 and 160x50; the seed is logged.
func TestSharedLogPanelIsTheSessionsOwn(t *testing.T) {
	ctx := context.Background()
	keys := []tea.KeyMsg{{Type: tea.KeyPgUp}, {Type: tea.KeyPgDown}, {Type: tea.KeyEnd}, {Type: tea.KeyDown}}
	for _, def := range fiveGames() {
		for _, size := range [][2]int{{80, 24}, {160, 50}} {
			seed := uint64(time.Now().UnixNano())
			t.Run(def.Info().ID, func(t *testing.T) {
				t.Logf("seed %d, %dx%d", seed, size[0], size[1])
				rng := rand.New(rand.NewPCG(seed, 2))
				s := startGame(t, def, size[0], size[1], false, 0)
				ada := s.m.(*tui.Model)
				bm := tui.New(tui.Options{API: s.svc, Results: s.svc, Fingerprint: s.bob.Fingerprint, Width: size[0], Height: size[1],
					NoColor: true, Theme: tui.ThemeOfForTest(ada), Renderers: allRenderers(), Now: func() time.Time { return s.now }})
				bm.Update(bm.Init()())
				bob := bm.(*tui.Model)
				require.NoError(t, tui.OpenTableForTest(bob, s.tb.ID))
				for step := range 80 {
					switch r := rng.IntN(10); {
					case r < 3:
						ada.Update(keys[rng.IntN(len(keys))])
					case r < 5:
						bob.Update(keys[rng.IntN(len(keys))])
					default:
						actRandomly(t, ctx, s, rng)
						tui.ReloadGameForTest(ada)
						tui.ReloadGameForTest(bob)
					}
					for _, m := range []*tui.Model{ada, bob} {
						got := m.View()
						require.Equal(t, tui.WithoutLogShareForTest(m), got, "step %d (seed %d)", step, seed)
						if rows, joined, ok := tui.StripBothWaysForTest(m); ok {
							require.Equal(t, joined, rows, "the strip's rows as the panels joined: step %d (seed %d)", step, seed)
						}
					}
				}
			})
		}
	}
}
