package projectopoly_test

import (
	"testing"

	"boardroom/engine"
	"boardroom/engine/opoly"
	"boardroom/engine/opoly/opolytest"
	"boardroom/engine/opoly/projectopoly"

	"github.com/stretchr/testify/require"
)

// The answers (A000) of the Projectopoly chapter not tested elsewhere, one
// test each.

// TestA000_01_FiveThousandNotes: 10.000€ plus one 5.000€ note per player
// fewer than 7.
func TestA000_01_FiveThousandNotes(t *testing.T) {
	rs := projectopoly.Rules()
	for n := 2; n <= 7; n++ {
		require.Equal(t, int64(10000+5000*(7-n)), rs.Start.Money[n])
	}
}

// TestA000_02_MoneyPerPlayer: every PM gets the whole amount.
func TestA000_02_MoneyPerPlayer(t *testing.T) {
	g, err := projectopoly.Definition{}.New(engine.Setup{Seats: 3, Seed: 2, Options: seedMoney})
	require.NoError(t, err)
	var total int64
	v := (*engine.ViewOf[opoly.View](g.View(engine.Spectator)))
	for _, p := range v.Players {
		total += p.Cash
		for _, c := range p.Props {
			total += v.Board.Cells[c].Price
		}
	}
	require.Equal(t, int64(3*30000), total)
}

// TestA000_03_SevenPlayers: 10.000€ and 2 cards each.
func TestA000_03_SevenPlayers(t *testing.T) {
	g, err := projectopoly.Definition{}.New(engine.Setup{Seats: 7, Seed: 2})
	require.NoError(t, err)
	for _, p := range (*engine.ViewOf[opoly.View](g.View(engine.Spectator))).Players {
		require.Len(t, p.Props, 2)
	}
}

// TestA000_04_DealtCardsPaid: cash = money − prices of the dealt cards.
func TestA000_04_DealtCardsPaid(t *testing.T) {
	g, err := projectopoly.Definition{}.New(engine.Setup{Seats: 4, Seed: 5, Options: seedMoney})
	require.NoError(t, err)
	v := (*engine.ViewOf[opoly.View](g.View(engine.Spectator)))
	for _, p := range v.Players {
		var paid int64
		for _, c := range p.Props {
			paid += v.Board.Cells[c].Price
		}
		require.Equal(t, int64(25000)-paid, p.Cash)
	}
}

// TestA000_05_GoByCardMoves: advancing past Go! by a card pays; a
// backward move does not.
func TestA000_05_GoByCardMoves(t *testing.T) {
	x := newPP(t, 2, 5000, nil)
	x.OwnAll(0)
	x.E.Pos(0, pChance3-3).Top(dChance, "C4")
	x.Done()
	x.Roll(0, 1, 2)
	require.Equal(t, pBanking, x.Pos(0))
	require.Equal(t, int64(7000), x.Cash(0))
	x.Do(0, opoly.EndTurn{})
	x.E.Turn(0).Pos(0, pChance1-3).Top(dChance, "C3").Cash(0, 5000)
	x.Done()
	x.Roll(0, 1, 2) // Chance on 7, back 3 to Quality Audit
	require.Equal(t, pAudit, x.Pos(0))
	require.Equal(t, int64(3000), x.Cash(0), "the audit, and no Go! money")
}

// TestA000_06_TwoWFACells: 30 sends to 10 as held; 10 alone is transit.
func TestA000_06_TwoWFACells(t *testing.T) {
	x := newPP(t, 2, 5000, nil)
	x.LandOn(0, pGoToWFA)
	require.True(t, x.V(0).Players[0].InJail)
	require.Equal(t, pWFA, x.Pos(0))
	x.LandOn(1, pWFA)
	require.False(t, x.V(1).Players[1].InJail)
}

// TestA000_07_TransitAndVacationHaveNoEffect.
func TestA000_07_TransitAndVacationHaveNoEffect(t *testing.T) {
	x := newPP(t, 2, 5000, nil)
	x.LandOn(0, pWFA)
	require.Equal(t, opoly.PhasePostRoll, x.Phase())
	x.Do(0, opoly.EndTurn{})
	x.LandOn(1, pVacation)
	require.Equal(t, opoly.PhasePostRoll, x.Phase())
	require.Equal(t, int64(5000), x.Cash(0))
	require.Equal(t, int64(5000), x.Cash(1))
}

