package results

import (
	"cmp"
	"context"
	"fmt"
	"slices"
	"strings"

	"boardroom/engine"
	"boardroom/lobby"
	"boardroom/lobby/rating"
)

const (
	defaultPage = 20
	maxPage     = 100
	historyKeep = 50 // rating points per ladder on a profile
)

// gameInfo resolves a game id ("" = the first registered game).
func (s *Service) gameInfo(game string) (engine.Info, error) {
	if game == "" {
		infos := s.reg.Infos()
		if len(infos) == 0 {
			return engine.Info{}, userErr(lobby.ErrNotFound, "this server offers no game")
		}
		return infos[0], nil
	}
	info, err := s.reg.Info(game)
	if err != nil {
		return engine.Info{}, userErr(lobby.ErrNotFound, fmt.Sprintf("this server has no game %q", lobby.Sanitize(game, 40)))
	}
	return info, nil
}

// gameTitle is a game's title, or its id when the server no longer has it.
func (s *Service) gameTitle(game string) string {
	if info, err := s.reg.Info(game); err == nil {
		return info.Title
	}
	return game
}

// displayName is how an account is named on ladders and profiles: its
// handle, or "Bot (Title)" for a game's bot.
func (s *Service) displayName(accountID int64, handle string, bot bool) string {
	if bot {
		if game, ok := s.live.BotGame(accountID); ok {
			if lv, ok := s.live.(interface{ BotLevel(int64) string }); ok && lv.BotLevel(accountID) != "" {
				return "Bot (" + s.gameTitle(game) + ", " + lv.BotLevel(accountID) + ")"
			}
			return "Bot (" + s.gameTitle(game) + ")"
		}
		return "Bot"
	}
	return handle
}

// ladderOf checks that the viewer may read the ladder of a lobby: 0 and the
// public lobby mean the global ladder; a private lobby's is for members.
func (s *Service) ladderOf(viewer *lobby.Account, game string, lobbyID int64) (lobby.Ladder, error) {
	if lobbyID == lobby.PublicLobbyID || lobbyID == lobby.GlobalLadder {
		return lobby.Ladder{Game: game, LobbyID: lobby.GlobalLadder}, nil
	}
	if !s.canSeeLobby(viewerID(viewer), lobbyID) {
		return lobby.Ladder{}, userErr(lobby.ErrNotFound, "there is no such lobby")
	}
	return lobby.Ladder{Game: game, LobbyID: lobbyID}, nil
}

// sortKey is the value a leaderboard sorts by, larger first.
func sortKey(r lobby.LeaderboardRow, by string) float64 {
	switch by {
	case lobby.SortWins:
		return float64(r.Wins)
	case lobby.SortGames:
		return float64(r.Games)
	case lobby.SortWinRate:
		return r.WinRate
	case lobby.SortBest:
		return float64(r.BestScore)
	}
	return float64(r.Rating)
}

func winRate(wins, games int) float64 {
	if games == 0 {
		return 0
	}
	return float64(wins) / float64(games)
}

