package results_test

import (
	"encoding/json"
	"fmt"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"boardroom/engine"
	"boardroom/engine/opoly/unipoly"
	"boardroom/engine/testgame"
	"boardroom/lobby"
	"boardroom/lobby/rating"
)

func (e *env) board(viewer *lobby.Account, q lobby.LeaderboardQuery) lobby.Leaderboard {
	e.t.Helper()
	lb, err := e.res.Leaderboard(e.ctx, viewer, q)
	require.NoError(e.t, err)
	return lb
}

func handles(lb lobby.Leaderboard) []string {
	var out []string
	for _, r := range lb.Rows {
		out = append(out, r.Handle)
	}
	return out
}

func TestResultsOfARatedGame(t *testing.T) {
	e := newEnv(t, lobby.Config{})
	ada, bob := e.player("ada"), e.player("bob")
	id := e.game(lobby.PublicLobbyID, ada, bob)

	res, err := e.res.Results(e.ctx, nil, id)
	require.NoError(t, err, "guests read public results")
	require.True(t, res.Rated)
	require.Equal(t, testgame.ID, res.Game)
	require.Equal(t, "Test Game", res.GameTitle)
	require.Equal(t, "ada won.", res.Reason)
	want, err := rating.Rate([]rating.Rating{rating.Default(), rating.Default()}, []int{1, 2})
	require.NoError(t, err)
	require.Len(t, res.Seats, 2)
	require.Equal(t, lobby.ResultSeat{Seat: 0, AccountID: ada.ID, Handle: "ada", Placement: 1, Score: res.Seats[0].Score,
		Status: engine.StatusFinished, RatingBefore: 1000, RatingAfter: rating.Display(want[0]), Rated: true}, res.Seats[0])
	require.Equal(t, 2, res.Seats[1].Placement)
	require.Less(t, res.Seats[1].RatingAfter, res.Seats[1].RatingBefore)
	require.Equal(t, start, res.FinishedAt)

	_, err = e.res.Results(e.ctx, ada, id+100)
	require.ErrorIs(t, err, lobby.ErrNoResult)
	live := e.startIn(lobby.PublicLobbyID, ada, []*lobby.Account{bob}, 0)
	_, err = e.res.Results(e.ctx, ada, live)
	require.ErrorIs(t, err, lobby.ErrNoResult, "a game in progress has no results")

	// The results, profile and history survive a restart.
	e.restart()
	again, err := e.res.Results(e.ctx, bob, id)
	require.NoError(t, err)
	require.Equal(t, res, again)
	p, err := e.res.Profile(e.ctx, nil, "ada")
	require.NoError(t, err)
	require.Equal(t, 1, p.Games)
	require.Equal(t, 1, p.Wins)
	require.Equal(t, testgame.ID, p.Favourite)
	require.Empty(t, p.Account.Fingerprint, "others do not see the key")
	require.Len(t, p.Ratings, 1)
	gr := p.Ratings[0]
	require.Equal(t, lobby.GlobalLadder, gr.LobbyID)
	require.Equal(t, rating.Display(want[0]), gr.Rating)
	require.True(t, gr.Provisional)
	require.Equal(t, []lobby.RatingPoint{{At: start, Rating: gr.Rating, TableID: id}}, gr.History)
	require.Equal(t, []lobby.GameSummary{res}, p.Recent)
	own, err := e.res.Profile(e.ctx, ada, "")
	require.NoError(t, err)
	require.Equal(t, "SHA256:key-of-ada", own.Account.Fingerprint)

	_, err = e.res.Profile(e.ctx, nil, "")
	require.ErrorIs(t, err, lobby.ErrGuest)
	_, err = e.res.Profile(e.ctx, nil, "nobody")
	require.ErrorIs(t, err, lobby.ErrNotFound)
}

