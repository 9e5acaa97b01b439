package opoly_test

import (
	"testing"

	"boardroom/engine"
	"boardroom/engine/opoly"
	"boardroom/engine/opoly/projectopoly"
	"boardroom/engine/opoly/unipoly"

	"github.com/stretchr/testify/require"
)

// TestTradePartsKeptAsFresh plays three four-player bot games each of
// Unipoly and Projectopoly in one game renewed between them (its table of
// the parts of trades valued kept: bot_trade_parts.go), with new standard
// bots each game. At every step the worths of the valued candidates of the
// bot that chose are those a fresh bot works out on the view; the table
// holds parts after the first game and after the renewal (else the later
// games would prove nothing about parts kept across games).
func TestTradePartsKeptAsFresh(t *testing.T) {
	for _, def := range []engine.Definition{unipoly.Definition{}, projectopoly.Definition{}} {
		var g engine.Game
		valued := 0
		for seed := uint64(1); seed <= 3; seed++ {
			setup := engine.Setup{Seats: 4, Seed: seed}
			if g == nil {
				var err error
				g, err = def.New(setup)
				require.NoError(t, err)
			} else {
				require.Positive(t, opoly.TradePartsKept(g), "%s: no parts kept", def.Info().ID)
				require.NoError(t, g.(engine.Renewer).Renew(setup))
				require.Positive(t, opoly.TradePartsKept(g), "%s: parts dropped by Renew", def.Info().ID)
			}
			engine.SetQuiet(g, true)
			bots := make([]engine.Bot, 4)
			for i := range bots {
				bots[i] = def.NewBot(i, seed*5+uint64(i))
			}
			for step := 0; step < 20000; step++ {
				p := g.Prompt()
				if len(p.Waiting) == 0 {
					break
				}
				w := p.Waiting[0].Seat
				a := engine.ChooseAction(bots[w], engine.PeekView(g, w), g, w)
				kept, fresh, _, _ := opoly.TradeCandsValued(bots[w], engine.PeekView(g, w))
				require.Equal(t, fresh, kept, "%s seed %d step %d", def.Info().ID, seed, step)
				valued += len(kept)
				_, err := g.Apply(w, a)
				require.NoError(t, err, "%s seed %d step %d", def.Info().ID, seed, step)
			}
		}
		require.Positive(t, valued, "%s: no candidate valued", def.Info().ID)
	}
}
