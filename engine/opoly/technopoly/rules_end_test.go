package technopoly_test

import (
	"testing"

	"boardroom/engine"
	"boardroom/engine/opoly"
	"boardroom/engine/opoly/opolytest"
	"boardroom/engine/opoly/technopoly"

	"github.com/stretchr/testify/require"
)

// TestR001_12_R001_26_A001_04_A001_05_BankruptcyEndsTheGame is acceptance
// test 5 of 6.3 (first half): a player who cannot pay a fee pays all their
// cash to the owner, is bankrupt, and the game ends; the bankrupt cannot
// win, ranks last and scores 0; the others rank by resources.
func TestR001_12_R001_26_A001_04_A001_05_BankruptcyEndsTheGame(t *testing.T) {
	x := newTP(t, 3, 150000, nil)
	x.E.Own(0, tFieldSense, tHerdTrack).Level(4, tFieldSense, tHerdTrack).Own(2, tQubit)
	x.E.Cash(1, 4000).Cash(2, 500000).Pos(1, 38).Turn(1)
	x.Done()
	ev := x.Roll(1, 1, 2) // +£20,000 at Invest NI, then £25,000 due
	all := opolytest.Text(ev, 0)
	require.Contains(t, all, "Seat 2 owes £25,000 (licence fee for FieldSense) and cannot raise it.")
	require.Contains(t, all, "Seat 2 paid £24,000 to Seat 1: everything Seat 2 has, on bankruptcy; balance £0, Seat 1's balance £174,000.")
	require.Contains(t, all, "Seat 2 went bankrupt, which ends the game; the player with the most resources wins.")
	out := x.G.Outcome()
	require.True(t, out.Finished)
	require.Equal(t, engine.SeatResult{Seat: 1, Placement: 3, Score: 0, Status: engine.StatusBankrupt}, out.Results[1])
	require.Equal(t, 1, out.Results[2].Placement, "Seat 3 has the most resources")
	require.Equal(t, int64(500000+35000), out.Results[2].Score)
	require.Equal(t, 2, out.Results[0].Placement)
	require.Equal(t, int64(150000+24000+2*6000+8*5000), out.Results[0].Score)
	require.Empty(t, x.G.Legal(0))
}

// TestA001_03_AnyUnpayableDebtIsBankruptcy: the third-double tax that the
// cash cannot cover is a bankruptcy too, and the landing is not resolved.
func TestA001_03_AnyUnpayableDebtIsBankruptcy(t *testing.T) {
	x := newTP(t, 2, 900, nil)
	x.E.Pos(0, 12)
	x.Done()
	x.Roll(0, 1, 1) // 14 PulsePoint
	x.Do(0, opoly.Decline{})
	x.Roll(0, 1, 1) // 16 PixelQuay
	x.Do(0, opoly.Decline{})
	ev := x.Roll(0, 1, 1) // 18 QuestForge, third double: £1,000 due
	require.Contains(t, opolytest.Text(ev, 1), "Seat 1 paid £900 to the bank: everything Seat 1 has, on bankruptcy")
	out := x.G.Outcome()
	require.True(t, out.Finished)
	require.Equal(t, engine.StatusBankrupt, out.Results[0].Status)
	require.Equal(t, 1, out.Results[1].Placement)
	require.Equal(t, opoly.PhaseOver, x.Phase())
}

