package opoly_test

import (
	"strconv"
	"strings"
	"testing"

	"boardroom/engine"
	"boardroom/engine/opoly"
	"boardroom/engine/opoly/projectopoly"

	"github.com/stretchr/testify/require"
)

// The remaining rule ids of the Projectopoly chapter, one test each.

// TestR000_01_Goal: at the end the richest PM (net worth) wins.
func TestR000_01_Goal(t *testing.T) {
	def := projectopolyDef()
	g, err := def.New(engine.Setup{Seats: 4, Seed: 9, Options: map[string]string{"endMode": "rounds:10"}})
	require.NoError(t, err)
	bots := []engine.Bot{def.NewBot(0, 1), def.NewBot(1, 2), def.NewBot(2, 3), def.NewBot(3, 4)}
	for !g.Outcome().Finished {
		w := g.Prompt().Waiting[0].Seat
		_, err := g.Apply(w, bots[w].Choose(g.View(w), g.Legal(w)))
		require.NoError(t, err)
	}
	v := g.View(engine.Spectator).(opoly.View)
	best := 0
	for s, p := range v.Players {
		if p.Capital > v.Players[best].Capital {
			best = s
		}
	}
	out := g.Outcome()
	require.Equal(t, 1, out.Results[best].Placement)
	require.Equal(t, v.Players[best].Capital, out.Results[best].Score)
}

// TestR000_04_DecksFaceDownShuffled: two 16-card decks, shuffled per game;
// the view shows only their sizes.
func TestR000_04_DecksFaceDownShuffled(t *testing.T) {
	tops := map[string]bool{}
	for seed := uint64(1); seed <= 8; seed++ {
		g, err := projectopoly.Definition{}.New(engine.Setup{Seats: 2, Seed: seed})
		require.NoError(t, err)
		tops[opoly.Edit(g).DeckTop(dChance)] = true
		v := g.View(0).(opoly.View)
		require.Equal(t, []opoly.DeckView{{Name: "Chance", Size: 16}, {Name: "Project Chest", Size: 16}}, v.Decks)
	}
	require.Greater(t, len(tops), 1, "the order differs between games")
}

// TestR000_07_SeveralTokensOnACell.
func TestR000_07_SeveralTokensOnACell(t *testing.T) {
	x := newPP(t, 2, 5000, nil)
	x.e.Pos(1, pVacation)
	x.done()
	x.landOn(0, pVacation)
	require.Equal(t, x.pos(0), x.pos(1))
}

// TestR000_08_LandingOutcomes: own project nothing, free project a choice,
// another PM's project a fee, a card cell a card.
func TestR000_08_LandingOutcomes(t *testing.T) {
	x := newPP(t, 2, 5000, nil)
	x.e.Own(0, pIntranet)
	x.done()
	x.landOn(0, pIntranet)
	require.Equal(t, int64(5000), x.cash(0))
	require.Equal(t, opoly.PhasePostRoll, x.phase())
	x.do(0, opoly.EndTurn{})
	x.landOn(1, pIntranet)
	require.Equal(t, int64(5000-60), x.cash(1))
	x.do(1, opoly.EndTurn{})
	x.landOn(0, pTimesheet)
	require.Equal(t, opoly.PhaseBuy, x.phase())
	x.do(0, opoly.Buy{})
	x.do(0, opoly.EndTurn{})
	ev := x.landOn(1, pChance1)
	require.Contains(t, text(ev, 1), "Seat 2 drew Chance")
}

// TestR000_16_CardsGoToTheBottom: a drawn card goes under its deck; the
// exit card is held instead.
func TestR000_16_CardsGoToTheBottom(t *testing.T) {
	x := newPP(t, 2, 5000, nil)
	x.e.Pos(0, pChance1-3).Top(dChance, "C10")
	x.done()
	x.roll(0, 1, 2)
	require.Equal(t, int64(5500), x.cash(0))
	require.Equal(t, "C10", x.e.DeckBottom(dChance))
	x.do(0, opoly.EndTurn{})
	x.e.Turn(1).Pos(1, pChance1-3).Top(dChance, "C12")
	x.done()
	x.roll(1, 1, 2)
	require.Equal(t, []int{dChance}, x.v(1).Players[1].JailCards)
	require.Equal(t, 15, x.v(1).Decks[dChance].Size)
}

