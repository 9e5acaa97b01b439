package technopoly_test

import (
	"testing"

	"boardroom/engine"
	"boardroom/engine/opoly"
	"boardroom/engine/opoly/opolytest"
	"boardroom/engine/opoly/technopoly"

	"github.com/stretchr/testify/require"
)

// TestR001_02_G001_02_TwoToFourPlayers: 2-4 players, no 1-player game.
func TestR001_02_G001_02_TwoToFourPlayers(t *testing.T) {
	def := technopoly.Definition{}
	for n := 0; n <= 6; n++ {
		_, err := def.ValidateOptions(n, nil)
		if n >= 2 && n <= 4 {
			require.NoError(t, err, "%d players", n)
		} else {
			require.Error(t, err, "%d players", n)
		}
	}
}

// TestR001_05_R001_06_StartingMoneyOnInvestNI is the first half of
// acceptance test 1 of 6.3: £150,000 each, everyone on Invest NI, nothing
// dealt, no trip paid yet.
func TestR001_05_R001_06_StartingMoneyOnInvestNI(t *testing.T) {
	for n := 2; n <= 4; n++ {
		g, err := technopoly.Definition{}.New(engine.Setup{Seats: n, Seed: uint64(n)})
		require.NoError(t, err)
		v := (*engine.ViewOf[opoly.View](g.View(engine.Spectator)))
		for _, p := range v.Players {
			require.Equal(t, int64(150000), p.Cash)
			require.Equal(t, technopoly.InvestNI, p.Position)
			require.Empty(t, p.Props)
			require.Zero(t, p.Laps)
			require.Equal(t, int64(150000), p.Capital)
		}
		require.Equal(t, "£150,000", v.FormatMoney(150000))
	}
}

// TestR001_04_A001_14_RandomStartingOrder: the seat order is shuffled at
// set-up from the game's seed, and "Player 1" is the first of it.
func TestR001_04_A001_14_RandomStartingOrder(t *testing.T) {
	firsts := map[int]bool{}
	for seed := uint64(1); seed <= 40; seed++ {
		g, err := technopoly.Definition{}.New(engine.Setup{Seats: 4, Seed: seed})
		require.NoError(t, err)
		order := g.(engine.TurnOrdered).TurnOrder()
		require.ElementsMatch(t, []int{0, 1, 2, 3}, order)
		require.Equal(t, order[0], g.Prompt().Waiting[0].Seat)
		firsts[order[0]] = true
	}
	require.Len(t, firsts, 4, "every seat starts in some game")
}

// TestR001_03_A001_13_SeatsNamedForThePlatform: the engine names players
// "Seat N" only; the platform puts each player's unique display name in
// its place (usernames are the lobby's business).
func TestR001_03_A001_13_SeatsNamedForThePlatform(t *testing.T) {
	x := newTP(t, 2, 150000, nil)
	ev := x.Roll(0, 1, 3)
	require.Contains(t, opolytest.Text(ev, 0), "Seat 1 rolled 1 and 3 and moved to Hackathon.")
}

// TestR001_07_R001_08_RollMoveAndShareASpace: the dice move the token by
// their total, the next player follows, and two tokens may share a space.
func TestR001_07_R001_08_RollMoveAndShareASpace(t *testing.T) {
	x := newTP(t, 2, 150000, nil)
	x.Roll(0, 6, 4)
	require.Equal(t, tCatalyst, x.Pos(0))
	x.Do(0, opoly.EndTurn{})
	require.Equal(t, 1, x.Active())
	x.Roll(1, 5, 5)
	require.Equal(t, tCatalyst, x.Pos(1))
	require.Equal(t, x.Pos(0), x.Pos(1))
}

// TestR001_09_R001_15_BuyAtThePrintedPrice: landing on an unowned start-up
// lets the player buy it at its printed price.
func TestR001_09_R001_15_BuyAtThePrintedPrice(t *testing.T) {
	x := newTP(t, 2, 150000, nil)
	x.Roll(0, 2, 4)
	require.Equal(t, opoly.PhaseBuy, x.Phase())
	ev := x.Do(0, opoly.Buy{})
	require.Equal(t, 0, x.Owner(tLearnLoop))
	require.Contains(t, opolytest.Text(ev, 1), "Seat 1 paid £10,000 to the bank: purchase of LearnLoop; balance £140,000.")
	require.Equal(t, int64(150000), x.V(0).Players[0].Capital, "resources keep the printed price")
}

// TestA001_12_DeclinedStartUpStaysUnowned: no auction; the start-up stays
// unowned and the turn goes on.
func TestA001_12_DeclinedStartUpStaysUnowned(t *testing.T) {
	x := newTP(t, 3, 150000, nil)
	x.Roll(0, 2, 4)
	x.Do(0, opoly.Decline{})
	require.Equal(t, opoly.PhasePostRoll, x.Phase())
	require.Equal(t, opoly.Bank, x.Owner(tLearnLoop))
	require.Nil(t, x.V(1).Auction)
}

