package saved

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/require"

	"boardroom/engine"
	"boardroom/lobby/gamefile"
)

// TestDigestIgnoresFormattingButNotMoves: every file of the same finished
// game (re-indented, exported again) has one digest, so its import finds
// the same table; another move, seat or seed is another game.
func TestDigestIgnoresFormattingButNotMoves(t *testing.T) {
	body := func(seed uint64, seat int, action string) gamefile.Body {
		return gamefile.Body{Setup: engine.Setup{Seats: 2, Seed: seed, Options: map[string]string{"b": "1", "a": "2"}},
			Log: []engine.LoggedAction{{Seat: seat, Action: json.RawMessage(action)}}}
	}
	digest := func(b gamefile.Body) string {
		d, err := Digest("billionaire", b)
		require.NoError(t, err)
		return d
	}
	base := digest(body(7, 0, `{"kind":"roll"}`))
	require.Equal(t, base, digest(body(7, 0, "{\n  \"kind\": \"roll\"\n}")), "re-indented moves are the same game")
	require.NotEqual(t, base, digest(body(7, 0, `{"kind":"pass"}`)), "another move")
	require.NotEqual(t, base, digest(body(7, 1, `{"kind":"roll"}`)), "another seat")
	require.NotEqual(t, base, digest(body(8, 0, `{"kind":"roll"}`)), "another deal")
	other, err := Digest("allinthegame", body(7, 0, `{"kind":"roll"}`))
	require.NoError(t, err)
	require.NotEqual(t, base, other, "another game")
	_, err = Digest("billionaire", body(7, 0, `{"kind":`))
	require.Error(t, err, "a move that is not JSON has no digest")
}

// TestSameLogComparesMovesCompacted: the table that played a finished game
// here is found by its log, whatever the file's formatting.
func TestSameLogComparesMovesCompacted(t *testing.T) {
	la := func(seat int, a string) engine.LoggedAction {
		return engine.LoggedAction{Seat: seat, Action: json.RawMessage(a)}
	}
	stored := []engine.LoggedAction{la(0, `{"kind":"roll"}`), la(1, `{"kind":"pass"}`)}
	require.True(t, SameLog(stored, []engine.LoggedAction{la(0, `{ "kind": "roll" }`), la(1, "{\"kind\":\n\"pass\"}")}))
	require.False(t, SameLog(stored, stored[:1]), "a shorter log")
	require.False(t, SameLog(stored, []engine.LoggedAction{la(0, `{"kind":"roll"}`), la(0, `{"kind":"pass"}`)}), "another seat")
	require.False(t, SameLog(stored, []engine.LoggedAction{la(0, `{"kind":"roll"}`), la(1, `{"kind":"buy"}`)}), "another move")
	require.False(t, SameLog(stored, []engine.LoggedAction{la(0, `{"kind":"roll"}`), la(1, `{"kind":`)}), "a move that is not JSON")
}
