package projectopoly_test

import (
	"testing"

	"boardroom/engine/enginetest"
	"boardroom/engine/opoly/opolytest"
	"boardroom/engine/opoly/projectopoly"
)

// BenchmarkPlayout plays four-player bot-only games with a 100-round
// limit the way the simulator does; games/s is the figure to watch.
func BenchmarkPlayout(b *testing.B) {
	enginetest.BenchPlayout(b, projectopoly.Definition{}, 4, map[string]string{"endMode": "rounds:100"})
}

// BenchmarkSim plays four-player bot-only games as `boardroom sim --players
// 4 --max-rounds 100` does (invariants checked when each game stops, the
// auditor counting); games/s is the figure issue 32 measures.
func BenchmarkSim(b *testing.B) {
	opolytest.BenchSim(b, projectopoly.Definition{}, nil)
}

// BenchmarkApply applies recorded four-player bot games (100 rounds at
// most) to new quiet games: New and Apply alone, per action.
func BenchmarkApply(b *testing.B) {
	opolytest.BenchApply(b, projectopoly.Definition{}, map[string]string{"endMode": "rounds:100"}, false)
}

// BenchmarkLegalApply is BenchmarkApply with the awaited seat's Legal list
// built before each action; the difference is Legal's cost.
func BenchmarkLegalApply(b *testing.B) {
	opolytest.BenchApply(b, projectopoly.Definition{}, map[string]string{"endMode": "rounds:100"}, true)
}

// BenchmarkChoose is BenchmarkApply with the awaited seat's standard bot
// choosing before each action as the simulator has it choose
// (engine.ChooseAction: from the parts of its legal list it reads); the
// difference is the cost of choosing.
func BenchmarkChoose(b *testing.B) {
	opolytest.BenchChoose(b, projectopoly.Definition{}, map[string]string{"endMode": "rounds:100"}, false)
}

// BenchmarkChooseWhole is BenchmarkChoose with the bot handed the whole
// Legal list (Bot.Choose), as before issue 32's lazy legal lists.
func BenchmarkChooseWhole(b *testing.B) {
	opolytest.BenchChoose(b, projectopoly.Definition{}, map[string]string{"endMode": "rounds:100"}, true)
}

// BenchmarkPeek is BenchmarkApply with the awaited seat's lent view
// (engine.PeekView) filled before each action; the difference is the lent
// view's cost per action.
func BenchmarkPeek(b *testing.B) {
	opolytest.BenchPeek(b, projectopoly.Definition{}, map[string]string{"endMode": "rounds:100"})
}
