package opoly_test

import (
	"encoding/json"
	"fmt"
	"testing"

	"boardroom/engine"
	"boardroom/engine/opoly"
	"boardroom/engine/opoly/projectopoly"
	"boardroom/engine/opoly/technopoly"
	"boardroom/engine/opoly/unipoly"

	"github.com/stretchr/testify/require"
)

// TestPublishIncrementalMatchesRecount plays bot games of the three
// property games and checks after every action that what publish kept up
// to date for the changed cells only is what a full recount gives (each
// seat's potential and mortgages too; the potential also with cells changed
// and not yet published, as during an action), that the awaited seats it lists are
// those awaits gives seat by seat, and that the debt default read from the
// published groups is the one a walk over the board gives.
func TestPublishIncrementalMatchesRecount(t *testing.T) {
	for _, def := range []engine.Definition{unipoly.Definition{}, projectopoly.Definition{}, technopoly.Definition{}} {
		for seed := uint64(1); seed <= 3; seed++ {
			g, err := def.New(engine.Setup{Seats: 4, Seed: seed})
			require.NoError(t, err)
			bots := make([]engine.Bot, 4)
			for i := range bots {
				bots[i] = def.NewBot(i, seed*31+uint64(i))
			}
			for step := 0; step < 4000; step++ {
				p := g.Prompt()
				if len(p.Waiting) == 0 {
					break
				}
				w := p.Waiting[0].Seat
				_, err := g.Apply(w, bots[w].Choose(g.View(w), g.Legal(w)))
				require.NoError(t, err)
				require.NoError(t, opoly.RecountPublished(g), "%s seed %d step %d", def.Info().ID, seed, step)
				require.NoError(t, opoly.CheckPotentialMidAction(g), "%s seed %d step %d", def.Info().ID, seed, step)
			}
		}
	}
}

// TestLentCellsBotsPlayTheSame plays each bot game twice, once with
// snapshot views and once quiet with lent views, whose Cells are rewritten
// in place: the bots must choose the same actions at every step (their
// reserve cache keys on View.CellsVersion, not on the Cells slice), and
// the lent view's cells and version, players, valuation (Projectopoly's
// mixed payment), debt, auction and trade are the snapshot's.
func TestLentCellsBotsPlayTheSame(t *testing.T) {
	valuations := 0
	for _, def := range []engine.Definition{unipoly.Definition{}, projectopoly.Definition{}, technopoly.Definition{}} {
		for seed := uint64(1); seed <= 3; seed++ {
			setup := engine.Setup{Seats: 4, Seed: seed}
			plain, err := def.New(setup)
			require.NoError(t, err)
			lent, err := def.New(setup)
			require.NoError(t, err)
			require.True(t, engine.SetQuiet(lent, true))
			bp, bl := make([]engine.Bot, 4), make([]engine.Bot, 4)
			for i := range bp {
				bp[i], bl[i] = def.NewBot(i, seed*7+uint64(i)), def.NewBot(i, seed*7+uint64(i))
			}
			for step := 0; step < 3000; step++ {
				p := plain.Prompt()
				if len(p.Waiting) == 0 {
					break
				}
				w := p.Waiting[0].Seat
				sv := (*engine.ViewOf[opoly.View](plain.View(w)))
				lv := engine.PeekView(lent, w).(*opoly.View)
				where := fmt.Sprintf("%s seed %d step %d", def.Info().ID, seed, step)
				require.Equal(t, sv.Cells, lv.Cells, where)
				require.Equal(t, sv.CellsVersion, lv.CellsVersion, where)
				require.NotZero(t, lv.CellsVersion, where)
				require.Equal(t, sv.Players, lv.Players, where)
				require.Equal(t, sv.Valuation, lv.Valuation, where)
				require.Equal(t, sv.Debt, lv.Debt, where)
				require.Equal(t, sv.Auction, lv.Auction, where)
				require.Equal(t, sv.Trade, lv.Trade, where)
				if lv.Valuation != nil {
					valuations++
				}
				a := bp[w].Choose(sv, plain.Legal(w))
				b := bl[w].Choose(lv, lent.Legal(w))
				ja, err := json.Marshal(a)
				require.NoError(t, err)
				jb, err := json.Marshal(b)
				require.NoError(t, err)
				require.Equal(t, a.Kind()+string(ja), b.Kind()+string(jb), where)
				_, err = plain.Apply(w, a)
				require.NoError(t, err)
				_, err = lent.Apply(w, b)
				require.NoError(t, err)
			}
		}
	}
	require.Positive(t, valuations, "no mixed payment was valued: the lent Valuation went unchecked")
}

// TestLegalBidIsTheFreshTemplate plays bot games with auctions and checks
// that the Bid template Legal lists (a box reused while it is the same) is
// at every step the one bidTemplate builds for the seat, allocations aside.
func TestLegalBidIsTheFreshTemplate(t *testing.T) {
	for _, def := range []engine.Definition{unipoly.Definition{}, projectopoly.Definition{}} {
		auctions := 0
		for seed := uint64(1); seed <= 3; seed++ {
			g, err := def.New(engine.Setup{Seats: 4, Seed: seed})
			require.NoError(t, err)
			require.True(t, engine.SetQuiet(g, true))
			bots := make([]engine.Bot, 4)
			for i := range bots {
				bots[i] = def.NewBot(i, seed*13+uint64(i))
			}
			for step := 0; step < 4000; step++ {
				p := g.Prompt()
				if len(p.Waiting) == 0 {
					break
				}
				w := p.Waiting[0].Seat
				legal := g.Legal(w)
				if p.Phase == opoly.PhaseAuction {
					auctions++
					require.Equal(t, opoly.BidTemplate(g, w), legal[0], "%s seed %d step %d", def.Info().ID, seed, step)
				}
				_, err := g.Apply(w, bots[w].Choose(engine.PeekView(g, w), legal))
				require.NoError(t, err, "%s seed %d step %d", def.Info().ID, seed, step)
			}
		}
		require.Positive(t, auctions, def.Info().ID)
	}
}

// TestCheckRefusesMissing checks Apply's check that a game has an action
// (typed, in check's one type switch) against the check by kind, in the
// three games, for every action the codec decodes.
func TestCheckRefusesMissing(t *testing.T) {
	var as []engine.Action
	for _, a := range opoly.Codec {
		as = append(as, a)
	}
	for _, def := range []engine.Definition{unipoly.Definition{}, projectopoly.Definition{}, technopoly.Definition{}} {
		g, err := def.New(engine.Setup{Seats: 4, Seed: 1})
		require.NoError(t, err)
		require.Nil(t, opoly.CheckRefusesMissing(g, as), def.Info().ID)
	}
}
