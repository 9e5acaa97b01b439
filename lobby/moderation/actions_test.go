package moderation_test

import (
	"context"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"boardroom/lobby/moderation"
)

// TestMuteIsNotABanOnAnyNodeAndEnds: a mute read by another node (Load
// over the same store) holds there with its reason and end, but is never a
// ban: no OnBan hook runs (which would end the player's sessions and make
// their seats away), and the key is admitted. It ends at its end; lifting
// it is recorded. A rename read by another node runs its OnRename once.
func TestMuteIsNotABanOnAnyNodeAndEnds(t *testing.T) {
	ctx := context.Background()
	now := time.Date(2026, 11, 29, 6, 0, 0, 0, time.UTC)
	opLine, opFP := newKey(t)
	_, mal := newKey(t)
	ops := keyFile(t, opLine)
	here, st := newModerator(t, &now, ops, nil)
	there, err := moderation.New(moderation.Config{Store: st, Operators: ops, Now: func() time.Time { return now }})
	require.NoError(t, err)
	var banned, renamed []moderation.Ban
	there.OnBan(func(b moderation.Ban) { banned = append(banned, b) })
	there.OnRename(func(b moderation.Ban) { renamed = append(renamed, b) })
	op := moderation.Operator{Fingerprint: opFP, Handle: "ops"}

	_, err = here.Mute(ctx, moderation.Operator{Fingerprint: mal}, mal, "mallory", time.Hour, false, "spam")
	require.ErrorIs(t, err, moderation.ErrNotOperator)
	_, err = here.Mute(ctx, op, mal, "mallory", 3*time.Hour, false, "spam")
	require.NoError(t, err)
	require.NoError(t, there.Load(ctx))
	require.Equal(t, "an operator muted you until Sun 29 Nov 2026 09:00 UTC (in 3 hours): spam. You can still read the chat.", there.MutedText(mal))
	require.Empty(t, banned, "a mute is not a ban")
	require.Empty(t, there.Refusal(mal, "203.0.113.7"), "a muted key connects")
	require.Len(t, there.Mutes(), 1)

	now = now.Add(3 * time.Hour)
	require.Empty(t, there.MutedText(mal), "the mute ended")
	now = now.Add(-time.Hour)
	ok, err := there.Unmute(ctx, op, mal, "mallory")
	require.NoError(t, err)
	require.True(t, ok)
	require.NoError(t, here.Load(ctx))
	require.Empty(t, here.MutedText(mal))
	ok, err = here.Unmute(ctx, op, mal, "mallory")
	require.NoError(t, err)
	require.False(t, ok)

	_, err = here.Rename(ctx, op, mal, "mallory", "offensive")
	require.NoError(t, err)
	require.NoError(t, there.Load(ctx))
	require.NoError(t, there.Load(ctx))
	require.Len(t, renamed, 1, "once, however often the node reads")
	require.Equal(t, "an operator took your handle mallory away: offensive", moderation.RenamedText(renamed[0]))
	require.Empty(t, banned)

	log, err := here.Log(ctx, 10)
	require.NoError(t, err)
	var verbs []string
	for _, a := range log {
		verbs = append(verbs, a.Verb)
	}
	require.Equal(t, []string{"mute", "unmute", "rename"}, verbs)
}