// TestBotsAreRatedAccounts: games against bots count, for the game's one
// bot account, shown as "Bot (Title)".
func TestBotsAreRatedAccounts(t *testing.T) {
	e := newEnv(t, lobby.Config{})
	ada := e.player("ada")
	id := e.startIn(lobby.PublicLobbyID, ada, nil, 2)
	e.playOut(id, 1, ada)
	res, err := e.res.Results(e.ctx, ada, id)
	require.NoError(t, err)
	require.True(t, res.Rated)
	require.Equal(t, "Bot 2", res.Seats[1].Handle)
	require.Equal(t, res.Seats[1].AccountID, res.Seats[2].AccountID, "one bot account per game")
	p, err := e.res.Profile(e.ctx, ada, "bot-testgame")
	require.NoError(t, err)
	require.Equal(t, "Bot (Test Game)", p.Account.Handle)
	require.True(t, p.Account.Bot)
	require.Len(t, p.Ratings, 1)
	require.Equal(t, 1, p.Ratings[0].Games, "two seats, one game")
}

func TestPrivateLobbyLaddersAndVisibility(t *testing.T) {
	e := newEnv(t, lobby.Config{})
	_, bob, eve, team, pub, priv := e.teamGames()

	// The private game moved only the lobby's ladder; the public one only
	// the global.
	p, err := e.res.Profile(e.ctx, bob, "ada")
	require.NoError(t, err)
	require.Len(t, p.Ratings, 2)
	require.Equal(t, lobby.GlobalLadder, p.Ratings[0].LobbyID)
	require.Equal(t, 1, p.Ratings[0].Games)
	require.Len(t, p.Ratings[0].History, 1)
	require.Equal(t, pub, p.Ratings[0].History[0].TableID)
	global := p.Ratings[0]
	require.Equal(t, team.ID, p.Ratings[1].LobbyID)
	require.Equal(t, "Team", p.Ratings[1].LobbyName)
	require.Equal(t, 1, p.Ratings[1].Games)
	require.Equal(t, 0, p.Ratings[1].Wins)
	require.Equal(t, 2, p.Games)
	require.Len(t, p.Recent, 2)
	require.Equal(t, priv, p.Recent[0].TableID)

	// Strangers and guests see the public game only.
	for _, viewer := range []*lobby.Account{eve, nil} {
		p, err := e.res.Profile(e.ctx, viewer, "ada")
		require.NoError(t, err)
		require.Len(t, p.Ratings, 1)
		require.Equal(t, global, p.Ratings[0], "the global rating is as after the public game alone")
		require.Equal(t, 1, p.Games)
		require.Equal(t, 1, p.Wins)
		require.Len(t, p.Recent, 1)
		require.Equal(t, pub, p.Recent[0].TableID)
		require.NotContains(t, js(t, p), fmt.Sprintf(`"table_id":%d`, priv), "no trace of the private game")
		hist, err := e.res.History(e.ctx, viewer, "bob", 0)
		require.NoError(t, err)
		require.Len(t, hist, 1)
		_, err = e.res.Results(e.ctx, viewer, priv)
		require.ErrorIs(t, err, lobby.ErrNoResult)
		_, err = e.res.Replay(e.ctx, viewer, priv, 0)
		require.ErrorIs(t, err, lobby.ErrNoResult)
		_, err = e.res.Leaderboard(e.ctx, viewer, lobby.LeaderboardQuery{LobbyID: team.ID})
		require.ErrorIs(t, err, lobby.ErrNotFound)
	}
	// A player who left the lobby still sees the games they played.
	require.NoError(t, e.svc.LeaveLobby(e.ctx, bob, team.ID))
	hist, err := e.res.History(e.ctx, bob, "", 10)
	require.NoError(t, err)
	require.Len(t, hist, 2)
	_, err = e.res.Results(e.ctx, bob, priv)
	require.NoError(t, err)
}

