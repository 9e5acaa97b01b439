package games_test

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"boardroom/engine"
	"boardroom/engine/opoly/projectopoly"
	"boardroom/engine/opoly/technopoly"
	"boardroom/engine/opoly/unipoly"
	opolytui "boardroom/tui/opoly"
	"boardroom/tui/opoly/games"
	"boardroom/tui/opoly/opolytuitest"
	"boardroom/tui/tuitest"
)

// renderer wraps a restored game in the renderer games wires for its id.
func renderer(t testing.TB) opolytuitest.Fixture[*tuitest.Fixture] {
	return func(g engine.Game, info engine.Info, viewer int, noColor bool) *tuitest.Fixture {
		f := tuitest.New(t, g, info, viewer).BotLast()
		mk, ok := games.Renderers()[info.ID]
		require.True(t, ok, "no renderer for %s", info.ID)
		f.Attach(mk(f.Context(tuitest.Theme(noColor, false))))
		return f
	}
}

// TestRenderersWireEachVariantsPanel: every property game has a renderer,
// and each variant's is drawn with its own panel: Projectopoly's received
// assets and Technopoly's legend and takeover key are on screen, which
// the core alone does not draw.
func TestRenderersWireEachVariantsPanel(t *testing.T) {
	m := games.Renderers()
	for _, id := range []string{unipoly.ID, projectopoly.ID, technopoly.ID} {
		assert.Contains(t, m, id)
	}

	pp := opolytuitest.NewPP(t, 3, 10000, renderer(t)).Own(1, opolytuitest.PPAgile).Extend(opolytuitest.PPAgile).TurnTo(0).
		Set("phase", 11).Set("received", map[string]any{"seat": 1, "cells": []any{opolytuitest.PPAgile}}).Fixture(1, true)
	assert.Contains(t, opolytuitest.Text(pp), "Receiving extended assets: bob")

	tp := opolytuitest.TPBoard(t, 90000, renderer(t)).Fixture(0, true)
	legend := tp.R.(*opolytui.Renderer).Legend()
	assert.Contains(t, legend, "band 2 DEVS / 3 DEVS+CTO", "Technopoly's legend")
	assert.True(t, strings.Contains(tp.Plain(tuitest.SmallW, tuitest.SmallH), "t ask for a takeover"), "Technopoly's bar key")
}