// TestR001_13_A001_06_TerminateAtAnyTime is acceptance test 5 (second
// half): any player may terminate the game at any time, even outside
// their turn; the game ends at once and the terminating player cannot win
// even with the most resources: the second highest wins. The view tells
// who would win beforehand.
func TestR001_13_A001_06_TerminateAtAnyTime(t *testing.T) {
	x := newTP(t, 3, 150000, nil)
	x.E.Cash(2, 400000).Cash(1, 200000)
	x.Done()
	require.Equal(t, []engine.Action{opoly.Resign{}}, x.G.Legal(2), "not awaited, may still terminate")
	v := x.V(2)
	require.Equal(t, []int{1, 0, 2}, v.Ranking(2))
	require.Equal(t, []int{2, 1, 0}, v.Ranking(-1))
	ev := x.Do(2, opoly.Resign{})
	require.Contains(t, opolytest.Text(ev, 0), "Seat 3 terminated the game; the player with the most resources wins among the others.")
	out := x.G.Outcome()
	require.True(t, out.Finished)
	require.Equal(t, engine.SeatResult{Seat: 1, Placement: 1, Score: 200000, Status: engine.StatusFinished}, out.Results[1])
	require.Equal(t, engine.SeatResult{Seat: 2, Placement: 3, Score: 400000, Status: engine.StatusResigned}, out.Results[2],
		"the terminating player keeps its resources as score but ranks last")
	x.Refuse(0, opoly.Roll{}, engine.CodeGameOver)
}

// TestA001_06_TerminateWhileATakeoverIsPending: the owner asked for a
// takeover may terminate instead of answering.
func TestA001_06_TerminateWhileATakeoverIsPending(t *testing.T) {
	x := newTP(t, 2, 150000, nil)
	x.E.Own(1, tFieldSense)
	x.Done()
	x.Do(0, opoly.RequestTakeover{Cell: tFieldSense})
	require.True(t, x.HasAction(1, "resign"))
	x.Do(1, opoly.Resign{})
	require.Equal(t, 1, x.G.Outcome().Results[0].Placement)
}

// TestR001_01_G001_03_A001_15_ResourcesAndTieBreaks: the winner has the
// most resources (cash + prices + staff paid); a tie goes to more cash,
// then to more start-ups, else the win is shared.
func TestR001_01_G001_03_A001_15_ResourcesAndTieBreaks(t *testing.T) {
	place := func(x *tg) []int {
		x.Do(3, opoly.Resign{}) // seat 4 terminates with nothing: last
		var p []int
		for _, r := range x.G.Outcome().Results {
			p = append(p, r.Placement)
		}
		return p
	}
	// Equal resources (£156,000): seat 2 has more cash.
	x := newTP(t, 4, 150000, nil)
	x.E.Own(0, tFieldSense).Cash(1, 156000).Cash(2, 10000).Cash(3, 0)
	x.Done()
	require.Equal(t, []int{2, 1, 3, 4}, place(x))
	// Equal resources (£112,000) and cash: more start-ups first.
	x = newTP(t, 4, 100000, nil)
	x.E.Own(0, tFieldSense, tHerdTrack).Own(1, tTutorNest).Cash(2, 0).Cash(3, 0)
	x.Done()
	v := x.V(0)
	require.Equal(t, v.Players[0].Capital, v.Players[1].Capital)
	require.Equal(t, []int{0, 1, 2, 3}, v.Ranking(3))
	require.Equal(t, []int{1, 2, 3, 4}, place(x))
	// Everything equal: a shared first place.
	x = newTP(t, 4, 100000, nil)
	x.E.Cash(2, 0).Cash(3, 0)
	x.Done()
	require.Equal(t, []int{1, 1, 3, 4}, place(x))
}

// TestG001_06_RoundLimit: the option "roundLimit" is off by default; with
// N the game ends after round N as by termination with nobody excluded.
func TestG001_06_RoundLimit(t *testing.T) {
	def := technopoly.Definition{}
	opts, err := def.ValidateOptions(2, nil)
	require.NoError(t, err)
	require.Equal(t, map[string]string{"roundLimit": "off", "techNewsDeck": "off", "finishRound": "off"}, opts)
	_, err = def.ValidateOptions(2, map[string]string{"roundLimit": "7"})
	require.Error(t, err)
	_, err = def.ValidateOptions(2, map[string]string{"endMode": "rounds:10"})
	require.Error(t, err, "Technopoly has no endMode option")
	x := newTP(t, 2, 150000, map[string]string{"roundLimit": "20"})
	x.E.Round(20).Cash(1, 160000)
	x.Done()
	x.Roll(0, 1, 3)
	x.Do(0, opoly.EndTurn{})
	x.Roll(1, 1, 3)
	ev := x.Do(1, opoly.EndTurn{})
	require.Contains(t, opolytest.Text(ev, 0), "The round limit of 20 rounds was reached; the player with the most resources wins.")
	out := x.G.Outcome()
	require.Equal(t, 1, out.Results[1].Placement)
	require.Equal(t, engine.StatusFinished, out.Results[0].Status)
}

