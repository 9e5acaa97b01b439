package opoly_test

import (
	"testing"

	"boardroom/engine/opoly"
	"boardroom/engine/opoly/projectopoly"
	"boardroom/engine/opoly/technopoly"
	"boardroom/engine/opoly/unipoly"

	"github.com/stretchr/testify/require"
)

// TestRenewedBotReadsItsRules: a bot renewed from game to game keeps what
// it worked out from the rules and board alone (bot.Renew) and reads, for
// every next ruleset, what a new bot reads: the same rules again, the
// three games' rules in turn, a copy of Unipoly's with another board
// (builds, mortgages and groups changed) and a copy of Projectopoly's
// with its own scale of money and without its advisor. It fails with
// the kept values read without their rules' or board's check.
func TestRenewedBotReadsItsRules(t *testing.T) {
	keeps := opoly.RenewedKeeps()
	uni, proj := unipoly.Rules(), projectopoly.Definition{}.Rules()
	other := *uni
	board := *uni.Board
	board.Cells = append([]opoly.Cell(nil), uni.Board.Cells...)
	for c := range board.Cells {
		board.Cells[c].BuildPrice /= 2
		board.Cells[c].Mortgage /= 2
		board.Cells[c].Price *= 3
	}
	board.Groups = append([]opoly.Group(nil), uni.Board.Groups...)
	board.Groups[0].Cells = board.Groups[1].Cells // one group's cells another's
	other.Board = &board
	bare := *proj
	bare.BotScale = 7
	bare.Mechanisms = nil
	var seen [][]uint64
	for i, rs := range []*opoly.Ruleset{uni, uni, proj, proj, technopoly.Rules(), uni, &other, &other, proj, &bare, uni} {
		renewed, fresh := keeps(rs)
		require.Equal(t, fresh, renewed, "ruleset %d", i)
		seen = append(seen, fresh)
	}
	require.NotEqual(t, seen[5], seen[6], "another board")
	require.NotEqual(t, seen[8], seen[9], "another scale, no advisor")
}