// TestR001_10_BalanceMessages: every change of money is told with its
// reason and the new balance (the investment, a purchase, a fee, hiring, a
// takeover and the tax).
func TestR001_10_BalanceMessages(t *testing.T) {
	x := newTP(t, 2, 150000, nil)
	x.E.Own(1, tFieldSense, tHerdTrack).Pos(0, tCareers)
	x.Done()
	ev := x.Roll(0, 1, 2)                      // 38 -> 1: Invest NI, then a licence fee
	require.Equal(t, 3, moneyEvents(t, x, ev)) // the investment; the fee for payer and payee
	require.Contains(t, opolytest.Text(ev, 0), "Seat 1 received £20,000 from the bank: Invest NI investment for a trip round the board; balance £170,000.")
	require.Contains(t, opolytest.Text(ev, 0), "Seat 1 paid £400 to Seat 2: licence fee for FieldSense; balance £169,600, Seat 2's balance £150,400.")
	x.Do(0, opoly.EndTurn{})
	ev = x.Do(1, opoly.Build{Cell: tFieldSense})
	require.Equal(t, 1, moneyEvents(t, x, ev))
	require.Contains(t, opolytest.Text(ev, 0), "Seat 2 paid £5,000 to the bank: hiring developer 1 for FieldSense; balance £145,400.")
}

// TestR001_11_DoublesRollAgain: after a double the player must roll again
// once the space is resolved; only then may the turn end.
func TestR001_11_DoublesRollAgain(t *testing.T) {
	x := newTP(t, 2, 150000, nil)
	x.Roll(0, 2, 2)
	require.True(t, x.V(0).MustRoll)
	require.True(t, x.HasAction(0, "roll"))
	require.False(t, x.HasAction(0, "end_turn"))
	x.Refuse(0, opoly.EndTurn{}, engine.CodeIllegal)
	x.Roll(0, 2, 4)
	require.True(t, x.HasAction(0, "end_turn"))
}

// TestA001_01_ThirdDoubleTaxMoveAndResolve is acceptance test 2 of 6.3:
// the third double moves the token, takes £1,000, still resolves the
// space (a licence fee), and ends the turn: no fourth roll.
func TestA001_01_ThirdDoubleTaxMoveAndResolve(t *testing.T) {
	x := newTP(t, 2, 150000, nil)
	x.E.Own(1, tEntangle).Pos(0, 29)
	x.Done()
	x.Roll(0, 3, 3) // 35 Sperrin Satellite
	x.Do(0, opoly.Decline{})
	x.Roll(0, 1, 1) // 37 QubitWorks
	x.Do(0, opoly.Decline{})
	ev := x.Roll(0, 1, 1) // 39 Entangle Labs, third double
	require.Equal(t, tEntangle, x.Pos(0))
	require.Contains(t, opolytest.Text(ev, 0), "Seat 1 paid £1,000 to the bank: tax for a third double; balance £149,000.")
	require.Contains(t, opolytest.Text(ev, 0), "Seat 1 paid £5,000 to Seat 2: licence fee for Entangle Labs; balance £144,000, Seat 2's balance £155,000.")
	require.Equal(t, opoly.PhasePostRoll, x.Phase())
	require.False(t, x.V(0).MustRoll)
	require.True(t, x.HasAction(0, "end_turn"))
	require.False(t, x.HasAction(0, "roll"))
}

// TestR001_11_ThirdDoublePassingInvestNI: the third double still pays the
// investment for passing Invest NI before the tax (acceptance test 2).
func TestR001_11_ThirdDoublePassingInvestNI(t *testing.T) {
	x := newTP(t, 2, 150000, nil)
	x.E.Pos(0, 32)
	x.Done()
	x.Roll(0, 3, 3) // 38 Careers Fair
	x.Roll(0, 5, 5) // 8 QuizForge, passing Invest NI
	x.Do(0, opoly.Decline{})
	ev := x.Roll(0, 1, 1) // 10 Catalyst Incubator, third double
	require.Equal(t, tCatalyst, x.Pos(0))
	require.Equal(t, int64(150000+20000-1000), x.Cash(0))
	require.Contains(t, opolytest.Text(ev, 0), "tax for a third double")
	require.Equal(t, 1, x.V(0).Players[0].Laps)
}

// TestR001_14_A001_02_InvestNIOncePerTrip is the second half of acceptance
// test 1: passing or landing on Invest NI pays £20,000, once per crossing,
// counted by the trip marker; not at the start of the game.
func TestR001_14_A001_02_InvestNIOncePerTrip(t *testing.T) {
	x := newTP(t, 2, 150000, nil)
	x.E.Pos(0, 36).Pos(1, 34)
	x.Done()
	x.Roll(0, 1, 3) // lands on Invest NI
	require.Equal(t, tInvestNI, x.Pos(0))
	require.Equal(t, int64(170000), x.Cash(0))
	require.Equal(t, 1, x.V(1).Players[0].Laps)
	x.Do(0, opoly.EndTurn{})
	x.Roll(1, 4, 6) // 34 -> 4: passes
	require.Equal(t, int64(170000), x.Cash(1))
	x.Do(1, opoly.EndTurn{})
	x.Roll(0, 1, 3) // leaving Invest NI pays nothing
	require.Equal(t, int64(170000), x.Cash(0))
	require.Equal(t, 1, x.V(0).Players[0].Laps)
}

// TestR001_19_RunwayIsARestingPlace: no money, start-up or reward.
func TestR001_19_RunwayIsARestingPlace(t *testing.T) {
	x := newTP(t, 2, 150000, nil)
	x.E.Pos(0, 14)
	x.Done()
	ev := x.Roll(0, 2, 4)
	require.Equal(t, tRunway, x.Pos(0))
	require.Equal(t, int64(150000), x.Cash(0))
	require.Equal(t, opoly.PhasePostRoll, x.Phase())
	require.Equal(t, 0, moneyEvents(t, x, ev))
}
