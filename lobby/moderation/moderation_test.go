package moderation_test

import (
	"bytes"
	"context"
	"crypto/ed25519"
	"crypto/rand"
	"log/slog"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
	gossh "golang.org/x/crypto/ssh"

	"boardroom/db"
	"boardroom/lobby/moderation"
)

func newKey(t *testing.T) (line, fp string) {
	t.Helper()
	pub, _, err := ed25519.GenerateKey(rand.Reader)
	require.NoError(t, err)
	k, err := gossh.NewPublicKey(pub)
	require.NoError(t, err)
	return string(gossh.MarshalAuthorizedKey(k)), gossh.FingerprintSHA256(k)
}

func TestParseDurationWordsAndUnits(t *testing.T) {
	for in, want := range map[string]time.Duration{"30m": 30 * time.Minute, "12h": 12 * time.Hour, "7d": 7 * 24 * time.Hour, "2w": 14 * 24 * time.Hour} {
		d, perm, err := moderation.ParseDuration(in)
		require.NoError(t, err, in)
		require.False(t, perm)
		require.Equal(t, want, d, in)
	}
	_, perm, err := moderation.ParseDuration("permanent")
	require.NoError(t, err)
	require.True(t, perm)
	for _, bad := range []string{"", "h", "0h", "-3d", "3y", "forever", "99999999w"} {
		_, _, err := moderation.ParseDuration(bad)
		require.Error(t, err, bad)
	}
}

// TestParsePrefixIPv6NarrowerThan64Refused: an IPv6 ban covers at least a
// /64; an IPv4 address is its /32 and an IPv6 address its /64.
func TestParsePrefixIPv6NarrowerThan64Refused(t *testing.T) {
	for in, want := range map[string]string{
		"203.0.113.7": "203.0.113.7/32", "203.0.113.9/24": "203.0.113.0/24", "::ffff:203.0.113.7": "203.0.113.7/32",
		"2001:db8::1": "2001:db8::/64", "2001:db8:1:2::/64": "2001:db8:1:2::/64", "2001:db8::/32": "2001:db8::/32",
	} {
		p, err := moderation.ParsePrefix(in)
		require.NoError(t, err, in)
		require.Equal(t, want, p.String(), in)
	}
	_, err := moderation.ParsePrefix("2001:db8::/96")
	require.ErrorContains(t, err, "an IPv6 ban covers a /64 or more")
	require.ErrorContains(t, err, "2001:db8::/64")
	for _, bad := range []string{"0.0.0.0/0", "::/0", "host.example", "203.0.113.300", "2001:db8::1/128"} {
		_, err := moderation.ParsePrefix(bad)
		require.Error(t, err, bad)
	}
}

func TestUntilTextInWords(t *testing.T) {
	now := time.Date(2026, 11, 29, 6, 0, 0, 0, time.UTC)
	require.Equal(t, "for good", moderation.UntilText(time.Time{}, now))
	require.Equal(t, "until Sun 29 Nov 2026 18:00 UTC (in 12 hours)", moderation.UntilText(now.Add(12*time.Hour), now))
	require.Equal(t, "in 30 minutes", moderation.InWords(30*time.Minute))
	require.Equal(t, "in 1 minute", moderation.InWords(time.Minute))
	require.Equal(t, "in 2 hours", moderation.InWords(2*time.Hour-time.Second), "a 2h mute read at once")
	require.Equal(t, "in 89 minutes", moderation.InWords(89*time.Minute))
	require.Equal(t, "in 7 days", moderation.InWords(7*24*time.Hour-time.Minute))
}

// TestKeyFileBadLineSkippedWithItsNumber: a line that is not a key is
// logged with its number and skipped; the keys around it count.
func TestKeyFileBadLineSkippedWithItsNumber(t *testing.T) {
	a, fpA := newKey(t)
	b, fpB := newKey(t)
	path := filepath.Join(t.TempDir(), "operators")
	require.NoError(t, os.WriteFile(path, []byte("# operators\n"+a+"\nnot a key at all\n"+b), 0o600))
	var logs bytes.Buffer
	f, err := moderation.OpenKeyFile(path, slog.New(slog.NewTextHandler(&logs, nil)))
	require.NoError(t, err)
	require.True(t, f.Has(fpA))
	require.True(t, f.Has(fpB))
	require.Equal(t, 2, f.Len())
	require.Contains(t, logs.String(), "line=4")
	require.NotContains(t, logs.String(), "line=2 ")

	_, err = moderation.OpenKeyFile(filepath.Join(t.TempDir(), "missing"), nil)
	require.Error(t, err, "an unreadable file at start is an error")
}

// TestKeyFilePollReadsAChangedFile: Poll reads the file again when its size
// or time changed, and keeps the old keys when it cannot be read.
func TestKeyFilePollReadsAChangedFile(t *testing.T) {
	a, fpA := newKey(t)
	b, fpB := newKey(t)
	path := filepath.Join(t.TempDir(), "allow")
	require.NoError(t, os.WriteFile(path, []byte(a), 0o600))
	f, err := moderation.OpenKeyFile(path, nil)
	require.NoError(t, err)
	require.False(t, f.Poll(), "unchanged")
	require.NoError(t, os.WriteFile(path, []byte(a+b), 0o600))
	require.True(t, f.Poll())
	require.True(t, f.Has(fpB))
	require.NoError(t, os.Remove(path))
	require.False(t, f.Poll())
	require.True(t, f.Has(fpA) && f.Has(fpB), "a file gone keeps the keys read")
}