// Leaderboard returns one page of a ladder. Players with no rated game
// there in the last ActiveDays days (by the service's clock) are not
// listed; those with fewer than MinRatedGames rated games are not ranked
// and come, with the last page, in Unranked (the first limit of them, in
// the same order). Rows are ranked by the sort key
// (ties share the better rank), then by rating and handle. With Find, the
// page holding that handle is returned (ErrNotFound if it is not listed).
func (s *Service) Leaderboard(ctx context.Context, viewer *lobby.Account, q lobby.LeaderboardQuery) (lobby.Leaderboard, error) {
	info, err := s.gameInfo(q.Game)
	if err != nil {
		return lobby.Leaderboard{}, err
	}
	ladder, err := s.ladderOf(viewer, info.ID, q.LobbyID)
	if err != nil {
		return lobby.Leaderboard{}, err
	}
	by := strings.ToLower(q.Sort)
	switch by {
	case "":
		by = lobby.SortRating
	case lobby.SortRating, lobby.SortWins, lobby.SortGames, lobby.SortWinRate, lobby.SortBest:
	default:
		return lobby.Leaderboard{}, lobby.ErrBadSort
	}
	limit := q.Limit
	if limit <= 0 {
		limit = defaultPage
	}
	limit = min(limit, maxPage)
	since := s.clock.Now().UTC().AddDate(0, 0, -lobby.ActiveDays)
	recs, err := s.store.LadderRecords(ctx, ladder, 1, since)
	if err != nil {
		return lobby.Leaderboard{}, s.storageErr(err)
	}
	// A bot plays at a fixed rating, an anchor for the others: it is never
	// provisional, whatever its sigma says.
	var rows, unranked []lobby.LeaderboardRow
	for _, r := range recs {
		row := lobby.LeaderboardRow{AccountID: r.AccountID, Handle: s.displayName(r.AccountID, r.Handle, r.Bot),
			Bot: r.Bot, Rating: rating.Display(r.Rating), Provisional: !r.Bot && rating.Provisional(r.Rating), Mu: r.Rating.Mu,
			Sigma: r.Rating.Sigma, Games: r.Games, Wins: r.Wins, WinRate: winRate(r.Wins, r.Games), BestScore: r.BestScore,
			LastPlayed: r.LastPlayed, You: viewer != nil && viewer.ID == r.AccountID}
		if r.Games < lobby.MinRatedGames {
			row.Unranked = true
			unranked = append(unranked, row)
			continue
		}
		rows = append(rows, row)
	}
	order := func(a, b lobby.LeaderboardRow) int {
		if c := cmp.Compare(sortKey(b, by), sortKey(a, by)); c != 0 {
			return c
		}
		if c := cmp.Compare(b.Rating, a.Rating); c != 0 {
			return c
		}
		if c := cmp.Compare(strings.ToLower(a.Handle), strings.ToLower(b.Handle)); c != 0 {
			return c
		}
		return cmp.Compare(a.AccountID, b.AccountID)
	}
	slices.SortStableFunc(rows, order)
	slices.SortStableFunc(unranked, order)
	for i := range rows {
		rows[i].Rank = i + 1
		if i > 0 && sortKey(rows[i], by) == sortKey(rows[i-1], by) {
			rows[i].Rank = rows[i-1].Rank
		}
	}
	offset := max(q.Offset, 0)
	if q.Find != "" {
		match := func(r lobby.LeaderboardRow) bool {
			if r.Bot {
				return strings.EqualFold(r.Handle, q.Find) || strings.EqualFold(lobby.BotHandle(info.ID), q.Find)
			}
			return strings.EqualFold(r.Handle, q.Find)
		}
		switch i, j := slices.IndexFunc(rows, match), slices.IndexFunc(unranked, match); {
		case i >= 0:
			offset = i / limit * limit
		case j >= 0:
			// The not-yet-ranked players come with the last page.
			offset = max(len(rows)-1, 0) / limit * limit
		default:
			// The handle starts no sentence: the TUI capitalises the first
			// letter of an error, and "bob" must stay "bob".
			return lobby.Leaderboard{}, userErr(lobby.ErrNotFound, fmt.Sprintf("this leaderboard has no player %s (it lists players with a rated game in the last %d days; %d rated games to be ranked)",
				lobby.Sanitize(q.Find, 40), lobby.ActiveDays, lobby.MinRatedGames))
		}
	}
	out := lobby.Leaderboard{Game: info.ID, GameTitle: info.Title, LobbyID: ladder.LobbyID, Sort: by, Total: len(rows),
		Offset: offset, MinGames: lobby.MinRatedGames, ActiveDays: lobby.ActiveDays, Rows: []lobby.LeaderboardRow{},
		Unranked: []lobby.LeaderboardRow{}, UnrankedTotal: len(unranked)}
	if offset < len(rows) {
		out.Rows = rows[offset:min(offset+limit, len(rows))]
	}
	if offset+limit >= len(rows) {
		out.Unranked = unranked[:min(limit, len(unranked))]
	}
	return out, nil
}