// TestR000_17_Vacation: no effect, no pot.
func TestR000_17_Vacation(t *testing.T) {
	x := newPP(t, 2, 5000, nil)
	x.landOn(0, pScopeCreep)
	x.do(0, opoly.EndTurn{})
	x.landOn(1, pVacation)
	require.Equal(t, int64(5000), x.cash(1), "no fines collected on Vacation")
}

// TestG000_01_Names: the game's own names, no classic edition's.
func TestG000_01_Names(t *testing.T) {
	rs := projectopoly.Rules()
	require.Equal(t, "Projectopoly", rs.Title)
	require.Equal(t, "Go!", rs.Board.Cells[0].Name)
	require.Equal(t, "Vacation", rs.Board.Cells[20].Name)
	for _, c := range rs.Board.Cells {
		require.NotContains(t, strings.ToLower(c.Name), "street")
		require.NotContains(t, strings.ToLower(c.Name), "jail")
	}
}

// TestG000_02_Board: 40 cells, the groups where the seed puts them, every
// extension half the price and every repay value of the table.
func TestG000_02_Board(t *testing.T) {
	rs := projectopoly.Rules()
	b := rs.Board
	require.Len(t, b.Cells, 40)
	want := map[string][]int{"Grey": {1, 3}, "Brown": {6, 8, 9}, "Red": {11, 13, 14}, "Orange": {16, 18, 19},
		"Pink": {21, 23, 24}, "Yellow": {26, 27, 29}, "Green": {31, 32, 34}, "Blue": {37, 39},
		"PM Certifications": {5, 15, 25, 35}, "Services": {12, 28}}
	for _, g := range b.Groups {
		name := strings.SplitN(g.Name, " –", 2)[0]
		require.Equal(t, want[name], g.Cells, g.Name)
	}
	require.Equal(t, opoly.KindJail, b.Cells[10].Kind, "between Brown and Red")
	require.Equal(t, opoly.KindGoToJail, b.Cells[30].Kind, "between Yellow and Green")
	repay := map[int]int64{1: 330, 3: 330, 5: 1100, 6: 550, 9: 660, 11: 770, 12: 830, 14: 880, 16: 990, 19: 1100,
		21: 1210, 24: 1320, 26: 1430, 29: 1540, 31: 1650, 34: 1760, 37: 1930, 39: 2200}
	for c, r := range repay {
		require.Equal(t, b.Cells[c].Price/2, b.Cells[c].Mortgage, "cell %d", c)
		require.Equal(t, r, rs.LiftCost(c), "cell %d", c)
	}
}

// TestG000_07_ChanceDeck: 16 original cards, one exit card; C4 advances to
// Mobile Banking App.
func TestG000_07_ChanceDeck(t *testing.T) {
	d := projectopoly.Rules().Board.Decks[dChance]
	require.Len(t, d.Cards, 16)
	keep := 0
	for i, c := range d.Cards {
		require.Equal(t, "C"+strconv.Itoa(i+1), c.ID)
		if c.Kind == opoly.CardGetOutFree {
			keep++
		}
	}
	require.Equal(t, 1, keep)
	x := newPP(t, 2, 5000, nil)
	x.e.Pos(0, pChance1-3).Top(dChance, "C4")
	x.done()
	x.roll(0, 1, 2)
	require.Equal(t, pBanking, x.pos(0))
}

