package projectopoly

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"boardroom/engine/opoly"
)

// TestPPOfferToAllDialog (G000-12): the seller picks the asset, types a
// reserve, confirms; the others see the sale with its reserve.
func TestPPOfferToAllDialog(t *testing.T) {
	s := newPPState(t, 3, 5000).Own(0, ppAgile).TurnTo(0)
	f := s.Fixture(0, false)
	f.Live = true
	f.Key("o")
	require.Equal(t, "pick", f.r.Mode())
	assert.Contains(t, f.text(), "Offer Agile Practitioner Certification to all: next, type the reserve.")
	f.Key("enter")
	require.Equal(t, "amount", f.r.Mode())
	out := f.text()
	assert.Contains(t, out, "Reserve for Agile Practitioner Certification (0: none)")
	assert.Contains(t, out, "(0€ to 6.000€, steps of 10€)")
	f.Key("2", "5", "0", "5", "enter")
	assert.Contains(t, f.text(), "An amount of 2.505€ is not a multiple of 10€")
	f.Key("backspace", "0", "enter")
	require.Equal(t, "confirm", f.r.Mode())
	assert.Contains(t, f.text(), "reserve 2.500€: a lower bid does not count")
	f.Key("y")
	require.Len(t, f.Sent, 1)
	o, ok := f.Sent[0].(opoly.OfferToAll)
	require.True(t, ok, "%#v", f.Sent[0])
	assert.Equal(t, ppAgile, o.Cell)
	assert.Equal(t, int64(2500), o.Reserve)
	f.As(1)
	out = f.text()
	assert.Contains(t, out, "Offer to all: Agile Practitioner Certification by ada (printed 2.000€)")
	assert.Contains(t, out, "reserve 2.500€")
}

// TestPPMixedPaymentBothSides (R000-32, A000-21): the debtor offers
// assets to the PM it owes, the creditor values them, the debtor accepts;
// each side sees the offer and value with its keys, a third PM only that
// it goes on.
func TestPPMixedPaymentBothSides(t *testing.T) {
	s := newPPState(t, 3, 4000).Own(0, ppAgile, ppDesk).Own(1, ppWebsite).Cash(0, 300).TurnTo(0).
		Set("phase", 4).Set("dice", []int{3, 4}).
		Set("queue", []any{map[string]any{"debtor": 0, "creds": []any{map[string]any{"seat": 1, "amount": 3000}},
			"reason": "outsourcing fee for Corporate Website Redesign"}})
	f := s.Fixture(0, false)
	f.Live = true
	out := f.text()
	assert.Contains(t, out, "Payment due: ada owes 3.000€")
	assert.Contains(t, out, "p pay with assets")
	f.Key("p")
	require.Equal(t, "select", f.r.Mode())
	f.Key("enter")
	assert.Contains(t, f.text(), "Select at least one asset with space.")
	f.Key("space", "enter")
	require.Equal(t, "confirm", f.r.Mode())
	assert.Contains(t, f.text(), "Offer Agile Practitioner Certification to bob against your debt of 3.000€?")
	f.Key("y")
	require.Len(t, f.Sent, 1)
	assert.Equal(t, opoly.OfferAssets{Cells: []int{ppAgile}}, f.Sent[0])
	require.Equal(t, opoly.PhaseValue, f.G.Prompt().Phase)

	f.As(2)
	out = f.text()
	assert.Contains(t, out, "Payment with assets: ada to bob")
	assert.Contains(t, out, "Only the two PMs see the assets and their value.")
	assert.NotContains(t, out, "offers Agile")

	f.As(1)
	out = f.text()
	assert.Contains(t, out, "ada offers Agile Practitioner Certification against a debt of 3.000€ (printed value 2.000€).")
	assert.Contains(t, out, "Name the value you count for them, 0€ to 3.000€, or refuse.")
	f.Key("v", "1", "5", "0", "0", "enter")
	assert.Contains(t, f.text(), "Value Agile Practitioner Certification at 1.500€? If ada accepts")
	f.Key("y")
	require.Equal(t, opoly.PhaseValued, f.G.Prompt().Phase)
	f.Refresh()
	assert.Contains(t, f.text(), "You value them at 1.500€; waiting for ada.")

	f.As(0)
	out = f.text()
	assert.Contains(t, out, "bob values them at 1.500€: your debt would drop from 3.000€ to 1.500€.")
	f.Key("a")
	require.Equal(t, "confirm", f.r.Mode())
	assert.Contains(t, f.text(), "Accept 1.500€ for Agile Practitioner Certification? They pass to bob")
	f.Key("y")
	assert.Equal(t, 1, f.view().Cells[ppAgile].Owner)
}

// TestPPGroupReleaseWhenThePoolIsShort (G000-10): a Team+QM group whose
// QMs cannot be broken down one by one is released as a whole, and the
// list says to which level and for how much.
func TestPPGroupReleaseWhenThePoolIsShort(t *testing.T) {
	s := newPPState(t, 2, 1000).
		Own(0, ppIntranet, ppTimesheet, ppPrinter).Level(5, ppIntranet, ppTimesheet, ppPrinter).
		Own(0, ppField, ppLoyalty, ppBanking).Level(4, ppField, ppLoyalty, ppBanking).
		Own(0, ppKPI, ppWarehouse, ppCDP).Level(4, ppKPI, ppWarehouse, ppCDP).
		Own(1, ppWebsite, ppPortal, ppStore).Level(3, ppWebsite, ppPortal, ppStore).TurnTo(0)
	// 12+12+9 = 33 > 32: one FTE less on the red group.
	s.Level(2, ppStore)
	f := s.Fixture(0, false)
	assert.Contains(t, f.Plain(smallW, smallH), "Project Planning: 0/32 FTE, 9/12 QM free")
	f.Key("-")
	require.Equal(t, "pick", f.r.Mode())
	_, acts, _ := f.r.PickList()
	var labels []string
	for _, a := range acts {
		labels = append(labels, f.r.RowLabel(a))
	}
	assert.Contains(t, labels, "whole group Brown – Internal Tools down to no FTE (+3.750€)")
	for i := 0; i < len(acts) && acts[pickIdx(f)].Kind() != "sell_group_down"; i++ {
		f.Key("down")
	}
	assert.Contains(t, f.text(),
		"A Team+QM cannot be broken down one by one: Project Planning lacks the FTE it needs.")
}
