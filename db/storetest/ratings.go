package storetest

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"boardroom/engine"
	"boardroom/lobby"
	"boardroom/lobby/rating"
)

// Rated is a store with players, for the checks of finished and rated
// games. Stores use it for their own tests too (db's failure stages).
type Rated struct {
	T   *testing.T
	Ctx context.Context
	S   Store
	IDs []int64 // the players' accounts
}

// NewRated makes players accounts in s.
func NewRated(t *testing.T, s Store, players int) *Rated {
	f := &Rated{T: t, Ctx: context.Background(), S: s}
	for i := range players {
		a, err := s.CreateAccount(f.Ctx, fmt.Sprint("fp", i), fmt.Sprint("player", i), T0)
		require.NoError(t, err)
		f.IDs = append(f.IDs, a.ID)
	}
	return f
}

// Playing stores a playing table in lobbyID seated by accounts.
func (f *Rated) Playing(lobbyID int64, accounts ...int64) int64 {
	f.T.Helper()
	rec := lobby.TableRecord{LobbyID: lobbyID, Game: "testgame", HostID: accounts[0], Status: lobby.TableForming,
		CreatedAt: T0, UpdatedAt: T0}
	for _, id := range accounts {
		rec.Seats = append(rec.Seats, lobby.SeatRecord{AccountID: id, Ready: true})
	}
	id, err := f.S.CreateTable(f.Ctx, rec)
	require.NoError(f.T, err)
	rec.ID, rec.Status = id, lobby.TablePlaying
	rec.Setup = &engine.Setup{Seats: len(accounts), Seed: 1}
	require.NoError(f.T, f.S.SaveTable(f.Ctx, rec))
	return id
}

// End is a rated end of the table with the given placements, seat i
// scoring 10*(n-i).
func (f *Rated) End(tableID, lobbyID int64, accounts []int64, places []int) lobby.GameEnd {
	end := lobby.GameEnd{TableID: tableID, LobbyID: lobbyID, Game: "testgame", Reason: "over", Rounds: 3,
		At: T0.Add(time.Hour), Rated: true, Ladders: []lobby.Ladder{global}}
	if lobbyID != lobby.PublicLobbyID {
		end.Ladders = []lobby.Ladder{{Game: "testgame", LobbyID: lobbyID}}
	}
	for i, id := range accounts {
		end.Seats = append(end.Seats, lobby.SeatOutcome{Seat: i, AccountID: id, Placement: places[i],
			Score: int64(10 * (len(accounts) - i)), Status: engine.StatusFinished})
	}
	return end
}

// Ratings is the account's records by ladder.
func (f *Rated) Ratings(accountID int64) map[lobby.Ladder]lobby.RatingRecord {
	f.T.Helper()
	recs, err := f.S.AccountRatings(f.Ctx, accountID)
	require.NoError(f.T, err)
	out := map[lobby.Ladder]lobby.RatingRecord{}
	for _, r := range recs {
		out[r.Ladder] = r
	}
	return out
}

// History is the account's rating history on the ladder.
func (f *Rated) History(accountID int64, l lobby.Ladder) []lobby.HistoryRecord {
	f.T.Helper()
	h, err := f.S.RatingHistory(f.Ctx, accountID, l, 100)
	require.NoError(f.T, err)
	return h
}

// RequireUnfinished checks that a table is still playing with no result,
// rating or history stored for its players.
func (f *Rated) RequireUnfinished(tableID int64, ladder lobby.Ladder, msg string) {
	f.T.Helper()
	tb, err := f.S.LoadTable(f.Ctx, tableID)
	require.NoError(f.T, err)
	require.Equal(f.T, lobby.TablePlaying, tb.Status, msg)
	res, err := f.S.GameResult(f.Ctx, tableID)
	require.NoError(f.T, err)
	require.Nil(f.T, res, msg)
	for _, id := range f.IDs {
		require.Empty(f.T, f.Ratings(id), msg)
		require.Empty(f.T, f.History(id, ladder), msg)
		tot, err := f.S.AccountTotals(f.Ctx, id, lobby.Visibility{Viewer: id})
		require.NoError(f.T, err)
		require.Empty(f.T, tot, "%s: no results", msg)
	}
}

var global = lobby.Ladder{Game: "testgame", LobbyID: lobby.GlobalLadder}

