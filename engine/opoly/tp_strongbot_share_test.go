package opoly_test

import (
	"flag"
	"testing"

	"boardroom/engine"
	"boardroom/engine/opoly"
	"boardroom/engine/opoly/technopoly"
	"boardroom/engine/sim"

	"github.com/stretchr/testify/require"
)

var ownDealsGames = flag.Int("owndeals", 400, "four-player Technopoly games per rule set in TestStrongTakeoverRulesWin")

// TestStrongTakeoverRulesWin plays four-player Technopoly games with one
// standard bot given the strong bot's takeover rules (no search), its seat
// moving one on each game, against three standard bots, and counts its
// wins: with neither rule it is the standard bot (an even share), and
// with both no longer far more (it won 45.9% by taking start-ups the
// standard bot handed over below its own valuation). -owndeals N -v prints the shares
// of all four rule sets over N games (bot_own.go has the figures).
func TestStrongTakeoverRulesWin(t *testing.T) {
	def := technopoly.Definition{}
	share := func(keep, ask bool, hire ...bool) float64 {
		wins := 0
		for i := 0; i < *ownDealsGames; i++ {
			seed := sim.GameSeed(7, i)
			g, err := def.New(engine.Setup{Seats: 4, Seed: seed})
			require.NoError(t, err)
			bots := make([]engine.Bot, 4)
			for s := range bots {
				bots[s] = def.NewBot(s, sim.BotSeed(seed, s))
			}
			me := i % 4
			opoly.OwnDeals(bots[me], keep, ask)
			if len(hire) > 0 && hire[0] {
				opoly.OwnHire(bots[me])
			}
			for step := 0; step < 100000 && !g.Outcome().Finished; step++ {
				seat := g.Prompt().Waiting[0].Seat
				_, err := g.Apply(seat, bots[seat].Choose(g.View(seat), g.Legal(seat)))
				require.NoError(t, err, "game seed %d step %d", seed, step)
			}
			require.True(t, g.Outcome().Finished, "game seed %d", seed)
			for _, r := range g.Outcome().Results {
				if r.Seat == me && r.Placement == 1 {
					wins++
				}
			}
		}
		s := float64(wins) / float64(*ownDealsGames)
		t.Logf("keep %v, ask %v, hire %v: %.1f%% of %d games", keep, ask, len(hire) > 0 && hire[0], 100*s, *ownDealsGames)
		return s
	}
	std, both := share(false, false), share(true, true)
	require.Less(t, std, 0.32, "the standard bot wins about its share")
	// Since issue 27 the standard owner hands over only what the price
	// pays for, and the rules pay no more than a start-up is worth: they
	// no longer win far more than a quarter (45.9% before, 25.9% after,
	// 1,000 games): the strong bot farms the standard bot no more.
	require.Less(t, both, 0.36, "the strong bot's rules farm the standard bot")
	if testing.Verbose() {
		share(true, false)
		share(false, true)
		share(true, true, true) // and hiring into half the reserve (bot_tp_strong.go)
		share(true, false, true)
	}
}
