package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"net"
	"os"
	"os/signal"
	"path/filepath"
	"strconv"
	"strings"
	"sync/atomic"
	"syscall"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"boardroom/db"
	"boardroom/engine"
	"boardroom/internal/webhook"
	"boardroom/lobby"
	"boardroom/lobby/results"
	"boardroom/sshserver"
	"boardroom/tui"
)

// Files in the data directory.
const (
	dbFile      = "boardroom.db"
	hostKeyFile = "ssh_host_ed25519_key"
)

// serveOptions is the configuration of `boardroom serve` after flags and
// environment were read.
type serveOptions struct {
	Listen     string
	Data       string
	Store      string // "" SQLite in Data, or a postgres:// URL (store.go)
	LogLevel   slog.Level
	PublicHost string
	PublicPort int
	BotDelay   time.Duration
	Pprof      string // loopback address for /debug/pprof; "" = off
	// IgnoreDamage starts the server on a database that fails its
	// integrity check (what SQLite can still read).
	IgnoreDamage bool
	Limits       netLimits
	Observe      observeOptions // metrics endpoint and log format (serve_metrics.go)
	Cluster      clusterOptions // NATS and node name; zero: one node (cluster.go)
	// WebhookAllowPrivate lets private lobbies' webhooks reach loopback
	// and private addresses (a company's internal chat).
	WebhookAllowPrivate bool
	Moderation          moderationOptions // --operators, --allow-keys (serve_moderation.go)
}

// runServe is `boardroom serve`: it runs until SIGINT or SIGTERM.
func runServe(args []string, stdout, stderr io.Writer) int {
	opts, code, ok := parseServeFlags(args, os.Getenv, stderr)
	if !ok {
		return code
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	return serve(ctx, opts, registry, stdout, stderr)
}

// parseServeFlags reads the flags, falling back to BOARDROOM_* environment
// variables; a flag given on the command line wins. ok is false when the
// program should exit with code.
func parseServeFlags(args []string, getenv func(string) string, stderr io.Writer) (serveOptions, int, bool) {
	envOr := func(k, def string) string {
		if v := getenv(k); v != "" {
			return v
		}
		return def
	}
	fs := flag.NewFlagSet("serve", flag.ContinueOnError)
	fs.SetOutput(stderr)
	listen := fs.String("listen", envOr("BOARDROOM_LISTEN", ":2222"), "address to listen on (env BOARDROOM_LISTEN)")
	data := fs.String("data", envOr("BOARDROOM_DATA", "./data"), "data directory: SQLite database, host key and seal key (env BOARDROOM_DATA)")
	store := fs.String("store", envOr("BOARDROOM_STORE", ""), "the store: empty for SQLite in --data, or a postgres:// `URL` shared by a cluster's nodes (env BOARDROOM_STORE)")
	level := fs.String("log-level", envOr("BOARDROOM_LOG_LEVEL", "info"), "debug, info, warn or error (env BOARDROOM_LOG_LEVEL)")
	host := fs.String("public-host", envOr("BOARDROOM_PUBLIC_HOST", sshserver.DefaultPublicHost), "host name players connect to, shown in help texts (env BOARDROOM_PUBLIC_HOST)")
	port := fs.String("public-port", envOr("BOARDROOM_PUBLIC_PORT", "0"), "port players connect to, shown in help texts; 0: the listen port (env BOARDROOM_PUBLIC_PORT)")
	ignoreDamage := fs.Bool("ignore-damage", envBool(getenv("BOARDROOM_IGNORE_DAMAGE")), "start even if the database fails its integrity check; games on damaged pages are lost (env BOARDROOM_IGNORE_DAMAGE=1)")
	limits := addLimitFlags(fs, envOr)
	observe := addObserveFlags(fs, envOr)
	clusterOpts := addClusterFlags(fs, envOr)
	moderate := addModerationFlags(fs, envOr)
	webhookPrivate := fs.Bool("webhook-allow-private", envBool(getenv("BOARDROOM_WEBHOOK_ALLOW_PRIVATE")), "let lobbies' webhooks call loopback and private addresses, e.g. a company's internal chat (env BOARDROOM_WEBHOOK_ALLOW_PRIVATE=1)")
	pprofAddr := fs.String("pprof", "", "serve runtime profiles on this loopback `address` (e.g. 127.0.0.1:6060); off by default")
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return serveOptions{}, 0, false
		}
		return serveOptions{}, 2, false
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(stderr, "serve: unexpected argument %q\n", fs.Arg(0))
		return serveOptions{}, 2, false
	}
	if err := checkStoreFlag(*store); err != nil {
		fmt.Fprintf(stderr, "serve: %v\n", err)
		return serveOptions{}, 2, false
	}
	var lvl slog.Level
	if err := lvl.UnmarshalText([]byte(*level)); err != nil {
		fmt.Fprintf(stderr, "serve: --log-level: %q is not one of debug, info, warn, error\n", *level)
		return serveOptions{}, 2, false
	}
	if *pprofAddr != "" {
		if err := checkPprofAddr(*pprofAddr); err != nil {
			fmt.Fprintf(stderr, "serve: %v\n", err)
			return serveOptions{}, 2, false
		}
	}
	pp, err := strconv.Atoi(*port)
	if err != nil || pp < 0 || pp > 65535 {
		fmt.Fprintf(stderr, "serve: --public-port: %q is not a port number\n", *port)
		return serveOptions{}, 2, false
	}
	lim, err := limits()
	if err != nil {
		fmt.Fprintf(stderr, "serve: %v\n", err)
		return serveOptions{}, 2, false
	}
	obs, err := observe()
	if err != nil {
		fmt.Fprintf(stderr, "serve: %v\n", err)
		return serveOptions{}, 2, false
	}
	cl, err := clusterOpts(*store)
	if err != nil {
		fmt.Fprintf(stderr, "serve: %v\n", err)
		return serveOptions{}, 2, false
	}
	return serveOptions{
		Listen: *listen, Data: *data, Store: *store, LogLevel: lvl,
		PublicHost: *host, PublicPort: pp, BotDelay: 700 * time.Millisecond, Pprof: *pprofAddr,
		IgnoreDamage: *ignoreDamage,
		Limits:       lim,
		Observe:      obs,
		Cluster:      cl,

		WebhookAllowPrivate: *webhookPrivate,
		Moderation:          moderate(),
	}, 0, true
}

