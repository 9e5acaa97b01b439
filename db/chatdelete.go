package db

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strconv"
	"strings"

	"boardroom/lobby"
)

// parseChannelKey reads a stored channel key back (channelKey).
func parseChannelKey(key string) (lobby.Channel, error) {
	kind, num, ok := strings.Cut(key, ":")
	id, err := strconv.ParseInt(num, 10, 64)
	if !ok || err != nil || id <= 0 {
		return lobby.Channel{}, fmt.Errorf("db: bad chat channel key %q", key)
	}
	switch kind {
	case "l":
		return lobby.Channel{Lobby: id}, nil
	case "t":
		return lobby.Channel{Table: id}, nil
	case "s":
		return lobby.Channel{Table: id, Spectators: true}, nil
	}
	return lobby.Channel{}, fmt.Errorf("db: bad chat channel key %q", key)
}

// DeleteChat implements lobby.ChatStore.
func (s *Store) DeleteChat(ctx context.Context, id int64) (lobby.ChatMessage, bool, error) {
	var m lobby.ChatMessage
	err := s.tx(ctx, func(tx *sql.Tx) error {
		var key, at string
		var system int
		err := tx.QueryRowContext(ctx, `SELECT channel, COALESCE(author_id, 0), handle, text, system, at FROM chat WHERE id = ?`, id).
			Scan(&key, &m.AuthorID, &m.Handle, &m.Text, &system, &at)
		if err != nil {
			return err
		}
		m.ID, m.System = id, system != 0
		if m.Channel, err = parseChannelKey(key); err != nil {
			return err
		}
		if m.At, err = parseTime(at); err != nil {
			return err
		}
		_, err = tx.ExecContext(ctx, `DELETE FROM chat WHERE id = ?`, id)
		return err
	})
	if errors.Is(err, sql.ErrNoRows) {
		return lobby.ChatMessage{}, false, nil
	}
	if err != nil {
		return lobby.ChatMessage{}, false, fmt.Errorf("db: delete chat %d: %w", id, err)
	}
	return m, true, nil
}
