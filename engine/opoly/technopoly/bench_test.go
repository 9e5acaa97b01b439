package technopoly_test

import (
	"testing"

	"boardroom/engine/enginetest"
	"boardroom/engine/opoly/technopoly"
)

// BenchmarkPlayout plays four-player bot-only games with a 100-round
// limit the way the simulator does; games/s is the figure to watch.
func BenchmarkPlayout(b *testing.B) {
	enginetest.BenchPlayout(b, technopoly.Definition{}, 4, map[string]string{"roundLimit": "100"})
}
