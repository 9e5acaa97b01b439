package opoly_test

import (
	"testing"

	"boardroom/engine"
	"boardroom/engine/opoly"
	"boardroom/engine/opoly/projectopoly"
	"boardroom/engine/opoly/unipoly"

	"github.com/stretchr/testify/require"
)

// TestTradePartsKeptAsFresh plays three muted four-player bot games each
// of Unipoly and Projectopoly in one game renewed between them (its table of
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
			require.True(t, engine.SetMute(g, true), "a muted game keeps the table")
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

// TestTradePartsOnlyInMutedGames: a game at a server's table (not muted)
// keeps no table of parts, 320 KiB a game; its bots value every part
// afresh, as before the table.
func TestTradePartsOnlyInMutedGames(t *testing.T) {
	g, err := unipoly.Definition{}.New(engine.Setup{Seats: 4, Seed: 1})
	require.NoError(t, err)
	engine.SetQuiet(g, true)
	bots := make([]engine.Bot, 4)
	for i := range bots {
		bots[i] = unipoly.Definition{}.NewBot(i, uint64(i+1))
	}
	proposals := 0
	for step := 0; step < 20000 && !g.Outcome().Finished; step++ {
		p := g.Prompt()
		if len(p.Waiting) == 0 {
			break
		}
		w := p.Waiting[0].Seat
		a := engine.ChooseAction(bots[w], engine.PeekView(g, w), g, w)
		if a.Kind() == "propose_trade" {
			proposals++
		}
		_, err := g.Apply(w, a)
		require.NoError(t, err)
	}
	require.Positive(t, proposals, "the bots searched for trades")
	require.Zero(t, opoly.TradePartsKept(g), "a game not muted keeps no parts")
	require.Nil(t, opoly.TradePartsTable(g))
}