// TestA000_09_MandatoryReroll: after a double the PM must roll again.
func TestA000_09_MandatoryReroll(t *testing.T) {
	x := newPP(t, 2, 50000, nil)
	x.OwnAll(0)
	x.Roll(0, 2, 2)
	require.Equal(t, []engine.Wait{{Seat: 0, Default: opoly.Roll{}}}, x.G.Prompt().Waiting)
	x.Refuse(0, opoly.EndTurn{}, engine.CodeIllegal)
}

// TestA000_10_ThirdDoubleDoesNotMove: even a roll that would pass Go! pays
// nothing.
func TestA000_10_ThirdDoubleDoesNotMove(t *testing.T) {
	x := newPP(t, 2, 50000, nil)
	x.OwnAll(0)
	x.E.Pos(0, 23)
	x.Done()
	x.Roll(0, 1, 1) // 25
	x.Roll(0, 2, 2) // 29
	x.Roll(0, 6, 6) // would pass Go!
	require.Equal(t, pWFA, x.Pos(0))
	require.Equal(t, int64(50000), x.Cash(0))
}

// TestA000_11_WFAExitRolls: leaving by doubles gives no extra roll; having
// paid, a double gives one.
func TestA000_11_WFAExitRolls(t *testing.T) {
	x := newPP(t, 2, 5000, nil)
	x.OwnAll(0)
	x.E.Jail(0, 0)
	x.Done()
	x.Roll(0, 4, 4)
	require.False(t, x.V(0).MustRoll)
	x.Do(0, opoly.EndTurn{})
	x.E.Turn(0).Jail(0, 0)
	x.Done()
	x.Do(0, opoly.PayJailFee{})
	x.Roll(0, 4, 4)
	require.True(t, x.V(0).MustRoll)
}

// TestA000_12_LevelsFourFTEThenTeamQM.
func TestA000_12_LevelsFourFTEThenTeamQM(t *testing.T) {
	v := newPP(t, 2, 1000, nil).V(0)
	require.Equal(t, 5, v.MaxLevel)
	require.Equal(t, []string{"FTE 1", "FTE 2", "FTE 3", "FTE 4", "Team+QM"}, v.Rules.Words.Levels)
	require.Equal(t, &opoly.SupplyView{Units: 32, UnitsFree: 32, Tops: 12, TopsFree: 12}, v.Supply)
}

// TestA000_13_PMInWFACollects: only an extension cancels the fee.
func TestA000_13_PMInWFACollects(t *testing.T) {
	x := newPP(t, 2, 5000, nil)
	x.E.Own(1, pIntranet).Jail(1, 0)
	x.Done()
	x.LandOn(0, pIntranet)
	require.Equal(t, int64(5060), x.Cash(1))
}

// TestA000_14_CancellationIsACardOnly: no player action cancels a project;
// C16 ignores certifications and services.
func TestA000_14_CancellationIsACardOnly(t *testing.T) {
	x := newPP(t, 2, 5000, nil)
	x.E.Own(0, pAgile, pDesk).Pos(0, pChance1-3).Top(dChance, "C16")
	x.Done()
	require.False(t, x.HasAction(0, "choose_property"))
	ev := x.Roll(0, 1, 2)
	require.Contains(t, opolytest.Text(ev, 0), "Seat 1 has no project that can be cancelled.")
	require.Equal(t, 0, x.Owner(pAgile))
}

// TestA000_15_AllCertificationsDouble: 4 owned = twice 3 owned.
func TestA000_15_AllCertificationsDouble(t *testing.T) {
	r := projectopoly.Rules().Board.Cells[pAgile].Rents
	require.Equal(t, 2*r[2], r[3])
}

// TestA000_16_PassingCostsNothing: only landing pays.
func TestA000_16_PassingCostsNothing(t *testing.T) {
	x := newPP(t, 2, 5000, nil)
	x.E.Own(1, pIntranet, pTimesheet)
	x.E.Pos(0, 3)
	x.Done()
	x.Roll(0, 3, 4) // passes 6 and 8, lands on 10
	require.Equal(t, int64(5000), x.Cash(0))
}

// TestA000_17_EvenRelease.
func TestA000_17_EvenRelease(t *testing.T) {
	x := newPP(t, 2, 5000, nil)
	x.E.Own(0, pAI, pCoreBank).Level(2, pAI).Level(1, pCoreBank)
	x.Done()
	x.Refuse(0, opoly.SellBuilding{Cell: pCoreBank}, engine.CodeIllegal)
	x.Do(0, opoly.SellBuilding{Cell: pAI})
}

