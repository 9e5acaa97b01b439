package lobby

import (
	"context"
	"errors"
	"fmt"
	"maps"
	"slices"
	"strconv"
	"sync"
	"time"

	"boardroom/lobby/tournament"
)

// Tournaments (issue 31): the lobby keeps each tournament's settings, its
// players and the link of each of its games in the store (tournament.Store)
// and seats its rounds through the lobby's own tables. The arithmetic of
// seating and standings is lobby/tournament's; this file is the glue: who
// may do what, and what a player sees.

// ErrNoTournaments: the store keeps no tournaments.
var ErrNoTournaments = errors.New("this server keeps no tournaments")

// MinTournamentPlayers is how many players a tournament needs to start.
const MinTournamentPlayers = 2

// TournamentSettings is what a tournament's creator chooses.
type TournamentSettings struct {
	LobbyID   int64
	Game      string
	Format    tournament.Format
	Rounds    int // Swiss (default 3)
	Minutes   int // arena window (default 60)
	TableSize int // 0: the game's usual table
	Options   map[string]string
	TurnTimer int       // seconds a move; 0: the lobby's default (a daily pace is a long timer)
	StartsAt  time.Time // zero: when its creator starts it
	// StartsClock is a start time as a player types it, "19:30" (UTC):
	// the next time the lobby's clock shows it. Used when StartsAt is zero.
	StartsClock string
}

// TournamentAPI is what the commands and screens use of tournaments; the
// Service implements it.
type TournamentAPI interface {
	CreateTournament(ctx context.Context, acc *Account, set TournamentSettings, hostPublic bool) (Tournament, error)
	JoinTournament(ctx context.Context, acc *Account, id int64) error
	LeaveTournament(ctx context.Context, acc *Account, id int64) error
	StartTournament(ctx context.Context, acc *Account, id int64) error
	Tournament(ctx context.Context, viewer *Account, id int64) (Tournament, error)
	Tournaments(ctx context.Context, viewer *Account, lobbyID int64) ([]Tournament, error)
	TournamentsOf(ctx context.Context, viewer *Account, accountID int64) ([]Tournament, error)
}

var _ TournamentAPI = (*Service)(nil)

// TournamentSeat is a seat of a tournament game as a player reads it.
type TournamentSeat struct {
	Handle  string `json:"handle"`
	Bot     bool   `json:"bot,omitempty"`
	Placing int    `json:"placing,omitempty"`
	Points  string `json:"points,omitempty"`
}

// TournamentGame is a table of a tournament.
type TournamentGame struct {
	TableID  int64            `json:"table_id"`
	Round    int              `json:"round"`
	Table    int              `json:"table"`
	Seats    []TournamentSeat `json:"seats"`
	Finished bool             `json:"finished"`
}

// TournamentLine is a line of a tournament's standings.
type TournamentLine struct {
	Rank      int    `json:"rank"`
	AccountID int64  `json:"account_id"`
	Handle    string `json:"handle"`
	Points    string `json:"points"`
	Opponents string `json:"opponents_points"`
	Direct    int    `json:"direct"`
	Games     int    `json:"games"`
	Withdrawn bool   `json:"withdrawn,omitempty"`
	Absent    bool   `json:"absent,omitempty"`
}

// Tournament is a tournament as a player reads it.
type Tournament struct {
	ID        int64             `json:"id"`
	LobbyID   int64             `json:"lobby_id"`
	Lobby     string            `json:"lobby"`
	Game      string            `json:"game"`
	GameTitle string            `json:"game_title"`
	Format    tournament.Format `json:"format"`
	Rounds    int               `json:"rounds,omitempty"`
	Minutes   int               `json:"minutes,omitempty"`
	TableSize int               `json:"table_size"`
	Options   map[string]string `json:"options,omitempty"`
	Status    tournament.Status `json:"status"`
	Round     int               `json:"round,omitempty"`
	Creator   string            `json:"creator"`
	CreatorID int64             `json:"creator_id"`
	CreatedAt time.Time         `json:"created_at"`
	StartsAt  time.Time         `json:"starts_at,omitzero"`
	StartedAt time.Time         `json:"started_at,omitzero"`
	EndsAt    time.Time         `json:"ends_at,omitzero"`
	EndedAt   time.Time         `json:"ended_at,omitzero"`
	Standings []TournamentLine  `json:"standings"`
	Games     []TournamentGame  `json:"games,omitempty"`
	// Joined says whether the viewer plays in it.
	Joined bool `json:"joined,omitempty"`
}

