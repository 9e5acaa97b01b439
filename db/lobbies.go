package db

import (
	"context"
	"database/sql"
	"fmt"
	"time"

	"boardroom/lobby"
)

// LoadLobbies implements lobby.LobbyStore.
func (s *Store) LoadLobbies(ctx context.Context) ([]lobby.LobbyRecord, error) {
	rows, err := s.r.QueryContext(ctx, `SELECT id, slug, name, public, COALESCE(owner_id, 0), COALESCE(invite_code, ''), created_at
		FROM lobbies ORDER BY id`)
	if err != nil {
		return nil, fmt.Errorf("db: load lobbies: %w", err)
	}
	var out []lobby.LobbyRecord
	index := map[int64]int{}
	for rows.Next() {
		var l lobby.LobbyRecord
		var public int
		var created string
		if err := rows.Scan(&l.ID, &l.Slug, &l.Name, &public, &l.OwnerID, &l.InviteCode, &created); err != nil {
			rows.Close()
			return nil, fmt.Errorf("db: load lobbies: %w", err)
		}
		l.Public = public != 0
		if l.CreatedAt, err = parseTime(created); err != nil {
			rows.Close()
			return nil, err
		}
		index[l.ID] = len(out)
		out = append(out, l)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("db: load lobbies: %w", err)
	}
	rows, err = s.r.QueryContext(ctx, `SELECT m.lobby_id, m.account_id, a.handle, m.joined_at
		FROM memberships m JOIN accounts a ON a.id = m.account_id ORDER BY m.joined_at, m.account_id`)
	if err != nil {
		return nil, fmt.Errorf("db: load memberships: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		var lobbyID int64
		var m lobby.MemberRecord
		var joined string
		if err := rows.Scan(&lobbyID, &m.AccountID, &m.Handle, &joined); err != nil {
			return nil, fmt.Errorf("db: load memberships: %w", err)
		}
		if m.JoinedAt, err = parseTime(joined); err != nil {
			return nil, err
		}
		if i, ok := index[lobbyID]; ok {
			out[i].Members = append(out[i].Members, m)
		}
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("db: load memberships: %w", err)
	}
	return out, nil
}

// CreateLobby implements lobby.LobbyStore.
func (s *Store) CreateLobby(ctx context.Context, rec lobby.LobbyRecord) (int64, error) {
	var id int64
	err := s.tx(ctx, func(tx *sql.Tx) error {
		res, err := tx.ExecContext(ctx, `INSERT INTO lobbies (slug, name, public, owner_id, invite_code, created_at)
			VALUES (?, ?, 0, ?, ?, ?)`, rec.Slug, rec.Name, rec.OwnerID, rec.InviteCode, fmtTime(rec.CreatedAt))
		if err != nil {
			return err
		}
		if id, err = res.LastInsertId(); err != nil {
			return err
		}
		_, err = tx.ExecContext(ctx, `INSERT INTO memberships (lobby_id, account_id, joined_at) VALUES (?, ?, ?)`,
			id, rec.OwnerID, fmtTime(rec.CreatedAt))
		return err
	})
	if err != nil {
		return 0, fmt.Errorf("db: create lobby %q: %w", rec.Slug, err)
	}
	return id, nil
}

// UpdateLobby implements lobby.LobbyStore.
func (s *Store) UpdateLobby(ctx context.Context, id, ownerID int64, inviteCode string) error {
	res, err := s.w.ExecContext(ctx, `UPDATE lobbies SET owner_id = ?, invite_code = ? WHERE id = ? AND public = 0`,
		ownerID, inviteCode, id)
	if err != nil {
		return fmt.Errorf("db: update lobby %d: %w", id, err)
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return fmt.Errorf("db: update lobby %d: %w", id, lobby.ErrNotFound)
	}
	return nil
}

// AddMember implements lobby.LobbyStore. Adding an existing member is a no-op.
func (s *Store) AddMember(ctx context.Context, lobbyID, accountID int64, at time.Time) error {
	_, err := s.w.ExecContext(ctx, `INSERT INTO memberships (lobby_id, account_id, joined_at) VALUES (?, ?, ?)
		ON CONFLICT (lobby_id, account_id) DO NOTHING`, lobbyID, accountID, fmtTime(at))
	if err != nil {
		return fmt.Errorf("db: add member %d to lobby %d: %w", accountID, lobbyID, err)
	}
	return nil
}

// RemoveMember implements lobby.LobbyStore.
func (s *Store) RemoveMember(ctx context.Context, lobbyID, accountID int64) error {
	_, err := s.w.ExecContext(ctx, `DELETE FROM memberships WHERE lobby_id = ? AND account_id = ?`, lobbyID, accountID)
	if err != nil {
		return fmt.Errorf("db: remove member %d from lobby %d: %w", accountID, lobbyID, err)
	}
	return nil
}
