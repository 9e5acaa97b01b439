package lobby

import (
	"context"
	"time"

	"boardroom/lobby/tournament"
	"boardroom/lobby/tourneys"
)

// Tournaments (issue 31) are lobby/tourneys' Book: who may do what, what a
// player reads and a tournament's progression, in one node or a cluster.
// The root keeps its names as aliases, embeds the Book's session side
// (TournamentAPI) in the Service, answers what the Book asks
// (tourneysAdapter: the lobby's clock and names, the cluster's notices,
// opening a tournament's table and whether one ended) and tells it when a
// table's game ends (tournamentGameOver).

// ErrNoTournaments: the store keeps no tournaments.
var ErrNoTournaments = tourneys.ErrNoTournaments

// ErrBadTournament: a tournament's settings that do not fit.
var ErrBadTournament = tourneys.ErrBadTournament

// MinTournamentPlayers is how many players a tournament needs to start.
const MinTournamentPlayers = tourneys.MinTournamentPlayers

// TournamentHostGames is how many rated games a player needs to create a
// tournament in the public lobby without being an operator.
const TournamentHostGames = tourneys.TournamentHostGames

// The tournaments as their creators choose them and players read them
// (lobby/tourneys).
type (
	TournamentSettings = tourneys.Settings
	Tournament         = tourneys.Tournament
	TournamentSeat     = tourneys.Seat
	TournamentGame     = tourneys.Game
	TournamentLine     = tourneys.Line
)

// TournamentAPI is what the commands and screens use of tournaments; the
// Service implements it by embedding the Book.
type TournamentAPI interface {
	CreateTournament(ctx context.Context, acc *Account, set TournamentSettings, hostPublic bool) (Tournament, error)
	JoinTournament(ctx context.Context, acc *Account, id int64) error
	LeaveTournament(ctx context.Context, acc *Account, id int64) error
	StartTournament(ctx context.Context, acc *Account, id int64) error
	Tournament(ctx context.Context, viewer *Account, id int64) (Tournament, error)
	Tournaments(ctx context.Context, viewer *Account, lobbyID int64) ([]Tournament, error)
	TournamentsOf(ctx context.Context, viewer *Account, accountID int64) ([]Tournament, error)
}

var (
	_ TournamentAPI = (*Service)(nil)
	_ TournamentAPI = (*tourneys.Book)(nil)
)

// newTournaments builds the Book over the store's tournament part, if it
// keeps tournaments.
func newTournaments(s *Service) *tourneys.Book {
	st, _ := s.store.(tournament.Store)
	a := tourneysAdapter{s}
	return tourneys.New(s.bg, a, a, st, s.reg, func() uint64 { return s.cfg.Seed(0) }, Sanitize, s.log)
}

// WaitTournaments waits until every tournament step running apart from
// its caller (after a finished game, at a restart) is done: tests and
// tools read a settled tournament without sleeping.
func (s *Service) WaitTournaments() { s.tour.WaitTournaments() }

// ReceiveTournament reads a tournament another node changed again from
// the store and sets its clock (lobby/cluster calls it on a
// NoticeTournament), apart from the notice's delivery.
func (s *Service) ReceiveTournament(ctx context.Context, id int64) { s.tour.ReceiveTournament(ctx, id) }

// tournamentGameOver is the hook of table.Finish (t's lock held): each
// seat's placing and the players flagged away or gone idle (absent from
// the next round) go to the Book, which records them if t plays for a
// tournament.
func (s *Service) tournamentGameOver(t *table, end GameEnd) {
	placing := make([]int, len(end.Seats))
	for i, o := range end.Seats {
		placing[i] = o.Placement
	}
	var away []tournament.PlayerID
	for i, st := range t.Seats {
		// Away at the end (flagged after timeouts, or gone long enough that
		// the seat took its defaults) and not handed to a bot on purpose.
		if !st.Bot && i < len(t.Play) && t.Play[i].DefaultsOnly() && !t.Play[i].Handed {
			away = append(away, tournament.PlayerID(st.AccountID))
		}
	}
	s.tour.GameOver(t.ID, placing, away)
}

// tourneysAdapter answers what lobby/tourneys asks of the live lobby
// (tourneys.Lobby and tourneys.Tables).
type tourneysAdapter struct{ s *Service }

var (
	_ tourneys.Lobby  = tourneysAdapter{}
	_ tourneys.Tables = tourneysAdapter{}
)

