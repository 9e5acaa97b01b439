package opoly

import (
	"boardroom/tui/opoly/opolytuitest"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"boardroom/engine/opoly"
	"boardroom/tui/tuitest"
)

// Agile Practitioner Certification, extended: 1.000€ of extension, 10% is
// 100€, repaying it with interest 1.100€.
const (
	agileFee  = 100
	agileLift = 1100
)

// frames is the text of the panes at 80x24 and 160x50
// (opolytuitest.Frames).
func frames(t *testing.T, f *fixture) []string {
	t.Helper()
	return opolytuitest.Frames(t, f.Fixture, f.r.PaneArea)
}

// TestPPAcceptChoosesRedemption (R000-28): the partner receiving an
// extended project sees both costs on the proposal, and "a" opens the
// choice between 10% to FICO and repaying the extension with interest; the
// highlighted way's confirmation says what is paid, and only y sends it.
func TestPPAcceptChoosesRedemption(t *testing.T) {
	s := newPPState(t, 3, 10000).Own(1, ppAgile).Extend(ppAgile).Own(0, ppIntranet).TurnTo(1)
	f := s.Fixture(0, true)
	f.Live = true
	f.Apply(1, opoly.ProposeTrade{To: 0, Give: []int{ppAgile}, Money: -500})
	require.NotNil(t, tuitest.LegalKind(f.G, 0, "accept_trade"))
	f.As(1) // the proposer sees that the partner chooses
	for _, out := range frames(t, f) {
		assert.Contains(t, out, "ada pays FICO 10% (100€) or repays the budget extension (1.100€), as ada chooses on accepting.")
	}
	f.As(0)

	for _, out := range frames(t, f) {
		assert.Contains(t, out, "bob gives Agile Practitioner Certification (extended)")
		assert.Contains(t, out, "You choose on accepting: 10% to FICO (100€) or repay the budget extension (1.100€).")
		assert.Contains(t, out, "a accept (10% or repay)")
	}

	f.Key("a")
	require.Equal(t, modeChoice, f.r.mode)
	for _, out := range frames(t, f) {
		assert.Contains(t, out, "Accept the trade with bob?")
		assert.Contains(t, out, "You receive Agile Practitioner Certification under budget extension. Pay FICO:")
		assert.Contains(t, out, "> (*) 1. 10% of the budget extension to FICO: 100€ (stays extended, no fee)")
		assert.Contains(t, out, "( ) 2. repay the budget extension plus interest: 1.100€ (earns fees again)")
		assert.Contains(t, out, "Accept, paying FICO 10%, 100€? cash 10.000€ → 9.400€")
	}
	f.Key("down")
	for _, out := range frames(t, f) {
		assert.Contains(t, out, "( ) 1. 10% of the budget extension")
		assert.Contains(t, out, "> (*) 2. repay the budget extension plus interest: 1.100€")
		assert.Contains(t, out, "Accept and repay the budget extension, 1.100€ to FICO? cash 10.000€ → 8.400€")
	}
	f.Key("enter")
	require.Empty(t, f.Sent, "only y accepts")
	f.Key("y")
	require.Len(t, f.Sent, 1)
	assert.Equal(t, opoly.AcceptTrade{Redeem: true}, f.Sent[0])
	f.Refresh()
	v := f.view()
	assert.Equal(t, 0, v.Cells[ppAgile].Owner)
	assert.False(t, v.Cells[ppAgile].Mortgaged, "redeemed at once")
	assert.Equal(t, int64(10000-500-agileLift), v.Players[0].Cash)
	assert.Equal(t, modeBoard, f.r.mode)
}

// TestPPAcceptWithoutTheCashToRedeem: when Legal lists only the plain
// acceptance (the redemption is more than the partner has), "a" asks the
// usual question with the 10% in it, and the proposal offers no choice.
func TestPPAcceptWithoutTheCashToRedeem(t *testing.T) {
	s := newPPState(t, 3, 10000).Own(1, ppAgile).Extend(ppAgile).Own(0, ppIntranet).TurnTo(1).Cash(0, 900)
	f := s.Fixture(0, true)
	f.Apply(1, opoly.ProposeTrade{To: 0, Give: []int{ppAgile}, Money: -200})
	for _, out := range frames(t, f) {
		assert.Contains(t, out, "ada also pays FICO 100€ for receiving extended assets.")
		assert.NotContains(t, out, "or repay")
	}
	f.Key("a")
	require.Equal(t, modeConfirm, f.r.mode)
	for _, out := range frames(t, f) {
		assert.Contains(t, out, "Accept the trade with bob? cash 900€ → 600€ (with 100€ to FICO for the extended assets)")
	}
	f.Key("y")
	assert.Equal(t, opoly.AcceptTrade{}, f.Sent[0])
}