// TestG000_08_ProjectChestDeck: 16 cards; P7 collects 100€ from every other PM.
func TestG000_08_ProjectChestDeck(t *testing.T) {
	d := projectopoly.Rules().Board.Decks[dChest]
	require.Len(t, d.Cards, 16)
	x := newPP(t, 3, 5000, nil)
	x.e.Pos(0, 14).Top(dChest, "P7")
	x.done()
	x.roll(0, 1, 2)
	require.Equal(t, int64(5200), x.cash(0))
	require.Equal(t, int64(4900), x.cash(1))
}

// TestG000_11_AuctionFormat: all PMs bid, the decliner too, in steps of
// 10€; with no bid the project stays free.
func TestG000_11_AuctionFormat(t *testing.T) {
	x := newPP(t, 2, 5000, nil)
	x.landOn(0, pIntranet)
	x.do(0, opoly.Decline{})
	require.Equal(t, []int{0, 1}, x.v(0).Auction.Bidders)
	b := x.g.Legal(1)[0].(engine.Template).Param()
	require.Equal(t, int64(10), b.Step)
	x.do(0, opoly.Bid{})
	x.do(1, opoly.Bid{})
	require.Equal(t, opoly.Bank, x.owner(pIntranet))
}

// TestG000_13_DeadlineOption: lastStanding, rounds:N and minutes:M (the
// table applies TimeUp; the round in progress is the last).
func TestG000_13_DeadlineOption(t *testing.T) {
	g, err := projectopoly.Definition{}.New(engine.Setup{Seats: 2, Seed: 1, Options: map[string]string{"endMode": "minutes:90"}})
	require.NoError(t, err)
	m, a := g.(engine.TimeLimited).TimeLimit()
	require.Equal(t, 90, m)
	ev, err := g.Apply(engine.Table, a)
	require.NoError(t, err)
	require.Contains(t, ev[0].Text, "the game ends after this round")
}

// TestG000_14_NetWorth: cash + price of unextended assets + (price - repay)
// of extended ones + staffing value; exit cards count 0.
func TestG000_14_NetWorth(t *testing.T) {
	x := newPP(t, 2, 1000, nil)
	x.e.Own(0, pAgile, pAI, pCoreBank).Mortgaged(pAgile).Level(2, pAI, pCoreBank).GiveCard(0, dChance)
	x.done()
	require.Equal(t, int64(1000+(2000-1100)+3500+4000+2*2000+2*2000), x.v(0).Players[0].Capital)
}

// TestG000_15_Rounding: 10% surcharges round up to 10€.
func TestG000_15_Rounding(t *testing.T) {
	rs := projectopoly.Rules()
	require.Equal(t, int64(180), rs.TransferFee(pAI))  // 10% of 1.750€ = 175€
	require.Equal(t, int64(80), rs.TransferFee(pDesk)) // 75€
	require.Equal(t, int64(1930), rs.LiftCost(pAI))
}

// TestG000_16_WFAFeeWhenShort: the forced 500€ of the third turn is a debt
// to FICO.
func TestG000_16_WFAFeeWhenShort(t *testing.T) {
	x := newPP(t, 2, 300, nil)
	x.e.Own(0, pAgile).Jail(0, 2)
	x.done()
	x.roll(0, 1, 2)
	require.Equal(t, opoly.PhaseDebt, x.phase())
	require.Equal(t, int64(500), x.v(0).Debt.Amount)
	x.do(0, opoly.Mortgage{Cell: pAgile})
	require.Equal(t, int64(300+1000-500), x.cash(0))
	require.Equal(t, pPortal, x.pos(0), "then it moves by the roll")
}

// TestG000_17_RollOffWinnerStartsOnGo: the winner's first turn is a normal
// turn from Go!.
func TestG000_17_RollOffWinnerStartsOnGo(t *testing.T) {
	g, err := projectopoly.Definition{}.New(engine.Setup{Seats: 3, Seed: 4})
	require.NoError(t, err)
	v := g.View(engine.Spectator).(opoly.View)
	require.Equal(t, v.Order[0], v.Active)
	require.Equal(t, opoly.PhaseRoll, v.Phase)
	for _, p := range v.Players {
		require.Equal(t, 0, p.Position)
	}
	last := v.RollOff[len(v.RollOff)-1]
	for s, x := range last {
		if s != v.Active {
			require.Less(t, x, last[v.Active])
		}
	}
}