func TestLeaderboardEligibility(t *testing.T) {
	e := newEnv(t, lobby.Config{})
	ada, bob, cat := e.player("ada"), e.player("bob"), e.player("cat")
	for range 9 {
		e.game(lobby.PublicLobbyID, ada, bob)
	}
	lb := e.board(nil, lobby.LeaderboardQuery{})
	require.Empty(t, lb.Rows, "9 games are not enough")
	require.Zero(t, lb.Total)
	// ... but the players are listed below the line, not ranked.
	require.Equal(t, 2, lb.UnrankedTotal)
	require.Len(t, lb.Unranked, 2)
	require.Equal(t, "ada", lb.Unranked[0].Handle, "in the sort order: ada won more")
	require.Equal(t, "bob", lb.Unranked[1].Handle)
	for _, r := range lb.Unranked {
		require.True(t, r.Unranked)
		require.Zero(t, r.Rank)
		require.Equal(t, 9, r.Games)
	}
	lb = e.board(nil, lobby.LeaderboardQuery{Find: "BOB"})
	require.Len(t, lb.Unranked, 2, "finding a player not yet ranked gives the page with them")
	_, err := e.res.Leaderboard(e.ctx, nil, lobby.LeaderboardQuery{Find: "bob_x"})
	require.ErrorIs(t, err, lobby.ErrNotFound)
	require.Contains(t, err.Error(), "this leaderboard has no player bob_x", "the handle keeps its case and starts no sentence")
	lb = e.board(nil, lobby.LeaderboardQuery{})
	require.Equal(t, 10, lb.MinGames)
	require.Equal(t, 30, lb.ActiveDays)
	require.Equal(t, testgame.ID, lb.Game)

	e.game(lobby.PublicLobbyID, bob, ada)
	lb = e.board(ada, lobby.LeaderboardQuery{Game: testgame.ID})
	require.Equal(t, []string{"ada", "bob"}, handles(lb))
	require.Equal(t, 2, lb.Total)
	require.Empty(t, lb.Unranked)
	top := lb.Rows[0]
	require.Equal(t, 1, top.Rank)
	require.True(t, top.You)
	require.False(t, lb.Rows[1].You)
	require.Equal(t, 10, top.Games)
	require.Equal(t, 9, top.Wins)
	require.InDelta(t, 0.9, top.WinRate, 1e-9)
	require.Equal(t, rating.Display(rating.Rating{Mu: top.Mu, Sigma: top.Sigma}), top.Rating)
	require.Equal(t, rating.Provisional(rating.Rating{Mu: top.Mu, Sigma: top.Sigma}), top.Provisional)

	// Sorting, paging and finding.
	lb = e.board(nil, lobby.LeaderboardQuery{Sort: lobby.SortGames})
	require.Equal(t, []int{1, 1}, []int{lb.Rows[0].Rank, lb.Rows[1].Rank}, "equal games share the rank")
	lb = e.board(nil, lobby.LeaderboardQuery{Limit: 1, Offset: 1})
	require.Equal(t, []string{"bob"}, handles(lb))
	require.Equal(t, 2, lb.Rows[0].Rank)
	lb = e.board(nil, lobby.LeaderboardQuery{Limit: 1, Find: "BOB"})
	require.Equal(t, 1, lb.Offset)
	require.Equal(t, []string{"bob"}, handles(lb))
	_, err = e.res.Leaderboard(e.ctx, nil, lobby.LeaderboardQuery{Find: "cat"})
	require.ErrorIs(t, err, lobby.ErrNotFound)
	_, err = e.res.Leaderboard(e.ctx, nil, lobby.LeaderboardQuery{Sort: "luck"})
	require.ErrorIs(t, err, lobby.ErrBadSort)
	_, err = e.res.Leaderboard(e.ctx, nil, lobby.LeaderboardQuery{Game: "chess"})
	require.ErrorIs(t, err, lobby.ErrNotFound)

	// A month later nobody is active any more, until they play again.
	e.clock.Advance(31 * 24 * time.Hour)
	require.Empty(t, e.board(nil, lobby.LeaderboardQuery{}).Rows)
	e.game(lobby.PublicLobbyID, ada, cat)
	lb = e.board(nil, lobby.LeaderboardQuery{})
	require.Equal(t, []string{"ada"}, handles(lb))
	require.Len(t, lb.Unranked, 1)
	require.Equal(t, "cat", lb.Unranked[0].Handle, "bob is not active, cat is not yet ranked")
	lb = e.board(nil, lobby.LeaderboardQuery{Limit: 1, Offset: 0})
	require.Len(t, lb.Unranked, 1, "the last ranked page carries the players below the line")
	p, err := e.res.Profile(e.ctx, nil, "cat")
	require.NoError(t, err)
	require.Equal(t, 1, p.Ratings[0].Games, "the unlisted still have their rating on their profile")
}

