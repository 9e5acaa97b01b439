package opoly_test

import (
	"testing"

	"boardroom/engine"
	"boardroom/engine/opoly"

	"github.com/stretchr/testify/require"
)

// TestG004_08_09_EveryCard draws each card of both decks (G004-08, G004-09)
// in a 3-player game where nobody owns anything and checks its effect.
func TestG004_08_09_EveryCard(t *testing.T) {
	type want struct {
		pos    int
		delta  int64 // the drawer's cash
		others int64 // each other player's cash
		jailed bool
		held   bool
		phase  string
	}
	cases := []struct {
		id   string
		deck int
		cell int
		want want
	}{
		{"U1", dU, cUnexp2, want{pos: cGO, delta: 200}},
		{"U2", dU, cUnexp2, want{pos: cCompSci, phase: opoly.PhaseBuy}},
		{"U3", dU, cUnexp2, want{pos: cLanguage, delta: 200, phase: opoly.PhaseBuy}},
		{"U4", dU, cUnexp2, want{pos: cSports, delta: 200, phase: opoly.PhaseBuy}},
		{"U5", dU, cUnexp2, want{pos: cSouthGate, phase: opoly.PhaseBuy}},
		{"U6", dU, cUnexp2, want{pos: cPrint, phase: opoly.PhaseBuy}},
		{"U7", dU, cUnexp3, want{pos: cGreatHall, phase: opoly.PhaseBuy}},
		{"U8", dU, cUnexp2, want{pos: cNorthGate, delta: 200, phase: opoly.PhaseBuy}},
		{"U9", dU, cUnexp2, want{pos: cUnexp2, delta: 50}},
		{"U10", dU, cUnexp2, want{pos: cUnexp2, held: true}},
		{"U11", dU, cUnexp2, want{pos: cBar, phase: opoly.PhaseBuy}},
		{"U11", dU, cUnexp1, want{pos: cTuition, delta: -200}},
		{"U12", dU, cUnexp2, want{pos: cJail, jailed: true, phase: opoly.PhaseRoll}},
		{"U13", dU, cUnexp2, want{pos: cUnexp2}},
		{"U14", dU, cUnexp2, want{pos: cUnexp2, delta: -15}},
		{"U15", dU, cUnexp2, want{pos: cUnexp2, delta: -100, others: 50}},
		{"U16", dU, cUnexp2, want{pos: cUnexp2, delta: 150}},
		{"P1", dP, cProb2, want{pos: cGO, delta: 200}},
		{"P2", dP, cProb2, want{pos: cProb2, delta: 200}},
		{"P3", dP, cProb2, want{pos: cProb2, delta: -50}},
		{"P4", dP, cProb2, want{pos: cProb2, delta: 50}},
		{"P5", dP, cProb2, want{pos: cProb2, held: true}},
		{"P6", dP, cProb2, want{pos: cJail, jailed: true, phase: opoly.PhaseRoll}},
		{"P7", dP, cProb2, want{pos: cProb2, delta: 20, others: -10}},
		{"P8", dP, cProb2, want{pos: cProb2, delta: 100}},
		{"P9", dP, cProb2, want{pos: cProb2, delta: 20}},
		{"P10", dP, cProb2, want{pos: cProb2, delta: 100}},
		{"P11", dP, cProb2, want{pos: cProb2, delta: -100}},
		{"P12", dP, cProb2, want{pos: cProb2, delta: -50}},
		{"P13", dP, cProb2, want{pos: cProb2, delta: 25}},
		{"P14", dP, cProb2, want{pos: cProb2}},
		{"P15", dP, cProb2, want{pos: cProb2, delta: 10}},
		{"P16", dP, cProb2, want{pos: cProb2, delta: 100}},
	}
	for _, tc := range cases {
		t.Run(tc.id, func(t *testing.T) {
			x := newTG(t, 3, 1500, nil)
			x.e.Top(tc.deck, tc.id)
			x.done()
			ev := x.landOn(0, tc.cell)
			w := tc.want
			v := x.v(0)
			require.Equal(t, w.pos, v.Players[0].Position)
			require.Equal(t, 1500+w.delta, v.Players[0].Cash)
			for _, o := range []int{1, 2} {
				require.Equal(t, 1500+w.others, v.Players[o].Cash)
			}
			require.Equal(t, w.jailed, v.Players[0].InJail)
			require.Equal(t, w.held, len(v.Players[0].JailCards) == 1)
			if w.phase == "" {
				w.phase = opoly.PhasePostRoll
			}
			require.Equal(t, w.phase, x.phase())
			require.Equal(t, tc.id, v.LastCard.ID)
			require.Contains(t, text(ev, 1), "Seat 1 drew ")
			if !w.held {
				require.Equal(t, tc.id, x.e.DeckBottom(tc.deck), "a used card goes to the bottom")
				require.Equal(t, 16, v.Decks[tc.deck].Size)
			}
			if w.held {
				require.Equal(t, 15, v.Decks[tc.deck].Size, "a held card leaves the deck")
			}
		})
	}
}

func TestG004_08_09_Repairs(t *testing.T) {
	for _, tc := range []struct {
		id   string
		deck int
		cell int
		cost int64
	}{{"U13", dU, cUnexp2, 4*25 + 2*100}, {"P14", dP, cProb2, 4*40 + 2*115}} {
		x := newTG(t, 2, 1500, nil)
		x.e.Own(0, cBikeShed, cOldCanteen, cRector, cGreatHall).Level(2, cBikeShed, cOldCanteen).
			Level(5, cRector, cGreatHall).Top(tc.deck, tc.id)
		x.done()
		x.landOn(0, tc.cell)
		require.Equal(t, 1500-tc.cost, x.cash(0), tc.id)
	}
}

func TestG004_08_U11BackOntoAnotherCard(t *testing.T) {
	x := newTG(t, 2, 1500, nil)
	x.e.Top(dU, "U11").Top(dP, "P15")
	x.done()
	x.landOn(0, cUnexp3) // back 3 onto Probability at 33: draw again
	require.Equal(t, cProb3, x.pos(0))
	require.Equal(t, int64(1510), x.cash(0))
	require.Equal(t, "P15", x.v(0).LastCard.ID)
}

func TestMF11_KeepCardLeavesTheDeckUntilUsed(t *testing.T) {
	x := newTG(t, 2, 1500, nil)
	x.e.Top(dU, "U10")
	x.done()
	x.landOn(0, cUnexp2)
	require.Equal(t, []int{dU}, x.v(engine.Spectator).Players[0].JailCards)
	require.NotEqual(t, "U10", x.e.DeckBottom(dU))
}
