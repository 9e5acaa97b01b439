package lobby

import (
	"context"

	"boardroom/engine"
	"boardroom/lobby/accounts"
	"boardroom/lobby/lobbies"
	"boardroom/lobby/saved"
)

// Saved games' checks, the lobby an import lands in, a deal played once and
// a finished game's import kept once are lobby/saved's (s.files); the
// Service builds, replays and stores the table (export.go). Here are the
// store parts it names and what lobby/saved asks the Service.

// The parts of a store imports need (lobby/saved).
type (
	ImportStore       = saved.ImportStore
	ImportDigestStore = saved.ImportDigestStore
)

// finishedView is a finished table as viewer sees it, from memory or, once
// the lobby has let it go, from the store; ok is false when the table is
// not finished or not visible to viewer.
func (s *Service) finishedView(ctx context.Context, viewer, id int64) (Table, bool, error) {
	t := s.floor.Get(id)
	if t != nil {
		t.Mu.Lock()
		defer t.Mu.Unlock()
		if t.Status != TableFinished || !s.canSeeLobby(viewer, t.LobbyID) {
			return Table{}, false, nil
		}
		return t.View(), true, nil
	}
	rec, err := s.store.LoadTable(ctx, id)
	if err != nil {
		return Table{}, false, s.storageErr(err)
	}
	if rec == nil || rec.Status != TableFinished || !s.canSeeLobby(viewer, rec.LobbyID) {
		return Table{}, false, nil
	}
	v := Table{ID: rec.ID, LobbyID: rec.LobbyID, Game: rec.Game, Options: rec.Options, HostID: rec.HostID,
		HostHandle: s.handle(rec.HostID), Status: rec.Status, TurnTimer: rec.TurnTimer, CreatedAt: rec.CreatedAt,
		UpdatedAt: rec.UpdatedAt}
	if info, err := s.reg.Info(rec.Game); err == nil {
		v.GameTitle, v.MinSeats, v.MaxSeats = info.Title, info.MinSeats, info.MaxSeats
	}
	for i, sr := range rec.Seats {
		st := Seat{Index: i, AccountID: sr.AccountID, Handle: sr.Handle, Bot: sr.Bot, Ready: sr.Ready}
		if sr.Bot {
			st.Handle = BotName(i)
		}
		v.Seats = append(v.Seats, st)
	}
	return v, true, nil
}

// savedAdapter is how lobby/saved asks the Service (saved.Lobby).
type savedAdapter struct{ s *Service }

func (a savedAdapter) CanSee(accountID, lobbyID int64) bool {
	return a.s.canSeeLobby(accountID, lobbyID)
}
func (a savedAdapter) Lobby(lobbyID int64) (lobbies.Record, bool) { return a.s.dir.Record(lobbyID) }
func (a savedAdapter) IsMember(lobbyID, accountID int64) bool {
	return a.s.dir.IsMember(lobbyID, accountID)
}
func (a savedAdapter) Handle(accountID int64) (string, bool) { return a.s.accounts.Handle(accountID) }
func (a savedAdapter) Learn(accountID int64, handle string)  { a.s.setHandle(accountID, handle) }
func (a savedAdapter) StorageErr(err error) error            { return a.s.storageErr(err) }

// Bot is the game's bot of the level; a level this server does not offer
// for the game (or a name it does not know) is its standard bot.
func (a savedAdapter) Bot(game, level string) *accounts.Account {
	if bot := a.s.botAccount(game, level); bot != nil {
		return bot
	}
	return a.s.bots.Standard(game)
}

// SameLog compares the stored table's action log with log.
func (a savedAdapter) SameLog(ctx context.Context, tableID int64, log []engine.LoggedAction) (bool, error) {
	stored, err := a.s.store.LoadActions(ctx, tableID)
	if err != nil {
		return false, err
	}
	las := make([]engine.LoggedAction, len(stored))
	for i, r := range stored {
		las[i] = engine.LoggedAction{Seat: r.Seat, Action: r.Action}
	}
	return saved.SameLog(las, log), nil
}
