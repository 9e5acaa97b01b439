package main

import (
	"context"
	"fmt"
	"log/slog"
	"path/filepath"
	"strings"

	"boardroom/cmd/boardroom/internal/metrics"
	"boardroom/db"
	"boardroom/db/postgres"
	"boardroom/internal/redact"
)

// servedStore is the store serve runs on: the lobby's store with the
// import marker (metrics.Backend), closed at the end.
type servedStore interface {
	metrics.Backend
	Close() error
}

// isPostgresURL reports whether a --store value names a PostgreSQL
// database.
func isPostgresURL(s string) bool {
	return strings.HasPrefix(s, "postgres://") || strings.HasPrefix(s, "postgresql://")
}

// checkStoreFlag checks a --store value: empty (SQLite in the data
// directory) or a postgres:// URL.
func checkStoreFlag(s string) error {
	if s == "" || isPostgresURL(s) {
		return nil
	}
	return fmt.Errorf("--store: want a postgres:// URL (a key/value string such as host=... is not read), or nothing for SQLite in the data directory (got %q)", redact.String(s))
}

// openStore opens the store o names: the PostgreSQL database at o.Store,
// or without one the SQLite database in the data directory, after its
// integrity check. On failure msg is the sentence for the operator.
func openStore(ctx context.Context, o serveOptions, log *slog.Logger) (st servedStore, msg string, err error) {
	if o.Store != "" {
		s, err := postgres.Open(ctx, o.Store, log)
		if err != nil {
			// The driver's error may quote the URL or a part of it.
			return nil, "cannot open the Postgres store " + redact.String(o.Store), redact.Error(err, o.Store)
		}
		log.Info("store", "kind", "postgres", "url", redact.String(o.Store))
		return s, "", nil
	}
	dbPath := filepath.Join(o.Data, dbFile)
	if err := checkDatabase(ctx, dbPath, o, log); err != nil {
		return nil, "the database failed its integrity check", err
	}
	s, err := db.Open(ctx, dbPath, log)
	if err != nil {
		return nil, "cannot open the database", err
	}
	return s, "", nil
}
