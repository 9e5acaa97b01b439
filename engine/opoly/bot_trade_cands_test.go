package opoly_test

import (
	"testing"

	"boardroom/engine"
	"boardroom/engine/opoly"
	"boardroom/engine/opoly/opolytest"
	"boardroom/engine/opoly/projectopoly"
	"boardroom/engine/opoly/technopoly"
	"boardroom/engine/opoly/unipoly"

	"github.com/stretchr/testify/require"
)

// TestTradeSearchKeptAsFresh plays four-player bot games of the three
// property games with two standard bots per seat: one keeps its trade
// search's candidates and their values between turns (bot_trade_cands.go),
// the other lists and values them afresh before every choice. Both must
// choose the same action at every step, and the kept list must have served
// searches in Unipoly and Projectopoly, and some searches have been
// skipped for the kept bot's cash, short for every candidate (else the
// test proves nothing; Technopoly's bots propose no trades: its takeovers
// are requests).
func TestTradeSearchKeptAsFresh(t *testing.T) {
	for _, def := range []engine.Definition{unipoly.Definition{}, projectopoly.Definition{}, technopoly.Definition{}} {
		kept, short := 0, 0
		_, noTrades := def.(technopoly.Definition)
		for seed := uint64(1); seed <= 5; seed++ {
			opts, err := def.ValidateOptions(4, map[string]string{"endMode": "rounds:100"})
			if err != nil {
				opts = nil
			}
			g, err := def.New(engine.Setup{Seats: 4, Seed: seed, Options: opts})
			require.NoError(t, err)
			engine.SetQuiet(g, true)
			keep, fresh := make([]engine.Bot, 4), make([]engine.Bot, 4)
			for i := range keep {
				keep[i], fresh[i] = def.NewBot(i, seed*5+uint64(i)), def.NewBot(i, seed*5+uint64(i))
			}
			for step := 0; step < 20000; step++ {
				p := g.Prompt()
				if len(p.Waiting) == 0 {
					break
				}
				w := p.Waiting[0].Seat
				if opoly.TradeCandsKept(keep[w], engine.PeekView(g, w)) {
					kept++
				}
				if opoly.TradeSearchShort(keep[w], engine.PeekView(g, w)) {
					short++
				}
				a := engine.ChooseAction(keep[w], engine.PeekView(g, w), g, w)
				require.True(t, opoly.ForgetTradeCands(fresh[w]), "the standard bot")
				b := engine.ChooseAction(fresh[w], engine.PeekView(g, w), g, w)
				require.Equal(t, b, a, "%s seed %d step %d", def.Info().ID, seed, step)
				_, err := g.Apply(w, a)
				require.NoError(t, err, "%s seed %d step %d", def.Info().ID, seed, step)
			}
		}
		if !noTrades {
			require.Positive(t, kept, "%s: no step found its candidates kept", def.Info().ID)
			require.Positive(t, short, "%s: no search skipped for short cash", def.Info().ID)
		}
	}
}

// TestTradeCandsValuedBeforeAsFresh: the worths of the trade search's
// candidates, taken over from the list before when the cells of their
// groups and the owners of the whole groups are as they were (eval), are
// those a fresh bot works out on the view, at every step of bot games of
// Unipoly and Projectopoly; and some were taken over (else the test proves
// nothing), some of them with their rival weights worked out again because
// the owners of the whole groups changed (tradeWeights).
func TestTradeCandsValuedBeforeAsFresh(t *testing.T) {
	for _, def := range []engine.Definition{unipoly.Definition{}, projectopoly.Definition{}} {
		before, reweighted := 0, 0
		opolytest.PlayBotGames(t, []engine.Definition{def}, opolytest.BotGames{Seeds: 4, BotSeed: 5, MaxSteps: 20000, Lazy: true,
			Chose: func(s opolytest.BotStep) {
				kept, fresh, n, rw := opoly.TradeCandsValued(s.Bot, engine.PeekView(s.G, s.Seat))
				require.Equal(t, fresh, kept, s.At())
				before, reweighted = before+n, reweighted+rw
			}})
		require.Positive(t, before, "%s: no worths taken over from the list before", def.Info().ID)
		require.Positive(t, reweighted, "%s: no worths taken over with other whole groups", def.Info().ID)
	}
}