func (a tourneysAdapter) Now() time.Time                    { return a.s.clock.Now() }
func (a tourneysAdapter) Guard(what string, f func())       { a.s.guard(what, f) }
func (a tourneysAdapter) Handle(id int64) string            { return a.s.handle(id) }
func (a tourneysAdapter) CanSeeLobby(viewer, id int64) bool { return a.s.canSeeLobby(viewer, id) }
func (a tourneysAdapter) LobbyName(id int64) string         { return a.s.LobbyName(id) }
func (a tourneysAdapter) StorageErr(err error) error        { return a.s.storageErr(err) }
func (a tourneysAdapter) Clustered() bool                   { return a.s.clustered() }
func (a tourneysAdapter) ShuttingDown() bool                { return a.s.shuttingDown() }
func (a tourneysAdapter) AfterFunc(d time.Duration, what string, f func()) tourneys.Timer {
	return a.s.afterFunc(d, what, f)
}

// Announce tells the other nodes that the tournament changed.
func (a tourneysAdapter) Announce(id int64) {
	a.s.announce(&Notice{Kind: NoticeTournament, TournamentID: id})
}

// OpenTable opens and starts one table of a tournament: its players
// seated and ready, its empty seats the game's standard bot, linked to
// the tournament (link) before it starts.
func (a tourneysAdapter) OpenTable(ctx context.Context, nt tourneys.NewTable, link func(int64) error) error {
	s := a.s
	if s.shuttingDown() {
		return ErrShuttingDown
	}
	info := nt.Info // the registry's, built once, as every other table's (floor.CreateTable)
	timer := defaultTurnTimer(nt.LobbyID)
	if nt.TurnTimer > 0 {
		timer = nt.TurnTimer
	}
	ts := make([]seat, len(nt.Seats))
	var hostID int64
	for i, x := range nt.Seats {
		if x.Bot {
			ts[i] = seat{AccountID: s.bots.Standard(info.ID).ID, Bot: true, Ready: true}
			continue
		}
		ts[i] = seat{AccountID: int64(x.Player), Ready: true}
		if hostID == 0 {
			hostID = int64(x.Player)
		}
	}
	now := s.clock.Now().UTC()
	t := &table{Host: s.floor.Host(), LobbyID: nt.LobbyID, Def: nt.Def, Info: info, CreatedAt: now,
		FormState: formState{Status: TableForming, HostID: hostID, Options: nt.Options, Seats: ts, TurnTimer: timer, UpdatedAt: now},
		Watchers:  map[*subscription]int64{}, Spectating: map[int64]bool{}}
	id, err := s.store.CreateTable(ctx, t.Record())
	if err != nil {
		return s.storageErr(err)
	}
	t.ID = id
	if err := link(id); err != nil {
		return err
	}
	s.floor.Claim(ctx, t)
	s.floor.Add(t)
	s.log.Info("tournament table opened", "tournament", nt.Tournament, "round", nt.Round, "table", id)
	s.hub.publish(publication{U: Update{Topic: Topic{Kind: TopicLobby, ID: nt.LobbyID}}})
	s.floor.AnnounceNew(t)
	return s.Start(ctx, &Account{ID: hostID, Handle: s.handle(hostID)}, id)
}

// Ended reads whether a tournament's table has ended (neither forming nor
// playing, here or in the store) and its placings from the stored results
// (none: abandoned).
func (a tourneysAdapter) Ended(ctx context.Context, tableID int64) (map[int]int, bool, error) {
	s := a.s
	results, ok := s.store.(interface {
		GameResult(ctx context.Context, tableID int64) (*ResultRecord, error)
	})
	if !ok {
		return nil, false, nil
	}
	t := s.floor.Get(tableID)
	if t != nil {
		t.Mu.Lock()
		live := t.Status == TablePlaying || t.Status == TableForming
		t.Mu.Unlock()
		if live {
			return nil, false, nil
		}
	}
	rec, err := s.store.LoadTable(ctx, tableID)
	if err != nil || rec == nil || rec.Status == TablePlaying || rec.Status == TableForming {
		return nil, false, nil
	}
	res, err := results.GameResult(ctx, tableID)
	if err != nil {
		return nil, false, err
	}
	placings := map[int]int{}
	if res != nil {
		for _, rs := range res.Seats {
			placings[rs.Seat] = rs.Placement
		}
	}
	return placings, true, nil
}
