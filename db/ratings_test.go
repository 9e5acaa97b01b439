package db

import (
	"context"
	"errors"
	"fmt"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"boardroom/engine"
	"boardroom/lobby"
	"boardroom/lobby/rating"
)

// ratedFixture is a store with players and a playing table of theirs.
type ratedFixture struct {
	t   *testing.T
	ctx context.Context
	s   *Store
	ids []int64
}

func newRatedFixture(t *testing.T, players int) *ratedFixture {
	f := &ratedFixture{t: t, ctx: context.Background()}
	f.s, _ = openTest(t)
	for i := range players {
		a, err := f.s.CreateAccount(f.ctx, fmt.Sprint("fp", i), fmt.Sprint("player", i), t0)
		require.NoError(t, err)
		f.ids = append(f.ids, a.ID)
	}
	return f
}

// playing stores a playing table in lobbyID seated by accounts.
func (f *ratedFixture) playing(lobbyID int64, accounts ...int64) int64 {
	f.t.Helper()
	rec := lobby.TableRecord{LobbyID: lobbyID, Game: "testgame", HostID: accounts[0], Status: lobby.TableForming,
		CreatedAt: t0, UpdatedAt: t0}
	for _, id := range accounts {
		rec.Seats = append(rec.Seats, lobby.SeatRecord{AccountID: id, Ready: true})
	}
	id, err := f.s.CreateTable(f.ctx, rec)
	require.NoError(f.t, err)
	rec.ID, rec.Status = id, lobby.TablePlaying
	rec.Setup = &engine.Setup{Seats: len(accounts), Seed: 1}
	require.NoError(f.t, f.s.SaveTable(f.ctx, rec))
	return id
}

// end is a rated end of the table with the given placements, seat i
// scoring 10*(n-i).
func (f *ratedFixture) end(tableID, lobbyID int64, accounts []int64, places []int) lobby.GameEnd {
	end := lobby.GameEnd{TableID: tableID, LobbyID: lobbyID, Game: "testgame", Reason: "over", Rounds: 3,
		At: t0.Add(time.Hour), Rated: true, Ladders: []lobby.Ladder{{Game: "testgame", LobbyID: lobby.GlobalLadder}}}
	if lobbyID != lobby.PublicLobbyID {
		end.Ladders = []lobby.Ladder{{Game: "testgame", LobbyID: lobbyID}}
	}
	for i, id := range accounts {
		end.Seats = append(end.Seats, lobby.SeatOutcome{Seat: i, AccountID: id, Placement: places[i],
			Score: int64(10 * (len(accounts) - i)), Status: engine.StatusFinished})
	}
	return end
}

func (f *ratedFixture) ratings(accountID int64) map[lobby.Ladder]lobby.RatingRecord {
	f.t.Helper()
	recs, err := f.s.AccountRatings(f.ctx, accountID)
	require.NoError(f.t, err)
	out := map[lobby.Ladder]lobby.RatingRecord{}
	for _, r := range recs {
		out[r.Ladder] = r
	}
	return out
}

func (f *ratedFixture) count(q string, args ...any) int {
	f.t.Helper()
	var n int
	require.NoError(f.t, f.s.r.QueryRowContext(f.ctx, q, args...).Scan(&n))
	return n
}

var global = lobby.Ladder{Game: "testgame", LobbyID: lobby.GlobalLadder}