// serve runs the server until ctx is done, then shuts down in order: the
// lobby tells every session and saves, the SSH server closes the sessions,
// the database is closed.
func serve(ctx context.Context, o serveOptions, games func() (*engine.Registry, error), stdout, stderr io.Writer) int {
	log := newLogger(stderr, o.Observe, o.LogLevel)
	fail := func(msg string, err error) int {
		log.Error(msg, "err", err)
		return 1
	}
	raiseOpenFileLimit(log)
	if err := os.MkdirAll(o.Data, 0o700); err != nil {
		return fail("cannot create the data directory", err)
	}
	// The lock is held until the process ends: a second server on the
	// same directory would keep its own live tables and drift apart.
	lock, err := db.LockDir(o.Data)
	if errors.Is(err, db.ErrLocked) {
		return fail("another server runs on this data directory: stop it first, or give this one another --data directory", err)
	}
	if err != nil {
		return fail("cannot lock the data directory", err)
	}
	defer lock.Release()
	reg, err := games()
	if err != nil {
		return fail("cannot build the game registry", err)
	}
	store, msg, err := openStore(context.WithoutCancel(ctx), o, log)
	if err != nil {
		return fail(msg, err)
	}
	defer func() {
		if err := store.Close(); err != nil {
			log.Error("closing the database", "err", err)
		}
	}()
	sealKey, err := loadSealKey(o.Data, log)
	if err != nil {
		return fail("cannot load the seal key", err)
	}
	hooks := webhook.New(webhook.Config{AllowPrivate: o.WebhookAllowPrivate, Log: log.With("part", "webhook")})
	defer hooks.Close()
	var sshSrv atomic.Pointer[sshserver.Server] // set once the SSH server exists
	lcfg := lobby.Config{BotDelay: o.BotDelay, SealKey: sealKey, Webhooks: hooks,
		JoinCommand: func(id int64) string {
			if srv := sshSrv.Load(); srv != nil {
				return srv.PlayCommand(id)
			}
			return ""
		}}
	o.Limits.applyLobby(&lcfg)
	mx, lstore := newMetrics(o.Observe, reg, store, &lcfg)
	cl, err := newCluster(o.Cluster, store, sealKey, mx, log)
	if err != nil {
		return fail("cannot join the cluster", err)
	}
	if cl != nil {
		lcfg.Cluster = cl
		// A start that fails from here gives the node's name back at once.
		defer func() { handOff(cl, log); cl.Close() }()
	}
	svc, err := lobby.New(context.WithoutCancel(ctx), lstore, reg, lcfg, log)
	if err != nil {
		return fail("cannot start the lobby", err)
	}
	if err := runCluster(ctx, cl, svc, log); err != nil {
		shutdownLobby(svc, log)
		return fail("cannot join the cluster", err)
	}
	if mx != nil {
		if err := serveMetrics(ctx, o.Observe, mx, svc, stdout, log); err != nil {
			shutdownLobby(svc, log)
			return fail("cannot serve metrics", err)
		}
	}
	// Finished games (results, ladders, profiles, replays) are read by their
	// own service over the same store, asking the live lobby who sees what.
	res := results.New(svc, store, reg, lcfg.Clock, log)
	if o.Pprof != "" {
		if err := startPprof(ctx, o.Pprof, log); err != nil {
			shutdownLobby(svc, log)
			return fail("cannot serve profiles", err)
		}
	}
	mod, err := startModeration(ctx, o.Moderation, store, svc, cl, log)
	if err != nil {
		shutdownLobby(svc, log)
		return fail("cannot start the moderation", err)
	}
	ln, err := net.Listen("tcp", o.Listen)
	if err != nil {
		shutdownLobby(svc, log)
		return fail("cannot listen", err)
	}
	publicPort := o.PublicPort
	if a, ok := ln.Addr().(*net.TCPAddr); ok && publicPort == 0 {
		publicPort = a.Port
	}
	sshCfg := sshserver.Config{
		HostKeyPath: filepath.Join(o.Data, hostKeyFile),
		PublicHost:  o.PublicHost,
		PublicPort:  publicPort,
		NewModel:    tuiFactory(svc, res),
		Logger:      log,
		Moderation:  mod,
	}
	o.Limits.apply(&sshCfg)
	if mx != nil {
		sshCfg.Observer = mx
	}
	if cl != nil {
		sshCfg.ClusterSessions = cl // sessions per key count over every node
	}
	srv, err := sshserver.New(sshCfg, svc, res)
	if err == nil {
		sshSrv.Store(srv)
	}
	if err != nil {
		_ = ln.Close()
		shutdownLobby(svc, log)
		return fail("cannot set up the ssh server", err)
	}
	served := make(chan error, 1)
	go func() {
		defer func() {
			if r := recover(); r != nil {
				served <- fmt.Errorf("panic in ssh server: %v", r)
			}
		}()
		served <- srv.Serve(ln)
	}()
	fmt.Fprintf(stdout, "boardroom listening on %s\n", ln.Addr())
	fmt.Fprintf(stdout, "connect with: %s\n", srv.SSHCommand())
	log.Info("serving", "addr", ln.Addr().String(), "data", o.Data, "games", gameIDs(reg))

	code := 0
	select {
	case <-ctx.Done():
		log.Info("shutting down")
	case err := <-served:
		log.Error("ssh server stopped", "err", err)
		code = 1
	case <-clusterStopped(cl):
		log.Error("shutting down: another process runs under this node's name", "err", cl.StopReason())
		code = 1
	}
	handOff(cl, log)
	shutdownLobby(svc, log)
	sctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if err := srv.Shutdown(sctx); err != nil {
		log.Warn("ssh server shutdown", "err", err)
	}
	log.Info("stopped")
	return code
}