// TestA000_01_FiveThousandNotes: 10.000€ plus one 5.000€ note per player
// fewer than 7.
func TestA000_01_FiveThousandNotes(t *testing.T) {
	rs := projectopoly.Rules()
	for n := 2; n <= 7; n++ {
		require.Equal(t, int64(10000+5000*(7-n)), rs.StartMoney[n])
	}
}

// TestA000_02_MoneyPerPlayer: every PM gets the whole amount.
func TestA000_02_MoneyPerPlayer(t *testing.T) {
	g, err := projectopoly.Definition{}.New(engine.Setup{Seats: 3, Seed: 2})
	require.NoError(t, err)
	var total int64
	v := g.View(engine.Spectator).(opoly.View)
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
	for _, p := range g.View(engine.Spectator).(opoly.View).Players {
		require.Len(t, p.Props, 2)
	}
}

// TestA000_04_DealtCardsPaid: cash = money − prices of the dealt cards.
func TestA000_04_DealtCardsPaid(t *testing.T) {
	g, err := projectopoly.Definition{}.New(engine.Setup{Seats: 4, Seed: 5})
	require.NoError(t, err)
	v := g.View(engine.Spectator).(opoly.View)
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
	x.ownAll(0)
	x.e.Pos(0, pChance3-3).Top(dChance, "C4")
	x.done()
	x.roll(0, 1, 2)
	require.Equal(t, pBanking, x.pos(0))
	require.Equal(t, int64(7000), x.cash(0))
	x.do(0, opoly.EndTurn{})
	x.e.Turn(0).Pos(0, pChance1-3).Top(dChance, "C3").Cash(0, 5000)
	x.done()
	x.roll(0, 1, 2) // Chance on 7, back 3 to Quality Audit
	require.Equal(t, pAudit, x.pos(0))
	require.Equal(t, int64(3000), x.cash(0), "the audit, and no Go! money")
}

// TestA000_06_TwoWFACells: 30 sends to 10 as held; 10 alone is transit.
func TestA000_06_TwoWFACells(t *testing.T) {
	x := newPP(t, 2, 5000, nil)
	x.landOn(0, pGoToWFA)
	require.True(t, x.v(0).Players[0].InJail)
	require.Equal(t, pWFA, x.pos(0))
	x.landOn(1, pWFA)
	require.False(t, x.v(1).Players[1].InJail)
}

// TestA000_07_TransitAndVacationHaveNoEffect.
func TestA000_07_TransitAndVacationHaveNoEffect(t *testing.T) {
	x := newPP(t, 2, 5000, nil)
	x.landOn(0, pWFA)
	require.Equal(t, opoly.PhasePostRoll, x.phase())
	x.do(0, opoly.EndTurn{})
	x.landOn(1, pVacation)
	require.Equal(t, opoly.PhasePostRoll, x.phase())
	require.Equal(t, int64(5000), x.cash(0))
	require.Equal(t, int64(5000), x.cash(1))
}

// TestA000_09_MandatoryReroll: after a double the PM must roll again.
func TestA000_09_MandatoryReroll(t *testing.T) {
	x := newPP(t, 2, 50000, nil)
	x.ownAll(0)
	x.roll(0, 2, 2)
	require.Equal(t, []engine.Wait{{Seat: 0, Default: opoly.Roll{}}}, x.g.Prompt().Waiting)
	x.refuse(0, opoly.EndTurn{}, engine.CodeIllegal)
}

