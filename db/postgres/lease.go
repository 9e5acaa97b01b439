package postgres

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"

	"boardroom/lobby"
)

// ClaimTable implements lobby.LeaseStore. The token stays when owner (the
// same incarnation) holds a live lease already (a renewal) and rises
// otherwise, also when owner takes back a table whose lease it let run out
// or released: whatever it still holds from before is fenced. Another
// incarnation of owner's node name is another owner: it waits for the
// lease to run out like any other node, and gets a new token.
func (s *Store) ClaimTable(ctx context.Context, tableID int64, owner lobby.LeaseOwner, ttl time.Duration, now time.Time) (int64, bool, error) {
	if owner.Node == "" || owner.Incarnation == "" {
		return 0, false, errors.New("postgres: claim table: empty node name or incarnation")
	}
	var token int64
	var ok bool
	err := s.tx(ctx, func(tx pgx.Tx) error {
		var node, inc *string
		var until *time.Time
		err := tx.QueryRow(ctx, `SELECT owner_node, owner_incarnation, lease_token, lease_until FROM games WHERE id = $1 FOR UPDATE`, tableID).
			Scan(&node, &inc, &token, &until)
		if errors.Is(err, pgx.ErrNoRows) {
			return lobby.ErrNotFound
		}
		if err != nil {
			return err
		}
		live := node != nil && until != nil && until.After(now)
		mine := node != nil && inc != nil && *node == owner.Node && *inc == owner.Incarnation
		switch {
		case live && !mine:
			return nil // another process holds it
		case !live:
			token++
		}
		ok = true
		_, err = tx.Exec(ctx, `UPDATE games SET owner_node = $1, owner_incarnation = $2, lease_token = $3, lease_until = $4 WHERE id = $5`,
			owner.Node, owner.Incarnation, token, now.Add(ttl).UTC(), tableID)
		return err
	})
	if err != nil {
		return 0, false, fmt.Errorf("postgres: claim table %d for %s: %w", tableID, owner.Node, err)
	}
	if !ok {
		return 0, false, nil
	}
	return token, true, nil
}

// RenewLeases implements lobby.LeaseStore. Only owner's live leases are
// renewed: a lease that ran out is missing from the answer even if no
// other node took the table yet, so that its node stops writing; it may
// claim it again (with a new token) like any orphan.
func (s *Store) RenewLeases(ctx context.Context, owner lobby.LeaseOwner, ttl time.Duration, now time.Time) (map[int64]int64, error) {
	rows, err := s.pool.Query(ctx, `UPDATE games SET lease_until = $1
		WHERE owner_node = $2 AND owner_incarnation = $3 AND lease_until > $4
		RETURNING id, lease_token`, now.Add(ttl).UTC(), owner.Node, owner.Incarnation, now.UTC())
	if err != nil {
		return nil, fmt.Errorf("postgres: renew leases of %s: %w", owner.Node, err)
	}
	defer rows.Close()
	out := map[int64]int64{}
	for rows.Next() {
		var id, token int64
		if err := rows.Scan(&id, &token); err != nil {
			return nil, fmt.Errorf("postgres: renew leases of %s: %w", owner.Node, err)
		}
		out[id] = token
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("postgres: renew leases of %s: %w", owner.Node, err)
	}
	return out, nil
}

// ReleaseTable implements lobby.LeaseStore; releasing a table owner does
// not hold (another node, or another process of its name) does nothing.
// The token stays: the next claim raises it.
func (s *Store) ReleaseTable(ctx context.Context, tableID int64, owner lobby.LeaseOwner) error {
	_, err := s.pool.Exec(ctx, `UPDATE games SET owner_node = NULL, owner_incarnation = NULL, lease_until = NULL
		WHERE id = $1 AND owner_node = $2 AND owner_incarnation = $3`, tableID, owner.Node, owner.Incarnation)
	if err != nil {
		return fmt.Errorf("postgres: release table %d of %s: %w", tableID, owner.Node, err)
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
