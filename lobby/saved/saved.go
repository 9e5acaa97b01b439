// Package saved is the lobby's side of saved games (G004-15): who may
// export a table's game and what the file says of it, and what an import
// checks before a table exists: the file itself (sealed and opened by
// lobby/gamefile), the lobby it may land in (a private game never reaches
// a wider audience, importlobby.go), whose seats it gives back, that a
// running game's deal is played once per server, and that a finished
// game's import is kept once (importfinished.go).
//
// It knows no live table and no Service: the Service (package lobby)
// builds the table, replays and stores it, and answers what only it knows
// through Lobby.
package saved

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"strings"
	"time"

	"boardroom/engine"
	"boardroom/lobby/accounts"
	"boardroom/lobby/errs"
	"boardroom/lobby/gamefile"
	"boardroom/lobby/lobbies"
)

// Lobby is what saved games ask the live lobby. Package lobby's Service
// implements it through a small adapter.
type Lobby interface {
	// CanSee reports whether the account may see the lobby.
	CanSee(accountID, lobbyID int64) bool
	// Lobby is the lobby's record, false when there is none.
	Lobby(lobbyID int64) (lobbies.Record, bool)
	// IsMember reports whether the account is a member of the lobby.
	IsMember(lobbyID, accountID int64) bool
	// Handle is an account's cached handle, false when none.
	Handle(accountID int64) (string, bool)
	// Learn caches an account's handle.
	Learn(accountID int64, handle string)
	// Bot is the game's bot account of the level, or its standard bot when
	// the server offers no such level.
	Bot(game, level string) *accounts.Account
	// SameLog reports whether the stored table's action log is log, moves
	// compacted (SameLog).
	SameLog(ctx context.Context, tableID int64, log []engine.LoggedAction) (bool, error)
	// StorageErr logs a store failure and words it for players.
	StorageErr(err error) error
}

// Store is the part of the lobby's store saved games read; ImportStore and
// ImportDigestStore are looked for on it.
type Store interface {
	AccountByHandle(ctx context.Context, handle string) (*accounts.Account, error)
}

// ImportStore is the part of a store that imports need (package db and
// db/postgres implement it; a store without it imports nothing). It marks
// imported tables, whose games are never rated since the importer chose
// who sits where, and it keeps which table holds each deal.
type ImportStore interface {
	MarkImported(ctx context.Context, tableID, fromTable int64, at time.Time) error
	Imported(ctx context.Context, tableID int64) (bool, error)
	// DealTable returns the table that holds the deal of this game id and
	// seed, in any status (0 if none): the first table of the server that
	// stored a setup with it (SaveTable records the deal of a table that
	// starts, unless another table holds it already).
	DealTable(ctx context.Context, game string, seed uint64) (tableID, lobbyID int64, err error)
	// ClaimDeal makes the table the holder of its game's deal with this
	// seed, atomically (a unique index in the stores): an error wrapping
	// ErrDealPlayed when another table holds it. Of any number of
	// concurrent claims, on one node or many, one succeeds.
	ClaimDeal(ctx context.Context, tableID int64, seed uint64) error
}

// Files exports and checks imports of saved games.
type Files struct {
	store    Store
	marker   ImportStore       // nil: this server imports nothing
	digests  ImportDigestStore // nil: a finished game's import is not found again
	lobby    Lobby
	reg      *engine.Registry
	key      []byte                         // seals and signs files (lobby.Config.SealKey)
	sanitize func(s string, max int) string // makes a file's names safe to show (lobby.Sanitize)
	log      *slog.Logger
}

// NewFiles serves the games of reg over store with the seal key.
func NewFiles(store Store, reg *engine.Registry, key []byte, sanitize func(s string, max int) string, l Lobby, log *slog.Logger) *Files {
	f := &Files{store: store, lobby: l, reg: reg, key: key, sanitize: sanitize, log: log}
	f.marker, _ = store.(ImportStore)
	f.digests, _ = store.(ImportDigestStore)
	return f
}

// Marker is the store's ImportStore; ok is false when it has none.
func (s *Files) Marker() (ImportStore, bool) { return s.marker, s.marker != nil }

// Seal writes the file of a table's game: a running game's (sealed true)
// setup and log sealed, a finished game's in the clear, signed.
func (s *Files) Seal(h gamefile.Header, body gamefile.Body, sealed bool, viewer int64) ([]byte, error) {
	sl, err := gamefile.NewSealer(s.key, s.sanitize)
	if err != nil {
		return nil, err
	}
	out, err := sl.Encode(h, body, sealed)
	if err != nil {
		return nil, fmt.Errorf("lobby: export table %d: %w", h.TableID, err)
	}
	if len(out) > gamefile.MaxBytes {
		return nil, errs.User(errs.ErrForbidden, "that game's record is too long to export")
	}
	s.log.Info("game exported", "table", h.TableID, "viewer", viewer, "status", h.Status, "actions", h.Actions)
	return out, nil
}

// Opened is a game file an import may open.
type Opened struct {
	Header gamefile.Header
	Body   gamefile.Body
	Def    engine.Definition
	Lobby  int64 // where the import lands (importLobby)
}

