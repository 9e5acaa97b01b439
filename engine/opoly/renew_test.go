package opoly_test

import (
	"testing"

	"boardroom/engine"
	"boardroom/engine/opoly/projectopoly"
	"boardroom/engine/opoly/technopoly"
	"boardroom/engine/opoly/unipoly"
	"boardroom/engine/sim"

	"github.com/stretchr/testify/require"
)

// TestWorkerPlaysAsNewGames: a simulator's worker, which renews its game
// and bots for each next game (Game.Renew, bot.Renew), plays every game of
// the three property games exactly as a new game with new bots does: the
// same result (actions, turns, rounds, placements, the auditor's counts),
// with the invariants checked after every action, games of four and of
// three players in turn (and Technopoly's with its Tech News cards off
// and on in turn: a game renewed with other options draws as they say).
func TestWorkerPlaysAsNewGames(t *testing.T) {
	const games = 16 // a bot renewed with its memo of offers not emptied differs at unipoly's 9th
	for _, def := range []engine.Definition{unipoly.Definition{}, projectopoly.Definition{}, technopoly.Definition{}} {
		t.Run(def.Info().ID, func(t *testing.T) {
			var w sim.Worker // one worker: a game of four renewed to one of three and back
			for i := range games {
				for _, players := range []int{4, 3} {
					var set map[string]string // Technopoly's Tech News cards on in every other game
					if _, tp := def.(technopoly.Definition); tp && i%2 == 1 {
						set = map[string]string{technopoly.OptTechNews: "on"}
					}
					opts, err := def.ValidateOptions(players, set)
					require.NoError(t, err)
					cfg := sim.Config{Def: def, Players: players, Seed: 3, Options: opts, MaxRounds: 100}
					got, want := w.Play(cfg, i), sim.Play(cfg, i)
					require.NoError(t, want.Err)
					require.Equal(t, want, got, "%d players, game %d", players, i)
				}
			}
		})
	}
}