// TestPPProposalChoosesRedemption (R000-28): a proposer who asks for an
// extended project chooses in the review how to pay for it; the partner
// sees the choice in the offer, and accepting carries it out.
func TestPPProposalChoosesRedemption(t *testing.T) {
	s := newPPState(t, 3, 10000).Own(1, ppAgile).Extend(ppAgile).Own(0, ppIntranet).TurnTo(0)
	f := s.Fixture(0, true)
	f.Key("t")
	require.Equal(t, modeTrade, f.r.mode)
	if f.r.trade.stage == 0 { // bob is the first partner listed
		require.Equal(t, 1, f.r.trade.partners[f.r.trade.pidx])
		f.Key("enter")
	}
	f.Key("right", "space")
	for _, out := range frames(t, f) {
		assert.Contains(t, out, "[x] I (e) Agile Practitioner", "the board's mark, before the name a narrow list cuts")
	}
	f.Key("tab", "5", "0", "0", "enter")
	require.NotNil(t, f.r.trade.review, f.r.trade.err)
	for _, out := range frames(t, f) {
		assert.Contains(t, out, "Send this offer?")
		assert.Contains(t, out, "bob gives Agile Practitioner Certification (extended)")
		assert.Contains(t, out, "You receive Agile Practitioner Certification under budget extension. Pay FICO:")
		assert.Contains(t, out, "> (*) 10% of the budget extension to FICO: 100€ (stays extended, no fee)")
		assert.Contains(t, out, "( ) repay the budget extension plus interest: 1.100€ (earns fees again)")
		assert.Contains(t, out, "If bob accepts: cash 10.000€ → 9.400€ (100€ to FICO, 10%).")
		assert.Contains(t, out, "up/down: how to pay")
	}
	f.Key("down")
	for _, out := range frames(t, f) {
		assert.Contains(t, out, "> (*) repay the budget extension plus interest: 1.100€")
		assert.Contains(t, out, "If bob accepts: cash 10.000€ → 8.400€ (1.100€ to FICO, repaid).")
	}
	f.Key("y")
	require.Len(t, f.Sent, 1)
	pt, ok := f.Sent[0].(opoly.ProposeTrade)
	require.True(t, ok, "%#v", f.Sent[0])
	assert.Equal(t, opoly.ProposeTrade{To: 1, Take: []int{ppAgile}, Money: 500, Redeem: true}, pt)
	f.ApplySent()

	f.As(1)
	for _, out := range frames(t, f) {
		assert.Contains(t, out, "ada repays the budget extension of what it receives at once: 1.100€ to FICO.")
	}
	f.Key("a", "y")
	f.ApplySent()
	v := f.view()
	assert.Equal(t, 0, v.Cells[ppAgile].Owner)
	assert.False(t, v.Cells[ppAgile].Mortgaged)
	assert.Equal(t, int64(10000-500-agileLift), v.Players[0].Cash)
	assert.Equal(t, int64(10000+500), v.Players[1].Cash)
}

// TestPPProposalCannotRedeemWithoutTheCash: the redemption is shown but
// cannot be chosen when the cash left after the trade's money is short.
func TestPPProposalCannotRedeemWithoutTheCash(t *testing.T) {
	s := newPPState(t, 2, 10000).Own(1, ppAgile).Extend(ppAgile).Own(0, ppIntranet).TurnTo(0).Cash(0, 1000)
	f := s.Fixture(0, true)
	f.Key("t", "right", "space", "tab", "1", "0", "0", "enter")
	require.NotNil(t, f.r.trade.review, f.r.trade.err)
	f.Key("down")
	for _, out := range frames(t, f) {
		assert.Contains(t, out, "repay the budget extension plus interest: 1.100€ (earns fees again), not possible: too little cash")
		assert.Contains(t, out, "> (*) 10% of the budget extension to FICO: 100€ (stays extended, no fee)")
		assert.Contains(t, out, "cash 1.000€ → 800€")
	}
	f.Key("y")
	assert.Equal(t, opoly.ProposeTrade{To: 1, Take: []int{ppAgile}, Money: 100}, f.Sent[0])
}

