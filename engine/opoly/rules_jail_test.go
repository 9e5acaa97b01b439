package opoly_test

import (
	"testing"

	"boardroom/engine"
	"boardroom/engine/opoly"

	"github.com/stretchr/testify/require"
)

func TestR004_19_JailPromptAndDefault(t *testing.T) {
	x := newTG(t, 2, 1500, nil)
	x.e.Jail(0, 0)
	x.done()
	p := x.g.Prompt()
	require.Equal(t, opoly.PhaseJail, p.Phase)
	require.Equal(t, engine.Action(opoly.Roll{}), p.Waiting[0].Default)
	require.True(t, x.hasAction(0, "pay_jail_fee"))
	require.False(t, x.hasAction(0, "use_jail_card"))
}

func TestR004_19_DoublesLeaveJailWithoutExtraRoll(t *testing.T) {
	x := newTG(t, 2, 1500, nil)
	x.ownAll(0)
	x.e.Jail(0, 1)
	x.done()
	x.roll(0, 3, 3)
	v := x.v(0)
	require.False(t, v.Players[0].InJail)
	require.Equal(t, cSports, v.Players[0].Position)
	require.False(t, v.MustRoll)
	require.True(t, x.hasAction(0, "end_turn"))
}

func TestR004_19_FailedRollStaysAndEndsTurn(t *testing.T) {
	x := newTG(t, 2, 1500, nil)
	x.e.Jail(0, 0)
	x.done()
	x.roll(0, 1, 2)
	p := x.v(0).Players[0]
	require.True(t, p.InJail)
	require.Equal(t, 1, p.JailTurns)
	require.Equal(t, cJail, p.Position)
	require.Equal(t, x.next(0), x.active())
}

func TestG004_06_PayFeeBeforeRolling(t *testing.T) {
	x := newTG(t, 2, 1500, nil)
	x.ownAll(0)
	x.e.Jail(0, 0)
	x.done()
	ev := x.do(0, opoly.PayJailFee{})
	require.Contains(t, text(ev, 0), "paid $50 to the bank: fee to leave jail; balance $1,450.")
	require.False(t, x.v(0).Players[0].InJail)
	require.Equal(t, opoly.PhaseRoll, x.phase())
	// A004-14: leaving by paying, a double gives the normal extra roll.
	x.roll(0, 2, 2)
	require.True(t, x.v(0).MustRoll)
}

func TestG004_06_FeeNeedsCash(t *testing.T) {
	x := newTG(t, 2, 40, nil)
	x.e.Jail(0, 0)
	x.done()
	require.False(t, x.hasAction(0, "pay_jail_fee"))
	x.refuse(0, opoly.PayJailFee{}, engine.CodeIllegal)
}

func TestR004_19_UseJailCard(t *testing.T) {
	x := newTG(t, 2, 1500, nil)
	x.e.Jail(0, 0).GiveCard(0, dP)
	x.done()
	require.Equal(t, 15, x.v(0).Decks[dP].Size)
	require.Equal(t, []int{dP}, x.v(1).Players[0].JailCards, "held cards are public")
	x.refuse(0, opoly.UseJailCard{Deck: dU}, engine.CodeIllegal)
	x.do(0, opoly.UseJailCard{Deck: dP})
	require.False(t, x.v(0).Players[0].InJail)
	require.Empty(t, x.v(0).Players[0].JailCards)
	require.Equal(t, 16, x.v(0).Decks[dP].Size)
	require.Equal(t, "P5", x.e.DeckBottom(dP), "a used card goes to the bottom")
	require.Equal(t, int64(1500), x.cash(0))
}

func TestG004_07_ThirdFailedTurnForcesTheFee(t *testing.T) {
	x := newTG(t, 2, 1500, nil)
	x.ownAll(0)
	x.e.Jail(0, 2)
	x.done()
	x.roll(0, 1, 2)
	p := x.v(0).Players[0]
	require.False(t, p.InJail)
	require.Equal(t, cArts, p.Position)
	require.Equal(t, int64(1450), p.Cash)
	require.Equal(t, opoly.PhasePostRoll, x.phase())
	require.False(t, x.v(0).MustRoll)
}

func TestG004_07_ForcedFeeIsADebtWhenShort(t *testing.T) {
	x := newTG(t, 2, 20, nil)
	x.e.Jail(0, 2).Own(0, cBikeShed)
	x.done()
	x.roll(0, 1, 2)
	require.Equal(t, opoly.PhaseDebt, x.phase())
	v := x.v(0)
	require.NotNil(t, v.Debt)
	require.Equal(t, int64(50), v.Debt.Amount)
	require.Equal(t, []int{cBikeShed}, v.Debt.Mortgageable)
	require.True(t, v.Players[0].InJail, "the token moves once the fee is paid")
	x.do(0, opoly.Mortgage{Cell: cBikeShed})
	p := x.v(0).Players[0]
	require.False(t, p.InJail)
	require.Equal(t, cArts, p.Position)
	require.Equal(t, int64(0), p.Cash)
	require.Equal(t, opoly.PhaseBuy, x.phase(), "Faculty of Arts is unowned")
}
