package lobby

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"

	"boardroom/engine"
	"boardroom/lobby/gamefile"
)

// A finished game's import is a result to look at, not a table to play at:
// it opens its standings and replay, once per server, and never becomes a
// row of a lobby's table list (which is for forming and playing tables).
// The game it holds is identified by a digest of its game, set-up and
// moves, so that every file of the same game (exported at another time, by
// someone else, re-indented) finds the same table. A finished game whose
// original table is on this server finds that table.
//
// Once per server means once per audience: a copy in a private lobby the
// importer does not belong to is not shown to them, and a new copy is made
// where they may see it (importLobby decides where, as for any import).

// ImportDigestStore is the part of a store that keeps the digests of
// finished games' imports (package db and db/postgres implement it).
type ImportDigestStore interface {
	MarkImportDigest(ctx context.Context, tableID int64, digest string) error
	// DigestTables returns the tables imported with this digest, oldest first.
	DigestTables(ctx context.Context, digest string) ([]int64, error)
	// ImportDigest is a table's digest; "" if it has none.
	ImportDigest(ctx context.Context, tableID int64) (string, error)
}

// gameDigest identifies the game a file holds: its game, set-up and moves
// (each move compacted, so that a file's formatting does not count).
func gameDigest(game string, body gamefile.Body) (string, error) {
	type move struct {
		Seat   int             `json:"seat"`
		Action json.RawMessage `json:"action"`
	}
	doc := struct {
		Game  string       `json:"game"`
		Setup engine.Setup `json:"setup"`
		Log   []move       `json:"log"`
	}{Game: game, Setup: body.Setup, Log: make([]move, 0, len(body.Log))}
	for _, la := range body.Log {
		var b bytes.Buffer
		if err := json.Compact(&b, la.Action); err != nil {
			return "", fmt.Errorf("lobby: digest of a game: %w", err)
		}
		doc.Log = append(doc.Log, move{Seat: la.Seat, Action: b.Bytes()})
	}
	data, err := json.Marshal(doc) // map keys come sorted: the same set-up, the same bytes
	if err != nil {
		return "", fmt.Errorf("lobby: digest of a game: %w", err)
	}
	sum := sha256.Sum256(data)
	return hex.EncodeToString(sum[:]), nil
}

// existingFinished finds a table of this server, visible to viewer, that
// holds the finished game of the file: an earlier import of it (by digest),
// or the table that played it here. ok is false when there is none.
func (s *Service) existingFinished(ctx context.Context, viewer int64, marker ImportStore, game string, body gamefile.Body, digest string) (Table, bool, error) {
	if d, ok := s.store.(ImportDigestStore); ok {
		ids, err := d.DigestTables(ctx, digest)
		if err != nil {
			return Table{}, false, s.storageErr(err)
		}
		for _, id := range ids {
			if v, ok, err := s.finishedView(ctx, viewer, id); err != nil || ok {
				return v, ok, err
			}
		}
	}
	id, lobbyID, err := marker.DealTable(ctx, game, body.Setup.Seed)
	if err != nil {
		return Table{}, false, s.storageErr(err)
	}
	if id == 0 || !s.canSeeLobby(viewer, lobbyID) {
		return Table{}, false, nil
	}
	stored, err := s.store.LoadActions(ctx, id)
	if err != nil {
		return Table{}, false, s.storageErr(err)
	}
	if !sameLog(stored, body.Log) {
		return Table{}, false, nil // the deal, played otherwise (a copy went on elsewhere)
	}
	return s.finishedView(ctx, viewer, id)
}

// sameLog compares a stored action log with a file's, moves compacted.
func sameLog(stored []ActionRecord, log []engine.LoggedAction) bool {
	if len(stored) != len(log) {
		return false
	}
	var a, b bytes.Buffer
	for i := range stored {
		a.Reset()
		b.Reset()
		if stored[i].Seat != log[i].Seat || json.Compact(&a, stored[i].Action) != nil ||
			json.Compact(&b, log[i].Action) != nil || !bytes.Equal(a.Bytes(), b.Bytes()) {
			return false
		}
	}
	return true
}

// finishedView is a finished table as viewer sees it, from memory or, once
// the lobby has let it go, from the store; ok is false when the table is
// not finished or not visible to viewer.
func (s *Service) finishedView(ctx context.Context, viewer, id int64) (Table, bool, error) {
	s.mu.RLock()
	t := s.tables[id]
	s.mu.RUnlock()
	if t != nil {
		t.mu.Lock()
		defer t.mu.Unlock()
		if t.status != TableFinished || !s.canSeeLobby(viewer, t.lobbyID) {
			return Table{}, false, nil
		}
		return t.view(), true, nil
	}
	rec, err := s.store.LoadTable(ctx, id)
	if err != nil {
		return Table{}, false, s.storageErr(err)
	}
	if rec == nil || rec.Status != TableFinished || !s.canSeeLobby(viewer, rec.LobbyID) {
		return Table{}, false, nil
	}
	v := Table{ID: rec.ID, LobbyID: rec.LobbyID, Game: rec.Game, Options: rec.Options, HostID: rec.HostID,
		HostHandle: s.handle(rec.HostID), Status: rec.Status, TurnTimer: rec.TurnTimer, CreatedAt: rec.CreatedAt,
		UpdatedAt: rec.UpdatedAt}
	if def, err := s.reg.Get(rec.Game); err == nil {
		info := def.Info()
		v.GameTitle, v.MinSeats, v.MaxSeats = info.Title, info.MinSeats, info.MaxSeats
	}
	for i, sr := range rec.Seats {
		st := Seat{Index: i, AccountID: sr.AccountID, Handle: sr.Handle, Bot: sr.Bot, Ready: sr.Ready}
		if sr.Bot {
			st.Handle = fmt.Sprintf("Bot %d", i+1)
		}
		v.Seats = append(v.Seats, st)
	}
	return v, true, nil
}

// markDigest records a finished import's digest; a store without digests
// only loses the finding of it again.
func (s *Service) markDigest(ctx context.Context, tableID int64, digest string) error {
	d, ok := s.store.(ImportDigestStore)
	if !ok {
		return nil
	}
	if err := d.MarkImportDigest(context.WithoutCancel(ctx), tableID, digest); err != nil {
		return s.storageErr(err)
	}
	return nil
}

// importedResult reports whether a stored table is a finished game's import
// (a result to look at, never listed among the lobby's tables).
func (s *Service) importedResult(ctx context.Context, tableID int64) bool {
	d, ok := s.store.(ImportDigestStore)
	if !ok {
		return false
	}
	digest, err := d.ImportDigest(ctx, tableID)
	if err != nil {
		s.log.Error("reading an import's digest failed", "table", tableID, "err", err)
		return false
	}
	return digest != ""
}
