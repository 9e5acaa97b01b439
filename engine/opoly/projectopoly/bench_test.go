package projectopoly_test

import (
	"testing"

	"boardroom/engine/enginetest"
	"boardroom/engine/opoly/projectopoly"
)

// BenchmarkPlayout plays four-player bot-only games with a 100-round
// limit the way the simulator does; games/s is the figure to watch.
func BenchmarkPlayout(b *testing.B) {
	enginetest.BenchPlayout(b, projectopoly.Definition{}, 4, map[string]string{"endMode": "rounds:100"})
}
