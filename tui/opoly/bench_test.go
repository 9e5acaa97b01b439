package opoly

import (
	"testing"

	"boardroom/engine/opoly/unipoly"
)

// BenchmarkRender draws one frame of a mid-game board for a seated player
// at the play areas of 160x50 and 80x24 terminals.
func BenchmarkRender(b *testing.B) {
	f := newFixture(b, 4, 5, 0, false)
	f.PlayBots(300, unipoly.Definition{}.NewBot)
	f.BenchmarkView(b)
}
