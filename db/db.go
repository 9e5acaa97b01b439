// Package db is boardroom's SQLite store (modernc.org/sqlite, no cgo). It
// implements lobby.Store: accounts, lobbies and memberships, tables and their
// seats, the action log of every game, results and chat. The schema lives in
// embedded, numbered migrations applied in order at Open. Writes go through
// one connection (SQLite has one writer anyway); reads use a small pool of
// query-only connections. All times are stored as UTC text.
package db

import (
	"context"
	"database/sql"
	"embed"
	"errors"
	"fmt"
	"log/slog"
	"strings"
	"time"

	"modernc.org/sqlite"
	sqlite3 "modernc.org/sqlite/lib"

	"boardroom/db/migfiles"
	"boardroom/lobby"
)

//go:embed migrations/*.sql
var migrations embed.FS

const pragmas = "_pragma=journal_mode(WAL)&_pragma=busy_timeout(5000)&_pragma=foreign_keys(1)&_pragma=synchronous(NORMAL)"

// Store is the SQLite implementation of lobby.Store. It serves one node:
// it hands out no leases (it is no lobby.LeaseStore) and ignores the lease
// Token of TableRecord, ActionRecord and GameEnd, since no other node can
// write its tables. A cluster uses db/postgres.
type Store struct {
	w   *sql.DB // the one writer connection
	r   *sql.DB // query-only read pool
	log *slog.Logger
	// appendAction is the action log's insert, prepared once: every move
	// of every table is one, and parsing the statement was a third of it.
	appendAction *sql.Stmt
	app          *appender // the action log's group commit (appender.go)

	failFinish func(stage string) error // tests: fail FinishGame at a stage
}

// The lobby's store and the optional parts it looks for on a store.
var (
	_ lobby.Store             = (*Store)(nil)
	_ lobby.LastLobbyStore    = (*Store)(nil)
	_ lobby.ImportStore       = (*Store)(nil)
	_ lobby.ImportDigestStore = (*Store)(nil)
)

// Open opens (creating if needed) the database file at path and applies
// pending migrations.
func Open(ctx context.Context, path string, log *slog.Logger) (*Store, error) {
	if log == nil {
		log = slog.New(slog.DiscardHandler)
	}
	if path == "" {
		return nil, errors.New("db: empty database path")
	}
	base := "file:" + escapePath(path) + "?" + pragmas
	w, err := sql.Open("sqlite", base+"&_txlock=immediate")
	if err != nil {
		return nil, fmt.Errorf("db: open %s: %w", path, err)
	}
	w.SetMaxOpenConns(1)
	w.SetMaxIdleConns(1)
	w.SetConnMaxIdleTime(0)
	w.SetConnMaxLifetime(0)
	if err := w.PingContext(ctx); err != nil {
		w.Close()
		return nil, fmt.Errorf("db: open %s: %w", path, err)
	}
	s := &Store{w: w, log: log}
	if err := s.migrate(ctx); err != nil {
		w.Close()
		return nil, err
	}
	r, err := sql.Open("sqlite", base+"&_query_only=1")
	if err != nil {
		w.Close()
		return nil, fmt.Errorf("db: open %s for reading: %w", path, err)
	}
	r.SetMaxOpenConns(4)
	r.SetMaxIdleConns(4)
	if err := r.PingContext(ctx); err != nil {
		w.Close()
		r.Close()
		return nil, fmt.Errorf("db: open %s for reading: %w", path, err)
	}
	s.r = r
	if s.appendAction, err = w.PrepareContext(ctx, appendActionSQL); err != nil {
		w.Close()
		r.Close()
		return nil, fmt.Errorf("db: open %s: prepare: %w", path, err)
	}
	s.app = newAppender()
	go s.appendLoop()
	return s, nil
}

// Close answers the moves still queued for the action log, then closes
// both connection pools.
func (s *Store) Close() error {
	s.app.close()
	return errors.Join(s.appendAction.Close(), s.r.Close(), s.w.Close())
}

// escapePath makes a file path safe inside a "file:" URI.
func escapePath(p string) string {
	return strings.NewReplacer("%", "%25", "?", "%3f", "#", "%23").Replace(p)
}

func loadMigrations() ([]migfiles.Migration, error) {
	ms, err := migfiles.Load(migrations, "migrations")
	if err != nil {
		return nil, fmt.Errorf("db: %w", err)
	}
	return ms, nil
}

// migrate applies, each in its own transaction, every migration newer than
// the version recorded in schema_version.
func (s *Store) migrate(ctx context.Context) error {
	ms, err := loadMigrations()
	if err != nil {
		return err
	}
	if _, err := s.w.ExecContext(ctx, `CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL)`); err != nil {
		return fmt.Errorf("db: schema_version: %w", err)
	}
	var current int
	if err := s.w.QueryRowContext(ctx, `SELECT COALESCE(MAX(version), 0) FROM schema_version`).Scan(&current); err != nil {
		return fmt.Errorf("db: schema_version: %w", err)
	}
	for _, m := range ms {
		if m.Version <= current {
			continue
		}
		err := s.tx(ctx, func(tx *sql.Tx) error {
			if _, err := tx.ExecContext(ctx, m.SQL); err != nil {
				return err
			}
			if _, err := tx.ExecContext(ctx, `DELETE FROM schema_version`); err != nil {
				return err
			}
			_, err := tx.ExecContext(ctx, `INSERT INTO schema_version (version) VALUES (?)`, m.Version)
			return err
		})
		if err != nil {
			return fmt.Errorf("db: migration %s: %w", m.Name, err)
		}
		s.log.Info("applied migration", "name", m.Name)
		current = m.Version
	}
	return nil
}

// tx runs fn in a write transaction, committing when it returns nil.
func (s *Store) tx(ctx context.Context, fn func(tx *sql.Tx) error) error {
	tx, err := s.w.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	if err := fn(tx); err != nil {
		_ = tx.Rollback()
		return err
	}
	return tx.Commit()
}

const timeLayout = "2006-01-02T15:04:05.000000000Z"

func fmtTime(t time.Time) string { return t.UTC().Format(timeLayout) }

func parseTime(s string) (time.Time, error) {
	t, err := time.Parse(time.RFC3339Nano, s)
	if err != nil {
		return time.Time{}, fmt.Errorf("db: bad time %q: %w", s, err)
	}
	return t.UTC(), nil
}

// isUnique reports whether err is a UNIQUE or PRIMARY KEY constraint failure.
func isUnique(err error) bool {
	var se *sqlite.Error
	if errors.As(err, &se) {
		return se.Code() == sqlite3.SQLITE_CONSTRAINT_UNIQUE || se.Code() == sqlite3.SQLITE_CONSTRAINT_PRIMARYKEY
	}
	return false
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}
