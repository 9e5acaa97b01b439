package saved

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

// Digest identifies the game a file holds: its game, set-up and moves
// (each move compacted, so that a file's formatting does not count).
func Digest(game string, body gamefile.Body) (string, error) {
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

// ExistingFinished finds a table of this server, visible to viewer, that
// holds the finished game of the file: an earlier import of it (by digest),
// or the table that played it here. view is the table as viewer sees it,
// ok false when it is not finished or not visible; ok is false when there
// is none.
func ExistingFinished[T any](ctx context.Context, s *Files, viewer int64, game string, body gamefile.Body, digest string,
	view func(ctx context.Context, viewer, id int64) (T, bool, error)) (T, bool, error) {
	var none T
	if s.digests != nil {
		ids, err := s.digests.DigestTables(ctx, digest)
		if err != nil {
			return none, false, s.lobby.StorageErr(err)
		}
		for _, id := range ids {
			if v, ok, err := view(ctx, viewer, id); err != nil || ok {
				return v, ok, err
			}
		}
	}
	id, lobbyID, err := s.marker.DealTable(ctx, game, body.Setup.Seed)
	if err != nil {
		return none, false, s.lobby.StorageErr(err)
	}
	if id == 0 || !s.lobby.CanSee(viewer, lobbyID) {
		return none, false, nil
	}
	same, err := s.lobby.SameLog(ctx, id, body.Log)
	if err != nil {
		return none, false, s.lobby.StorageErr(err)
	}
	if !same {
		return none, false, nil // the deal, played otherwise (a copy went on elsewhere)
	}
	return view(ctx, viewer, id)
}

// SameLog compares a stored action log with a file's, moves compacted.
func SameLog(stored []engine.LoggedAction, log []engine.LoggedAction) bool {
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

// MarkDigest records a finished import's digest; a store without digests
// only loses the finding of it again.
func (s *Files) MarkDigest(ctx context.Context, tableID int64, digest string) error {
	if s.digests == nil {
		return nil
	}
	if err := s.digests.MarkImportDigest(context.WithoutCancel(ctx), tableID, digest); err != nil {
		return s.lobby.StorageErr(err)
	}
	return nil
}

// ImportedResult reports whether a stored table is a finished game's import
// (a result to look at, never listed among the lobby's tables).
func (s *Files) ImportedResult(ctx context.Context, tableID int64) bool {
	if s.digests == nil {
		return false
	}
	digest, err := s.digests.ImportDigest(ctx, tableID)
	if err != nil {
		s.log.Error("reading an import's digest failed", "table", tableID, "err", err)
		return false
	}
	return digest != ""
}
