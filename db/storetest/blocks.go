package storetest

import (
	"context"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"boardroom/lobby"
)

// testBlocks: a block is read back in the order made, made again changes
// nothing, lifted says whether there was one; one player's blocks are not
// another's.
func testBlocks(t *testing.T, s Store) {
	ctx := context.Background()
	var ids []int64
	for _, h := range []string{"ann", "bob", "cyd"} {
		a, err := s.CreateAccount(ctx, "SHA256:"+h, h, T0)
		require.NoError(t, err)
		ids = append(ids, a.ID)
	}
	ann, bob, cyd := ids[0], ids[1], ids[2]
	require.NoError(t, s.SaveBlock(ctx, ann, cyd, T0))
	require.NoError(t, s.SaveBlock(ctx, ann, bob, T0.Add(time.Second)))
	require.NoError(t, s.SaveBlock(ctx, ann, cyd, T0.Add(time.Minute)), "again")
	got, err := s.BlockedBy(ctx, ann)
	require.NoError(t, err)
	require.Equal(t, []int64{cyd, bob}, got)
	got, err = s.BlockedBy(ctx, bob)
	require.NoError(t, err)
	require.Empty(t, got)
	ok, err := s.DeleteBlock(ctx, ann, cyd)
	require.NoError(t, err)
	require.True(t, ok)
	ok, err = s.DeleteBlock(ctx, ann, cyd)
	require.NoError(t, err)
	require.False(t, ok)
	got, err = s.BlockedBy(ctx, ann)
	require.NoError(t, err)
	require.Equal(t, []int64{bob}, got)
}

// testReports: a report keeps the reported player's lines as they were,
// reads back newest first, and counts per reporter from a time on; the
// lines by an author come from every channel, oldest first.
func testReports(t *testing.T, s Store) {
	ctx := context.Background()
	ann, err := s.CreateAccount(ctx, "SHA256:ann", "ann", T0)
	require.NoError(t, err)
	bob, err := s.CreateAccount(ctx, "SHA256:bob", "bob", T0)
	require.NoError(t, err)
	for i, ch := range []lobby.Channel{{Lobby: 1}, {Table: 4}, {Lobby: 1}} {
		_, err := s.AddChat(ctx, lobby.ChatMessage{Channel: ch, AuthorID: bob.ID, Handle: "bob", Text: []string{"a", "b", "c"}[i], At: T0}, 200)
		require.NoError(t, err)
	}
	_, err = s.AddChat(ctx, lobby.ChatMessage{Channel: lobby.Channel{Lobby: 1}, AuthorID: ann.ID, Handle: "ann", Text: "hi", At: T0}, 200)
	require.NoError(t, err)
	lines, err := s.ChatBy(ctx, bob.ID, 2)
	require.NoError(t, err)
	require.Len(t, lines, 2)
	require.Equal(t, "b", lines[0].Text)
	require.Equal(t, lobby.Channel{Table: 4}, lines[0].Channel)
	require.Equal(t, "c", lines[1].Text)

	first := lobby.Report{At: T0, ReporterID: ann.ID, ReporterHandle: "ann", ReportedID: bob.ID, ReportedHandle: "bob", Reason: "insults", Lines: lines}
	id1, err := s.AddReport(ctx, first)
	require.NoError(t, err)
	second := lobby.Report{At: T0.Add(time.Hour), ReporterID: ann.ID, ReporterHandle: "ann", ReportedID: bob.ID, ReportedHandle: "bob", Reason: "again"}
	id2, err := s.AddReport(ctx, second)
	require.NoError(t, err)
	got, err := s.Reports(ctx, 10)
	require.NoError(t, err)
	first.ID, second.ID, second.Lines = id1, id2, []lobby.ChatMessage{}
	require.Equal(t, []lobby.Report{second, first}, got)
	n, err := s.CountReports(ctx, ann.ID, T0.Add(time.Minute))
	require.NoError(t, err)
	require.Equal(t, 1, n)
	n, err = s.CountReports(ctx, bob.ID, T0)
	require.NoError(t, err)
	require.Zero(t, n)
}