// TestA000_10_ThirdDoubleDoesNotMove: even a roll that would pass Go! pays
// nothing.
func TestA000_10_ThirdDoubleDoesNotMove(t *testing.T) {
	x := newPP(t, 2, 50000, nil)
	x.ownAll(0)
	x.e.Pos(0, 23)
	x.done()
	x.roll(0, 1, 1) // 25
	x.roll(0, 2, 2) // 29
	x.roll(0, 6, 6) // would pass Go!
	require.Equal(t, pWFA, x.pos(0))
	require.Equal(t, int64(50000), x.cash(0))
}

// TestA000_11_WFAExitRolls: leaving by doubles gives no extra roll; having
// paid, a double gives one.
func TestA000_11_WFAExitRolls(t *testing.T) {
	x := newPP(t, 2, 5000, nil)
	x.ownAll(0)
	x.e.Jail(0, 0)
	x.done()
	x.roll(0, 4, 4)
	require.False(t, x.v(0).MustRoll)
	x.do(0, opoly.EndTurn{})
	x.e.Turn(0).Jail(0, 0)
	x.done()
	x.do(0, opoly.PayJailFee{})
	x.roll(0, 4, 4)
	require.True(t, x.v(0).MustRoll)
}

// TestA000_12_LevelsFourFTEThenTeamQM.
func TestA000_12_LevelsFourFTEThenTeamQM(t *testing.T) {
	v := newPP(t, 2, 1000, nil).v(0)
	require.Equal(t, 5, v.MaxLevel)
	require.Equal(t, []string{"FTE 1", "FTE 2", "FTE 3", "FTE 4", "Team+QM"}, v.Rules.Words.Levels)
	require.Equal(t, &opoly.SupplyView{Units: 32, UnitsFree: 32, Tops: 12, TopsFree: 12}, v.Supply)
}

// TestA000_13_PMInWFACollects: only an extension cancels the fee.
func TestA000_13_PMInWFACollects(t *testing.T) {
	x := newPP(t, 2, 5000, nil)
	x.e.Own(1, pIntranet).Jail(1, 0)
	x.done()
	x.landOn(0, pIntranet)
	require.Equal(t, int64(5060), x.cash(1))
}

// TestA000_14_CancellationIsACardOnly: no player action cancels a project;
// C16 ignores certifications and services.
func TestA000_14_CancellationIsACardOnly(t *testing.T) {
	x := newPP(t, 2, 5000, nil)
	x.e.Own(0, pAgile, pDesk).Pos(0, pChance1-3).Top(dChance, "C16")
	x.done()
	require.False(t, x.hasAction(0, "choose_property"))
	ev := x.roll(0, 1, 2)
	require.Contains(t, text(ev, 0), "Seat 1 has no project that can be cancelled.")
	require.Equal(t, 0, x.owner(pAgile))
}

// TestA000_15_AllCertificationsDouble: 4 owned = twice 3 owned.
func TestA000_15_AllCertificationsDouble(t *testing.T) {
	r := projectopoly.Rules().Board.Cells[pAgile].Rents
	require.Equal(t, 2*r[2], r[3])
}

// TestA000_16_PassingCostsNothing: only landing pays.
func TestA000_16_PassingCostsNothing(t *testing.T) {
	x := newPP(t, 2, 5000, nil)
	x.e.Own(1, pIntranet, pTimesheet)
	x.e.Pos(0, 3)
	x.done()
	x.roll(0, 3, 4) // passes 6 and 8, lands on 10
	require.Equal(t, int64(5000), x.cash(0))
}

// TestA000_17_EvenRelease.
func TestA000_17_EvenRelease(t *testing.T) {
	x := newPP(t, 2, 5000, nil)
	x.e.Own(0, pAI, pCoreBank).Level(2, pAI).Level(1, pCoreBank)
	x.done()
	x.refuse(0, opoly.SellBuilding{Cell: pCoreBank}, engine.CodeIllegal)
	x.do(0, opoly.SellBuilding{Cell: pAI})
}

