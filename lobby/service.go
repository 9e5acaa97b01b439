package lobby

import (
	"context"
	"crypto/rand"
	"encoding/binary"
	"errors"
	"fmt"
	"log/slog"
	"runtime"
	"runtime/debug"
	"slices"
	"sync"
	"time"

	"boardroom/engine"
	"boardroom/lobby/accounts"
	"boardroom/lobby/bots"
	"boardroom/lobby/chat"
	"boardroom/lobby/floor"
	"boardroom/lobby/gamefile"
	"boardroom/lobby/live"
	"boardroom/lobby/lobbies"
	"boardroom/lobby/play"
	"boardroom/lobby/protection"
	"boardroom/lobby/saved"
	"boardroom/lobby/tourneys"
)

// Config tunes the Service. Zero values take the defaults.
type Config struct {
	Clock                 Clock         // nil: real clock
	BotDelay              time.Duration // pause before each bot action (0: bots act at once, inline)
	AwayAfter             time.Duration // a disconnected player's seat is played by a bot after this (default 60s)
	ChatPerMinute         int           // per-user chat rate limit (default 20, burst 5)
	MaxSessionsPerAccount int           // not used by lobby
	// MaxTablesPerAccount caps the unfinished tables (forming or playing)
	// an account hosts or sits at (default 5): CreateTable, Sit, ImportGame
	// and Rematch refuse more with ErrTooManyGames.
	MaxTablesPerAccount int
	// MaxDailyTablesPerAccount caps the unfinished daily tables (rules
	// C-13, pace.go) apart from the live ones (default 20).
	MaxDailyTablesPerAccount int
	// MaxLobbiesPerAccount caps the private lobbies an account owns
	// (default 5): CreateLobby refuses more with ErrTooManyLobbies.
	MaxLobbiesPerAccount int
	// WrongCodesPerMinute is how many wrong invite codes an account, and a
	// client address, may try a minute (default 3; the burst is as many):
	// JoinLobby then refuses every code with ErrTooManyCodes for a while.
	WrongCodesPerMinute int
	// SealKey (SealKeySize bytes) seals and signs exported game files
	// (lobby/gamefile); nil: a random key, so files import only until restart.
	SealKey []byte
	// Seed gives the seed of the game a table starts (tests and
	// reproductions pass lobbytest.Seeds); nil: a fresh seed from crypto/rand.
	// It is called with the table's lock held, for many tables at once.
	Seed func(tableID int64) uint64
	// Observer is told of applied actions and bot thinking times, for
	// metrics (observer.go); nil: nobody is told.
	Observer Observer
	// Cluster makes the service a node of a cluster (node.go): the Store
	// must then be shared by every node. nil: one node owning every table.
	Cluster Cluster
	// OwnerWait is how long a call on a table, other than a move, waits
	// for an owner to answer when the table is changing owner before its
	// player reads ErrNoOwner (default 700ms, so that players are answered
	// within a second; a move waits for the new owner, moving.go).
	OwnerWait time.Duration
	// OwnerSilence is how long a replica goes without a word from a
	// playing table's owner before its players read that the game is
	// reconnecting (default DefaultOwnerSilence, failover.go).
	OwnerSilence time.Duration
	// Webhooks delivers private lobbies' webhook events (webhooks.go);
	// nil: lobbies cannot connect a chat.
	Webhooks WebhookSender
	// JoinCommand is the command that opens a table in the terminal (what
	// a webhook's "table opened" says); nil: the message has none.
	JoinCommand func(tableID int64) string
	// MaxSearches is how many strong bots' moves the node computes at once
	// (default DefaultMaxSearches: half its cores, at least one). A strong bot's search takes
	// up to about 150 ms of one core; a table whose strong bot is due
	// waits for a slot, so however many tables seat strong bots, the rest
	// of the node's cores draw the players' screens.
	MaxSearches int
	// BotMovesPerRound is how many moves a bot makes for one seat in one
	// round of a game before the seat makes only its default moves until
	// the round ends (default live.DefaultBotMovesPerRound): a bot that
	// never ends its turn cannot keep a table, and the store, busy.
	BotMovesPerRound int
}

// SearchesWaiting is how many strong bots' moves wait for a slot now
// (Config.MaxSearches).
func (s *Service) SearchesWaiting() int { return s.searches.Waiting() }

// DefaultMaxSearches is Config.MaxSearches's default: half the node's
// cores (GOMAXPROCS), at least one.
func DefaultMaxSearches() int { return max(1, runtime.GOMAXPROCS(0)/2) }

// Defaults of the caps in Config (what one account may make the server hold).
const (
	DefaultMaxTablesPerAccount  = 5 // unfinished tables hosted or seated at
	DefaultMaxLobbiesPerAccount = 5 // private lobbies owned
	DefaultWrongCodesPerMinute  = 3 // wrong invite codes per account and per address
)