func newModerator(t *testing.T, now *time.Time, ops, allow *moderation.KeyFile) (*moderation.Moderator, *db.Store) {
	t.Helper()
	st, err := db.Open(context.Background(), filepath.Join(t.TempDir(), "b.db"), nil)
	require.NoError(t, err)
	t.Cleanup(func() { _ = st.Close() })
	m, err := moderation.New(moderation.Config{Store: st, Operators: ops, Allow: allow, Now: func() time.Time { return *now }})
	require.NoError(t, err)
	return m, st
}

func keyFile(t *testing.T, lines ...string) *moderation.KeyFile {
	t.Helper()
	path := filepath.Join(t.TempDir(), "keys")
	var all string
	for _, l := range lines {
		all += l
	}
	require.NoError(t, os.WriteFile(path, []byte(all), 0o600))
	f, err := moderation.OpenKeyFile(path, nil)
	require.NoError(t, err)
	return f
}

// TestBanRefusesUntilItEnds: a banned key and a banned prefix are refused
// with the reason and the end in words; at the end they are admitted;
// only operators may ban; an operator is not refused for their address.
func TestBanRefusesUntilItEnds(t *testing.T) {
	now := time.Date(2026, 11, 29, 6, 0, 0, 0, time.UTC)
	opLine, opFP := newKey(t)
	_, spam := newKey(t)
	m, st := newModerator(t, &now, keyFile(t, opLine), nil)
	ctx := context.Background()
	op := moderation.Operator{Fingerprint: opFP, Handle: "root"}

	_, err := m.BanKey(ctx, moderation.Operator{Fingerprint: spam}, opFP, "", time.Hour, false, "nope")
	require.ErrorIs(t, err, moderation.ErrNotOperator)
	_, err = m.BanKey(ctx, op, opFP, "root", time.Hour, false, "oops")
	require.ErrorContains(t, err, "operator")

	var told []moderation.Ban
	m.OnBan(func(b moderation.Ban) { told = append(told, b) })
	_, err = m.BanKey(ctx, op, spam, "spammer", 12*time.Hour, false, "spam in chat")
	require.NoError(t, err)
	require.Len(t, told, 1)
	require.Equal(t, "this key is banned from this server until Sun 29 Nov 2026 18:00 UTC (in 12 hours): spam in chat", m.Refusal(spam, "198.51.100.1"))
	require.Empty(t, m.Refusal("", "198.51.100.1"))

	p, err := moderation.ParsePrefix("2001:db8::7")
	require.NoError(t, err)
	_, err = m.BanAddress(ctx, op, p, 0, true, "a flood")
	require.NoError(t, err)
	require.Equal(t, "connections from your address are refused for good: a flood", m.Refusal("", "2001:db8::ffff"))
	require.Empty(t, m.Refusal("", "2001:db8:0:1::1"), "another /64")
	require.Empty(t, m.Refusal(opFP, "2001:db8::ffff"), "an operator's own address")

	// Another node reads the same store.
	other, err := moderation.New(moderation.Config{Store: st, Now: func() time.Time { return now }})
	require.NoError(t, err)
	var otherTold []moderation.Ban
	other.OnBan(func(b moderation.Ban) { otherTold = append(otherTold, b) })
	require.NoError(t, other.Load(ctx))
	require.Len(t, otherTold, 2)
	require.NotEmpty(t, other.Refusal(spam, "198.51.100.1"))
	require.NoError(t, other.Load(ctx))
	require.Len(t, otherTold, 2, "a ban already held is not told again")

	now = now.Add(12 * time.Hour)
	require.Empty(t, m.Refusal(spam, "198.51.100.1"), "the ban ended")

	ok, err := m.Unban(ctx, op, moderation.KindAddress, p.String(), "", "")
	require.NoError(t, err)
	require.True(t, ok)
	require.Empty(t, m.Refusal("", "2001:db8::ffff"))
	log, err := m.Log(ctx, 10)
	require.NoError(t, err)
	require.Len(t, log, 3)
	require.Equal(t, []string{moderation.VerbBan, moderation.VerbBanAddress, moderation.VerbUnbanAddress}, []string{log[0].Verb, log[1].Verb, log[2].Verb})
	require.Equal(t, "spammer", log[0].Handle)
	require.Equal(t, "root", log[0].ByHandle)
}

// TestAllowKeysRefusesGuestsAndOtherKeys: with an allowlist only its keys
// and the operators are admitted.
func TestAllowKeysRefusesGuestsAndOtherKeys(t *testing.T) {
	now := time.Date(2026, 11, 29, 6, 0, 0, 0, time.UTC)
	opLine, opFP := newKey(t)
	staffLine, staff := newKey(t)
	_, stranger := newKey(t)
	m, _ := newModerator(t, &now, keyFile(t, opLine), keyFile(t, staffLine))
	require.Empty(t, m.Refusal(staff, "10.0.0.1"))
	require.Empty(t, m.Refusal(opFP, "10.0.0.1"))
	require.Equal(t, "this server admits only the keys it knows; guests cannot connect", m.Refusal("", "10.0.0.1"))
	require.Contains(t, m.Refusal(stranger, "10.0.0.1"), "yours is not one of them")
}