// TestPPCounterChoosesRedemption (R000-28): the counter-proposer who would
// receive the extended project chooses how to pay in the counter's review,
// offered because Legal lists the redeeming counter.
func TestPPCounterChoosesRedemption(t *testing.T) {
	s := newPPState(t, 3, 10000).Own(1, ppAgile).Extend(ppAgile).Own(0, ppIntranet).TurnTo(1)
	f := s.Fixture(0, true)
	f.Apply(1, opoly.ProposeTrade{To: 0, Give: []int{ppAgile}, Money: -800})
	var listed bool
	for _, a := range f.G.Legal(0) {
		if ct, ok := a.(opoly.CounterTrade); ok && ct.Redeem {
			listed = true
		}
	}
	require.True(t, listed, "Legal lists the redeeming counter")
	f.Key("c")
	require.Equal(t, modeTrade, f.r.mode)
	f.Key("tab", "backspace", "backspace", "backspace", "5", "0", "0", "enter")
	require.NotNil(t, f.r.trade.review, f.r.trade.err)
	for _, out := range frames(t, f) {
		assert.Contains(t, out, "Send this counter-proposal?")
		assert.Contains(t, out, "> (*) 10% of the budget extension to FICO: 100€ (stays extended, no fee)")
		assert.Contains(t, out, "If bob accepts: cash 10.000€ → 9.400€")
	}
	f.Key("2")
	for _, out := range frames(t, f) {
		assert.Contains(t, out, "> (*) repay the budget extension plus interest: 1.100€")
		assert.Contains(t, out, "If bob accepts: cash 10.000€ → 8.400€ (1.100€ to FICO, repaid).")
	}
	f.Key("y")
	require.Len(t, f.Sent, 1)
	ct, ok := f.Sent[0].(opoly.CounterTrade)
	require.True(t, ok, "%#v", f.Sent[0])
	assert.True(t, ct.Redeem)
	assert.Equal(t, int64(500), ct.Money)
	f.ApplySent()

	f.As(1)
	for _, out := range frames(t, f) {
		assert.Contains(t, out, "Counter-proposal: ada to bob")
		assert.Contains(t, out, "ada repays the budget extension of what it receives at once: 1.100€ to FICO.")
	}
	f.Key("a", "y")
	f.ApplySent()
	v := f.view()
	assert.Equal(t, 0, v.Cells[ppAgile].Owner)
	assert.False(t, v.Cells[ppAgile].Mortgaged)
	assert.Equal(t, int64(10000-500-agileLift), v.Players[0].Cash)
}

// TestPPProposalPartnerPays: selling a project for the partner's money is
// not refused by the dialog (a listed template's money bounds belong to
// its own asset: with no gifts, one that takes an asset makes the
// proposer pay), and the dialog's bound is the partner's cash. The digits
// typed in one burst over SSH arrive as one key message and all count.
func TestPPProposalPartnerPays(t *testing.T) {
	s := newPPState(t, 2, 10000).Own(1, ppAgile).Own(0, ppIntranet).TurnTo(0).Cash(1, 2000)
	f := s.Fixture(0, true)
	f.Key("t", "space", "tab", "space", "2500", "enter")
	require.Nil(t, f.r.trade.review)
	assert.Equal(t, "Nobody can pay more money than they have: bob up to 2.000€, you up to 10.000€.", f.r.trade.err)
	f.Key("backspace", "backspace", "backspace", "backspace", "300", "enter")
	require.NotNil(t, f.r.trade.review, f.r.trade.err)
	assert.Contains(t, frames(t, f)[0], "If bob accepts: cash 10.000€ → 10.300€.")
	f.Key("y")
	assert.Equal(t, opoly.ProposeTrade{To: 1, Give: []int{ppIntranet}, Money: -300}, f.Sent[0])
}
