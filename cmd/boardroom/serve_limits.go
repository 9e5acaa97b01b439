package main

import (
	"flag"
	"fmt"
	"strconv"
	"time"

	"boardroom/lobby"
	"boardroom/sshserver"
)

// netLimits are the caps on what one client makes the SSH server hold
// (sshserver.Config), as read from flags and the environment.
type netLimits struct {
	SessionsPerKey   int
	GuestsPerIP      int
	EnvPerSession    int
	EnvBytes         int
	CommandBytes     int
	ChannelsPerConn  int
	UnauthPerIP      int
	UnauthTotal      int
	HandshakeTimeout time.Duration
	IdleTimeout      time.Duration
	// The lobby's caps per account (lobby.Config).
	TablesPerAccount      int
	DailyTablesPerAccount int
	LobbiesPerAccount     int
	WrongCodesPerMinute   int
	// The node's bound on strong bots computing at once (lobby.Config).
	SearchesAtOnce int
}

// addLimitFlags defines the limit flags on fs, each falling back to a
// BOARDROOM_* environment variable; the returned function reads them after
// fs.Parse.
func addLimitFlags(fs *flag.FlagSet, envOr func(k, def string) string) func() (netLimits, error) {
	type intFlag struct {
		name string
		val  *string
		dst  *int
	}
	var l netLimits
	var ints []intFlag
	add := func(dst *int, name, env string, def int, usage string) {
		v := fs.String(name, envOr(env, strconv.Itoa(def)), fmt.Sprintf("%s (env %s)", usage, env))
		ints = append(ints, intFlag{name: name, val: v, dst: dst})
	}
	add(&l.SessionsPerKey, "max-sessions-per-key", "BOARDROOM_MAX_SESSIONS_PER_KEY", sshserver.DefaultMaxSessionsPerKey,
		"sessions at once per player key")
	add(&l.GuestsPerIP, "max-guests-per-ip", "BOARDROOM_MAX_GUESTS_PER_IP", sshserver.DefaultMaxGuestsPerIP,
		"guest sessions at once per source address")
	add(&l.UnauthPerIP, "max-unauth-per-ip", "BOARDROOM_MAX_UNAUTH_PER_IP", sshserver.DefaultMaxUnauthPerIP,
		"connections not yet authenticated per source address; more are closed at once")
	add(&l.UnauthTotal, "max-unauth", "BOARDROOM_MAX_UNAUTH", sshserver.DefaultMaxUnauthTotal,
		"connections not yet authenticated in total; more are closed at once")
	add(&l.ChannelsPerConn, "max-channels-per-conn", "BOARDROOM_MAX_CHANNELS_PER_CONN", sshserver.DefaultMaxChannelsPerConn,
		"session channels open at once on one connection")
	add(&l.EnvPerSession, "max-env", "BOARDROOM_MAX_ENV", sshserver.DefaultMaxEnvPerSession,
		"environment variables kept per session (only TERM, COLORTERM, NO_COLOR, LANG, LC_*)")
	add(&l.EnvBytes, "max-env-bytes", "BOARDROOM_MAX_ENV_BYTES", sshserver.DefaultMaxEnvBytes,
		"bytes of one environment variable, name and value")
	add(&l.CommandBytes, "max-command-bytes", "BOARDROOM_MAX_COMMAND_BYTES", sshserver.DefaultMaxCommandBytes,
		"bytes of a command; longer ones are refused unread")
	add(&l.TablesPerAccount, "max-tables", "BOARDROOM_MAX_TABLES", lobby.DefaultMaxTablesPerAccount,
		"unfinished tables one account may host or sit at")
	add(&l.DailyTablesPerAccount, "max-daily-tables", "BOARDROOM_MAX_DAILY_TABLES", lobby.DefaultMaxDailyTablesPerAccount,
		"unfinished daily tables (12, 24 or 72 hours a move) one account may host or sit at, apart from --max-tables")
	add(&l.LobbiesPerAccount, "max-lobbies", "BOARDROOM_MAX_LOBBIES", lobby.DefaultMaxLobbiesPerAccount,
		"private lobbies one account may own")
	add(&l.SearchesAtOnce, "max-searches", "BOARDROOM_MAX_SEARCHES", lobby.DefaultMaxSearches(),
		"strong bots' moves computed at once on this node (default: half its cores); other strong bots wait their turn")
	add(&l.WrongCodesPerMinute, "invite-tries", "BOARDROOM_INVITE_TRIES", lobby.DefaultWrongCodesPerMinute,
		"wrong invite codes a minute per account and per address; then every code is refused for a while")
	hs := fs.String("handshake-timeout", envOr("BOARDROOM_HANDSHAKE_TIMEOUT", sshserver.DefaultHandshakeTimeout.String()),
		"time from connect to an admitted session; then the connection is closed (env BOARDROOM_HANDSHAKE_TIMEOUT)")
	idle := fs.String("idle-timeout", envOr("BOARDROOM_IDLE_TIMEOUT", sshserver.DefaultIdleTimeout.String()),
		"time without input from a client (keys, window changes, keepalives) before its connection is closed; "+
			"terminal sessions are warned a minute before and told why (env BOARDROOM_IDLE_TIMEOUT)")
	return func() (netLimits, error) {
		for _, f := range ints {
			n, err := strconv.Atoi(*f.val)
			if err != nil || n <= 0 {
				return netLimits{}, fmt.Errorf("--%s: %q is not a positive number", f.name, *f.val)
			}
			*f.dst = n
		}
		d, err := time.ParseDuration(*hs)
		if err != nil || d <= 0 {
			return netLimits{}, fmt.Errorf("--handshake-timeout: %q is not a duration such as 10s", *hs)
		}
		l.HandshakeTimeout = d
		// Shorter than two minutes leaves too little between the warning
		// and the close to read it and press a key.
		if d, err = time.ParseDuration(*idle); err != nil || d < 2*time.Minute {
			return netLimits{}, fmt.Errorf("--idle-timeout: %q is not a duration of at least 2m such as 30m", *idle)
		}
		l.IdleTimeout = d
		return l, nil
	}
}

// apply copies the limits into the SSH server's configuration.
func (l netLimits) apply(cfg *sshserver.Config) {
	cfg.MaxSessionsPerKey = l.SessionsPerKey
	cfg.MaxGuestsPerIP = l.GuestsPerIP
	cfg.MaxEnvPerSession = l.EnvPerSession
	cfg.MaxEnvBytes = l.EnvBytes
	cfg.MaxCommandBytes = l.CommandBytes
	cfg.MaxChannelsPerConn = l.ChannelsPerConn
	cfg.MaxUnauthPerIP = l.UnauthPerIP
	cfg.MaxUnauthTotal = l.UnauthTotal
	cfg.HandshakeTimeout = l.HandshakeTimeout
	cfg.IdleTimeout = l.IdleTimeout
}

// applyLobby copies the per-account caps into the lobby's configuration.
func (l netLimits) applyLobby(cfg *lobby.Config) {
	cfg.MaxTablesPerAccount = l.TablesPerAccount
	cfg.MaxDailyTablesPerAccount = l.DailyTablesPerAccount
	cfg.MaxLobbiesPerAccount = l.LobbiesPerAccount
	cfg.WrongCodesPerMinute = l.WrongCodesPerMinute
	cfg.MaxSearches = l.SearchesAtOnce
}