// TestG001_07_TechNewsDeck: off by default, the news spaces do nothing; on,
// they draw a card, and Retention bonuses charge £2,500 per developer and
// £10,000 per CTO (whose start-up keeps its 3 developers).
func TestG001_07_TechNewsDeck(t *testing.T) {
	x := newTP(t, 2, 150000, nil)
	require.True(t, x.V(0).CardsOff)
	x.Roll(0, 1, 1) // Tech Meetup
	require.Equal(t, int64(150000), x.Cash(0))
	require.Nil(t, x.V(0).LastCard)

	x = newTP(t, 2, 150000, map[string]string{"techNewsDeck": "on"})
	require.False(t, x.V(0).CardsOff)
	x.E.Top(technopoly.DeckTechNews, "N1")
	x.Done()
	ev := x.Roll(0, 1, 1)
	require.Contains(t, opolytest.Text(ev, 0), "Seat 1 received £10,000 from the bank: card N1")
	x.E.Own(0, tFieldSense, tHerdTrack).Level(4, tFieldSense).Level(3, tHerdTrack).Top(technopoly.DeckTechNews, "N8").Pos(0, tMeetup)
	x.Done()
	x.Roll(0, 2, 3) // Demo Day (7)
	require.Equal(t, int64(160000-3*2500-(3*2500+10000)), x.Cash(0))
}

// TestR001_27_NoBorrowingOrLending: no trades, loans, gifts or mortgages.
func TestR001_27_NoBorrowingOrLending(t *testing.T) {
	x := newTP(t, 2, 150000, nil)
	x.E.Own(0, tFieldSense).Own(1, tHerdTrack)
	x.Done()
	for _, a := range x.G.Legal(0) {
		require.NotContains(t, []string{"propose_trade", "mortgage", "offer_to_all"}, a.Kind())
	}
	x.Refuse(0, opoly.ProposeTrade{To: 1, Give: []int{tFieldSense}, Money: -1000}, engine.CodeIllegal)
	x.Refuse(0, opoly.ProposeTrade{To: 1, Take: []int{tHerdTrack}, Money: 100}, engine.CodeIllegal)
	x.Refuse(0, opoly.Mortgage{Cell: tFieldSense}, engine.CodeIllegal)
}

// TestG001_08_HiringAndTakeoversInOwnTurn: hiring and takeover requests are
// offered before rolling and after the landing, to the active player only;
// never while a buy decision is open, where only Buy and Decline (and
// terminating the game, legal at any time) are legal (G001-08 as amended).
func TestG001_08_HiringAndTakeoversInOwnTurn(t *testing.T) {
	x := newTP(t, 2, 150000, nil)
	x.E.Own(0, tFieldSense, tHerdTrack).Own(1, tLagan, tQubit)
	x.Done()
	require.True(t, x.HasAction(0, "build"))
	require.True(t, x.HasAction(0, "request_takeover"))
	x.Refuse(1, opoly.Build{Cell: tFieldSense}, engine.CodeNotYourTurn)
	x.Roll(0, 2, 4) // LearnLoop: a buy decision
	require.Equal(t, opoly.PhaseBuy, x.Phase())
	var kinds []string
	for _, a := range x.G.Legal(0) {
		kinds = append(kinds, a.Kind())
	}
	require.Equal(t, []string{"buy", "decline", "resign"}, kinds, "only buy or decline at a buy decision")
	x.Refuse(0, opoly.Build{Cell: tFieldSense}, engine.CodeIllegal)
	x.Refuse(0, opoly.RequestTakeover{Cell: tLagan}, engine.CodeIllegal)
	x.Do(0, opoly.Decline{})
	require.True(t, x.HasAction(0, "build"))
	require.True(t, x.HasAction(0, "request_takeover"))
}