const (
	defaultAwayAfter     = 60 * time.Second
	defaultChatPerMinute = 20
	shutdownText         = "The server is restarting; your game is saved."
)

// LogKeep is how many game log lines a table keeps, and a replay shows.
const LogKeep = play.LogKeep

// FinishedListed is how long a finished or abandoned table stays in its
// lobby's table list (by the lobby's clock); afterwards a finished game is
// among the lobby's RecentResults (lobby/floor).
const FinishedListed = floor.FinishedListed

// Service is the live lobby: it implements API over a Store.
type Service struct {
	store Store
	reg   *engine.Registry
	games []engine.Info // each game's Info, made once in New (Games)
	cfg   Config
	clock Clock
	log   *slog.Logger
	bg    context.Context // for work started by timers
	hub   *hub
	mod   moderated // the operators' mutes (moderated.go)

	searches *live.Slots // the strong bots' moves computed at once (Config.MaxSearches)

	bots *bots.Roster // every game's bot accounts by level (lobby/bots); built in New, only read after

	// floor is the tables this node runs and what is done at them, under
	// its own lock (lobby/floor); floorAPI is its session and cluster side
	// (tablehost.go).
	floor *floor.Floor
	floorAPI

	accounts *accounts.Book // accounts and the handles seen, under their own lock (lobby/accounts)
	// fingerprints are accounts' keys as far as presence needed them
	// (account id -> fingerprint; "" while loading): lobbies.go online.
	fingerprints sync.Map

	dir       *lobbies.Directory // the lobbies and their members, under their own lock (lobby/lobbies)
	codeGuard *lobbies.CodeGuard // wrong invite codes per account and address

	chat *chat.Rooms // the chat's lines in memory and its rates (lobby/chat)

	// notices: webhooks, invitations, settings and the last lobby
	// (lobby/notify); their session-facing sides are promoted (notices.go).
	notices

	// lobbiesAPI is the lobbies' session-facing side (lobby/lobbies'
	// Membership; lobbyhost.go).
	lobbiesAPI
	// accountsAPI is the accounts' session-facing side (lobby/accounts'
	// Desk; lobbyhost.go).
	accountsAPI
	accountsDesk *accounts.Desk
	// chatterAPI is the chat's session-facing side (lobby/chat's Desk,
	// chatDesk; chathost.go).
	chatterAPI
	chatDesk *chat.Desk

	files *saved.Files // saved games' checks (lobby/saved; export.go)

	// TournamentAPI is the tournaments' session-facing side (lobby/tourneys'
	// Book, tour; tourneyhost.go).
	TournamentAPI
	tour *tourneys.Book

	// Protection is players' blocks and reports (lobby/protection's Desk,
	// protect; protecthost.go).
	Protection
	protect *protection.Desk
}

var _ API = (*Service)(nil)