func TestGoldenVectorThroughTheStore(t *testing.T) {
	f := newRatedFixture(t, 4)
	id := f.playing(lobby.PublicLobbyID, f.ids...)
	require.NoError(t, f.s.FinishGame(f.ctx, f.end(id, lobby.PublicLobbyID, f.ids, []int{1, 2, 2, 4})))

	win := f.ratings(f.ids[0])
	require.Len(t, win, 1, "a public game updates the global ladder only")
	r := win[global]
	require.InDelta(t, 27.7951, r.Rating.Mu, 0.00005)
	require.InDelta(t, 8.2632, r.Rating.Sigma, 0.00005)
	require.Equal(t, 1, r.Games)
	require.Equal(t, 1, r.Wins)
	require.Equal(t, int64(40), r.BestScore)
	require.Equal(t, t0.Add(time.Hour), r.LastPlayed)
	require.Equal(t, "player0", r.Handle)

	second, third := f.ratings(f.ids[1])[global], f.ratings(f.ids[2])[global]
	require.Equal(t, second.Rating, third.Rating, "a tie from equal ratings ends equal")
	require.Zero(t, second.Wins)
	last := f.ratings(f.ids[3])[global]
	require.Less(t, last.Rating.Mu, rating.DefaultMu)

	res, err := f.s.GameResult(f.ctx, id)
	require.NoError(t, err)
	require.True(t, res.Rated)
	require.Equal(t, rating.Default(), *res.Seats[0].Before)
	require.Equal(t, r.Rating, *res.Seats[0].After)

	hist, err := f.s.RatingHistory(f.ctx, f.ids[0], global, 10)
	require.NoError(t, err)
	require.Equal(t, []lobby.HistoryRecord{{TableID: id, GameLobby: lobby.PublicLobbyID, At: t0.Add(time.Hour), After: r.Rating}}, hist)

	// A second game starts from the stored rating.
	id2 := f.playing(lobby.PublicLobbyID, f.ids[0], f.ids[3])
	end := f.end(id2, lobby.PublicLobbyID, []int64{f.ids[0], f.ids[3]}, []int{2, 1})
	end.At = t0.Add(2 * time.Hour)
	require.NoError(t, f.s.FinishGame(f.ctx, end))
	want, err := rating.Rate([]rating.Rating{r.Rating, last.Rating}, []int{2, 1})
	require.NoError(t, err)
	r2 := f.ratings(f.ids[0])[global]
	require.Equal(t, want[0], r2.Rating)
	require.Equal(t, 2, r2.Games)
	require.Equal(t, 1, r2.Wins)
	require.Equal(t, int64(40), r2.BestScore, "the best score stays")
	hist, err = f.s.RatingHistory(f.ctx, f.ids[0], global, 10)
	require.NoError(t, err)
	require.Equal(t, []int64{id, id2}, []int64{hist[0].TableID, hist[1].TableID}, "oldest first")
	hist, err = f.s.RatingHistory(f.ctx, f.ids[0], global, 1)
	require.NoError(t, err)
	require.Equal(t, id2, hist[0].TableID, "the newest n")
}

func TestPrivateLobbyGameUpdatesOnlyItsLadder(t *testing.T) {
	f := newRatedFixture(t, 2)
	team, err := f.s.CreateLobby(f.ctx, lobby.LobbyRecord{Slug: "team", Name: "Team", OwnerID: f.ids[0], InviteCode: "ABCD2345", CreatedAt: t0})
	require.NoError(t, err)
	id := f.playing(team, f.ids...)
	require.NoError(t, f.s.FinishGame(f.ctx, f.end(id, team, f.ids, []int{1, 2})))
	rs := f.ratings(f.ids[0])
	require.Len(t, rs, 1)
	require.Contains(t, rs, lobby.Ladder{Game: "testgame", LobbyID: team})
	require.Equal(t, 2, f.count(`SELECT COUNT(*) FROM rating_history WHERE game_id = ?`, id))
	require.Zero(t, f.count(`SELECT COUNT(*) FROM rating_history WHERE lobby_id = 0`))
	res, err := f.s.GameResult(f.ctx, id)
	require.NoError(t, err)
	require.NotNil(t, res.Seats[0].After, "results show the change on the lobby's ladder")
	require.Equal(t, rs[lobby.Ladder{Game: "testgame", LobbyID: team}].Rating, *res.Seats[0].After)
	hist, err := f.s.RatingHistory(f.ctx, f.ids[0], lobby.Ladder{Game: "testgame", LobbyID: team}, 10)
	require.NoError(t, err)
	require.Equal(t, team, hist[0].GameLobby)

	// Eligibility filters on games and last game.
	recs, err := f.s.LadderRecords(f.ctx, lobby.Ladder{Game: "testgame", LobbyID: team}, 1, t0)
	require.NoError(t, err)
	require.Len(t, recs, 2)
	recs, err = f.s.LadderRecords(f.ctx, global, 2, t0)
	require.NoError(t, err)
	require.Empty(t, recs)
	recs, err = f.s.LadderRecords(f.ctx, global, 1, t0.Add(2*time.Hour))
	require.NoError(t, err)
	require.Empty(t, recs)
}

