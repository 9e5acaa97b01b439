package tournament

import (
	"testing"

	"github.com/stretchr/testify/require"
)

func game(round int, seats ...Seat) Game { return Game{Round: round, Seats: seats, Finished: true} }

func at(p PlayerID, placing int) Seat { return Seat{Player: p, Placing: placing} }
func bot(placing int) Seat            { return Seat{Bot: true, Placing: placing} }

func entries(ids ...PlayerID) []Entry {
	out := make([]Entry, len(ids))
	for i, id := range ids {
		out[i] = Entry{Player: id}
	}
	return out
}

func TestStandingsPointsThenOpponentsThenDirect(t *testing.T) {
	// Round 1: 1 beats 2 (3 players + a bot at four seats), 3 beats 4.
	// Round 2: 1 and 3 meet at the top. Players 2 and 4 end equal on
	// points; 2 met the stronger company.
	games := []Game{
		game(1, at(1, 1), at(2, 2), bot(3), at(5, 4)),
		game(1, at(3, 1), at(4, 2), at(6, 3), bot(4)),
		game(2, at(3, 1), at(1, 2), bot(3), bot(4)),
		game(2, at(2, 1), at(4, 2), at(5, 3), at(6, 4)),
	}
	st := Standings(entries(1, 2, 3, 4, 5, 6), games)
	got := map[PlayerID]Standing{}
	for _, s := range st {
		got[s.Player] = s
	}
	require.Equal(t, "5", got[1].Points.String())
	require.Equal(t, "6", got[3].Points.String())
	require.Equal(t, "5", got[2].Points.String())
	require.Equal(t, "4", got[4].Points.String())
	require.Equal(t, []PlayerID{3, 1, 2, 4, 5, 6}, order(st))
	// 5 and 6: 1 point each, 20 opponents' points each; 5 placed ahead of 6 in round 2.
	require.Equal(t, got[5].Opponents, got[6].Opponents)
	require.Equal(t, 1, got[5].Direct)
	// 1 and 2 tie on 5 points; 1's opponents 2,5,3 = 5+1+6 = 12, 2's
	// opponents 1,5,4,5,6 = 5+1+4+1+1 = 12: equal; direct: 1 placed ahead
	// of 2 in round 1.
	require.Equal(t, got[1].Opponents, got[2].Opponents)
	require.Equal(t, 1, got[1].Direct)
	require.Equal(t, -1, got[2].Direct)
	require.Equal(t, []int{1, 2, 3, 4, 5, 6}, ranks(st))
}

func TestStandingsOpponentsBreakATie(t *testing.T) {
	// 1 and 2 both win once (2 seats); 1 beat 3 who then beat 4; 2 beat 4.
	games := []Game{
		game(1, at(1, 1), at(3, 2)),
		game(1, at(2, 1), at(4, 2)),
		game(2, at(3, 1), at(4, 2)),
		game(2, at(2, 2), at(1, 2)), // a draw: half a point each
	}
	st := Standings(entries(2, 1, 3, 4), games)
	require.Equal(t, []PlayerID{1, 2, 3, 4}, order(st), "1 met 3 (1 point) and 2; 2 met 4 (0) and 1")
	require.Equal(t, st[0].Points, st[1].Points)
	require.Greater(t, st[0].Opponents, st[1].Opponents)
}

func TestStandingsShareARankWhenAllTieBreaksAreEqual(t *testing.T) {
	st := Standings(entries(1, 2, 3), []Game{game(1, at(1, 1), at(2, 1), at(3, 1))})
	require.Equal(t, []int{1, 1, 1}, ranks(st))
	require.Equal(t, []PlayerID{1, 2, 3}, order(st), "joining order orders a shared rank")
	require.Equal(t, "1", st[0].Points.String())
}

func TestStandingsIgnoreRunningGamesAndBots(t *testing.T) {
	running := Game{Round: 2, Seats: []Seat{at(1, 0), at(2, 0)}}
	st := Standings(entries(1, 2), []Game{game(1, bot(1), at(1, 2), at(2, 3)), running})
	require.Equal(t, "1", st[0].Points.String(), "second of three behind a bot")
	require.Equal(t, 1, st[0].Games)
	require.Equal(t, Points(0), st[0].Opponents, "only player 2 (no points) counts; the bot's 2 points are nobody's")
}

func TestStandingsKeepAWithdrawnPlayersPoints(t *testing.T) {
	e := entries(1, 2, 3)
	e[0].Withdrawn = true
	st := Standings(e, []Game{game(1, at(1, 1), at(2, 2), at(3, 3))})
	require.Equal(t, PlayerID(1), st[0].Player)
	require.True(t, st[0].Withdrawn)
	require.Equal(t, "2", st[0].Points.String())
	require.Equal(t, []PlayerID{2, 3}, Active(st))
}

func order(st []Standing) []PlayerID {
	var out []PlayerID
	for _, s := range st {
		out = append(out, s.Player)
	}
	return out
}

func ranks(st []Standing) []int {
	var out []int
	for _, s := range st {
		out = append(out, s.Rank)
	}
	return out
}