// tournamentBook is the lobby's tournaments in memory, rebuilt from the
// store at New. mu guards the maps and every tourney's fields; it is never
// held while taking a table's lock or a tourney's step.
type tournamentBook struct {
	mu    sync.Mutex
	byID  map[int64]*tourney
	table map[int64]int64 // a tournament's table -> the tournament
	// busy counts the progressions running apart from their callers
	// (a finished game's, a timer's), for tests to wait on.
	busy sync.WaitGroup
}

// tourney is one tournament. step serialises its progression: who starts
// a round, records a finished game or closes it (held while its tables
// open, so never under mu or a table's lock).
type tourney struct {
	// id, lobbyID and creator never change: read without mu.
	id, lobbyID, creator int64

	step    sync.Mutex
	rec     tournament.Record
	entries []tournament.EntryRecord
	games   []tournament.GameRecord
	timer   Timer
}

func newTourney(rec tournament.Record) *tourney {
	return &tourney{id: rec.ID, lobbyID: rec.LobbyID, creator: rec.CreatedBy, rec: rec}
}

func (s *Service) tournamentStore() (tournament.Store, error) {
	st, ok := s.store.(tournament.Store)
	if !ok {
		return nil, ErrNoTournaments
	}
	return st, nil
}

// CreateTournament creates a tournament in a lobby the creator belongs to.
// In the public lobby only hostPublic creators may (the caller decides:
// an operator, or a player with enough rated games).
func (s *Service) CreateTournament(ctx context.Context, acc *Account, set TournamentSettings, hostPublic bool) (Tournament, error) {
	if err := account(acc); err != nil {
		return Tournament{}, err
	}
	st, err := s.tournamentStore()
	if err != nil {
		return Tournament{}, err
	}
	if !s.canSeeLobby(acc.ID, set.LobbyID) {
		return Tournament{}, userErr(ErrNotFound, "there is no such lobby")
	}
	if set.LobbyID == PublicLobbyID && !hostPublic {
		return Tournament{}, userErr(ErrForbidden, fmt.Sprintf(
			"in the public lobby an operator or a player with %d rated games creates tournaments; any member of a private lobby may in theirs", TournamentHostGames))
	}
	def, err := s.reg.Get(set.Game)
	if err != nil {
		return Tournament{}, userErr(ErrNotFound, fmt.Sprintf("this server has no game %q", Sanitize(set.Game, 40)))
	}
	info := def.Info()
	if set.Format == "" {
		set.Format = tournament.Swiss
	}
	if _, err := tournament.ParseFormat(string(set.Format)); err != nil {
		return Tournament{}, userErr(ErrBadTournament, err.Error())
	}
	if set.TableSize == 0 {
		set.TableSize = min(max(defaultSeats, info.MinSeats), info.MaxSeats)
	}
	lo, hi := max(info.MinSeats, tournament.MinTableSize), min(info.MaxSeats, tournament.MaxTableSize)
	if set.TableSize < lo || set.TableSize > hi {
		return Tournament{}, userErr(ErrBadSeats, fmt.Sprintf("%s tournament tables seat %d to %d players", info.Title, lo, hi))
	}
	switch {
	case set.Format == tournament.Swiss && set.Rounds == 0:
		set.Rounds = 3
	case set.Format == tournament.Arena && set.Minutes == 0:
		set.Minutes = 60
	}
	if set.Rounds < 0 || set.Rounds > 20 || set.Minutes < 0 || set.Minutes > 24*60 {
		return Tournament{}, userErr(ErrBadTournament, "a tournament plays 1 to 20 rounds, or an arena of up to 24 hours")
	}
	if _, err := def.ValidateOptions(set.TableSize, tournamentOptions(info, set.Options)); err != nil {
		return Tournament{}, err
	}
	now := s.clock.Now().UTC()
	if set.StartsAt.IsZero() && set.StartsClock != "" {
		if set.StartsAt, err = tournament.NextAt(now, set.StartsClock); err != nil {
			return Tournament{}, userErr(ErrBadTournament, err.Error())
		}
	}
	if !set.StartsAt.IsZero() && !set.StartsAt.After(now) {
		return Tournament{}, userErr(ErrBadTournament, "a tournament's start time must be in the future")
	}
	rec := tournament.Record{LobbyID: set.LobbyID, Game: info.ID, Format: set.Format, TableSize: set.TableSize,
		Options: maps.Clone(set.Options), StartsAt: set.StartsAt, CreatedBy: acc.ID, CreatedAt: now, Status: tournament.Open,
		Seed: int64(s.cfg.Seed(0) >> 1)}
	if rec.Options == nil {
		rec.Options = map[string]string{}
	}
	if set.Format == tournament.Swiss {
		rec.Rounds = set.Rounds
	} else {
		rec.Minutes = set.Minutes
	}
	if set.TurnTimer > 0 {
		rec.Pace = strconv.Itoa(set.TurnTimer)
	}
	id, err := st.CreateTournament(ctx, rec)
	if err != nil {
		return Tournament{}, s.storageErr(err)
	}
	rec.ID = id
	tr := newTourney(rec)
	s.tour.mu.Lock()
	if s.tour.byID == nil {
		s.tour.byID, s.tour.table = map[int64]*tourney{}, map[int64]int64{}
	}
	s.tour.byID[id] = tr
	s.tour.mu.Unlock()
	s.scheduleTournament(tr)
	s.announceTournament(id)
	s.log.Info("tournament created", "tournament", id, "lobby", set.LobbyID, "game", info.ID, "format", set.Format)
	return s.Tournament(ctx, acc, id)
}

