// Package postgres is boardroom's PostgreSQL store (pgx), for a cluster of
// nodes sharing one database (lobby/node.go). It implements lobby.Store
// with the same semantics as the SQLite store in package db (one store test
// suite, db/storetest, runs against both), the import marker the lobby looks
// for, and lobby.LeaseStore: every table has at most one owner node at a
// time, and a write carrying a stale lease token is refused with
// lobby.ErrFenced in the same transaction that would have made it.
//
// The schema lives in embedded, numbered migrations applied in order at
// Open, under an advisory lock so that nodes starting together apply each
// one once. Times are stored as timestamptz (microseconds, UTC on reading).
package postgres

import (
	"context"
	"embed"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"

	"boardroom/db/migfiles"
	"boardroom/lobby"
)

//go:embed migrations/*.sql
var migrations embed.FS

// migrateLock is the key of the session advisory lock held while migrating
// ("boardroom" in ASCII, read as a number).
const migrateLock int64 = 0x626f617264726f6f

// rateLock is the key of the transaction advisory lock that serialises the
// rating part of FinishGame: ratings are read, computed and written, and two
// games finishing on two nodes with a player in common must not both start
// from the same old rating (a row that does not exist yet cannot be locked
// with FOR UPDATE).
const rateLock int64 = 0x626f617264726174

// ErrActionExists refuses an action whose Seq is already in the table's
// log: no action is applied twice.
var ErrActionExists = errors.New("that move was already recorded")

// Store is the PostgreSQL implementation of lobby.Store and
// lobby.LeaseStore. It is safe for concurrent use.
type Store struct {
	pool *pgxpool.Pool
	log  *slog.Logger

	failFinish func(stage string) error // tests: fail FinishGame at a stage
}

var (
	_ lobby.Store             = (*Store)(nil)
	_ lobby.LeaseStore        = (*Store)(nil)
	_ lobby.LastLobbyStore    = (*Store)(nil)
	_ lobby.ImportStore       = (*Store)(nil)
	_ lobby.ImportDigestStore = (*Store)(nil)
)

// Open connects to the database at url (postgres://...) and applies pending
// migrations.
func Open(ctx context.Context, url string, log *slog.Logger) (*Store, error) {
	if log == nil {
		log = slog.New(slog.DiscardHandler)
	}
	cfg, err := pgxpool.ParseConfig(url)
	if err != nil {
		// The URL may hold a password: do not repeat it.
		return nil, errors.New("postgres: the store URL is not a valid postgres:// URL")
	}
	pool, err := pgxpool.NewWithConfig(ctx, cfg)
	if err != nil {
		return nil, fmt.Errorf("postgres: connect: %w", err)
	}
	if err := pool.Ping(ctx); err != nil {
		pool.Close()
		return nil, fmt.Errorf("postgres: connect to %s/%s: %w", cfg.ConnConfig.Host, cfg.ConnConfig.Database, err)
	}
	s := &Store{pool: pool, log: log}
	if err := s.migrate(ctx); err != nil {
		pool.Close()
		return nil, err
	}
	return s, nil
}

// Close closes the connection pool.
func (s *Store) Close() error {
	s.pool.Close()
	return nil
}

func loadMigrations() ([]migfiles.Migration, error) {
	ms, err := migfiles.Load(migrations, "migrations")
	if err != nil {
		return nil, fmt.Errorf("postgres: %w", err)
	}
	return ms, nil
}

// migrate applies, each in its own transaction, every migration newer than
// the version recorded in schema_version, holding an advisory lock so that
// nodes starting at once take turns (the second finds nothing left to do).
func (s *Store) migrate(ctx context.Context) error {
	ms, err := loadMigrations()
	if err != nil {
		return err
	}
	conn, err := s.pool.Acquire(ctx)
	if err != nil {
		return fmt.Errorf("postgres: migrate: %w", err)
	}
	defer conn.Release()
	if _, err := conn.Exec(ctx, `SELECT pg_advisory_lock($1)`, migrateLock); err != nil {
		return fmt.Errorf("postgres: migration lock: %w", err)
	}
	defer func() {
		if _, err := conn.Exec(context.WithoutCancel(ctx), `SELECT pg_advisory_unlock($1)`, migrateLock); err != nil {
			s.log.Warn("releasing the migration lock", "err", err)
		}
	}()
	if _, err := conn.Exec(ctx, `CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL)`); err != nil {
		return fmt.Errorf("postgres: schema_version: %w", err)
	}
	var current int
	if err := conn.QueryRow(ctx, `SELECT COALESCE(MAX(version), 0) FROM schema_version`).Scan(&current); err != nil {
		return fmt.Errorf("postgres: schema_version: %w", err)
	}
	for _, m := range ms {
		if m.Version <= current {
			continue
		}
		err := pgx.BeginFunc(ctx, conn, func(tx pgx.Tx) error {
			// The simple protocol runs a file of several statements.
			if _, err := tx.Exec(ctx, m.SQL, pgx.QueryExecModeSimpleProtocol); err != nil {
				return err
			}
			if _, err := tx.Exec(ctx, `DELETE FROM schema_version`); err != nil {
				return err
			}
			_, err := tx.Exec(ctx, `INSERT INTO schema_version (version) VALUES ($1)`, m.Version)
			return err
		})
		if err != nil {
			return fmt.Errorf("postgres: migration %s: %w", m.Name, err)
		}
		s.log.Info("applied migration", "name", m.Name)
		current = m.Version
	}
	return nil
}

// tx runs fn in a transaction, committing when it returns nil.
func (s *Store) tx(ctx context.Context, fn func(tx pgx.Tx) error) error {
	return pgx.BeginFunc(ctx, s.pool, fn)
}

// fence checks, holding the table's row until the transaction ends, that
// token is the table's lease token; token 0 writes unfenced (one node).
func fence(ctx context.Context, tx pgx.Tx, tableID, token int64) error {
	if token == 0 {
		return nil
	}
	var cur int64
	err := tx.QueryRow(ctx, `SELECT lease_token FROM games WHERE id = $1 FOR UPDATE`, tableID).Scan(&cur)
	if errors.Is(err, pgx.ErrNoRows) {
		return lobby.ErrNotFound
	}
	if err != nil {
		return err
	}
	if cur != token {
		return fmt.Errorf("lease token %d is stale (the table's is %d): %w", token, cur, lobby.ErrFenced)
	}
	return nil
}

// utc reads a stored time as UTC.
func utc(t time.Time) time.Time { return t.UTC() }

// nullTime is NULL for the zero time.
func nullTime(t time.Time) any {
	if t.IsZero() {
		return nil
	}
	return t.UTC()
}

// uniqueConstraint returns the constraint (or unique index) a unique
// violation names, "" when err is none.
func uniqueConstraint(err error) string {
	var pe *pgconn.PgError
	if errors.As(err, &pe) && pe.Code == "23505" {
		return pe.ConstraintName
	}
	return ""
}
