package billionaire

import (
	"testing"

	"boardroom/engine"
	"boardroom/engine/enginetest"
)

// benchSetup is a four-player game of the default 25 rounds.
var benchSetup = engine.Setup{Seats: 4, Seed: 7, Options: map[string]string{OptRounds: "25"}}

// BenchmarkPlayout plays four-player bot-only games of the default 25
// rounds the way the simulator does; games/s is the figure to watch.
func BenchmarkPlayout(b *testing.B) {
	enginetest.BenchPlayout(b, Definition{}, 4, map[string]string{OptRounds: "25"})
}

// BenchmarkLegal is one Legal call of the acting seat, over every position
// of a four-player bot game.
func BenchmarkLegal(b *testing.B) { enginetest.BenchLegal(b, Definition{}, benchSetup) }

// BenchmarkApply replays a four-player bot game's actions (one op: a game).
func BenchmarkApply(b *testing.B) { enginetest.BenchApply(b, Definition{}, benchSetup) }
