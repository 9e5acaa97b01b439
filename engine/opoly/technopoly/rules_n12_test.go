package technopoly_test

import (
	"strings"
	"testing"

	"boardroom/engine"
	"boardroom/engine/opoly"
	"boardroom/engine/opoly/opolytest"
	"boardroom/engine/opoly/technopoly"

	"github.com/stretchr/testify/require"
)

// n12Setup: a four-player game with the Tech News deck, Crowdfunding
// success (N12) on top, order[0] to play from Invest NI onto Tech Meetup,
// order[1] with £1,000 and order[3] with £500 (both short of £2,000),
// order[2] with £50,000.
func n12Setup(t *testing.T, finish string) (*tg, []int) {
	t.Helper()
	x := newTP(t, 4, 150000, map[string]string{"techNewsDeck": "on", technopoly.OptFinishRound: finish})
	order := x.E.Order()
	x.E.Turn(order[0]).Top(technopoly.DeckTechNews, "N12")
	x.E.Cash(order[1], 1000).Cash(order[2], 50000).Cash(order[3], 500)
	x.Done()
	return x, order
}

// TestN12_G001_07_CrowdfundingCollectsFromEveryPayerFirst: Crowdfunding
// success collects £2,000 from every player who can pay in full first
// (order[2], after order[1] in play order); then each player who cannot is
// bankrupt to the drawer, who receives their cash, and the game ends once.
func TestN12_G001_07_CrowdfundingCollectsFromEveryPayerFirst(t *testing.T) {
	x, order := n12Setup(t, "off")
	ev := x.Roll(order[0], 1, 1) // Tech Meetup: N12
	log := opolytest.Text(ev, engine.Spectator)
	require.Equal(t, int64(48000), x.Cash(order[2]), "the player who can pay pays, though a player before them cannot\n%s", log)
	require.Equal(t, int64(150000+2000+1000+500), x.Cash(order[0]), "the payer's £2,000 and both bankrupts' cash\n%s", log)
	v := x.V(engine.Spectator)
	for _, s := range []int{order[1], order[3]} {
		require.True(t, v.Players[s].Out, "seat %d is bankrupt\n%s", s, log)
		require.Contains(t, log, seatName(s)+" owes "+seatName(order[0])+" £2,000 (card N12) and cannot pay it.")
	}
	require.Less(t, strings.Index(log, seatName(order[2])+" paid £2,000"), strings.Index(log, seatName(order[1])+" owes"),
		"payers pay before anyone goes bankrupt\n%s", log)
	require.Equal(t, 1, strings.Count(log, "ends the game"), log)
	require.Contains(t, log, seatName(order[1])+" and "+seatName(order[3])+" went bankrupt, which ends the game")
	out := x.G.Outcome()
	require.True(t, out.Finished)
	require.Equal(t, 1, out.Results[order[0]].Placement)
	require.Equal(t, engine.StatusBankrupt, out.Results[order[1]].Status)
	require.Equal(t, engine.StatusBankrupt, out.Results[order[3]].Status)
	require.Equal(t, int64(0), out.Results[order[3]].Score)
}

// TestN12_G001_09_CrowdfundingFinishesTheRound: with finishRound on, the
// bankrupts leave and the round goes on with the player still to play.
func TestN12_G001_09_CrowdfundingFinishesTheRound(t *testing.T) {
	x, order := n12Setup(t, "on")
	ev := x.Roll(order[0], 1, 1)
	log := opolytest.Text(ev, engine.Spectator)
	require.Contains(t, log, seatName(order[1])+" and "+seatName(order[3])+" went bankrupt: round 1 is played to its end ("+
		seatName(order[2])+" still to play)", log)
	require.False(t, x.G.Outcome().Finished)
	require.Equal(t, int64(48000), x.Cash(order[2]))
	x.Roll(order[0], 1, 2) // the double's second roll: Hackathon... then end the turn
	if x.Phase() == opoly.PhaseBuy {
		x.Do(order[0], opoly.Decline{})
	}
	x.Do(order[0], opoly.EndTurn{})
	require.Equal(t, order[2], x.Active(), "the bankrupts are skipped")
}
