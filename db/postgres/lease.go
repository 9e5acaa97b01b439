package postgres

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"

	"boardroom/lobby"
)

// ClaimTable implements lobby.LeaseStore. The token stays when node holds a
// live lease already (a renewal) and rises otherwise, also when node takes
// back a table whose lease it let run out or released: whatever it still
// holds from before is fenced.
func (s *Store) ClaimTable(ctx context.Context, tableID int64, node string, ttl time.Duration, now time.Time) (int64, bool, error) {
	if node == "" {
		return 0, false, errors.New("postgres: claim table: empty node name")
	}
	var token int64
	var ok bool
	err := s.tx(ctx, func(tx pgx.Tx) error {
		var owner *string
		var until *time.Time
		err := tx.QueryRow(ctx, `SELECT owner_node, lease_token, lease_until FROM games WHERE id = $1 FOR UPDATE`, tableID).
			Scan(&owner, &token, &until)
		if errors.Is(err, pgx.ErrNoRows) {
			return lobby.ErrNotFound
		}
		if err != nil {
			return err
		}
		live := owner != nil && until != nil && until.After(now)
		switch {
		case live && *owner != node:
			return nil // another node holds it
		case !live:
			token++
		}
		ok = true
		_, err = tx.Exec(ctx, `UPDATE games SET owner_node = $1, lease_token = $2, lease_until = $3 WHERE id = $4`,
			node, token, now.Add(ttl).UTC(), tableID)
		return err
	})
	if err != nil {
		return 0, false, fmt.Errorf("postgres: claim table %d for %s: %w", tableID, node, err)
	}
	if !ok {
		return 0, false, nil
	}
	return token, true, nil
}

// RenewLeases implements lobby.LeaseStore. Only live leases are renewed: a
// lease that ran out is missing from the answer even if no other node took
// the table yet, so that its node stops writing; it may claim it again
// (with a new token) like any orphan.
func (s *Store) RenewLeases(ctx context.Context, node string, ttl time.Duration, now time.Time) (map[int64]int64, error) {
	rows, err := s.pool.Query(ctx, `UPDATE games SET lease_until = $1 WHERE owner_node = $2 AND lease_until > $3
		RETURNING id, lease_token`, now.Add(ttl).UTC(), node, now.UTC())
	if err != nil {
		return nil, fmt.Errorf("postgres: renew leases of %s: %w", node, err)
	}
	defer rows.Close()
	out := map[int64]int64{}
	for rows.Next() {
		var id, token int64
		if err := rows.Scan(&id, &token); err != nil {
			return nil, fmt.Errorf("postgres: renew leases of %s: %w", node, err)
		}
		out[id] = token
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("postgres: renew leases of %s: %w", node, err)
	}
	return out, nil
}

// ReleaseTable implements lobby.LeaseStore; releasing a table node does not
// own does nothing. The token stays: the next claim raises it.
func (s *Store) ReleaseTable(ctx context.Context, tableID int64, node string) error {
	_, err := s.pool.Exec(ctx, `UPDATE games SET owner_node = NULL, lease_until = NULL WHERE id = $1 AND owner_node = $2`,
		tableID, node)
	if err != nil {
		return fmt.Errorf("postgres: release table %d of %s: %w", tableID, node, err)
	}
	return nil
}

// OrphanTables implements lobby.LeaseStore.
func (s *Store) OrphanTables(ctx context.Context, now time.Time) ([]int64, error) {
	rows, err := s.pool.Query(ctx, `SELECT id FROM games WHERE status IN ('forming', 'playing')
		AND (owner_node IS NULL OR lease_until IS NULL OR lease_until <= $1) ORDER BY id`, now.UTC())
	if err != nil {
		return nil, fmt.Errorf("postgres: orphan tables: %w", err)
	}
	ids, err := pgx.CollectRows(rows, pgx.RowTo[int64])
	if err != nil {
		return nil, fmt.Errorf("postgres: orphan tables: %w", err)
	}
	return ids, nil
}
