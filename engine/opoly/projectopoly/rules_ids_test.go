package projectopoly_test

import (
	"strconv"
	"strings"
	"testing"

	"boardroom/engine"
	"boardroom/engine/opoly"
	"boardroom/engine/opoly/opolytest"
	"boardroom/engine/opoly/projectopoly"

	"github.com/stretchr/testify/require"
)

// The remaining rule ids of the Projectopoly chapter (R000, G000), one test
// each; the A000 answers are in pp_rules_answers_test.go.

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
	v := (*engine.ViewOf[opoly.View](g.View(engine.Spectator)))
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
		v := (*engine.ViewOf[opoly.View](g.View(0)))
		require.Equal(t, []opoly.DeckView{{Name: "Chance", Size: 16}, {Name: "Project Chest", Size: 16}}, v.Decks)
	}
	require.Greater(t, len(tops), 1, "the order differs between games")
}

// TestR000_07_SeveralTokensOnACell.
func TestR000_07_SeveralTokensOnACell(t *testing.T) {
	x := newPP(t, 2, 5000, nil)
	x.E.Pos(1, pVacation)
	x.Done()
	x.LandOn(0, pVacation)
	require.Equal(t, x.Pos(0), x.Pos(1))
}

// TestR000_08_LandingOutcomes: own project nothing, free project a choice,
// another PM's project a fee, a card cell a card.
func TestR000_08_LandingOutcomes(t *testing.T) {
	x := newPP(t, 2, 5000, nil)
	x.E.Own(0, pIntranet)
	x.Done()
	x.LandOn(0, pIntranet)
	require.Equal(t, int64(5000), x.Cash(0))
	require.Equal(t, opoly.PhasePostRoll, x.Phase())
	x.Do(0, opoly.EndTurn{})
	x.LandOn(1, pIntranet)
	require.Equal(t, int64(5000-60), x.Cash(1))
	x.Do(1, opoly.EndTurn{})
	x.LandOn(0, pTimesheet)
	require.Equal(t, opoly.PhaseBuy, x.Phase())
	x.Do(0, opoly.Buy{})
	x.Do(0, opoly.EndTurn{})
	ev := x.LandOn(1, pChance1)
	require.Contains(t, opolytest.Text(ev, 1), "Seat 2 drew Chance")
}

// TestR000_16_CardsGoToTheBottom: a drawn card goes under its deck; the
// exit card is held instead.
func TestR000_16_CardsGoToTheBottom(t *testing.T) {
	x := newPP(t, 2, 5000, nil)
	x.E.Pos(0, pChance1-3).Top(dChance, "C10")
	x.Done()
	x.Roll(0, 1, 2)
	require.Equal(t, int64(5500), x.Cash(0))
	require.Equal(t, "C10", x.E.DeckBottom(dChance))
	x.Do(0, opoly.EndTurn{})
	x.E.Turn(1).Pos(1, pChance1-3).Top(dChance, "C12")
	x.Done()
	x.Roll(1, 1, 2)
	require.Equal(t, []int{dChance}, x.V(1).Players[1].JailCards)
	require.Equal(t, 15, x.V(1).Decks[dChance].Size)
}

// TestR000_17_Vacation: no effect, no pot.
func TestR000_17_Vacation(t *testing.T) {
	x := newPP(t, 2, 5000, nil)
	x.LandOn(0, pScopeCreep)
	x.Do(0, opoly.EndTurn{})
	x.LandOn(1, pVacation)
	require.Equal(t, int64(5000), x.Cash(1), "no fines collected on Vacation")
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
	x.E.Pos(0, pChance1-3).Top(dChance, "C4")
	x.Done()
	x.Roll(0, 1, 2)
	require.Equal(t, pBanking, x.Pos(0))
}

// TestG000_08_ProjectChestDeck: 16 cards; P7 collects 100€ from every other PM.
func TestG000_08_ProjectChestDeck(t *testing.T) {
	d := projectopoly.Rules().Board.Decks[dChest]
	require.Len(t, d.Cards, 16)
	x := newPP(t, 3, 5000, nil)
	x.E.Pos(0, 14).Top(dChest, "P7")
	x.Done()
	x.Roll(0, 1, 2)
	require.Equal(t, int64(5200), x.Cash(0))
	require.Equal(t, int64(4900), x.Cash(1))
}

// TestG000_11_AuctionFormat: all PMs bid, the decliner too, in steps of
// 10€; with no bid the project stays free.
func TestG000_11_AuctionFormat(t *testing.T) {
	x := newPP(t, 2, 5000, nil)
	x.LandOn(0, pIntranet)
	x.Do(0, opoly.Decline{})
	require.Equal(t, []int{0, 1}, x.V(0).Auction.Bidders)
	b := x.G.Legal(1)[0].(engine.Template).Param()
	require.Equal(t, int64(10), b.Step)
	x.Do(0, opoly.Bid{})
	x.Do(1, opoly.Bid{})
	require.Equal(t, opoly.Bank, x.Owner(pIntranet))
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
	x.E.Own(0, pAgile, pAI, pCoreBank).Mortgaged(pAgile).Level(2, pAI, pCoreBank).GiveCard(0, dChance)
	x.Done()
	require.Equal(t, int64(1000+(2000-1100)+3500+4000+2*2000+2*2000), x.V(0).Players[0].Capital)
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
	x.E.Own(0, pAgile).Jail(0, 2)
	x.Done()
	x.Roll(0, 1, 2)
	require.Equal(t, opoly.PhaseDebt, x.Phase())
	require.Equal(t, int64(500), x.V(0).Debt.Amount)
	x.Do(0, opoly.Mortgage{Cell: pAgile})
	require.Equal(t, int64(300+1000-500), x.Cash(0))
	require.Equal(t, pPortal, x.Pos(0), "then it moves by the roll")
}

// TestG000_17_RollOffWinnerStartsOnGo: the winner's first turn is a normal
// turn from Go!.
func TestG000_17_RollOffWinnerStartsOnGo(t *testing.T) {
	g, err := projectopoly.Definition{}.New(engine.Setup{Seats: 3, Seed: 4})
	require.NoError(t, err)
	v := (*engine.ViewOf[opoly.View](g.View(engine.Spectator)))
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
