package billionaire

import (
	"testing"

	bill "boardroom/engine/billionaire"
)

// BenchmarkRender draws one frame of a mid-game state for a seated player
// at the play areas of 160x50 and 80x24 terminals.
func BenchmarkRender(b *testing.B) {
	f := newFixture(b, 4, 5, 0, false)
	f.PlayBots(150, bill.Definition{}.NewBot)
	f.BenchmarkView(b)
}
