package engine

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// TestQuietWritesNoSentence: the one switch every game's SetQuiet sets
// (issue 26: one way to silence event sentences) writes no sentence and
// does not call the sentence's writer when quiet, and writes it otherwise.
func TestQuietWritesNoSentence(t *testing.T) {
	var q Quiet
	calls := 0
	say := func() string { calls++; return "Seat 1 paid $2" }
	require.Equal(t, "Seat 1 paid $2", q.Say(say))
	require.Equal(t, "Seat 1 paid $2", q.Sayf("Seat %d paid $%d", 1, 2))
	q.Set(true)
	require.True(t, bool(q))
	require.Equal(t, "", q.Say(say))
	require.Equal(t, "", q.Sayf("Seat %d paid $%d", 1, 2))
	require.Equal(t, 1, calls, "a quiet game does not write the sentence")
	q.Set(false)
	require.Equal(t, "Seat 1 paid $2", q.Say(say))
}
