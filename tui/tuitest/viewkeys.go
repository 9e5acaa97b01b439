package tuitest

import (
	"fmt"
	"math/rand/v2"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/stretchr/testify/require"

	"boardroom/tui"
)

// WalkKeys are the keys CheckViewKeys presses at random: moves, the
// renderer's letters and digits, confirmations and escapes.
var WalkKeys = []string{"up", "down", "left", "right", "tab", "enter", "esc", "space", "backspace",
	"y", "n", "f", "e", "d", "p", "m", "b", "t", "i", "l", "z", "x", "c", "v", ".", "j", "k", "0", "1", "2", "5", "9", "+", "-", "[", "]"}

// CheckViewKeys is the randomised test of a renderer's tui.SharedView: it
// makes walks renderers with newR, gives each the fixture's state for its
// viewer, and presses steps keys of WalkKeys drawn from seed; whenever a
// renderer's ViewKey is ok, its board at the small and the large size must
// be the one every renderer with the same key drew (the board cache hands
// it to them). A field View reads that the key leaves out makes two walks
// draw different boards under one key. It returns how many distinct keys
// it saw, so a test can require the walks reached more than one.
func (f *Fixture) CheckViewKeys(seed uint64, walks, steps int, newR func() tui.GameRenderer) int {
	f.T.Helper()
	r := rand.New(rand.NewPCG(seed, 0x5eed))
	gs := f.State(f.Viewer)
	seen := map[string]string{} // key and size -> board
	keys := map[string]bool{}
	for w := 0; w < walks; w++ {
		rd := newR()
		rd.SetState(gs)
		sv, ok := rd.(tui.SharedView)
		require.True(f.T, ok, "the renderer shares its board")
		var pressed []string
		for s := 0; s < steps; s++ {
			k := WalkKeys[r.IntN(len(WalkKeys))]
			pressed = append(pressed, k)
			if kt, ok := keyTypes[k]; ok {
				rd.Update(tea.KeyMsg{Type: kt})
			} else {
				rd.Update(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune(k)})
			}
			key, ok := sv.ViewKey()
			if !ok {
				continue
			}
			keys[key] = true
			for _, size := range [][2]int{{SmallW, SmallH}, {LargeW, LargeH}} {
				board := rd.View(size[0], size[1])
				at := fmt.Sprintf("%s@%dx%d", key, size[0], size[1])
				if prev, ok := seen[at]; ok {
					require.Equal(f.T, prev, board, "seed %d walk %d keys %v: key %s drew another board", seed, w, pressed, at)
				} else {
					seen[at] = board
				}
			}
		}
	}
	return len(keys)
}