// TestA000_18_ShortageThreshold: with 6 FTE free there is no auction.
func TestA000_18_ShortageThreshold(t *testing.T) {
	x := shortageBoard(t)
	x.E.Level(3, pStore) // 6 FTE free
	x.Done()
	u, _ := supply(x)
	require.Equal(t, 6, u)
	x.Do(0, opoly.Build{Cell: pAI})
	require.Equal(t, 1, x.Level(pAI))
	require.Equal(t, opoly.PhaseRoll, x.Phase())
}

// TestA000_19_ExtendedGroupCannotBeStaffed.
func TestA000_19_ExtendedGroupCannotBeStaffed(t *testing.T) {
	x := newPP(t, 2, 10000, nil)
	x.E.Own(0, pAI, pCoreBank).Level(1, pAI, pCoreBank)
	x.Done()
	x.Do(0, opoly.SellAndMortgage{Cell: pAI})
	require.Equal(t, 0, x.Level(pCoreBank))
	x.Refuse(0, opoly.Build{Cell: pCoreBank}, engine.CodeIllegal)
}

// TestA000_22_FeesCollectedAutomatically: no claim is needed.
func TestA000_22_FeesCollectedAutomatically(t *testing.T) {
	x := newPP(t, 2, 5000, nil)
	x.E.Own(1, pHR)
	x.Done()
	x.LandOn(0, pHR)
	require.Equal(t, int64(5260), x.Cash(1))
	require.Equal(t, opoly.PhasePostRoll, x.Phase())
}

// TestA000_23_SalePriceAtLeastTenEuros.
func TestA000_23_SalePriceAtLeastTenEuros(t *testing.T) {
	x := newPP(t, 2, 5000, nil)
	x.E.Own(1, pRisk)
	x.Done()
	x.Refuse(0, opoly.ProposeTrade{To: 1, Take: []int{pRisk}, Money: 0}, engine.CodeIllegal)
	x.Do(0, opoly.ProposeTrade{To: 1, Take: []int{pRisk}, Money: 10})
}

// TestA000_23_SaleSentenceNamesTheMoney: a sale's sentence says what the
// buyer gives, the money ("Seat 1 gives 3.500€"), not "gives nothing and
// 3.500€".
func TestA000_23_SaleSentenceNamesTheMoney(t *testing.T) {
	x := newPP(t, 2, 5000, nil)
	x.E.Own(1, pRisk)
	x.Done()
	ev := x.Do(0, opoly.ProposeTrade{To: 1, Take: []int{pRisk}, Money: 3500})
	require.Contains(t, opolytest.Text(ev, 0), "Seat 1 gives 3.500€; Seat 2 gives ")
	require.NotContains(t, opolytest.Text(ev, 0), "nothing")
}

// TestA000_24_ManageInOwnTurnOnly.
func TestA000_24_ManageInOwnTurnOnly(t *testing.T) {
	x := newPP(t, 2, 10000, nil)
	x.E.Own(1, pAI, pCoreBank)
	x.Done()
	x.Refuse(1, opoly.Build{Cell: pAI}, engine.CodeNotYourTurn)
	x.Refuse(1, opoly.Mortgage{Cell: pAI}, engine.CodeNotYourTurn)
}

// TestA000_26_ChanceDeckName.
func TestA000_26_ChanceDeckName(t *testing.T) {
	require.Equal(t, "Chance", projectopoly.Rules().Board.Decks[dChance].Name)
	require.Equal(t, "Chance", projectopoly.Rules().Board.Cells[pChance1].Name)
}

// TestA000_27_ExtendedProjectCanBeSold.
func TestA000_27_ExtendedProjectCanBeSold(t *testing.T) {
	x := newPP(t, 2, 5000, nil)
	x.E.Own(0, pIntranet).Mortgaged(pIntranet)
	x.Done()
	x.Do(0, opoly.ProposeTrade{To: 1, Give: []int{pIntranet}, Money: -200})
	x.Do(1, opoly.AcceptTrade{})
	require.Equal(t, 1, x.Owner(pIntranet))
	require.True(t, extended(x, pIntranet))
	require.Equal(t, int64(5000-200-50), x.Cash(1))
}

// TestA000_28_ExtensionOnCertificationsAndServices.
func TestA000_28_ExtensionOnCertificationsAndServices(t *testing.T) {
	x := newPP(t, 2, 5000, nil)
	x.E.Own(0, pAgile, pDesk)
	x.Done()
	x.Do(0, opoly.Mortgage{Cell: pAgile})
	x.Do(0, opoly.Mortgage{Cell: pDesk})
	require.Equal(t, int64(5000+1000+750), x.Cash(0))
}
