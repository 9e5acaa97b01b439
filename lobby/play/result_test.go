package play

import (
	"testing"

	"github.com/stretchr/testify/require"

	"boardroom/engine"
	"boardroom/lobby/rating"
)

func logOf(seats ...int) []engine.LoggedAction {
	out := make([]engine.LoggedAction, len(seats))
	for i, s := range seats {
		out[i] = engine.LoggedAction{Seat: s}
	}
	return out
}

func placements(res []SeatOutcome) []int {
	out := make([]int, len(res))
	for i, r := range res {
		out[i] = r.Placement
	}
	return out
}

func TestRankSeatsPutsLeaversLastInOrderOfLeaving(t *testing.T) {
	seats := []Seat{{Account: 1}, {Account: 2}, {Account: 3}, {Account: 4}, {Account: 9, Bot: true}}
	// The engine placed the resigned seats 0 and 3 above others; seat 3
	// left first (its last action comes before seat 0's).
	out := engine.Outcome{Finished: true, Results: []engine.SeatResult{
		{Seat: 0, Placement: 1, Score: 50, Status: engine.StatusResigned},
		{Seat: 1, Placement: 2, Score: 40, Status: engine.StatusFinished},
		{Seat: 2, Placement: 2, Score: 40, Status: engine.StatusFinished},
		{Seat: 3, Placement: 3, Score: 10, Status: engine.StatusAbandoned},
		{Seat: 4, Placement: 5, Score: 0, Status: engine.StatusBankrupt},
	}}
	res := RankSeats(out, logOf(0, 1, 2, 3, 4, 3, 0, 1, 2), seats, 9)
	require.Equal(t, []int{4, 1, 1, 5, 3}, placements(res))
	require.Equal(t, int64(50), res[0].Score, "scores stay as the engine says")
	require.Equal(t, engine.StatusBankrupt, res[4].Status)
	require.True(t, res[4].Bot)
	require.True(t, res[1].Won())
	require.False(t, res[0].Won())
}

func TestRankSeatsKeepsTiesAndFillsOpenSeats(t *testing.T) {
	seats := []Seat{{Account: 1}, {}, {Account: 3}}
	out := engine.Outcome{Finished: true, Results: []engine.SeatResult{
		{Seat: 0, Placement: 1, Status: engine.StatusFinished},
		{Seat: 1, Placement: 1, Status: engine.StatusFinished},
		{Seat: 2, Placement: 3, Status: engine.StatusFinished},
	}}
	res := RankSeats(out, logOf(0, 1, 2), seats, 77)
	require.Equal(t, []int{1, 1, 3}, placements(res))
	require.Equal(t, int64(77), res[1].AccountID, "the bot played the open seat")
	require.True(t, res[1].Bot)

	// A seat the outcome forgets counts as abandoned, below the others.
	out.Results = out.Results[:2]
	res = RankSeats(out, logOf(0, 1, 2), seats, 77)
	require.Equal(t, []int{1, 1, 3}, placements(res))
	require.Equal(t, engine.StatusAbandoned, res[2].Status)
}

func TestRatedGameNeedsEverySeatToAct(t *testing.T) {
	seats := []Seat{{Account: 1}, {Account: 2}, {Account: 3}}
	require.True(t, RatedGame(logOf(0, 1, 2), seats))
	require.False(t, RatedGame(logOf(0, 1, 0, 1), seats), "seat 3 never had a turn")
	require.False(t, RatedGame(nil, seats))
	bots := []Seat{{Account: 9, Bot: true}, {Account: 9, Bot: true}}
	require.False(t, RatedGame(logOf(0, 1), bots), "one account alone is not a rated game")
	open := []Seat{{Account: 1}, {}}
	require.False(t, RatedGame(logOf(0, 1), open), "an open seat is not rated")
}

// TestBotsAreFixedAnchors: bot seats play at rating.Bot and the bot's
// rating never moves, whatever it won or lost; a human's change is the one
// the same placings against newcomers give.
func TestBotsAreFixedAnchors(t *testing.T) {
	const bot, ada = 1, 7
	end := GameEnd{TableID: 3, Game: "testgame", Seats: []SeatOutcome{
		{Seat: 0, AccountID: bot, Bot: true, Placement: 1},
		{Seat: 1, AccountID: ada, Placement: 2},
		{Seat: 2, AccountID: bot, Bot: true, Placement: 3},
	}}
	drifted := RatingRecord{Ladder: Ladder{Game: "testgame"}, AccountID: bot, Bot: true, Rating: rating.Rating{Mu: 19, Sigma: 3}, Games: 40}
	recs, changes, err := RateGame(end, 0, map[int64]RatingRecord{bot: drifted})
	require.NoError(t, err)
	require.Len(t, changes, 2)
	for _, c := range changes {
		if c.AccountID == bot {
			require.Equal(t, rating.Bot(), c.Before, "a bot plays at its fixed rating")
			require.Equal(t, rating.Bot(), c.After, "and is never updated")
		}
	}
	for _, r := range recs {
		if r.AccountID == bot {
			require.Equal(t, rating.Bot(), r.Rating)
			require.Equal(t, 41, r.Games, "two seats, one game")
			require.Equal(t, 1, r.Wins)
		}
	}
	// Ada's change equals the one against two newcomers in the same places.
	want, err := rating.Rate([]rating.Rating{rating.Default(), rating.Default(), rating.Default()}, []int{1, 2, 3})
	require.NoError(t, err)
	for _, c := range changes {
		if c.AccountID == ada {
			require.Equal(t, want[1], c.After)
		}
	}
}

// TestStrongBotIsAnAnchorOfItsOwn: the strong bot's account plays at a
// higher fixed rating than the standard bot's and is never updated either;
// losing to it costs a human less than losing to the standard bot.
func TestStrongBotIsAnAnchorOfItsOwn(t *testing.T) {
	const std, strong, ada = 1, 2, 7
	end := GameEnd{TableID: 3, Game: "unipoly", Seats: []SeatOutcome{
		{Seat: 0, AccountID: strong, Bot: true, Level: engine.LevelStrong, Placement: 1},
		{Seat: 1, AccountID: ada, Placement: 2},
		{Seat: 2, AccountID: std, Bot: true, Placement: 3},
	}}
	_, changes, err := RateGame(end, 0, nil)
	require.NoError(t, err)
	require.Len(t, changes, 3)
	byID := map[int64]RatingChange{}
	for _, c := range changes {
		byID[c.AccountID] = c
	}
	require.Equal(t, rating.Bot(), byID[std].After)
	require.Greater(t, byID[strong].Before.Mu, rating.Bot().Mu)
	require.Equal(t, byID[strong].Before, byID[strong].After, "never updated")
	lossToStd, err := rating.Rate([]rating.Rating{rating.Bot(), rating.Default(), rating.Bot()}, []int{1, 2, 3})
	require.NoError(t, err)
	require.Greater(t, byID[ada].After.Mu, lossToStd[1].Mu, "second behind the strong bot is worth more than behind the standard one")
}
