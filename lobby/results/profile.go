package results

import (
	"context"

	"boardroom/lobby"
	"boardroom/lobby/rating"
)

const (
	recentGames = 10 // games on a profile
	defaultHist = 20
)

// visibility is what finished games the viewer may see: those of the
// lobbies the viewer sees, and those the viewer played in.
func (s *Service) visibility(viewer *lobby.Account) lobby.Visibility {
	return s.live.Visibility(viewer)
}

// canSeeResult reports whether the viewer may see a finished game.
func (s *Service) canSeeResult(viewer *lobby.Account, lobbyID int64, accounts func(yield func(int64) bool)) bool {
	if s.canSeeLobby(viewerID(viewer), lobbyID) {
		return true
	}
	if viewer == nil {
		return false
	}
	for id := range accounts {
		if id == viewer.ID {
			return true
		}
	}
	return false
}

// profileAccount finds the account a profile or history is about: the
// handle's, or the viewer's own when handle is "".
func (s *Service) profileAccount(ctx context.Context, viewer *lobby.Account, handle string) (*lobby.Account, error) {
	if handle == "" {
		if err := lobby.CheckPlayer(viewer); err != nil {
			return nil, err
		}
		return viewer, nil
	}
	acc, err := s.live.AccountByHandle(ctx, handle)
	if err != nil {
		return nil, err
	}
	out := *acc
	if viewer == nil || viewer.ID != out.ID {
		out.Fingerprint = ""
	}
	if out.Bot {
		out.Handle = s.displayName(out.ID, out.Handle, true)
	}
	return &out, nil
}

// summary turns a stored result into what players read: seats named as
// during the game ("Bot N" for bots) and ratings on the global ladder.
func (s *Service) summary(r lobby.ResultRecord) lobby.GameSummary {
	out := lobby.GameSummary{TableID: r.TableID, LobbyID: r.LobbyID, Game: r.Game, GameTitle: s.gameTitle(r.Game),
		FinishedAt: r.FinishedAt, Rounds: r.Rounds, Rated: r.Rated, Seats: []lobby.ResultSeat{}}
	names := make([]string, len(r.Seats))
	for i, st := range r.Seats {
		rs := lobby.ResultSeat{Seat: st.Seat, AccountID: st.AccountID, Handle: st.Handle, Bot: st.Bot, Placement: st.Placement,
			Score: st.Score, Status: st.Status}
		if st.Bot {
			rs.Handle = lobby.BotName(st.Seat)
		}
		if r.Rated && st.Before != nil && st.After != nil {
			rs.Rated, rs.RatingBefore, rs.RatingAfter = true, rating.Display(*st.Before), rating.Display(*st.After)
		}
		names[i] = rs.Handle
		out.Seats = append(out.Seats, rs)
	}
	out.Reason = lobby.NameSeats(r.Reason, names)
	return out
}

func seatAccounts(r lobby.ResultRecord) func(yield func(int64) bool) {
	return func(yield func(int64) bool) {
		for _, st := range r.Seats {
			if !yield(st.AccountID) {
				return
			}
		}
	}
}

// Results returns a finished table's standings with each seat's rating
// change on the game's global ladder. The viewer must see the table's lobby
// or have played at the table.
func (s *Service) Results(ctx context.Context, viewer *lobby.Account, tableID int64) (lobby.GameSummary, error) {
	r, err := s.store.GameResult(ctx, tableID)
	if err != nil {
		return lobby.GameSummary{}, s.storageErr(err)
	}
	if r == nil || !s.canSeeResult(viewer, r.LobbyID, seatAccounts(*r)) {
		return lobby.GameSummary{}, userErr(lobby.ErrNoResult, "there is no finished game at that table")
	}
	g := s.summary(*r)
	// The standings say why an unrated game did not count: an imported one
	// never does, whoever played it.
	if m, ok := s.store.(interface {
		Imported(ctx context.Context, tableID int64) (bool, error)
	}); ok && !g.Rated {
		if g.Imported, err = m.Imported(ctx, tableID); err != nil {
			return lobby.GameSummary{}, s.storageErr(err)
		}
	}
	return g, nil
}

// History lists the finished games of the handle's player (the viewer's
// own when handle is "") that the viewer may see, newest first.
func (s *Service) History(ctx context.Context, viewer *lobby.Account, handle string, limit int) ([]lobby.GameSummary, error) {
	acc, err := s.profileAccount(ctx, viewer, handle)
	if err != nil {
		return nil, err
	}
	if limit <= 0 {
		limit = defaultHist
	}
	return s.history(ctx, viewer, acc.ID, min(limit, maxPage))
}

