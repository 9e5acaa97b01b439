package technopoly_test

import (
	"fmt"
	"testing"

	"boardroom/engine"
	"boardroom/engine/opoly"
	"boardroom/engine/opoly/opolytest"
	"boardroom/engine/opoly/technopoly"

	"github.com/stretchr/testify/require"
)

// seatName is how events name seat.
func seatName(seat int) string { return fmt.Sprintf("Seat %d", seat+1) }

// finishSetup: a game of seats players with the option finishRound set to
// opt, order[0] owning the staffed AgriTech field (fees £25,000 and
// £45,000), and order[debtor] to play from Careers Fair with £4,000, so
// that a roll of 1 and 2 lands it on FieldSense, short of the fee.
func finishSetup(t *testing.T, seats, debtor int, opt string) (*tg, []int) {
	t.Helper()
	x := newTP(t, seats, 150000, map[string]string{technopoly.OptFinishRound: opt})
	order := x.E.Order()
	x.E.Own(order[0], tFieldSense, tHerdTrack).Level(4, tFieldSense, tHerdTrack)
	x.E.Cash(order[debtor], 4000).Pos(order[debtor], tCareers).Turn(order[debtor])
	x.Done()
	return x, order
}

// quietTurn plays seat's turn from Science Park to Investor Coffee (no
// effect) and ends it.
func quietTurn(x *tg, seat int) []engine.Event {
	x.E.Pos(seat, 30)
	x.Done()
	ev := x.Roll(seat, 1, 2)
	return append(ev, x.Do(seat, opoly.EndTurn{})...)
}

// TestG001_09_FinishRoundAtBankruptcy: with the option on, the players
// after the bankrupt one in the turn order still take their turn of that
// round; the game ends when the round is over, the bankrupt excluded.
func TestG001_09_FinishRoundAtBankruptcy(t *testing.T) {
	x, order := finishSetup(t, 4, 1, "on")
	ev := x.Roll(order[1], 1, 2)
	require.Contains(t, opolytest.Text(ev, 0), seatName(order[1])+" went bankrupt: round 1 is played to its end ("+
		seatName(order[2])+", "+seatName(order[3])+" still to play), then the game ends and the player with the most resources wins.")
	require.Equal(t, opoly.PhaseRoll, x.Phase())
	require.Equal(t, order[2], x.Active())
	require.False(t, x.G.Outcome().Finished)
	quietTurn(x, order[2])
	require.Equal(t, order[3], x.Active())
	x.E.Cash(order[3], 900000)
	x.Done()
	ev = quietTurn(x, order[3])
	require.Contains(t, opolytest.Text(ev, 0), "Round 1 is over after the bankruptcy of "+seatName(order[1])+
		", which ends the game; the player with the most resources wins.")
	out := x.G.Outcome()
	require.True(t, out.Finished)
	require.Equal(t, engine.SeatResult{Seat: order[1], Placement: 4, Score: 0, Status: engine.StatusBankrupt}, out.Results[order[1]])
	require.Equal(t, 1, out.Results[order[3]].Placement, "the last player had its turn, and the most resources")
	require.Equal(t, 1, x.V(order[3]).Round, "no new round began")
}

// TestG001_09_FinishRoundSecondBankruptcy: a player who goes bankrupt in
// the rest of the round is excluded too and ranks below the survivors,
// above the first bankrupt; the last player still plays.
func TestG001_09_FinishRoundSecondBankruptcy(t *testing.T) {
	x, order := finishSetup(t, 4, 1, "on")
	x.Roll(order[1], 1, 2)
	x.E.Cash(order[2], 1000).Pos(order[2], tCareers)
	x.Done()
	ev := x.Roll(order[2], 2, 3) // +£20,000 at Invest NI, HerdTrack: £45,000 due
	require.Contains(t, opolytest.Text(ev, 0), seatName(order[2])+" went bankrupt: round 1 is played to its end ("+seatName(order[3])+" still to play)")
	require.Equal(t, order[3], x.Active())
	ev = quietTurn(x, order[3])
	require.Contains(t, opolytest.Text(ev, 0), "Round 1 is over after the bankruptcy of "+seatName(order[1])+" and "+seatName(order[2])+", which ends the game")
	out := x.G.Outcome()
	require.Equal(t, 4, out.Results[order[1]].Placement)
	require.Equal(t, 3, out.Results[order[2]].Placement)
	require.Equal(t, engine.StatusBankrupt, out.Results[order[2]].Status)
}

// TestG001_09_FinishRoundEndsAtOnceWhenNobodyIsLeftToPlay: the last
// player of the round going bankrupt, or a two-player game, ends at once.
func TestG001_09_FinishRoundEndsAtOnceWhenNobodyIsLeftToPlay(t *testing.T) {
	x, order := finishSetup(t, 3, 2, "on")
	ev := x.Roll(order[2], 1, 2)
	require.Contains(t, opolytest.Text(ev, 0), seatName(order[2])+" went bankrupt at the end of round 1, which ends the game; the player with the most resources wins.")
	require.True(t, x.G.Outcome().Finished)

	x, order = finishSetup(t, 2, 1, "on")
	ev = x.Roll(order[1], 1, 2)
	require.Contains(t, opolytest.Text(ev, 0), seatName(order[1])+" went bankrupt, which ends the game; the player with the most resources wins.")
	require.True(t, x.G.Outcome().Finished)
}

// TestG001_09_FinishRoundOptionDefaultsOff: the option is offered with
// the default off, which is the chapter's rule (R001-26): the first
// bankruptcy ends the game at once, in the middle of the round.
func TestG001_09_FinishRoundOptionDefaultsOff(t *testing.T) {
	var spec *engine.OptionSpec
	info := technopoly.Definition{}.Info()
	for i := range info.Options {
		if info.Options[i].Key == technopoly.OptFinishRound {
			spec = &info.Options[i]
		}
	}
	require.NotNil(t, spec)
	require.Equal(t, "off", spec.Default)
	require.Equal(t, []string{"on", "off"}, spec.Choices)

	x, order := finishSetup(t, 4, 1, "off")
	ev := x.Roll(order[1], 1, 2)
	require.Contains(t, opolytest.Text(ev, 0), seatName(order[1])+" went bankrupt, which ends the game; the player with the most resources wins.")
	require.True(t, x.G.Outcome().Finished)
}
