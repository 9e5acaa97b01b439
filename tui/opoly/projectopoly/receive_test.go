package projectopoly

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"boardroom/engine/opoly"
)

// TestPPReceiverRedeemsOrPays (R000-28, A000-25): a PM who received
// extended assets outside a trade sees both choices on the bar, picks the
// asset to redeem, then pays the 10% on the rest.
func TestPPReceiverRedeemsOrPays(t *testing.T) {
	s := newPPState(t, 3, 10000).Own(1, ppAgile, ppDesk).Extend(ppAgile, ppDesk).TurnTo(0).
		Set("phase", 11).Set("received", map[string]any{"seat": 1, "cells": []any{ppAgile, ppDesk}})
	f := s.Fixture(1, true)
	require.Equal(t, opoly.PhaseReceive, f.G.Prompt().Phase)
	f.Live = true
	out := f.text()
	assert.Contains(t, out, "u repay extension at once")
	assert.Contains(t, out, "e pay 10% on the rest")
	f.Key("u")
	f.pickCell(ppDesk)
	assert.Contains(t, f.text(), "Shared Service Desk (repay 830€, instead of 10% 80€)")
	assert.Contains(t, f.text(), "Repay the budget extension on Shared Service Desk now: 830€ to FICO instead of 10% (80€)? cash 10.000€ → 9.170€")
	f.Key("enter")
	require.Equal(t, "confirm", f.r.Mode(), "enter chooses; y confirms")
	f.Key("y")
	f.Refresh()
	assert.False(t, f.view().Cells[ppDesk].Mortgaged, "redeemed")
	assert.Equal(t, int64(10000-830), f.view().Players[1].Cash)
	f.Key("e")
	assert.Contains(t, f.text(), "Pay FICO 10% of the budget extension on Agile Practitioner Certification: 100€? "+
		"They stay extended. cash 9.170€ → 9.070€", "paying the 10% asks first")
	f.Key("y")
	f.Refresh()
	assert.True(t, f.view().Cells[ppAgile].Mortgaged)
	assert.Equal(t, int64(10000-830-100), f.view().Players[1].Cash, "10% of 1.000€")
	assert.NotEqual(t, opoly.PhaseReceive, f.G.Prompt().Phase)
}

// TestPPReceivedAssetsAreExplained (R000-28, A000-25): while a PM chooses
// for received extended assets, its panel lists each with both costs and
// the keys; everyone else reads who received what and is choosing. At
// 80x24 and 160x50, without colour.
func TestPPReceivedAssetsAreExplained(t *testing.T) {
	s := newPPState(t, 3, 10000).Own(1, ppAgile, ppDesk).Extend(ppAgile, ppDesk).TurnTo(0).
		Set("phase", 11).Set("received", map[string]any{"seat": 1, "cells": []any{ppAgile, ppDesk}})
	f := s.Fixture(1, true)
	for i, out := range frames(t, f) {
		assert.Contains(t, out, "Receiving extended assets: bob")
		assert.Contains(t, out, "You received Agile Practitioner Certification, Shared Service Desk under budget extension: "+
			"repay each now, or pay FICO 10% and it stays extended.")
		if i == 0 {
			// 80x24: the pane is full; the bar has both keys, the pick
			// list and the question give the costs.
			assert.Contains(t, out, "u repay extension at once e pay 10% on the rest")
			continue
		}
		assert.Contains(t, out, "Agile Practitioner Certification: repay 1.100€ or 10% 100€")
		assert.Contains(t, out, "Shared Service Desk: repay 830€ or 10% 80€")
		assert.Contains(t, out, "u repay one · e 10% on all the rest (180€)")
	}
	f.As(0)
	for _, out := range frames(t, f) {
		assert.Contains(t, out, "bob received Agile Practitioner Certification, Shared Service Desk under budget extension "+
			"and chooses for each: repay it now or pay FICO 10%.")
	}
}