func testGoldenVector(t *testing.T, s Store) {
	f := NewRated(t, s, 4)
	id := f.Playing(lobby.PublicLobbyID, f.IDs...)
	require.NoError(t, f.S.FinishGame(f.Ctx, f.End(id, lobby.PublicLobbyID, f.IDs, []int{1, 2, 2, 4})))

	win := f.Ratings(f.IDs[0])
	require.Len(t, win, 1, "a public game updates the global ladder only")
	r := win[global]
	require.InDelta(t, 27.7951, r.Rating.Mu, 0.00005)
	require.InDelta(t, 8.2632, r.Rating.Sigma, 0.00005)
	require.Equal(t, 1, r.Games)
	require.Equal(t, 1, r.Wins)
	require.Equal(t, int64(40), r.BestScore)
	require.Equal(t, T0.Add(time.Hour), r.LastPlayed)
	require.Equal(t, "player0", r.Handle)

	second, third := f.Ratings(f.IDs[1])[global], f.Ratings(f.IDs[2])[global]
	require.Equal(t, second.Rating, third.Rating, "a tie from equal ratings ends equal")
	require.Zero(t, second.Wins)
	last := f.Ratings(f.IDs[3])[global]
	require.Less(t, last.Rating.Mu, rating.DefaultMu)

	res, err := f.S.GameResult(f.Ctx, id)
	require.NoError(t, err)
	require.True(t, res.Rated)
	require.Equal(t, rating.Default(), *res.Seats[0].Before)
	require.Equal(t, r.Rating, *res.Seats[0].After)

	hist, err := f.S.RatingHistory(f.Ctx, f.IDs[0], global, 10)
	require.NoError(t, err)
	require.Equal(t, []lobby.HistoryRecord{{TableID: id, GameLobby: lobby.PublicLobbyID, At: T0.Add(time.Hour), After: r.Rating}}, hist)

	// A second game starts from the stored rating.
	id2 := f.Playing(lobby.PublicLobbyID, f.IDs[0], f.IDs[3])
	end := f.End(id2, lobby.PublicLobbyID, []int64{f.IDs[0], f.IDs[3]}, []int{2, 1})
	end.At = T0.Add(2 * time.Hour)
	require.NoError(t, f.S.FinishGame(f.Ctx, end))
	want, err := rating.Rate([]rating.Rating{r.Rating, last.Rating}, []int{2, 1})
	require.NoError(t, err)
	r2 := f.Ratings(f.IDs[0])[global]
	require.Equal(t, want[0], r2.Rating)
	require.Equal(t, 2, r2.Games)
	require.Equal(t, 1, r2.Wins)
	require.Equal(t, int64(40), r2.BestScore, "the best score stays")
	hist, err = f.S.RatingHistory(f.Ctx, f.IDs[0], global, 10)
	require.NoError(t, err)
	require.Equal(t, []int64{id, id2}, []int64{hist[0].TableID, hist[1].TableID}, "oldest first")
	hist, err = f.S.RatingHistory(f.Ctx, f.IDs[0], global, 1)
	require.NoError(t, err)
	require.Equal(t, id2, hist[0].TableID, "the newest n")
}

func testPrivateLobbyLadder(t *testing.T, s Store) {
	f := NewRated(t, s, 2)
	team, err := f.S.CreateLobby(f.Ctx, lobby.LobbyRecord{Slug: "team", Name: "Team", OwnerID: f.IDs[0], InviteCode: "ABCD2345", CreatedAt: T0})
	require.NoError(t, err)
	teamLadder := lobby.Ladder{Game: "testgame", LobbyID: team}
	id := f.Playing(team, f.IDs...)
	require.NoError(t, f.S.FinishGame(f.Ctx, f.End(id, team, f.IDs, []int{1, 2})))
	rs := f.Ratings(f.IDs[0])
	require.Len(t, rs, 1)
	require.Contains(t, rs, teamLadder)
	for _, p := range f.IDs {
		require.Len(t, f.History(p, teamLadder), 1)
		require.Empty(t, f.History(p, global))
	}
	res, err := f.S.GameResult(f.Ctx, id)
	require.NoError(t, err)
	require.NotNil(t, res.Seats[0].After, "results show the change on the lobby's ladder")
	require.Equal(t, rs[teamLadder].Rating, *res.Seats[0].After)
	hist := f.History(f.IDs[0], teamLadder)
	require.Equal(t, team, hist[0].GameLobby)

	// Eligibility filters on games and last game.
	recs, err := f.S.LadderRecords(f.Ctx, teamLadder, 1, T0)
	require.NoError(t, err)
	require.Len(t, recs, 2)
	recs, err = f.S.LadderRecords(f.Ctx, teamLadder, 2, T0)
	require.NoError(t, err)
	require.Empty(t, recs)
	recs, err = f.S.LadderRecords(f.Ctx, teamLadder, 1, T0.Add(2*time.Hour))
	require.NoError(t, err)
	require.Empty(t, recs)
	recs, err = f.S.LadderRecords(f.Ctx, global, 1, T0)
	require.NoError(t, err)
	require.Empty(t, recs)
}