// TestTradeWeightsFromMemoAsFromCells: the rival weights of every
// candidate of the standard bot's kept list, worked out on its lent view
// (the owners of the groups the trade leaves as they are read from the
// game's memo of the whole groups) and on a view lending nothing (every
// group's owner read from the cells), are the same, at every step of bot
// games of Unipoly and Projectopoly; some candidates give a street of a
// group a seat owns whole (which the trade splits: its owner must not
// count).
func TestTradeWeightsFromMemoAsFromCells(t *testing.T) {
	for _, def := range []engine.Definition{unipoly.Definition{}, projectopoly.Definition{}} {
		n, whole := 0, 0
		opolytest.PlayBotGames(t, []engine.Definition{def}, opolytest.BotGames{Seeds: 4, BotSeed: 5, MaxSteps: 20000, Lazy: true,
			Chose: func(s opolytest.BotStep) {
				lent, plain, w := opoly.TradeWeightsBoth(s.Bot, engine.PeekView(s.G, s.Seat))
				require.Equal(t, plain, lent, s.At())
				n, whole = n+len(lent), whole+w
			}})
		require.Greater(t, n, 1000, def.Info().ID)
		require.Positive(t, whole, "%s: no candidate gives a street of a whole group", def.Info().ID)
	}
}

// TestDebtPartAfterLentViewAsFresh checks the debtor's debt part of its
// legal list, read after its lent view (which lists the sales and
// mortgages once for both), against the part listed afresh, at every debt
// step of bot games of Unipoly and Projectopoly (Technopoly's games end
// at the first bankruptcy: its bots' debts were too few to test).
func TestDebtPartAfterLentViewAsFresh(t *testing.T) {
	for _, def := range []engine.Definition{unipoly.Definition{}, projectopoly.Definition{}} {
		debts := 0
		for seed := uint64(1); seed <= 8; seed++ {
			g, err := def.New(engine.Setup{Seats: 4, Seed: seed})
			require.NoError(t, err)
			engine.SetQuiet(g, true)
			bots := make([]engine.Bot, 4)
			for i := range bots {
				bots[i] = def.NewBot(i, seed*3+uint64(i))
			}
			for step := 0; step < 20000; step++ {
				p := g.Prompt()
				if len(p.Waiting) == 0 {
					break
				}
				w := p.Waiting[0].Seat
				view := engine.PeekView(g, w)
				if part, ok := opoly.DebtAndAnswerParts(g, w); ok && engine.ViewOf[opoly.View](view).Phase == opoly.PhaseDebt {
					debts++
					require.Equal(t, opoly.DebtPartFresh(g, w), part, "%s seed %d step %d", def.Info().ID, seed, step)
				}
				_, err := g.Apply(w, engine.ChooseAction(bots[w], view, g, w))
				require.NoError(t, err, "%s seed %d step %d", def.Info().ID, seed, step)
			}
		}
		require.Positive(t, debts, "%s: no debt seen", def.Info().ID)
	}
}

