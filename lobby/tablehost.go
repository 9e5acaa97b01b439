package lobby

import (
	"context"
	"encoding/json"
	"log/slog"
	"time"

	"boardroom/engine"
	"boardroom/lobby/accounts"
	"boardroom/lobby/api"
	"boardroom/lobby/floor"
	"boardroom/lobby/live"
	"boardroom/lobby/play"
	"boardroom/lobby/tables"
)

// The tables this node runs, and what sessions and the other nodes do at
// them, are lobby/floor's (issue 26); a table itself is lobby/live's. The
// root keeps their names, embeds the floor's session and cluster side
// (floorAPI), and answers what the floor and its tables ask (the
// adapters below: glue, not the Service's own methods).
type (
	table       = live.Table
	seat        = live.SeatState
	formState   = live.FormState
	publication = live.Publication
)

// FormingIdleAfter is how long a forming table may go with no seated
// player before it closes (lobby/live).
const FormingIdleAfter = live.FormingIdleAfter

// Observer is told what the live tables do, for an operator's metrics
// (lobby/live).
type Observer = live.Observer

// Actors of an applied action, for Observer.ActionApplied (lobby/live).
const (
	ActorPlayer = live.ActorPlayer // a seated player's own action, or their seat's default (timer, away)
	ActorBot    = live.ActorBot    // a bot seat, an open seat, or a seat handed over to a bot
	ActorTable  = live.ActorTable  // the table itself (a time limit lapsing)
)

// TableCount is how many tables of a game the lobby holds in one status
// (lobby/floor).
type TableCount = floor.TableCount

// StatePlay is implemented by a Play that can return the acting seat's new
// state with the action (*Service does). The state is the one published to
// the seat's sessions with the update (the same *GameState, read only,
// when a session of the seat watches the table), so a session that acts
// needs no GameState call of its own afterwards, and knows the update's
// state for one it already shows.
type StatePlay interface {
	ActState(ctx context.Context, acc *Account, tableID int64, version int, a engine.Action) (*GameState, error)
}

var _ StatePlay = (*Service)(nil)

// floorAPI is what *Service promotes of the floor: the tables as sessions
// use them (api.Forming, api.Play, api.Rematches, StatePlay), as the
// cluster does (Replicas, floorCalls).
type floorAPI interface {
	api.Forming
	api.Play
	api.Rematches
	StatePlay
	Replicas
	floorCalls
}

// floorCalls is the rest of the floor's side: what a forwarded call needs
// besides the session's methods, an operator's close, and the counts the
// metrics and tests read.
type floorCalls interface {
	Caller(ctx context.Context, accountID int64) (*Account, error)
	DecodeAction(tableID int64, raw json.RawMessage) (engine.Action, error)
	LeaveForming(ctx context.Context, tableID, accountID int64) error
	Version(tableID int64) int
	CloseTable(ctx context.Context, tableID int64, reason string) error
	StateBuilds() int64
	TableCounts() []TableCount
}

var _ floorAPI = (*floor.Floor)(nil)

// newFloor builds the floor over the Service's settings and adapters.
func newFloor(s *Service) *floor.Floor {
	cfg := floor.Config{Store: s.store, Registry: s.reg, Clock: s.clock, Log: s.log, Background: s.bg,
		Cluster: s.cfg.Cluster, Seed: s.cfg.Seed, MaxTablesPerAccount: s.cfg.MaxTablesPerAccount,
		MaxDailyTablesPerAccount: s.cfg.MaxDailyTablesPerAccount, OwnerWait: s.cfg.OwnerWait,
		OwnerSilence: s.cfg.OwnerSilence, Sanitize: Sanitize}
	return floor.New(cfg, tableHost{s}, floorLobby{s}, floorSessions{s})
}

// TurnTimerRules is the turn-timer setting that follows rules C-7: 60 s for
// an ordinary decision, 30 s for a sealed bid, 90 s for answering a trade
// and 120 s for a simultaneous selection (play.TurnSeconds).
const TurnTimerRules = play.TurnTimerRules

// TimerText words a turn-timer setting for the players of a game (rules
// C-7, C-14): play.TimerText.
func TimerText(info engine.Info, setting int) string { return play.TimerText(info, setting) }

// EventLine is an event of a game's log as viewer reads it (a replay reads
// it as engine.Spectator), with players' names for the engine's "Seat N";
// ok is false when the viewer reads nothing of it.
func EventLine(seq int, ev engine.Event, at time.Time, viewer int, names []string) (LogLine, bool) {
	return play.EventLine(seq, ev, at, viewer, names)
}

