package postgres

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/jackc/pgx/v5"

	"boardroom/lobby"
)

// parseChannelKey reads a stored channel key back (channelKey).
func parseChannelKey(key string) (lobby.Channel, error) {
	kind, num, ok := strings.Cut(key, ":")
	id, err := strconv.ParseInt(num, 10, 64)
	if !ok || err != nil || id <= 0 {
		return lobby.Channel{}, fmt.Errorf("postgres: bad chat channel key %q", key)
	}
	switch kind {
	case "l":
		return lobby.Channel{Lobby: id}, nil
	case "t":
		return lobby.Channel{Table: id}, nil
	case "s":
		return lobby.Channel{Table: id, Spectators: true}, nil
	}
	return lobby.Channel{}, fmt.Errorf("postgres: bad chat channel key %q", key)
}

// DeleteChat implements lobby.ChatStore.
func (s *Store) DeleteChat(ctx context.Context, id int64) (lobby.ChatMessage, bool, error) {
	m := lobby.ChatMessage{ID: id}
	var key string
	err := s.pool.QueryRow(ctx, `DELETE FROM chat WHERE id = $1
		RETURNING channel, COALESCE(author_id, 0), handle, text, system, at`, id).
		Scan(&key, &m.AuthorID, &m.Handle, &m.Text, &m.System, &m.At)
	if errors.Is(err, pgx.ErrNoRows) {
		return lobby.ChatMessage{}, false, nil
	}
	if err != nil {
		return lobby.ChatMessage{}, false, fmt.Errorf("postgres: delete chat %d: %w", id, err)
	}
	m.At = utc(m.At)
	if m.Channel, err = parseChannelKey(key); err != nil {
		return lobby.ChatMessage{}, false, err
	}
	return m, true, nil
}
