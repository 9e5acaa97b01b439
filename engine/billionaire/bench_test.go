package billionaire

import (
	"testing"

	"boardroom/engine/enginetest"
)

// BenchmarkPlayout plays four-player bot-only games of the default 25
// rounds the way the simulator does; games/s is the figure to watch.
func BenchmarkPlayout(b *testing.B) {
	enginetest.BenchPlayout(b, Definition{}, 4, map[string]string{OptRounds: "25"})
}
