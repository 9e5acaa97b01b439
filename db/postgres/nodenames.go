package postgres

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"

	"boardroom/lobby"
)

// ClaimNodeName implements lobby.NodeNames in one statement, so that two
// processes starting together under one name cannot both win: the row is
// taken over only when it is the claimant's own or its heartbeat is older
// than window.
func (s *Store) ClaimNodeName(ctx context.Context, n lobby.NodeName, window time.Duration, now time.Time) (lobby.NodeName, bool, error) {
	if n.Name == "" || n.Incarnation == "" {
		return lobby.NodeName{}, false, errors.New("postgres: claim node name: empty name or incarnation")
	}
	tag, err := s.pool.Exec(ctx, `INSERT INTO cluster_nodes (name, incarnation, host, started_at, heartbeat_at, key_id)
		VALUES ($1, $2, $3, $4, $5, $7)
		ON CONFLICT (name) DO UPDATE SET incarnation = EXCLUDED.incarnation, host = EXCLUDED.host,
			started_at = EXCLUDED.started_at, heartbeat_at = EXCLUDED.heartbeat_at, key_id = EXCLUDED.key_id
		WHERE cluster_nodes.incarnation = EXCLUDED.incarnation OR cluster_nodes.heartbeat_at <= $6`,
		n.Name, n.Incarnation, n.Host, n.StartedAt.UTC(), now.UTC(), now.Add(-window).UTC(), n.KeyID)
	if err != nil {
		return lobby.NodeName{}, false, fmt.Errorf("postgres: claim node name %s: %w", n.Name, err)
	}
	if tag.RowsAffected() == 1 {
		n.HeartbeatAt = now.UTC()
		return n, true, nil
	}
	holder, err := s.nodeName(ctx, n.Name)
	return holder, false, err
}

// HeartbeatNodeName implements lobby.NodeNames.
func (s *Store) HeartbeatNodeName(ctx context.Context, name, incarnation string, now time.Time) (lobby.NodeName, bool, error) {
	tag, err := s.pool.Exec(ctx, `UPDATE cluster_nodes SET heartbeat_at = $3 WHERE name = $1 AND incarnation = $2`,
		name, incarnation, now.UTC())
	if err != nil {
		return lobby.NodeName{}, false, fmt.Errorf("postgres: heartbeat of node %s: %w", name, err)
	}
	if tag.RowsAffected() == 1 {
		return lobby.NodeName{}, true, nil
	}
	holder, err := s.nodeName(ctx, name)
	return holder, false, err
}

// ReleaseNodeName implements lobby.NodeNames.
func (s *Store) ReleaseNodeName(ctx context.Context, name, incarnation string) error {
	if _, err := s.pool.Exec(ctx, `DELETE FROM cluster_nodes WHERE name = $1 AND incarnation = $2`, name, incarnation); err != nil {
		return fmt.Errorf("postgres: release node name %s: %w", name, err)
	}
	return nil
}

// nodeName reads who holds a name (zero: nobody).
func (s *Store) nodeName(ctx context.Context, name string) (lobby.NodeName, error) {
	n := lobby.NodeName{Name: name}
	err := s.pool.QueryRow(ctx, `SELECT incarnation, host, key_id, started_at, heartbeat_at FROM cluster_nodes WHERE name = $1`, name).
		Scan(&n.Incarnation, &n.Host, &n.KeyID, &n.StartedAt, &n.HeartbeatAt)
	if errors.Is(err, pgx.ErrNoRows) {
		return lobby.NodeName{}, nil
	}
	if err != nil {
		return lobby.NodeName{}, fmt.Errorf("postgres: read node name %s: %w", name, err)
	}
	n.StartedAt, n.HeartbeatAt = utc(n.StartedAt), utc(n.HeartbeatAt)
	return n, nil
}

// LiveNodeNames implements lobby.NodeNames.
func (s *Store) LiveNodeNames(ctx context.Context, window time.Duration, now time.Time) ([]lobby.NodeName, error) {
	rows, err := s.pool.Query(ctx, `SELECT name, incarnation, host, key_id, started_at, heartbeat_at
		FROM cluster_nodes WHERE heartbeat_at > $1 ORDER BY name`, now.Add(-window).UTC())
	if err != nil {
		return nil, fmt.Errorf("postgres: live node names: %w", err)
	}
	defer rows.Close()
	var out []lobby.NodeName
	for rows.Next() {
		var n lobby.NodeName
		if err := rows.Scan(&n.Name, &n.Incarnation, &n.Host, &n.KeyID, &n.StartedAt, &n.HeartbeatAt); err != nil {
			return nil, fmt.Errorf("postgres: live node names: %w", err)
		}
		n.StartedAt, n.HeartbeatAt = utc(n.StartedAt), utc(n.HeartbeatAt)
		out = append(out, n)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("postgres: live node names: %w", err)
	}
	return out, nil
}