// ApplyStored decodes a stored action and applies it, as a restore or a
// replay does (tables.ApplyStored).
func ApplyStored(def engine.Definition, g engine.Game, r ActionRecord) ([]engine.Event, error) {
	return tables.ApplyStored(def, g, r)
}

// tableHost is the Service as a live table asks it (floor.Node: lobby/live's
// Runtime and People; the floor answers the table's events).
type tableHost struct{ s *Service }

var _ floor.Node = tableHost{}

func (h tableHost) Now() time.Time       { return h.s.clock.Now() }
func (h tableHost) Logger() *slog.Logger { return h.s.log }
func (h tableHost) AfterFunc(d time.Duration, what string, f func()) Timer {
	return h.s.afterFunc(d, what, f)
}
func (h tableHost) Clustered() bool { return h.s.clustered() }
func (h tableHost) Bots() live.Bots {
	return live.Bots{Delay: h.s.cfg.BotDelay, Searches: h.s.searches, MovesPerRound: h.s.cfg.BotMovesPerRound}
}
func (h tableHost) AwayAfter() time.Duration   { return h.s.cfg.AwayAfter }
func (h tableHost) Observer() Observer         { return h.s.cfg.Observer }
func (h tableHost) TableStore() live.Writes    { return h.s.store }
func (h tableHost) StorageErr(err error) error { return h.s.storageErr(err) }
func (h tableHost) WatchedElsewhere(tableID, accountID int64) bool {
	return h.s.cfg.Cluster != nil && h.s.cfg.Cluster.WatchedElsewhere(tableID, accountID)
}
func (h tableHost) Handle(accountID int64) string        { return h.s.handle(accountID) }
func (h tableHost) SetHandle(accountID int64, hd string) { h.s.setHandle(accountID, hd) }
func (h tableHost) Online(accountID int64) bool          { return h.s.online(accountID) }
func (h tableHost) BotLevel(accountID int64) string      { return h.s.BotLevel(accountID) }
func (h tableHost) StandardBot(game string) int64        { return h.s.bots.Standard(game).ID }

// floorLobby is the Service as the floor asks who may see and sit where
// (floor.Lobby).
type floorLobby struct{ s *Service }

var _ floor.Lobby = floorLobby{}

func (a floorLobby) CanSee(viewer, lobbyID int64) bool { return a.s.canSeeLobby(viewer, lobbyID) }
func (a floorLobby) Has(lobbyID int64) bool            { return a.s.dir.Has(lobbyID) }
func (a floorLobby) Reload(ctx context.Context) error  { return a.s.reloadLobbies(ctx) }
func (a floorLobby) Blocked(t *table, accountID int64) bool {
	return a.s.blockedSeat(t, accountID)
}
func (a floorLobby) Bot(game, level string) *accounts.Account { return a.s.botAccount(game, level) }
func (a floorLobby) Known(accountID int64) bool {
	_, ok := a.s.accounts.Handle(accountID)
	return ok
}

// Imported: only a finished game's import has a digest.
func (a floorLobby) Imported(ctx context.Context, tableID int64) (imported, resultOnly bool) {
	imported = a.s.files.WasImported(ctx, tableID)
	return imported, imported && a.s.files.ImportedResult(ctx, tableID)
}

// floorSessions is the Service as the floor tells the sessions, the chat,
// the webhooks and the tournaments (floor.Sessions).
type floorSessions struct{ s *Service }

var _ floor.Sessions = floorSessions{}

func (a floorSessions) Publish(ps ...publication)      { a.s.hub.publish(ps...) }
func (a floorSessions) Here(accountID int64) bool      { return a.s.hub.online(accountID) }
func (a floorSessions) Notice(ch Channel, text string) { a.s.chatDesk.Notice(ch, text) }
func (a floorSessions) Forget(chs ...Channel)          { a.s.chat.Forget(chs...) }
func (a floorSessions) TableOpened(id, lobbyID int64, title string, host int64) {
	a.s.hooks.TableOpened(id, lobbyID, title, host)
}
func (a floorSessions) MoveWaiting(id, lobbyID int64, title string, accountID int64, deadline time.Time) {
	a.s.hooks.MoveWaiting(id, lobbyID, title, accountID, deadline)
}

// GameOver tells a private lobby's chat the standings (webhooks.go; not
// for a finished game's import, which is no game played here) and the
// tournament the table plays for (tourneyhost.go). t's lock is held.
func (a floorSessions) GameOver(t *table, end GameEnd) {
	if !t.ResultOnly {
		a.s.hooks.Finished(t.ID, t.LobbyID, t.Info.Title, end)
	}
	a.s.tournamentGameOver(t, end)
}
