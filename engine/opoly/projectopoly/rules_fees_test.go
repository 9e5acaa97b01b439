package projectopoly_test

import (
	"testing"

	"boardroom/engine"
	"boardroom/engine/opoly"
	"boardroom/engine/opoly/opolytest"

	"github.com/stretchr/testify/require"
)

// TestR000_14_CoreBankingFees is acceptance test 5 of 6.3: the fees on Core
// Banking Replacement (39) by staffing, doubled on the complete Blue group.
func TestR000_14_CoreBankingFees(t *testing.T) {
	x := newPP(t, 2, 50000, nil)
	x.E.Own(1, pCoreBank)
	x.Done()
	require.Equal(t, int64(500), x.Fee(pCoreBank), "group not complete")
	x.E.Own(1, pAI)
	x.Done()
	require.Equal(t, int64(1000), x.Fee(pCoreBank), "Blue complete, no FTE")
	for lvl, want := range []int64{1: 2000, 2: 6000, 3: 14000, 4: 17000, 5: 20000} {
		if lvl == 0 {
			continue
		}
		x.E.Level(lvl, pCoreBank).Level(max(lvl-1, 0), pAI)
		if lvl == 5 {
			x.E.Level(4, pAI)
		}
		x.Done()
		require.Equal(t, want, x.Fee(pCoreBank), "level %d", lvl)
	}
	ev := x.LandOn(0, pCoreBank)
	require.Contains(t, opolytest.Text(ev, 0), "Seat 1 paid 20.000€ to Seat 2: outsourcing fee for Core Banking Replacement; balance 30.000€.")
}

// TestR000_13_NoFeeWhenExtended: a project under budget extension charges
// nothing (A000-13); it still counts for the complete group (MF-5).
func TestR000_13_NoFeeWhenExtended(t *testing.T) {
	x := newPP(t, 2, 10000, nil)
	x.E.Own(1, pAI, pCoreBank).Mortgaged(pAI)
	x.Done()
	require.Equal(t, int64(0), x.Fee(pAI))
	require.Equal(t, int64(1000), x.Fee(pCoreBank))
	x.LandOn(0, pAI)
	require.Equal(t, int64(10000), x.Cash(0))
}

// TestG000_03_CertificationFees is acceptance test 7 of 6.3 (R000-14, A000-15).
func TestG000_03_CertificationFees(t *testing.T) {
	x := newPP(t, 2, 10000, nil)
	certs := []int{pAgile, pRisk, pProgramme, pPortfolio}
	for i, want := range []int64{250, 500, 1000, 2000} {
		x.E.Own(1, certs[i])
		x.Done()
		require.Equal(t, want, x.Fee(pAgile), "%d certifications", i+1)
	}
	// C8: advancing to the nearest certification doubles the fee.
	x.E.Pos(0, pChance1-3).Top(dChance, "C8")
	x.Done()
	x.Roll(0, 1, 2)
	require.Equal(t, pRisk, x.Pos(0))
	require.Equal(t, int64(10000-4000), x.Cash(0))
}

// TestG000_04_ServiceFees: dice total × 40€ with one service, × 100€ with
// both; C9 makes the lander throw afresh and pay 100€ × the total.
func TestG000_04_ServiceFees(t *testing.T) {
	x := newPP(t, 2, 10000, nil)
	x.E.Own(1, pDesk)
	x.Done()
	x.LandOn(0, pDesk)
	require.Equal(t, int64(10000-3*40), x.Cash(0))
	x.Do(0, opoly.EndTurn{})
	x.E.Own(1, pCloudHost).Cash(0, 10000)
	x.Done()
	x.LandOn(0, pDesk)
	require.Equal(t, int64(10000-3*100), x.Cash(0))

	x = newPP(t, 2, 10000, nil)
	x.E.Own(1, pDesk).Pos(0, pChance1-3).Top(dChance, "C9").Dice(1, 2, 5, 6)
	x.Done()
	x.Do(0, opoly.Roll{})
	require.Equal(t, pDesk, x.Pos(0))
	require.Equal(t, int64(10000-1100), x.Cash(0))
}