func testBotCountsOnce(t *testing.T, s Store) {
	f := NewRated(t, s, 1)
	bot, err := f.S.EnsureBot(f.Ctx, "bot-testgame", T0)
	require.NoError(t, err)
	accounts := []int64{f.IDs[0], bot.ID, bot.ID}
	id := f.Playing(lobby.PublicLobbyID, accounts...)
	end := f.End(id, lobby.PublicLobbyID, accounts, []int{2, 1, 3})
	end.Seats[1].Bot, end.Seats[2].Bot = true, true
	require.NoError(t, f.S.FinishGame(f.Ctx, end))
	all, err := rating.Rate([]rating.Rating{rating.Default(), rating.Default(), rating.Default()}, []int{2, 1, 3})
	require.NoError(t, err)
	b := f.Ratings(bot.ID)[global]
	require.Equal(t, 1, b.Games)
	require.Equal(t, 1, b.Wins)
	require.Equal(t, rating.Bot(), b.Rating, "a bot is a fixed anchor: never updated")
	require.Equal(t, int64(20), b.BestScore)
	require.True(t, b.Bot)
	require.Equal(t, all[0], f.Ratings(f.IDs[0])[global].Rating)
}

func testUnratedGame(t *testing.T, s Store) {
	f := NewRated(t, s, 2)
	id := f.Playing(lobby.PublicLobbyID, f.IDs...)
	end := f.End(id, lobby.PublicLobbyID, f.IDs, []int{1, 2})
	end.Rated = false
	require.NoError(t, f.S.FinishGame(f.Ctx, end))
	res, err := f.S.GameResult(f.Ctx, id)
	require.NoError(t, err)
	require.False(t, res.Rated)
	require.Len(t, res.Seats, 2)
	require.Nil(t, res.Seats[0].Before)
	for _, p := range f.IDs {
		require.Empty(t, f.Ratings(p))
		require.Empty(t, f.History(p, global))
	}
}

// testFailedEndRollsBack: the table's end, its results and its ratings are
// one transaction; a rating the model refuses fails all of it.
func testFailedEndRollsBack(t *testing.T, s Store) {
	f := NewRated(t, s, 2)
	team, err := f.S.CreateLobby(f.Ctx, lobby.LobbyRecord{Slug: "team", Name: "Team", OwnerID: f.IDs[0], InviteCode: "ABCD2345", CreatedAt: T0})
	require.NoError(t, err)
	teamLadder := lobby.Ladder{Game: "testgame", LobbyID: team}
	id := f.Playing(team, f.IDs...)
	require.Error(t, f.S.FinishGame(f.Ctx, f.End(id, team, f.IDs, []int{1, 5})))
	f.RequireUnfinished(id, teamLadder, "a refused rating")
	wrong := f.End(id, team, f.IDs, []int{1, 2})
	wrong.Ladders = []lobby.Ladder{{Game: "othergame", LobbyID: team}}
	require.Error(t, f.S.FinishGame(f.Ctx, wrong))
	f.RequireUnfinished(id, teamLadder, "a ladder of another game")

	require.NoError(t, f.S.FinishGame(f.Ctx, f.End(id, team, f.IDs, []int{1, 2})))
	res, err := f.S.GameResult(f.Ctx, id)
	require.NoError(t, err)
	require.Len(t, res.Seats, 2)
	require.True(t, res.Rated)
	require.Len(t, f.Ratings(f.IDs[0]), 1, "the lobby's ladder only")
	require.Len(t, f.Ratings(f.IDs[1]), 1, "the lobby's ladder only")
}

