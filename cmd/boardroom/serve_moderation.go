package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"log/slog"
	"os"
	"os/signal"
	"syscall"
	"time"

	"boardroom/lobby"
	"boardroom/lobby/cluster"
	"boardroom/lobby/moderation"
)

// moderationOptions are the files of `serve --operators` and
// `--allow-keys` ("" for none) and how often they are looked at.
type moderationOptions struct {
	Operators string
	AllowKeys string
	Poll      time.Duration // how often the files' time and size are looked at; 0: keyFilePoll
}

// keyFilePoll is how often the key files are looked at for a change.
const keyFilePoll = 2 * time.Second

// addModerationFlags defines --operators and --allow-keys on fs, with
// BOARDROOM_OPERATORS and BOARDROOM_ALLOW_KEYS.
func addModerationFlags(fs *flag.FlagSet, envOr func(k, def string) string) func() moderationOptions {
	ops := fs.String("operators", envOr("BOARDROOM_OPERATORS", ""),
		"an authorized_keys `FILE` of the operators' keys (op ban, op log...); read again on SIGHUP and when it changes (env BOARDROOM_OPERATORS)")
	allow := fs.String("allow-keys", envOr("BOARDROOM_ALLOW_KEYS", ""),
		"admit only the keys of this authorized_keys `FILE` and the operators; no guests; read again on SIGHUP and when it changes (env BOARDROOM_ALLOW_KEYS)")
	return func() moderationOptions {
		return moderationOptions{Operators: *ops, AllowKeys: *allow}
	}
}

// startModeration opens the key files (an unreadable one refuses the
// start), reads the bans in force, and wires a ban to the lobby (the seats
// of a banned key take their defaults) and to the other nodes of a
// cluster. The files are read again on SIGHUP and when they change, until
// ctx ends.
func startModeration(ctx context.Context, o moderationOptions, store any, svc *lobby.Service, cl *cluster.Cluster, log *slog.Logger) (*moderation.Moderator, error) {
	ms, ok := store.(moderation.Store)
	if !ok {
		return nil, errors.New("the store keeps no bans")
	}
	log = log.With("part", "moderation")
	var files []*moderation.KeyFile
	open := func(path, flagName string) (*moderation.KeyFile, error) {
		if path == "" {
			return nil, nil
		}
		f, err := moderation.OpenKeyFile(path, log)
		if err != nil {
			return nil, fmt.Errorf("--%s: %w", flagName, err)
		}
		files = append(files, f)
		return f, nil
	}
	ops, err := open(o.Operators, "operators")
	if err != nil {
		return nil, err
	}
	allow, err := open(o.AllowKeys, "allow-keys")
	if err != nil {
		return nil, err
	}
	m, err := moderation.New(moderation.Config{Store: ms, Operators: ops, Allow: allow, Logger: log})
	if err != nil {
		return nil, err
	}
	if err := m.Load(ctx); err != nil {
		return nil, err
	}
	m.OnBan(func(b moderation.Ban) {
		if b.Kind != moderation.KindKey {
			return
		}
		if err := svc.BanishKey(context.WithoutCancel(ctx), b.Target); err != nil {
			log.Error("a banned player's seats were not set away", "err", err)
		}
	})
	if cl != nil {
		m.SetAnnounce(cl.AnnounceModeration)
		cl.OnModeration(func(ctx context.Context) {
			if err := m.Load(ctx); err != nil {
				log.Error("reading the bans after another node's change", "err", err)
			}
		})
	}
	poll := o.Poll
	if poll <= 0 {
		poll = keyFilePoll
	}
	go reloadKeyFiles(ctx, files, poll, log)
	return m, nil
}

// reloadKeyFiles reads the key files again on SIGHUP, and whenever one's
// time or size changed.
func reloadKeyFiles(ctx context.Context, files []*moderation.KeyFile, poll time.Duration, log *slog.Logger) {
	if len(files) == 0 {
		return
	}
	hup := make(chan os.Signal, 1)
	signal.Notify(hup, syscall.SIGHUP)
	defer signal.Stop(hup)
	tick := time.NewTicker(poll)
	defer tick.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-hup:
			for _, f := range files {
				if err := f.Reload(); err != nil {
					log.Error("key file not read again; the keys read before stay", "file", f.Path(), "err", err)
				}
			}
		case <-tick.C:
			for _, f := range files {
				f.Poll()
			}
		}
	}
}
