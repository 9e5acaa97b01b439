package db

import (
	"context"
	"database/sql"
	"fmt"

	"boardroom/lobby"
)

// channelKey is how a chat channel is stored.
func channelKey(ch lobby.Channel) (string, error) {
	switch {
	case ch.Lobby != 0 && ch.Table == 0 && !ch.Spectators:
		return fmt.Sprintf("l:%d", ch.Lobby), nil
	case ch.Table != 0 && ch.Lobby == 0 && ch.Spectators:
		return fmt.Sprintf("s:%d", ch.Table), nil
	case ch.Table != 0 && ch.Lobby == 0:
		return fmt.Sprintf("t:%d", ch.Table), nil
	}
	return "", fmt.Errorf("db: bad chat channel %+v", ch)
}

// AddChat implements lobby.ChatStore.
func (s *Store) AddChat(ctx context.Context, m lobby.ChatMessage, keep int) (int64, error) {
	key, err := channelKey(m.Channel)
	if err != nil {
		return 0, err
	}
	var id int64
	err = s.tx(ctx, func(tx *sql.Tx) error {
		var author any
		if m.AuthorID != 0 {
			author = m.AuthorID
		}
		res, err := tx.ExecContext(ctx, `INSERT INTO chat (channel, author_id, handle, text, system, at) VALUES (?, ?, ?, ?, ?, ?)`,
			key, author, m.Handle, m.Text, boolInt(m.System), fmtTime(m.At))
		if err != nil {
			return err
		}
		if id, err = res.LastInsertId(); err != nil {
			return err
		}
		if keep > 0 {
			_, err = tx.ExecContext(ctx, `DELETE FROM chat WHERE channel = ? AND id <= (
				SELECT id FROM chat WHERE channel = ? ORDER BY id DESC LIMIT 1 OFFSET ?)`, key, key, keep)
		}
		return err
	})
	if err != nil {
		return 0, fmt.Errorf("db: add chat to %s: %w", key, err)
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
	rows, err := s.r.QueryContext(ctx, `SELECT id, COALESCE(author_id, 0), handle, text, system, at FROM (
		SELECT * FROM chat WHERE channel = ? ORDER BY id DESC LIMIT ?) ORDER BY id`, key, n)
	if err != nil {
		return nil, fmt.Errorf("db: chat of %s: %w", key, err)
	}
	defer rows.Close()
	var out []lobby.ChatMessage
	for rows.Next() {
		m := lobby.ChatMessage{Channel: ch}
		var system int
		var at string
		if err := rows.Scan(&m.ID, &m.AuthorID, &m.Handle, &m.Text, &system, &at); err != nil {
			return nil, fmt.Errorf("db: chat of %s: %w", key, err)
		}
		m.System = system != 0
		if m.At, err = parseTime(at); err != nil {
			return nil, err
		}
		out = append(out, m)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("db: chat of %s: %w", key, err)
	}
	return out, nil
}