// New loads lobbies and tables from the store and restores every game in
// progress (setup plus action log replayed), then lets bots and timers go on.
func New(ctx context.Context, store Store, reg *engine.Registry, cfg Config, log *slog.Logger) (*Service, error) {
	if store == nil {
		return nil, errors.New("lobby: nil store")
	}
	if log == nil {
		log = slog.New(slog.DiscardHandler)
	}
	if cfg.Clock == nil {
		cfg.Clock = RealClock()
	}
	if cfg.AwayAfter <= 0 {
		cfg.AwayAfter = defaultAwayAfter
	}
	if cfg.ChatPerMinute <= 0 {
		cfg.ChatPerMinute = defaultChatPerMinute
	}
	if cfg.Seed == nil {
		cfg.Seed = func(int64) uint64 { return randomSeed() }
	}
	if cfg.MaxDailyTablesPerAccount <= 0 {
		cfg.MaxDailyTablesPerAccount = DefaultMaxDailyTablesPerAccount
	}
	if cfg.MaxTablesPerAccount <= 0 {
		cfg.MaxTablesPerAccount = DefaultMaxTablesPerAccount
	}
	if cfg.MaxLobbiesPerAccount <= 0 {
		cfg.MaxLobbiesPerAccount = DefaultMaxLobbiesPerAccount
	}
	if cfg.WrongCodesPerMinute <= 0 {
		cfg.WrongCodesPerMinute = DefaultWrongCodesPerMinute
	}
	if cfg.OwnerWait <= 0 {
		cfg.OwnerWait = defaultOwnerWait
	}
	if cfg.OwnerSilence <= 0 {
		cfg.OwnerSilence = DefaultOwnerSilence
	}
	if cfg.BotDelay < 0 {
		cfg.BotDelay = 0
	}
	if cfg.MaxSearches <= 0 {
		cfg.MaxSearches = DefaultMaxSearches()
	}
	if len(cfg.SealKey) == 0 {
		cfg.SealKey = gamefile.RandomKey()
	}
	if _, err := gamefile.NewSealer(cfg.SealKey, Sanitize); err != nil {
		return nil, err
	}
	s := &Service{
		store: store, reg: reg, games: reg.Infos(), cfg: cfg, clock: cfg.Clock, log: log,
		searches: live.NewSlots(cfg.MaxSearches),
		bg:       context.WithoutCancel(ctx),
		accounts: accounts.New(store),
		chat:     chat.New(store, cfg.ChatPerMinute),
	}
	s.floor = newFloor(s)
	s.floorAPI = s.floor
	s.dir = lobbies.NewDirectory(s.floor.ShuttingDown)
	s.codeGuard = lobbies.NewCodeGuard(cfg.WrongCodesPerMinute, log)
	s.hub = newHub(s)
	s.accountsDesk = accounts.NewDesk(s.accounts, accountsAdapter{s}, log)
	s.accountsAPI = s.accountsDesk
	s.chatDesk = chat.NewDesk(s.bg, s.chat, chatAdapter{s}, Sanitize, log)
	s.chatterAPI = s.chatDesk
	s.notices = newNotices(s)
	s.files = saved.NewFiles(store, reg, cfg.SealKey, Sanitize, savedAdapter{s}, log)
	s.protect = newProtection(s)
	s.Protection = s.protect
	s.tour = newTournaments(s)
	s.TournamentAPI = s.tour
	s.lobbiesAPI = lobbies.NewMembership(s.dir, s.codeGuard, store, lobbiesAdapter{s}, cfg.MaxLobbiesPerAccount, Sanitize, log)
	now := s.clock.Now().UTC()
	roster, err := bots.Load(ctx, store, reg.List(), now, s.accounts.Learn)
	if err != nil {
		return nil, err
	}
	s.bots = roster
	if err := s.loadLobbies(ctx); err != nil {
		return nil, err
	}
	if err := s.tour.Load(ctx); err != nil {
		return nil, err
	}
	if err := s.floor.Restore(ctx, now); err != nil {
		return nil, err
	}
	if cfg.Cluster != nil {
		s.floor.WatchOwners() // lobby/floor's failover.go
	}
	s.tour.Resume()
	return s, nil
}

// Shutdown tells every subscriber that the server is going down, then stops
// every table after its in-flight action is stored. Games stay saved and
// resume at the next New.
func (s *Service) Shutdown(ctx context.Context) error {
	n, err := s.floor.Shutdown(ctx, func() { s.hub.shutdown(shutdownText) })
	if err != nil {
		return err
	}
	s.log.Info("lobby stopped", "tables", n)
	return nil
}

// Games lists the games the server offers, ordered by id.
func (s *Service) Games() []engine.Info { return slices.Clone(s.games) }

func (s *Service) shuttingDown() bool { return s.floor.ShuttingDown() }

// handle returns an account's handle from the cache.
func (s *Service) handle(id int64) string {
	h, ok := s.accounts.Handle(id)
	if !ok {
		return fmt.Sprintf("player-%d", id)
	}
	return h
}

func (s *Service) setHandle(id int64, h string) { s.accounts.Learn(id, h) }

// account checks that acc is a player with a handle.
func account(acc *Account) error { return accounts.Player(acc) }

func viewerID(viewer *Account) int64 {
	if viewer == nil {
		return 0
	}
	return viewer.ID
}

// guard runs f, logging instead of crashing if it panics. Every timer
// callback runs under it.
func (s *Service) guard(what string, f func()) {
	defer func() {
		if r := recover(); r != nil {
			s.log.Error("panic in lobby", "where", what, "panic", fmt.Sprint(r), "stack", string(debug.Stack()))
		}
	}()
	f()
}

// afterFunc schedules f on the clock under guard.
func (s *Service) afterFunc(d time.Duration, what string, f func()) Timer {
	return s.clock.AfterFunc(d, func() { s.guard(what, f) })
}

// storageErr logs a store failure and returns ErrStorage: players read a
// plain sentence, the log keeps the cause.
func (s *Service) storageErr(err error) error {
	s.log.Error("store failed", "err", err)
	return ErrStorage
}

// randomSeed reads a game seed from crypto/rand.
func randomSeed() uint64 {
	var b [8]byte
	if _, err := rand.Read(b[:]); err != nil {
		panic(errors.Join(errors.New("lobby: crypto/rand failed"), err))
	}
	return binary.LittleEndian.Uint64(b[:])
}