// TestLeaverRanksLast: in a three-player game, the first to resign places
// third and is rated so.
func TestLeaverRanksLast(t *testing.T) {
	e := newEnv(t, lobby.Config{})
	ada, bob, cat := e.player("ada"), e.player("bob"), e.player("cat")
	id := e.startIn(lobby.PublicLobbyID, ada, []*lobby.Account{bob, cat}, 0)
	for _, p := range []*lobby.Account{ada, bob, cat} {
		require.NoError(t, e.act(p, id, testgame.Bid{Amount: 0}))
	}
	// Seat 1 (ada) starts: ada adds, bob resigns, cat resigns: ada wins.
	require.NoError(t, e.act(ada, id, testgame.Add{N: 1}))
	require.NoError(t, e.act(bob, id, testgame.Resign{}))
	require.NoError(t, e.act(cat, id, testgame.Resign{}))
	res, err := e.res.Results(e.ctx, ada, id)
	require.NoError(t, err)
	require.True(t, res.Rated)
	require.Equal(t, []int{1, 3, 2}, []int{res.Seats[0].Placement, res.Seats[1].Placement, res.Seats[2].Placement})
	require.Equal(t, engine.StatusResigned, res.Seats[1].Status)
	require.Less(t, res.Seats[1].RatingAfter, res.Seats[2].RatingAfter, "the earlier leaver loses more")

	rows := e.query(`SELECT placement, won FROM results WHERE game_id = ? ORDER BY seat`, id)
	var got []int
	for rows.Next() {
		var place, won int
		require.NoError(t, rows.Scan(&place, &won))
		got = append(got, place, won)
	}
	require.NoError(t, rows.Close())
	require.Equal(t, []int{1, 1, 3, 0, 2, 0}, got)
}

func TestResultsJSONRoundTrip(t *testing.T) {
	e := newEnv(t, lobby.Config{})
	ada, bob := e.player("ada"), e.player("bob")
	e.game(lobby.PublicLobbyID, ada, bob)
	p, err := e.res.Profile(e.ctx, nil, "bob")
	require.NoError(t, err)
	b, err := json.Marshal(p)
	require.NoError(t, err)
	var back lobby.Profile
	require.NoError(t, json.Unmarshal(b, &back))
	require.Equal(t, p, back)
}

// teamGames: ada owns the private lobby Team, bob is a member, eve is not;
// ada and bob finished one game in public (pub) and, a minute later, one
// in Team (priv).
func (e *env) teamGames() (ada, bob, eve *lobby.Account, team lobby.Lobby, pub, priv int64) {
	t := e.t
	ada, bob, eve = e.player("ada"), e.player("bob"), e.player("eve")
	team, err := e.svc.CreateLobby(e.ctx, ada, "Team")
	require.NoError(t, err)
	_, err = e.svc.JoinLobby(e.ctx, bob, team.InviteCode)
	require.NoError(t, err)
	pub = e.game(lobby.PublicLobbyID, ada, bob)
	e.clock.Advance(time.Minute)
	priv = e.game(team.ID, bob, ada)
	return ada, bob, eve, team, pub, priv
}

// TestStrongBotHasItsOwnProfile: a game with a strong bot has a second bot
// account, named with its level on profiles and ladders.
func TestStrongBotHasItsOwnProfile(t *testing.T) {
	e := newEnv(t, lobby.Config{})
	reg, err := engine.NewRegistry(testgame.Definition{}, unipoly.Definition{})
	require.NoError(t, err)
	e.stop()
	e.reg = reg
	e.serve()
	ada := e.player("ada")
	p, err := e.res.Profile(e.ctx, ada, "bot-s-unipoly")
	require.NoError(t, err)
	require.Equal(t, "Bot (Unipoly, strong)", p.Account.Handle)
	require.True(t, p.Account.Bot)
	p, err = e.res.Profile(e.ctx, ada, "bot-unipoly")
	require.NoError(t, err)
	require.Equal(t, "Bot (Unipoly)", p.Account.Handle)
}