// checkDatabase runs the integrity check at start. A damaged database is
// refused, with how to recover, unless o.IgnoreDamage: then it is logged
// and the server starts on what SQLite can read.
func checkDatabase(ctx context.Context, path string, o serveOptions, log *slog.Logger) error {
	start := time.Now()
	err := db.Check(ctx, path)
	var de *db.DamagedError
	switch {
	case errors.As(err, &de) && o.IgnoreDamage:
		log.Warn("starting on a damaged database (--ignore-damage); games on damaged pages are lost", "file", path, "problems", strings.Join(de.Problems, "; "))
		return nil
	case errors.As(err, &de):
		return fmt.Errorf("%w. To recover, stop here and restore the newest backup: boardroom restore --data %s BACKUP_FILE "+
			"(the damaged file is kept beside it); or start anyway with --ignore-damage (BOARDROOM_IGNORE_DAMAGE=1) to run on what is readable", err, o.Data)
	case err != nil:
		return err
	}
	log.Info("database checked", "file", path, "took", time.Since(start).Round(time.Millisecond))
	return nil
}

// envBool reads a boolean environment variable: 1, true, yes or on.
func envBool(v string) bool {
	switch strings.ToLower(strings.TrimSpace(v)) {
	case "1", "true", "yes", "on":
		return true
	}
	return false
}

func shutdownLobby(svc *lobby.Service, log *slog.Logger) {
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if err := svc.Shutdown(ctx); err != nil {
		log.Error("lobby shutdown", "err", err)
	}
}

// tuiFactory builds the terminal UI of each interactive session.
func tuiFactory(api lobby.API, res lobby.Results) sshserver.ModelFunc {
	themes := &tui.Themes{} // sessions of one terminal kind share their styles
	rs := renderers()
	src := tui.NewSources(api, res)
	return func(s sshserver.Session) tea.Model {
		return tui.New(tui.Options{
			API:         api,
			Results:     res,
			Sources:     src,
			Renderers:   rs,
			Fingerprint: s.Fingerprint,
			Renderer:    s.Renderer,
			Theme:       themes.Get(s.Renderer, s.NoColor, s.ASCII),
			Width:       s.Width,
			Height:      s.Height,
			NoColor:     s.NoColor,
			ASCII:       s.ASCII,
			OpenTable:   s.OpenTable,
			JoinCode:    s.JoinCode,
			SSHCommand:  s.SSHCommand,
			Logger:      s.Logger,
			Context:     s.Context,
			Bell:        s.Bell,
			Post:        s.Post,
			PostAfter:   s.PostAfter,
			Operator:    s.Operator,
			Renamed:     s.Renamed,
		})
	}
}

func gameIDs(reg *engine.Registry) string {
	var ids []string
	for _, d := range reg.List() {
		ids = append(ids, d.Info().ID)
	}
	return strings.Join(ids, ",")
}