// TestTradeCandsFromOnePassAsEach: the trade search lists its candidates
// from one pass over the cells (the holders, bank and buildings of each
// group) and checks only the groups that can pass; at every step of
// four-player bot games of the three property games, for every seat, the
// list is the one the checks per group and per cell give, in the same
// order and with the same stamps, and some lists are not empty.
func TestTradeCandsFromOnePassAsEach(t *testing.T) {
	for _, def := range []engine.Definition{unipoly.Definition{}, projectopoly.Definition{}, technopoly.Definition{}} {
		listed := 0
		for seed := uint64(1); seed <= 3; seed++ {
			g, err := def.New(engine.Setup{Seats: 4, Seed: seed})
			require.NoError(t, err)
			engine.SetQuiet(g, true)
			bots := make([]engine.Bot, 4)
			for i := range bots {
				bots[i] = def.NewBot(i, seed*3+uint64(i))
			}
			for step := 0; step < 4000; step++ {
				p := g.Prompt()
				if len(p.Waiting) == 0 {
					break
				}
				for s := range 4 {
					fast, each := opoly.TradeCandsBoth(engine.PeekView(g, s), s)
					require.Equal(t, each, fast, "%s seed %d step %d seat %d", def.Info().ID, seed, step, s)
					listed += len(fast)
				}
				w := p.Waiting[0].Seat
				_, err := g.Apply(w, engine.ChooseAction(bots[w], engine.PeekView(g, w), g, w))
				require.NoError(t, err, "%s seed %d step %d", def.Info().ID, seed, step)
			}
		}
		require.Positive(t, listed, "%s: candidates listed", def.Info().ID)
	}
}

// TestOfferedCoversTheOffers checks that the cells a bot marks offered
// (price skips the look-up in its memory of offers for a candidate asking
// for other cells) cover the cells of every offer it remembers: its own
// proposals at every step of four-player bot games of the three property
// games, and a proposal the strong bot's search chose for it (noteChoice).
// It fails when either write of the memory leaves its cells unmarked.
func TestOfferedCoversTheOffers(t *testing.T) {
	remembered, noted := 0, 0
	botSteps(t, 8, true, func(s opolytest.BotStep) {
		ok, n := opoly.OfferedCovers(s.Bot)
		require.True(t, ok, s.At())
		remembered += n
		if s.Step%50 != 0 {
			return
		}
		for q, p := range s.View.Players {
			if q != s.Seat && !p.Out && len(p.Props) > 0 {
				b := s.Def.NewBot(s.Seat, 1)
				opoly.NoteOfferOn(b, s.View, opoly.ProposeTrade{To: q, Take: p.Props[:1]})
				ok, n := opoly.OfferedCovers(b)
				require.True(t, ok, s.At())
				require.Equal(t, 1, n, s.At())
				noted++
				break
			}
		}
	}, nil)
	require.Positive(t, remembered)
	require.Positive(t, noted)
}

// TestValuedMarksCoverTheLists checks the marks the trade search keeps of
// its valued candidates (tradeCands.valued, prevValued: eval looks for a
// candidate in the list before only when its mark is there) at every step
// of four-player bot games of the three property games: each valued
// candidate of the awaited bot's list and of its list before has its
// mark, so that no valuation that the list before holds is missed. It
// fails when eval leaves a valuation unmarked, or listCands drops the
// marks of the list before.
func TestValuedMarksCoverTheLists(t *testing.T) {
	prev := 0
	botSteps(t, 4, true, func(s opolytest.BotStep) {
		covered, n := opoly.TradeCandsValuedCovered(s.Bot)
		require.True(t, covered, s.At())
		prev += n
	}, nil)
	require.Positive(t, prev)
}

// TestValuedBeforeFromAnyPlace checks the trade search's look-up of a
// candidate in the list before (valuedBefore, which starts after the last
// candidate it found) against a walk of the whole list from its start, for
// every valued candidate of the awaited bot's list from every place the
// look-up may start, at every step of four-player bot games of the three
// property games. It fails when the look-up does not go round the list.
func TestValuedBeforeFromAnyPlace(t *testing.T) {
	looked := 0
	botSteps(t, 3, true, func(s opolytest.BotStep) {
		n, same := opoly.ValuedBeforeAsScan(s.Bot)
		require.True(t, same, s.At())
		looked += n
	}, nil)
	require.Positive(t, looked)
}
