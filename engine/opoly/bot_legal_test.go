package opoly_test

import (
	"testing"

	"boardroom/engine"
	"boardroom/engine/opoly"
	"boardroom/engine/opoly/projectopoly"
	"boardroom/engine/opoly/technopoly"
	"boardroom/engine/opoly/unipoly"

	"github.com/stretchr/testify/require"
)

// filterKinds keeps the actions of legal whose kind is listed, in order.
func filterKinds(legal []engine.Action, kinds ...string) []engine.Action {
	var out []engine.Action
	for _, a := range legal {
		for _, k := range kinds {
			if a.Kind() == k {
				out = append(out, a)
			}
		}
	}
	return out
}

// TestLegalPartsAreTheWholeListsKinds checks the parts of a seat's Legal
// list that the standard bot asks for (ChooseFrom) against the whole list,
// at every step of four-player bot games of the three property games, for
// every seat: in its turn the turn's own actions and the builds then lifts
// are the whole list's actions of their kinds in its order, and the bot
// may propose exactly when the list holds a trade template; in a debt the
// part is the whole list but its trade templates, bankruptcy and
// resignation; answering a trade or a takeover, its first two (accept and
// reject, approve and deny). What the game tells the bot without a list
// is the part's: the first roll or end of the turn (turnStep), and no
// build or lift where it tells none (buildsNone; it fails with the
// mortgages left out of that check).
func TestLegalPartsAreTheWholeListsKinds(t *testing.T) {
	others := 0 // debts and trades answered, in all games
	for _, def := range []engine.Definition{unipoly.Definition{}, projectopoly.Definition{}, technopoly.Definition{}} {
		for seed := uint64(1); seed <= 4; seed++ {
			g, err := def.New(engine.Setup{Seats: 4, Seed: seed})
			require.NoError(t, err)
			require.True(t, engine.SetQuiet(g, true))
			bots := make([]engine.Bot, 4)
			for i := range bots {
				bots[i] = def.NewBot(i, seed*7+uint64(i))
			}
			parts, proposals, told, listed := 0, 0, 0, 0
			for step := 0; step < 5000; step++ {
				p := g.Prompt()
				if len(p.Waiting) == 0 {
					break
				}
				for seat := 0; seat < 4; seat++ {
					if part, ok := opoly.DebtAndAnswerParts(g, seat); ok {
						whole := g.Legal(seat)
						want := whole[:2] // accept, reject (approve, deny)
						if p.Phase == opoly.PhaseDebt {
							want = nil
							for _, a := range whole {
								if k := a.Kind(); k != "propose_trade" && k != "declare_bankruptcy" && k != "resign" {
									want = append(want, a)
								}
							}
						}
						require.Equal(t, want, part, "%s seed %d step %d seat %d phase %s", def.Info().ID, seed, step, seat, p.Phase)
						others++
					}
					turn, build, propose, ok := opoly.LegalPartsOf(g, seat)
					if !ok {
						continue
					}
					parts++
					whole := g.Legal(seat)
					msg := []any{"%s seed %d step %d seat %d", def.Info().ID, seed, step, seat}
					require.Equal(t, filterKinds(whole, "buy", "decline", "roll", "end_turn", "pay_jail_fee", "use_jail_card"), turn, msg...)
					builds := filterKinds(whole, "build")
					require.Equal(t, append(builds, filterKinds(whole, "unmortgage")...), build, msg...)
					require.Equal(t, len(filterKinds(whole, "propose_trade")) > 0, propose, msg...)
					// what the game tells the bot unlisted: the first roll
					// or end of the turn, and no build or lift
					step, noBuilds := opoly.TurnStepOf(g, seat)
					var first engine.Action
					if ends := filterKinds(turn, "roll", "end_turn"); len(ends) > 0 {
						first = ends[0]
					}
					require.Equal(t, first, step, msg...)
					if noBuilds {
						require.Empty(t, build, msg...)
						told++
					} else if len(build) > 0 {
						listed++
					}
					if propose {
						proposals++
					}
				}
				w := p.Waiting[0].Seat
				_, err := g.Apply(w, bots[w].Choose(engine.PeekView(g, w), g.Legal(w)))
				require.NoError(t, err, "%s seed %d step %d", def.Info().ID, seed, step)
			}
			require.Positive(t, parts, "%s seed %d", def.Info().ID, seed)
			require.Positive(t, told, "%s seed %d: builds told none", def.Info().ID, seed)
			require.Positive(t, listed, "%s seed %d: builds or lifts listed", def.Info().ID, seed)
			if def.Info().ID != "technopoly" { // its players trade by takeovers only
				require.Positive(t, proposals, "%s seed %d", def.Info().ID, seed)
			}
		}
	}
	require.Positive(t, others, "debts or trades answered")
}

