package lobbies

import (
	"errors"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

var now = time.Date(2025, 6, 1, 9, 0, 0, 0, time.UTC)

func newDir(t *testing.T) (*Directory, *bool) {
	t.Helper()
	closing := false
	d := NewDirectory(func() bool { return closing })
	d.Set([]Record{{ID: PublicID, Slug: "public", Name: "Public", Public: true}})
	return d, &closing
}

func create(t *testing.T, d *Directory, owner int64, name string, id int64) Lobby {
	t.Helper()
	v, err := d.Create(owner, "owner", name, now, 5, func(Record) (int64, error) { return id, nil })
	require.NoError(t, err)
	return v
}

func TestDirectoryPrivateLobbyIsSeenByMembersOnly(t *testing.T) {
	d, _ := newDir(t)
	v := create(t, d, 10, "Secret Team", 2)
	require.True(t, d.CanSee(10, v.ID))
	require.False(t, d.CanSee(11, v.ID))
	require.False(t, d.CanSee(0, v.ID), "a guest sees no private lobby")
	require.True(t, d.CanSee(0, PublicID))
	_, ok := d.BySlug(11, v.Slug)
	require.False(t, ok, "a private slug answers a stranger as nothing")
	require.NotEmpty(t, v.InviteCode, "the owner reads the code")

	got, already, err := d.Join(v.InviteCode, 11, "eve", now, func(int64) error { return nil })
	require.NoError(t, err)
	require.False(t, already)
	require.Equal(t, v.ID, got.ID)
	require.True(t, d.CanSee(11, v.ID))
	require.Equal(t, []int64{PublicID, v.ID}, d.Visible(11))
	require.Len(t, d.List(11), 2)
}

func TestDirectoryStoreFailureChangesNothing(t *testing.T) {
	d, _ := newDir(t)
	v := create(t, d, 10, "Team", 2)
	boom := errors.New("disk full")
	_, _, err := d.Join(v.InviteCode, 11, "eve", now, func(int64) error { return boom })
	require.ErrorIs(t, err, boom)
	require.False(t, d.CanSee(11, v.ID))
	_, err = d.Rotate(10, v.ID, func(string) error { return boom })
	require.ErrorIs(t, err, boom)
	_, _, err = d.Join(v.InviteCode, 11, "eve", now, func(int64) error { return nil })
	require.NoError(t, err, "the old code still works after a failed rotation")
}

func TestDirectoryOwnerLeavingHandsTheLobbyOn(t *testing.T) {
	d, _ := newDir(t)
	v := create(t, d, 10, "Team", 2)
	for _, id := range []int64{11, 12} {
		_, _, err := d.Join(v.InviteCode, id, "m", now, func(int64) error { return nil })
		require.NoError(t, err)
	}
	var stored int64
	owner, next, err := d.Leave(10, v.ID, func(n int64, _ string) error { stored = n; return nil }, func() error { return nil })
	require.NoError(t, err)
	require.Equal(t, int64(10), owner)
	require.Equal(t, int64(11), next, "the member who joined earliest")
	require.Equal(t, int64(11), stored)
	require.False(t, d.CanSee(10, v.ID))
	// The old owner may own another lobby; the new one counts this one.
	for i := range 4 {
		create(t, d, 11, "More", int64(3+i))
	}
	_, err = d.Create(11, "x", "Too many", now, 5, func(Record) (int64, error) { return 9, nil })
	var many OwnsTooManyError
	require.ErrorAs(t, err, &many)
	require.Equal(t, 5, many.N)
}

func TestDirectoryRefusals(t *testing.T) {
	d, closing := newDir(t)
	v := create(t, d, 10, "Team", 2)
	ok := func() error { return nil }
	_, _, err := d.Leave(10, v.ID, func(int64, string) error { return nil }, ok)
	require.ErrorIs(t, err, ErrLastMember)
	_, _, err = d.Leave(10, PublicID, nil, ok)
	require.ErrorIs(t, err, ErrPublic)
	require.ErrorIs(t, d.Remove(10, v.ID, 10, ok), ErrSelf)
	require.ErrorIs(t, d.Remove(10, v.ID, 77, ok), ErrNotMember)
	require.ErrorIs(t, d.Remove(11, v.ID, 10, ok), ErrNotVisible)
	_, _, err = d.Join("WRONGCOD", 11, "eve", now, func(int64) error { return nil })
	require.ErrorIs(t, err, ErrNoCode)
	*closing = true
	_, _, err = d.Join(v.InviteCode, 11, "eve", now, func(int64) error { return nil })
	require.ErrorIs(t, err, ErrClosing)
}