// TournamentHostGames is how many rated games a player needs to create a
// tournament in the public lobby without being an operator.
const TournamentHostGames = 10

// ErrBadTournament: a tournament's settings that do not fit.
var ErrBadTournament = errors.New("those tournament settings do not fit")

// lookupTournament finds a tournament the viewer may see.
func (s *Service) lookupTournament(viewer, id int64) (*tourney, error) {
	tr := s.knownTournament(s.bg, id) // in a cluster, perhaps created on another node
	if tr == nil || !s.canSeeLobby(viewer, tr.lobbyID) {
		return nil, userErr(ErrNotFound, fmt.Sprintf("there is no tournament %d", id))
	}
	return tr, nil
}

// JoinTournament enters the player in an open tournament; in a running
// one it tells it that an absent player is back for the next round.
func (s *Service) JoinTournament(ctx context.Context, acc *Account, id int64) error {
	st, tr, done, err := s.playerStep(ctx, acc, id)
	if err != nil {
		return err
	}
	defer done()
	s.tour.mu.Lock()
	rec, i := tr.rec, entryIndex(tr.entries, acc.ID)
	var e tournament.EntryRecord
	if i >= 0 {
		e = tr.entries[i]
	}
	s.tour.mu.Unlock()
	switch {
	case rec.Status == tournament.Finished:
		return userErr(ErrBadTournament, "that tournament is over")
	case rec.Status == tournament.Running && (i < 0 || e.Withdrawn):
		return userErr(ErrBadTournament, "that tournament has started: players join before the start")
	case rec.Status == tournament.Running && !e.Absent:
		return userErr(ErrBadTournament, "you already play in that tournament")
	case rec.Status == tournament.Running:
		e.Absent = false // back for the next round
	case i >= 0:
		return userErr(ErrBadTournament, "you already play in that tournament")
	default:
		e = tournament.EntryRecord{Player: tournament.PlayerID(acc.ID), JoinedAt: s.clock.Now().UTC()}
		if err := s.joinOpen(ctx, st, tr, e); err != nil {
			return err
		}
	}
	if rec.Status == tournament.Running {
		if err := st.SaveEntry(ctx, id, e); err != nil {
			return s.storageErr(err)
		}
	}
	s.tour.mu.Lock()
	if i >= 0 {
		tr.entries[i] = e
	} else {
		tr.entries = append(tr.entries, e)
	}
	s.tour.mu.Unlock()
	s.announceTournament(id)
	return nil
}