func TestBotWithSeveralSeatsCountsOnce(t *testing.T) {
	f := newRatedFixture(t, 1)
	bot, err := f.s.EnsureBot(f.ctx, "bot-testgame", t0)
	require.NoError(t, err)
	accounts := []int64{f.ids[0], bot.ID, bot.ID}
	id := f.playing(lobby.PublicLobbyID, accounts...)
	end := f.end(id, lobby.PublicLobbyID, accounts, []int{2, 1, 3})
	end.Seats[1].Bot, end.Seats[2].Bot = true, true
	require.NoError(t, f.s.FinishGame(f.ctx, end))
	all, err := rating.Rate([]rating.Rating{rating.Default(), rating.Default(), rating.Default()}, []int{2, 1, 3})
	require.NoError(t, err)
	b := f.ratings(bot.ID)[global]
	require.Equal(t, 1, b.Games)
	require.Equal(t, 1, b.Wins)
	require.Equal(t, rating.Bot(), b.Rating, "a bot is a fixed anchor: never updated")
	require.Equal(t, int64(20), b.BestScore)
	require.True(t, b.Bot)
	require.Equal(t, all[0], f.ratings(f.ids[0])[global].Rating)
}

func TestUnratedGameStoresResultsOnly(t *testing.T) {
	f := newRatedFixture(t, 2)
	id := f.playing(lobby.PublicLobbyID, f.ids...)
	end := f.end(id, lobby.PublicLobbyID, f.ids, []int{1, 2})
	end.Rated = false
	require.NoError(t, f.s.FinishGame(f.ctx, end))
	require.Equal(t, 2, f.count(`SELECT COUNT(*) FROM results WHERE game_id = ?`, id))
	require.Zero(t, f.count(`SELECT COUNT(*) FROM ratings`))
	require.Zero(t, f.count(`SELECT COUNT(*) FROM rating_history`))
	res, err := f.s.GameResult(f.ctx, id)
	require.NoError(t, err)
	require.False(t, res.Rated)
	require.Nil(t, res.Seats[0].Before)
}

// TestFailedEndRollsBackResultsAndRatings: the table's end, its results and
// its ratings are one transaction.
func TestFailedEndRollsBackResultsAndRatings(t *testing.T) {
	f := newRatedFixture(t, 2)
	team, err := f.s.CreateLobby(f.ctx, lobby.LobbyRecord{Slug: "team", Name: "Team", OwnerID: f.ids[0], InviteCode: "ABCD2345", CreatedAt: t0})
	require.NoError(t, err)
	id := f.playing(team, f.ids...)
	errBoom := errors.New("boom")
	for _, stage := range []string{"results", "ratings"} {
		f.s.failFinish = func(at string) error {
			if at == stage {
				return errBoom
			}
			return nil
		}
		require.ErrorIs(t, f.s.FinishGame(f.ctx, f.end(id, team, f.ids, []int{1, 2})), errBoom, stage)
		require.Zero(t, f.count(`SELECT COUNT(*) FROM results`), stage)
		require.Zero(t, f.count(`SELECT COUNT(*) FROM ratings`), stage)
		require.Zero(t, f.count(`SELECT COUNT(*) FROM rating_history`), stage)
		require.Equal(t, 1, f.count(`SELECT COUNT(*) FROM games WHERE id = ? AND status = 'playing' AND rated = 0`, id), stage)
	}
	// A rating the model refuses fails the whole end too.
	f.s.failFinish = nil
	bad := f.end(id, team, f.ids, []int{1, 5})
	require.Error(t, f.s.FinishGame(f.ctx, bad))
	require.Zero(t, f.count(`SELECT COUNT(*) FROM results`))

	require.NoError(t, f.s.FinishGame(f.ctx, f.end(id, team, f.ids, []int{1, 2})))
	require.Equal(t, 2, f.count(`SELECT COUNT(*) FROM results`))
	require.Equal(t, 2, f.count(`SELECT COUNT(*) FROM ratings`), "the lobby's ladder only")
	require.Equal(t, 1, f.count(`SELECT COUNT(*) FROM games WHERE id = ? AND status = 'finished' AND rated = 1`, id))
}

