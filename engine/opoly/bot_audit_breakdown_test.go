package opoly_test

import (
	"os"
	"strconv"
	"testing"

	"boardroom/engine"
	"boardroom/engine/opoly"
	"boardroom/engine/opoly/projectopoly"
	"boardroom/engine/opoly/technopoly"
	"boardroom/engine/opoly/unipoly"
	"boardroom/engine/sim"

	"github.com/stretchr/testify/require"
)

// auditedGames plays games of def among standard bots, with the seeds of
// `boardroom sim --seed 1`, through the game's auditor, and returns the
// auditor's counts by reason and the first seed with a count.
func auditedGames(tb testing.TB, def engine.Definition, seats, games int) (why []int, first uint64) {
	why = make([]int, 8)
	for i := range games {
		seed := sim.GameSeed(1, i)
		g, err := def.New(engine.Setup{Seats: seats, Seed: seed})
		require.NoError(tb, err)
		bots := make([]engine.Bot, seats)
		for s := range bots {
			bots[s] = def.NewBot(s, sim.BotSeed(seed, s))
		}
		au := engine.NewAuditor(def, seats)
		for steps := 0; !g.Outcome().Finished && g.Round() <= 1000; steps++ {
			require.Less(tb, steps, 200000, "seed %d", seed)
			seat := g.Prompt().Waiting[0].Seat
			a := bots[seat].Choose(engine.PeekView(g, seat), g.Legal(seat))
			au.Before(g, seat, a, true)
			_, err := g.Apply(seat, a)
			require.NoError(tb, err, "seed %d", seed)
			au.After(g, seat, a, true)
		}
		w := opoly.AuditWhy(au)
		for k := range w {
			if w[k] > 0 && first == 0 {
				first = seed
			}
			why[k] += w[k]
		}
	}
	return why, first
}

// TestAuditBreakdown prints the auditor's counts by reason for
// BOTAUDIT_GAMES four-player games of each property game (a measurement
// for docs/decisions/2026-11-property-bots-not-farmable.md, not a check).
func TestAuditBreakdown(t *testing.T) {
	n, _ := strconv.Atoi(os.Getenv("BOTAUDIT_GAMES"))
	if n <= 0 {
		t.Skip("set BOTAUDIT_GAMES")
	}
	for _, def := range []engine.Definition{unipoly.Definition{}, projectopoly.Definition{}, technopoly.Definition{}} {
		why, first := auditedGames(t, def, 4, n)
		t.Logf("%s: loss %d, reserve %d, buy-back %d, overbid lot %d, unit %d, repeated trade %d, takeover %d; first seed %d",
			def.Info().ID, why[0], why[1], why[2], why[3], why[4], why[5], why[6], first)
	}
}