// Open checks a game file acc imports into lobbyID (0: the game's own
// lobby): acc may import there, the file opens, and its game, rules
// version, seats, options and log fit this server's.
func (s *Files) Open(ctx context.Context, acc *accounts.Account, lobbyID int64, data []byte) (Opened, error) {
	if err := accounts.Player(acc); err != nil {
		return Opened{}, err
	}
	if lobbyID != 0 && !s.lobby.CanSee(acc.ID, lobbyID) {
		return Opened{}, errs.User(errs.ErrNotFound, "there is no such lobby")
	}
	if s.marker == nil {
		return Opened{}, errs.User(errs.ErrForbidden, "this server cannot import games")
	}
	sl, err := gamefile.NewSealer(s.key, s.sanitize)
	if err != nil {
		return Opened{}, err
	}
	h, body, err := sl.Decode(data)
	if err != nil {
		return Opened{}, FileErr(err)
	}
	if lobbyID, err = s.importLobby(acc, lobbyID, s.originOf(ctx, h, body.Setup.Seed), h.Seats); err != nil {
		return Opened{}, err
	}
	def, err := s.reg.Get(h.Game)
	if err != nil {
		return Opened{}, BadFile("this server has no game %q", s.sanitize(h.Game, 40))
	}
	info := def.Info()
	if h.RulesVersion != info.RulesVersion {
		return Opened{}, BadFile("the game was saved under %s rules version %q; this server plays version %q",
			info.Title, s.sanitize(h.RulesVersion, 20), info.RulesVersion)
	}
	if n := len(h.Seats); n != body.Setup.Seats || n < info.MinSeats || n > info.MaxSeats {
		return Opened{}, BadFile("the game file's seats do not match its game")
	}
	if _, err := def.ValidateOptions(body.Setup.Seats, body.Setup.Options); err != nil {
		return Opened{}, BadFile("the game file's options are not valid here: %v", err)
	}
	if h.Actions != len(body.Log) {
		return Opened{}, BadFile("the game file's action count does not match its log")
	}
	return Opened{Header: h, Body: body, Def: def, Lobby: lobbyID}, nil
}

// Seat is a seat of an imported table: an account's (a bot's when Bot), or
// open (AccountID 0).
type Seat struct {
	AccountID int64
	Bot       bool
}

// Seats maps the file's seats onto this server's accounts: a saved handle
// goes back to its account if that account may see the lobby; bots stay
// bots; every other seat is open. The importer takes their own seat, or
// else (sitDown: a running game) the first open one.
func (s *Files) Seats(ctx context.Context, acc *accounts.Account, lobbyID int64, saved []gamefile.Seat, game string, sitDown bool) ([]Seat, error) {
	seats := make([]Seat, len(saved))
	used := map[int64]bool{}
	for i, fs := range saved {
		switch {
		case fs.Bot:
			// A level this server does not offer for the game (or a
			// name it does not know) seats the standard bot.
			seats[i] = Seat{AccountID: s.lobby.Bot(game, fs.Level).ID, Bot: true}
		case fs.Handle != "":
			a := acc
			if !strings.EqualFold(fs.Handle, acc.Handle) {
				var err error
				if a, err = s.store.AccountByHandle(ctx, fs.Handle); err != nil {
					return nil, s.lobby.StorageErr(err)
				}
			}
			if a == nil || a.Bot || used[a.ID] || !s.lobby.CanSee(a.ID, lobbyID) {
				continue
			}
			used[a.ID] = true
			seats[i] = Seat{AccountID: a.ID}
			s.lobby.Learn(a.ID, a.Handle)
		}
	}
	if !used[acc.ID] && sitDown {
		for i := range seats {
			if seats[i].AccountID == 0 {
				seats[i] = Seat{AccountID: acc.ID}
				break
			}
		}
	}
	return seats, nil
}

// Unplayed refuses a running game whose deal (game and seed) a table of
// this server has played, or still plays: its original, or an earlier
// import. Only a viewer who may see that table learns its id.
func (s *Files) Unplayed(ctx context.Context, viewer int64, game string, seed uint64) error {
	id, lobbyID, err := s.marker.DealTable(ctx, game, seed)
	if err != nil {
		return s.lobby.StorageErr(err)
	}
	if id == 0 {
		return nil
	}
	return s.DealPlayed(viewer, id, lobbyID)
}

// DealPlayed is the refusal of a running game whose deal table id (of
// lobby lobbyID) holds; id 0 when the store did not say which table.
func (s *Files) DealPlayed(viewer, id, lobbyID int64) error {
	at := ""
	if id != 0 && s.lobby.CanSee(viewer, lobbyID) {
		at = fmt.Sprintf(" (table %d)", id)
	}
	return errs.User(errs.ErrForbidden, fmt.Sprintf("this game was already played on this server%s; a saved game resumes "+
		"only on a server that has not played it, so that nobody can play ahead and learn the dice and cards to come", at))
}

// WasImported reports whether a stored table was imported; when that
// cannot be read it says yes, which only keeps the game from being rated.
func (s *Files) WasImported(ctx context.Context, tableID int64) bool {
	if s.marker == nil {
		return false
	}
	imported, err := s.marker.Imported(ctx, tableID)
	if err != nil {
		s.log.Error("reading whether a table was imported failed", "table", tableID, "err", err)
		return true
	}
	return imported
}

// BadFile is a refused game file's error, its sentence for the player.
func BadFile(format string, a ...any) error { return FileErr(gamefile.BadFile(format, a...)) }

// FileErr turns a refusal of lobby/gamefile into the lobby's *errs.Error
// with the same sentence; other errors pass unchanged.
func FileErr(err error) error {
	var fe *gamefile.Error
	if errors.As(err, &fe) {
		return errs.User(gamefile.ErrBadFile, fe.Msg)
	}
	return err
}
