package opoly

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
	s := newPPState(t, 3, 10000).own(1, ppAgile, ppDesk).extend(ppAgile, ppDesk).turnTo(0).
		set("phase", 11).set("received", map[string]any{"seat": 1, "cells": []any{ppAgile, ppDesk}})
	f := s.fixture(1, true)
	require.Equal(t, opoly.PhaseReceive, f.G.Prompt().Phase)
	f.Live = true
	out := f.text()
	assert.Contains(t, out, "u repay extension at once")
	assert.Contains(t, out, "e pay 10% on the rest")
	f.Key("u")
	f.pickCell(ppDesk)
	f.Key("enter")
	f.Refresh()
	assert.False(t, f.view().Cells[ppDesk].Mortgaged, "redeemed")
	assert.Equal(t, int64(10000-830), f.view().Players[1].Cash)
	f.Key("e")
	f.Refresh()
	assert.True(t, f.view().Cells[ppAgile].Mortgaged)
	assert.Equal(t, int64(10000-830-100), f.view().Players[1].Cash, "10% of 1.000€")
	assert.NotEqual(t, opoly.PhaseReceive, f.G.Prompt().Phase)
}