// TestBotChoosesTheSameFromParts plays four-player games of the three
// property games with two standard bots per seat, one handed the whole
// Legal list (Choose) and the seat's lent view, the other asking the game
// for the parts it reads (engine.ChooseAction, ChooseFrom) and handed no
// view (engine.ViewFor: it reads its own view, the players in place): they
// choose the same action at every step.
func TestBotChoosesTheSameFromParts(t *testing.T) {
	for _, def := range []engine.Definition{unipoly.Definition{}, projectopoly.Definition{}, technopoly.Definition{}} {
		for seed := uint64(1); seed <= 6; seed++ {
			opts, err := def.ValidateOptions(4, map[string]string{"endMode": "rounds:100"})
			if err != nil {
				opts = nil
			}
			g, err := def.New(engine.Setup{Seats: 4, Seed: seed, Options: opts})
			require.NoError(t, err)
			engine.SetQuiet(g, true)
			whole, lazy := make([]engine.Bot, 4), make([]engine.Bot, 4)
			for i := range whole {
				whole[i], lazy[i] = def.NewBot(i, seed*7+uint64(i)), def.NewBot(i, seed*7+uint64(i))
			}
			_, ok := lazy[0].(engine.LazyChooser)
			require.True(t, ok, "the standard bot chooses from parts")
			for step := 0; step < 20000; step++ {
				p := g.Prompt()
				if len(p.Waiting) == 0 {
					break
				}
				w := p.Waiting[0].Seat
				own := engine.ViewFor(lazy[w], g, w)
				require.Nil(t, own, "the standard bot reads its own game")
				a := engine.ChooseAction(lazy[w], own, g, w)
				b := whole[w].Choose(engine.PeekView(g, w), g.Legal(w))
				require.Equal(t, b, a, "%s seed %d step %d", def.Info().ID, seed, step)
				_, err := g.Apply(w, a)
				require.NoError(t, err, "%s seed %d step %d", def.Info().ID, seed, step)
			}
		}
	}
}

// TestTakeoverLegalCellsAsLegalFiltered checks Technopoly's takeover
// requests and Projectopoly's offers to all listed for some cells only
// (opoly.CellLister, which the standard bot asks for:
// Advice.LegalOfCells) against the mechanism's whole list kept to those
// cells, for every seat at every step of four-player bot games, for every
// cell alone, all cells, and a few sets.
func TestTakeoverLegalCellsAsLegalFiltered(t *testing.T) {
	cellsAsFiltered(t, technopoly.Definition{}, "request_takeover")
	cellsAsFiltered(t, projectopoly.Definition{}, "offer_to_all")
}

func cellsAsFiltered(t *testing.T, def engine.Definition, kind string) {
	listed := 0
	for seed := uint64(1); seed <= 4; seed++ {
		g, err := def.New(engine.Setup{Seats: 4, Seed: seed})
		require.NoError(t, err)
		engine.SetQuiet(g, true)
		bots := make([]engine.Bot, 4)
		for i := range bots {
			bots[i] = def.NewBot(i, seed*7+uint64(i))
		}
		sets := []uint64{^uint64(0), 0, 0x5555555555555555, 0xf0f0f0f0f0f0f0f0, 1<<5 | 1<<39}
		for c := 0; c < 40; c++ {
			sets = append(sets, 1<<uint(c))
		}
		for step := 0; step < 5000; step++ {
			p := g.Prompt()
			if len(p.Waiting) == 0 {
				break
			}
			for seat := 0; seat < 4; seat++ {
				for _, cells := range sets {
					some, filtered, ok := opoly.CellsBothWays(g, seat, kind, cells)
					require.True(t, ok, "%s lists by cells", kind)
					require.Equal(t, filtered, some, "seed %d step %d seat %d cells %x", seed, step, seat, cells)
					listed += len(some)
				}
			}
			w := p.Waiting[0].Seat
			_, err := g.Apply(w, bots[w].Choose(engine.PeekView(g, w), g.Legal(w)))
			require.NoError(t, err, "seed %d step %d", seed, step)
		}
	}
	require.Positive(t, listed, "%s: actions were listed", kind)
}