func TestAccountResultsAndTotalsFollowVisibility(t *testing.T) {
	f := newRatedFixture(t, 3)
	team, err := f.s.CreateLobby(f.ctx, lobby.LobbyRecord{Slug: "team", Name: "Team", OwnerID: f.ids[0], InviteCode: "ABCD2345", CreatedAt: t0})
	require.NoError(t, err)
	pub := f.playing(lobby.PublicLobbyID, f.ids[0], f.ids[1])
	require.NoError(t, f.s.FinishGame(f.ctx, f.end(pub, lobby.PublicLobbyID, []int64{f.ids[0], f.ids[1]}, []int{1, 2})))
	priv := f.playing(team, f.ids[0], f.ids[1])
	end := f.end(priv, team, []int64{f.ids[0], f.ids[1]}, []int{2, 1})
	end.At = t0.Add(2 * time.Hour)
	require.NoError(t, f.s.FinishGame(f.ctx, end))
	f.playing(lobby.PublicLobbyID, f.ids[0], f.ids[2]) // still playing: never listed

	ids := func(vis lobby.Visibility) []int64 {
		rs, err := f.s.AccountResults(f.ctx, f.ids[0], vis, 10)
		require.NoError(t, err)
		var out []int64
		for _, r := range rs {
			out = append(out, r.TableID)
		}
		return out
	}
	public := lobby.Visibility{Lobbies: []int64{lobby.PublicLobbyID}}
	require.Equal(t, []int64{pub}, ids(public), "a stranger sees the public game only")
	require.Equal(t, []int64{priv, pub}, ids(lobby.Visibility{Lobbies: []int64{lobby.PublicLobbyID, team}}), "members see both, newest first")
	require.Equal(t, []int64{priv, pub}, ids(lobby.Visibility{Lobbies: []int64{lobby.PublicLobbyID}, Viewer: f.ids[1]}), "so does a player of the game")
	require.Empty(t, ids(lobby.Visibility{Viewer: f.ids[2]}))
	rs, err := f.s.AccountResults(f.ctx, f.ids[0], lobby.Visibility{Lobbies: []int64{lobby.PublicLobbyID, team}}, 1)
	require.NoError(t, err)
	require.Len(t, rs, 1)

	tot, err := f.s.AccountTotals(f.ctx, f.ids[0], public)
	require.NoError(t, err)
	require.Equal(t, []lobby.GameTotal{{Game: "testgame", Games: 1, Wins: 1}}, tot)
	tot, err = f.s.AccountTotals(f.ctx, f.ids[0], lobby.Visibility{Lobbies: []int64{lobby.PublicLobbyID, team}})
	require.NoError(t, err)
	require.Equal(t, []lobby.GameTotal{{Game: "testgame", Games: 2, Wins: 1}}, tot)

	tb, err := f.s.LoadTable(f.ctx, priv)
	require.NoError(t, err)
	require.Equal(t, lobby.TableFinished, tb.Status)
	require.Equal(t, team, tb.LobbyID)
	require.Len(t, tb.Seats, 2)
	tb, err = f.s.LoadTable(f.ctx, 9999)
	require.NoError(t, err)
	require.Nil(t, tb)
}