// TestG000_05_PenaltyCells: Quality Audit 2.000€, Scope Creep 1.000€ to FICO.
func TestG000_05_PenaltyCells(t *testing.T) {
	x := newPP(t, 2, 10000, nil)
	ev := x.LandOn(0, pAudit)
	require.Equal(t, int64(8000), x.Cash(0))
	require.Contains(t, opolytest.Text(ev, 0), "paid 2.000€ to FICO: Quality Audit")
	x.Do(0, opoly.EndTurn{})
	x.LandOn(1, pScopeCreep)
	require.Equal(t, int64(9000), x.Cash(1))
}

// TestR000_11_BuyAtPrintedValue and the declined purchase (R000-12).
func TestR000_11_BuyAtPrintedValue(t *testing.T) {
	x := newPP(t, 2, 10000, nil)
	x.LandOn(0, pIntranet)
	require.Equal(t, opoly.PhaseBuy, x.Phase())
	ev := x.Do(0, opoly.Buy{})
	require.Equal(t, 0, x.Owner(pIntranet))
	require.Contains(t, opolytest.Text(ev, 0), "Seat 1 paid 1.000€ to FICO: purchase of Intranet Refresh; balance 9.000€.")
}

// TestR000_12_DeclinedPurchaseAuction: by default a sealed-bid auction
// among all PMs, decliner included (A000-08, G000-11); bids in steps of 10€.
func TestR000_12_DeclinedPurchaseAuction(t *testing.T) {
	x := newPP(t, 3, 10000, nil)
	x.LandOn(0, pIntranet)
	x.Do(0, opoly.Decline{})
	require.Equal(t, opoly.PhaseAuction, x.Phase())
	p := x.G.Prompt()
	require.Equal(t, engine.DecisionBid, p.DecisionKind())
	require.Len(t, p.Waiting, 3)
	x.Refuse(1, opoly.Bid{Amount: 505}, engine.CodeIllegal)
	x.Do(0, opoly.Bid{Amount: 500})
	x.Do(1, opoly.Bid{Amount: 900})
	x.Do(2, opoly.Bid{Amount: 0})
	require.Equal(t, 1, x.Owner(pIntranet))
	require.Equal(t, int64(9100), x.Cash(1))
}

// TestA000_08_AuctionOnDeclineOff: with the lobby switch off a declined
// project "remains to be assigned".
func TestA000_08_AuctionOnDeclineOff(t *testing.T) {
	x := newPP(t, 2, 10000, map[string]string{"auctionOnDecline": "off"})
	x.LandOn(0, pIntranet)
	x.Do(0, opoly.Decline{})
	require.Equal(t, opoly.PhasePostRoll, x.Phase())
	require.Equal(t, opoly.Bank, x.Owner(pIntranet))
}

func TestA000_08_LobbyOptions(t *testing.T) {
	def := projectopolyDef()
	opts, err := def.ValidateOptions(4, nil)
	require.NoError(t, err)
	require.Equal(t, map[string]string{"endMode": "lastStanding", "auctionOnDecline": "on", "catchUp": "400"}, opts)
	_, err = def.ValidateOptions(4, map[string]string{"auctionOnDecline": "maybe"})
	require.Error(t, err)
	opts, err = def.ValidateOptions(4, map[string]string{"endMode": "rounds:30"})
	require.NoError(t, err)
	require.Equal(t, "rounds:30", opts["endMode"])
	var keys []string
	for _, o := range def.Info().Options {
		keys = append(keys, o.Key)
	}
	require.Equal(t, []string{"endMode", "auctionOnDecline", "catchUp"}, keys)
	require.Contains(t, def.Info().Options[0].Choices, "minutes:90")
}
