package postgres

import (
	"context"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"

	"boardroom/lobby"
)

// LoadLobbies implements lobby.LobbyStore.
func (s *Store) LoadLobbies(ctx context.Context) ([]lobby.LobbyRecord, error) {
	rows, err := s.pool.Query(ctx, `SELECT id, slug, name, public, COALESCE(owner_id, 0), COALESCE(invite_code, ''),
		created_at FROM lobbies ORDER BY id`)
	if err != nil {
		return nil, fmt.Errorf("postgres: load lobbies: %w", err)
	}
	out, err := pgx.CollectRows(rows, func(row pgx.CollectableRow) (lobby.LobbyRecord, error) {
		var l lobby.LobbyRecord
		err := row.Scan(&l.ID, &l.Slug, &l.Name, &l.Public, &l.OwnerID, &l.InviteCode, &l.CreatedAt)
		l.CreatedAt = utc(l.CreatedAt)
		return l, err
	})
	if err != nil {
		return nil, fmt.Errorf("postgres: load lobbies: %w", err)
	}
	index := map[int64]int{}
	for i, l := range out {
		index[l.ID] = i
	}
	rows, err = s.pool.Query(ctx, `SELECT m.lobby_id, m.account_id, a.handle, m.joined_at
		FROM memberships m JOIN accounts a ON a.id = m.account_id ORDER BY m.joined_at, m.account_id`)
	if err != nil {
		return nil, fmt.Errorf("postgres: load memberships: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		var lobbyID int64
		var m lobby.MemberRecord
		if err := rows.Scan(&lobbyID, &m.AccountID, &m.Handle, &m.JoinedAt); err != nil {
			return nil, fmt.Errorf("postgres: load memberships: %w", err)
		}
		m.JoinedAt = utc(m.JoinedAt)
		if i, ok := index[lobbyID]; ok {
			out[i].Members = append(out[i].Members, m)
		}
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("postgres: load memberships: %w", err)
	}
	return out, nil
}

// CreateLobby implements lobby.LobbyStore.
func (s *Store) CreateLobby(ctx context.Context, rec lobby.LobbyRecord) (int64, error) {
	var id int64
	err := s.tx(ctx, func(tx pgx.Tx) error {
		if err := tx.QueryRow(ctx, `INSERT INTO lobbies (slug, name, public, owner_id, invite_code, created_at)
			VALUES ($1, $2, false, $3, $4, $5) RETURNING id`, rec.Slug, rec.Name, rec.OwnerID, rec.InviteCode,
			rec.CreatedAt.UTC()).Scan(&id); err != nil {
			return err
		}
		_, err := tx.Exec(ctx, `INSERT INTO memberships (lobby_id, account_id, joined_at) VALUES ($1, $2, $3)`,
			id, rec.OwnerID, rec.CreatedAt.UTC())
		return err
	})
	if err != nil {
		return 0, fmt.Errorf("postgres: create lobby %q: %w", rec.Slug, err)
	}
	return id, nil
}

// UpdateLobby implements lobby.LobbyStore.
func (s *Store) UpdateLobby(ctx context.Context, id, ownerID int64, inviteCode string) error {
	tag, err := s.pool.Exec(ctx, `UPDATE lobbies SET owner_id = $1, invite_code = $2 WHERE id = $3 AND NOT public`,
		ownerID, inviteCode, id)
	if err != nil {
		return fmt.Errorf("postgres: update lobby %d: %w", id, err)
	}
	if tag.RowsAffected() == 0 {
		return fmt.Errorf("postgres: update lobby %d: %w", id, lobby.ErrNotFound)
	}
	return nil
}

// AddMember implements lobby.LobbyStore. Adding an existing member is a no-op.
func (s *Store) AddMember(ctx context.Context, lobbyID, accountID int64, at time.Time) error {
	_, err := s.pool.Exec(ctx, `INSERT INTO memberships (lobby_id, account_id, joined_at) VALUES ($1, $2, $3)
		ON CONFLICT (lobby_id, account_id) DO NOTHING`, lobbyID, accountID, at.UTC())
	if err != nil {
		return fmt.Errorf("postgres: add member %d to lobby %d: %w", accountID, lobbyID, err)
	}
	return nil
}

// RemoveMember implements lobby.LobbyStore.
func (s *Store) RemoveMember(ctx context.Context, lobbyID, accountID int64) error {
	_, err := s.pool.Exec(ctx, `DELETE FROM memberships WHERE lobby_id = $1 AND account_id = $2`, lobbyID, accountID)
	if err != nil {
		return fmt.Errorf("postgres: remove member %d from lobby %d: %w", accountID, lobbyID, err)
	}
	return nil
}

// channelKey is how a chat channel is stored (as in package db).
func channelKey(ch lobby.Channel) (string, error) {
	switch {
	case ch.Lobby != 0 && ch.Table == 0 && !ch.Spectators:
		return fmt.Sprintf("l:%d", ch.Lobby), nil
	case ch.Table != 0 && ch.Lobby == 0 && ch.Spectators:
		return fmt.Sprintf("s:%d", ch.Table), nil
	case ch.Table != 0 && ch.Lobby == 0:
		return fmt.Sprintf("t:%d", ch.Table), nil
	}
	return "", fmt.Errorf("postgres: bad chat channel %+v", ch)
}

// AddChat implements lobby.ChatStore.
func (s *Store) AddChat(ctx context.Context, m lobby.ChatMessage, keep int) (int64, error) {
	key, err := channelKey(m.Channel)
	if err != nil {
		return 0, err
	}
	var id int64
	err = s.tx(ctx, func(tx pgx.Tx) error {
		var author any
		if m.AuthorID != 0 {
			author = m.AuthorID
		}
		if err := tx.QueryRow(ctx, `INSERT INTO chat (channel, author_id, handle, text, system, at)
			VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`, key, author, m.Handle, m.Text, m.System, m.At.UTC()).Scan(&id); err != nil {
			return err
		}
		if keep > 0 {
			_, err = tx.Exec(ctx, `DELETE FROM chat WHERE channel = $1 AND id <= (
				SELECT id FROM chat WHERE channel = $1 ORDER BY id DESC LIMIT 1 OFFSET $2)`, key, keep)
		}
		return err
	})
	if err != nil {
		return 0, fmt.Errorf("postgres: add chat to %s: %w", key, err)
	}
	return id, nil
}

// RecentChat implements lobby.ChatStore.
func (s *Store) RecentChat(ctx context.Context, ch lobby.Channel, n int) ([]lobby.ChatMessage, error) {
	key, err := channelKey(ch)
	if err != nil {
		return nil, err
	}
	if n <= 0 {
		return nil, nil
	}
	rows, err := s.pool.Query(ctx, `SELECT id, COALESCE(author_id, 0), handle, text, system, at FROM (
		SELECT * FROM chat WHERE channel = $1 ORDER BY id DESC LIMIT $2) c ORDER BY id`, key, n)
	if err != nil {
		return nil, fmt.Errorf("postgres: chat of %s: %w", key, err)
	}
	out, err := pgx.CollectRows(rows, func(row pgx.CollectableRow) (lobby.ChatMessage, error) {
		m := lobby.ChatMessage{Channel: ch}
		err := row.Scan(&m.ID, &m.AuthorID, &m.Handle, &m.Text, &m.System, &m.At)
		m.At = utc(m.At)
		return m, err
	})
	if err != nil {
		return nil, fmt.Errorf("postgres: chat of %s: %w", key, err)
	}
	return out, nil
}