// playerStep begins a player's step at a tournament they may see: its
// store, the tourney read again in a cluster, and done to call when the
// step is over (it holds the tourney's step lock until then).
func (s *Service) playerStep(ctx context.Context, acc *Account, id int64) (tournament.Store, *tourney, func(), error) {
	if err := account(acc); err != nil {
		return nil, nil, nil, err
	}
	st, err := s.tournamentStore()
	if err != nil {
		return nil, nil, nil, err
	}
	tr, err := s.lookupTournament(acc.ID, id)
	if err != nil {
		return nil, nil, nil, err
	}
	tr.step.Lock()
	if err := s.refreshClustered(ctx, st, tr); err != nil {
		tr.step.Unlock()
		return nil, nil, nil, err
	}
	return st, tr, tr.step.Unlock, nil
}

func entryIndex(es []tournament.EntryRecord, accountID int64) int {
	return slices.IndexFunc(es, func(e tournament.EntryRecord) bool { return int64(e.Player) == accountID })
}

// LeaveTournament takes the player out: before the start they are gone;
// after it they are withdrawn (never seated again, their points kept, the
// seats of their running games played on by the timeouts' defaults).
func (s *Service) LeaveTournament(ctx context.Context, acc *Account, id int64) error {
	st, tr, done, err := s.playerStep(ctx, acc, id)
	if err != nil {
		return err
	}
	defer done()
	s.tour.mu.Lock()
	rec, i := tr.rec, entryIndex(tr.entries, acc.ID)
	s.tour.mu.Unlock()
	if i < 0 || (rec.Status != tournament.Open && tr.entries[i].Withdrawn) {
		return userErr(ErrBadTournament, "you do not play in that tournament")
	}
	switch rec.Status {
	case tournament.Finished:
		return userErr(ErrBadTournament, "that tournament is over")
	case tournament.Open:
		if err := st.DeleteEntry(ctx, id, tournament.PlayerID(acc.ID)); err != nil {
			return s.storageErr(err)
		}
		s.tour.mu.Lock()
		tr.entries = slices.Delete(tr.entries, i, i+1)
		s.tour.mu.Unlock()
		s.announceTournament(id)
		return nil
	}
	s.tour.mu.Lock()
	e := tr.entries[i]
	s.tour.mu.Unlock()
	e.Withdrawn = true
	if err := st.SaveEntry(ctx, id, e); err != nil {
		return s.storageErr(err)
	}
	s.tour.mu.Lock()
	tr.entries[i] = e
	s.tour.mu.Unlock()
	s.announceTournament(id)
	s.log.Info("tournament player withdrew", "tournament", id, "account", acc.ID)
	return s.advanceLocked(ctx, tr)
}

// StartTournament starts an open tournament; only its creator may.
func (s *Service) StartTournament(ctx context.Context, acc *Account, id int64) error {
	if err := account(acc); err != nil {
		return err
	}
	tr, err := s.lookupTournament(acc.ID, id)
	if err != nil {
		return err
	}
	if tr.creator != acc.ID {
		return userErr(ErrForbidden, "only the tournament's creator starts it (or it starts at its time)")
	}
	tr.step.Lock()
	defer tr.step.Unlock()
	return s.startLocked(ctx, tr)
}

// WaitTournaments waits until every tournament step running apart from
// its caller (after a finished game, at a restart) is done: tests and
// tools read a settled tournament without sleeping.
func (s *Service) WaitTournaments() { s.tour.busy.Wait() }
