package storetest

import (
	"context"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"boardroom/lobby/moderation"
)

// testBans: a ban is read back as saved while it holds and not after its
// end; banning the same target again replaces the ban; deleting it says
// whether there was one; a key and an address with the same text are two
// bans.
func testBans(t *testing.T, s Store) {
	ctx := context.Background()
	key := moderation.Ban{Kind: moderation.KindKey, Target: "SHA256:spam", Handle: "spammer", Reason: "spam in chat",
		By: "SHA256:op", At: T0, Until: T0.Add(time.Hour)}
	forGood := moderation.Ban{Kind: moderation.KindAddress, Target: "203.0.113.0/24", Reason: "a flood", By: "SHA256:op", At: T0}
	require.NoError(t, s.SaveBan(ctx, key))
	require.NoError(t, s.SaveBan(ctx, forGood))

	bans, err := s.Bans(ctx, T0.Add(time.Minute))
	require.NoError(t, err)
	require.Equal(t, []moderation.Ban{forGood, key}, bans, "by time, then kind and target")
	bans, err = s.Bans(ctx, T0.Add(time.Hour))
	require.NoError(t, err)
	require.Equal(t, []moderation.Ban{forGood}, bans, "a ban ends at its end")

	longer := key
	longer.Until, longer.Reason, longer.At = T0.Add(48*time.Hour), "spam again", T0.Add(time.Second)
	require.NoError(t, s.SaveBan(ctx, longer))
	bans, err = s.Bans(ctx, T0.Add(2*time.Hour))
	require.NoError(t, err)
	require.Equal(t, []moderation.Ban{forGood, longer}, bans, "banned again: one ban, the new one")

	ok, err := s.DeleteBan(ctx, moderation.KindAddress, "SHA256:spam")
	require.NoError(t, err)
	require.False(t, ok, "no address ban of that text")
	ok, err = s.DeleteBan(ctx, moderation.KindKey, "SHA256:spam")
	require.NoError(t, err)
	require.True(t, ok)
	ok, err = s.DeleteBan(ctx, moderation.KindKey, "SHA256:spam")
	require.NoError(t, err)
	require.False(t, ok, "lifted once")
	bans, err = s.Bans(ctx, T0)
	require.NoError(t, err)
	require.Equal(t, []moderation.Ban{forGood}, bans)
}

// testOperatorAudit: the audit keeps every action as recorded, in order,
// and Audit(limit) returns the last limit of them, oldest first.
func testOperatorAudit(t *testing.T, s Store) {
	ctx := context.Background()
	acts := []moderation.Action{
		{At: T0, By: "SHA256:op", ByHandle: "root", Verb: moderation.VerbBan, Target: "SHA256:spam", Handle: "spammer",
			Reason: "spam in chat", Until: T0.Add(7 * 24 * time.Hour)},
		{At: T0.Add(time.Minute), By: "SHA256:op", Verb: moderation.VerbBanAddress, Target: "2001:db8::/48", Reason: "a flood"},
		{At: T0.Add(2 * time.Minute), By: "SHA256:op2", Verb: moderation.VerbUnban, Target: "SHA256:spam", Handle: "spammer"},
	}
	for i := range acts {
		id, err := s.AppendAudit(ctx, acts[i])
		require.NoError(t, err)
		require.Positive(t, id)
		if i > 0 {
			require.Greater(t, id, acts[i-1].ID)
		}
		acts[i].ID = id
	}
	got, err := s.Audit(ctx, 10)
	require.NoError(t, err)
	require.Equal(t, acts, got)
	got, err = s.Audit(ctx, 2)
	require.NoError(t, err)
	require.Equal(t, acts[1:], got, "the last two, oldest first")
}