// TestA000_18_ShortageThreshold: with 6 FTE free there is no auction.
func TestA000_18_ShortageThreshold(t *testing.T) {
	x := shortageBoard(t)
	x.e.Level(3, pStore) // 6 FTE free
	x.done()
	u, _ := x.supply()
	require.Equal(t, 6, u)
	x.do(0, opoly.Build{Cell: pAI})
	require.Equal(t, 1, x.level(pAI))
	require.Equal(t, opoly.PhaseRoll, x.phase())
}

// TestA000_19_ExtendedGroupCannotBeStaffed.
func TestA000_19_ExtendedGroupCannotBeStaffed(t *testing.T) {
	x := newPP(t, 2, 10000, nil)
	x.e.Own(0, pAI, pCoreBank).Level(1, pAI, pCoreBank)
	x.done()
	x.do(0, opoly.SellAndMortgage{Cell: pAI})
	require.Equal(t, 0, x.level(pCoreBank))
	x.refuse(0, opoly.Build{Cell: pCoreBank}, engine.CodeIllegal)
}

// TestA000_22_FeesCollectedAutomatically: no claim is needed.
func TestA000_22_FeesCollectedAutomatically(t *testing.T) {
	x := newPP(t, 2, 5000, nil)
	x.e.Own(1, pHR)
	x.done()
	x.landOn(0, pHR)
	require.Equal(t, int64(5260), x.cash(1))
	require.Equal(t, opoly.PhasePostRoll, x.phase())
}

// TestA000_23_SalePriceAtLeastTenEuros.
func TestA000_23_SalePriceAtLeastTenEuros(t *testing.T) {
	x := newPP(t, 2, 5000, nil)
	x.e.Own(1, pRisk)
	x.done()
	x.refuse(0, opoly.ProposeTrade{To: 1, Take: []int{pRisk}, Money: 0}, engine.CodeIllegal)
	x.do(0, opoly.ProposeTrade{To: 1, Take: []int{pRisk}, Money: 10})
}

// TestA000_24_ManageInOwnTurnOnly.
func TestA000_24_ManageInOwnTurnOnly(t *testing.T) {
	x := newPP(t, 2, 10000, nil)
	x.e.Own(1, pAI, pCoreBank)
	x.done()
	x.refuse(1, opoly.Build{Cell: pAI}, engine.CodeNotYourTurn)
	x.refuse(1, opoly.Mortgage{Cell: pAI}, engine.CodeNotYourTurn)
}

// TestA000_26_ChanceDeckName.
func TestA000_26_ChanceDeckName(t *testing.T) {
	require.Equal(t, "Chance", projectopoly.Rules().Board.Decks[dChance].Name)
	require.Equal(t, "Chance", projectopoly.Rules().Board.Cells[pChance1].Name)
}

// TestA000_27_ExtendedProjectCanBeSold.
func TestA000_27_ExtendedProjectCanBeSold(t *testing.T) {
	x := newPP(t, 2, 5000, nil)
	x.e.Own(0, pIntranet).Mortgaged(pIntranet)
	x.done()
	x.do(0, opoly.ProposeTrade{To: 1, Give: []int{pIntranet}, Money: -200})
	x.do(1, opoly.AcceptTrade{})
	require.Equal(t, 1, x.owner(pIntranet))
	require.True(t, x.extended(pIntranet))
	require.Equal(t, int64(5000-200-50), x.cash(1))
}

// TestA000_28_ExtensionOnCertificationsAndServices.
func TestA000_28_ExtensionOnCertificationsAndServices(t *testing.T) {
	x := newPP(t, 2, 5000, nil)
	x.e.Own(0, pAgile, pDesk)
	x.done()
	x.do(0, opoly.Mortgage{Cell: pAgile})
	x.do(0, opoly.Mortgage{Cell: pDesk})
	require.Equal(t, int64(5000+1000+750), x.cash(0))
}