func testVisibility(t *testing.T, s Store) {
	f := NewRated(t, s, 3)
	team, err := f.S.CreateLobby(f.Ctx, lobby.LobbyRecord{Slug: "team", Name: "Team", OwnerID: f.IDs[0], InviteCode: "ABCD2345", CreatedAt: T0})
	require.NoError(t, err)
	pub := f.Playing(lobby.PublicLobbyID, f.IDs[0], f.IDs[1])
	require.NoError(t, f.S.FinishGame(f.Ctx, f.End(pub, lobby.PublicLobbyID, []int64{f.IDs[0], f.IDs[1]}, []int{1, 2})))
	priv := f.Playing(team, f.IDs[0], f.IDs[1])
	end := f.End(priv, team, []int64{f.IDs[0], f.IDs[1]}, []int{2, 1})
	end.At = T0.Add(2 * time.Hour)
	require.NoError(t, f.S.FinishGame(f.Ctx, end))
	f.Playing(lobby.PublicLobbyID, f.IDs[0], f.IDs[2]) // still playing: never listed

	ids := func(vis lobby.Visibility) []int64 {
		rs, err := f.S.AccountResults(f.Ctx, f.IDs[0], vis, 10)
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
	require.Equal(t, []int64{priv, pub}, ids(lobby.Visibility{Lobbies: []int64{lobby.PublicLobbyID}, Viewer: f.IDs[1]}), "so does a player of the game")
	require.Equal(t, []int64{priv, pub}, ids(lobby.Visibility{Viewer: f.IDs[1]}), "a player of both games sees both")
	require.Empty(t, ids(lobby.Visibility{Viewer: f.IDs[2]}))
	require.Empty(t, ids(lobby.Visibility{}))
	rs, err := f.S.AccountResults(f.Ctx, f.IDs[0], lobby.Visibility{Lobbies: []int64{lobby.PublicLobbyID, team}}, 1)
	require.NoError(t, err)
	require.Len(t, rs, 1)

	tot, err := f.S.AccountTotals(f.Ctx, f.IDs[0], public)
	require.NoError(t, err)
	require.Equal(t, []lobby.GameTotal{{Game: "testgame", Games: 1, Wins: 1}}, tot)
	tot, err = f.S.AccountTotals(f.Ctx, f.IDs[0], lobby.Visibility{Lobbies: []int64{lobby.PublicLobbyID, team}})
	require.NoError(t, err)
	require.Equal(t, []lobby.GameTotal{{Game: "testgame", Games: 2, Wins: 1}}, tot)
	tot, err = f.S.AccountTotals(f.Ctx, f.IDs[0], lobby.Visibility{})
	require.NoError(t, err)
	require.Empty(t, tot)

	tb, err := f.S.LoadTable(f.Ctx, priv)
	require.NoError(t, err)
	require.Equal(t, lobby.TableFinished, tb.Status)
	require.Equal(t, team, tb.LobbyID)
	require.Len(t, tb.Seats, 2)
	tb, err = f.S.LoadTable(f.Ctx, 9999)
	require.NoError(t, err)
	require.Nil(t, tb)
}

func testLobbyResults(t *testing.T, s Store) {
	f := NewRated(t, s, 2)
	var ids []int64
	for i := range 3 {
		id := f.Playing(lobby.PublicLobbyID, f.IDs...)
		end := f.End(id, lobby.PublicLobbyID, f.IDs, []int{1, 2})
		end.At, end.Rated = T0.Add(time.Duration(3-i)*time.Hour), false
		require.NoError(t, f.S.FinishGame(f.Ctx, end))
		ids = append(ids, id)
	}
	f.Playing(lobby.PublicLobbyID, f.IDs...) // playing: not a result
	rs, err := f.S.LobbyResults(f.Ctx, lobby.PublicLobbyID, 2)
	require.NoError(t, err)
	require.Len(t, rs, 2)
	require.Equal(t, []int64{ids[0], ids[1]}, []int64{rs[0].TableID, rs[1].TableID}, "newest finished first")
	require.Equal(t, "player0", rs[0].Seats[0].Handle)
	rs, err = f.S.LobbyResults(f.Ctx, 9999, 10)
	require.NoError(t, err)
	require.Empty(t, rs)
}