func (s *Service) history(ctx context.Context, viewer *lobby.Account, accountID int64, limit int) ([]lobby.GameSummary, error) {
	return s.summaries(s.store.AccountResults(ctx, accountID, s.visibility(viewer), limit))
}

// Profile returns the handle's player (the viewer's own when handle is "")
// as the viewer may see them: ratings on the global ladders and on the
// ladders of private lobbies the viewer is a member of, each with its
// history; the recent games the viewer may see; and, over those games, the
// totals and the most played game.
func (s *Service) Profile(ctx context.Context, viewer *lobby.Account, handle string) (lobby.Profile, error) {
	acc, err := s.profileAccount(ctx, viewer, handle)
	if err != nil {
		return lobby.Profile{}, err
	}
	out := lobby.Profile{Account: *acc, Ratings: []lobby.GameRating{}}
	recs, err := s.store.AccountRatings(ctx, acc.ID)
	if err != nil {
		return lobby.Profile{}, s.storageErr(err)
	}
	for _, r := range recs {
		if r.LobbyID != lobby.GlobalLadder && !s.canSeeLobby(viewerID(viewer), r.LobbyID) {
			continue
		}
		// A bot's rating is fixed (an anchor): never provisional.
		gr := lobby.GameRating{Game: r.Game, GameTitle: s.gameTitle(r.Game), LobbyID: r.LobbyID, Rating: rating.Display(r.Rating),
			Provisional: !acc.Bot && rating.Provisional(r.Rating), Mu: r.Rating.Mu, Sigma: r.Rating.Sigma, Games: r.Games, Wins: r.Wins,
			WinRate: winRate(r.Wins, r.Games), BestScore: r.BestScore, LastPlayed: r.LastPlayed}
		if r.LobbyID != lobby.GlobalLadder {
			gr.LobbyName = s.live.LobbyName(r.LobbyID)
		}
		hist, err := s.store.RatingHistory(ctx, acc.ID, r.Ladder, historyKeep)
		if err != nil {
			return lobby.Profile{}, s.storageErr(err)
		}
		for _, h := range hist {
			// A global ladder may hold games of private tables rated before
			// they counted only on their lobby's ladder: their points stay
			// for the player and the lobby's members.
			if viewerID(viewer) != acc.ID && !s.canSeeLobby(viewerID(viewer), h.GameLobby) {
				out.Unseen++
				continue
			}
			gr.History = append(gr.History, lobby.RatingPoint{At: h.At, Rating: rating.Display(h.After), TableID: h.TableID})
		}
		out.Ratings = append(out.Ratings, gr)
	}
	if out.Recent, err = s.history(ctx, viewer, acc.ID, recentGames); err != nil {
		return lobby.Profile{}, err
	}
	totals, err := s.store.AccountTotals(ctx, acc.ID, s.visibility(viewer))
	if err != nil {
		return lobby.Profile{}, s.storageErr(err)
	}
	most := 0
	for _, t := range totals {
		out.Games += t.Games
		out.Wins += t.Wins
		if t.Games > most {
			most, out.Favourite = t.Games, t.Game
		}
	}
	return out, nil
}

// RecentResults lists the finished games of a lobby the viewer may see,
// newest first (limit 0: 20; at most 100): the tables that left the
// lobby's table list stay reachable here for their standings and replay.
func (s *Service) RecentResults(ctx context.Context, viewer *lobby.Account, lobbyID int64, limit int) ([]lobby.GameSummary, error) {
	if !s.canSeeLobby(viewerID(viewer), lobbyID) {
		return nil, userErr(lobby.ErrNotFound, "there is no such lobby")
	}
	if limit <= 0 {
		limit = defaultHist
	}
	return s.summaries(s.store.LobbyResults(ctx, lobbyID, min(limit, maxPage)))
}

// summaries are the summaries of the finished games a store query read
// (history and recent results), or lobby.ErrStorage.
func (s *Service) summaries(recs []lobby.ResultRecord, err error) ([]lobby.GameSummary, error) {
	if err != nil {
		return nil, s.storageErr(err)
	}
	out := make([]lobby.GameSummary, 0, len(recs))
	for _, r := range recs {
		out = append(out, s.summary(r))
	}
	return out, nil
}
