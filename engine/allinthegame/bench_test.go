package allinthegame

import (
	"testing"

	"boardroom/engine/enginetest"
)

// BenchmarkPlayout plays four-player bot-only games with the default
// modules the way the simulator does; games/s is the figure to watch.
func BenchmarkPlayout(b *testing.B) {
	enginetest.BenchPlayout(b, Definition{}, 4, nil)
}
