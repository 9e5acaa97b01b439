package lobby_test

import (
	"errors"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"boardroom/lobby"
)

// TestBlockHidesChatInvitationsAndSeatsWithoutTellingTheBlocked: ada
// blocks mallory: mallory's lines (old and new) leave ada's chat but not
// bob's; mallory naming ada rings no bell; mallory's invitation is answered
// as any invitation is, and never reaches ada; mallory cannot sit at ada's
// forming table, told only what any refused action is told. Unblocked,
// everything is as before; the block outlives a restart.
func TestBlockHidesChatInvitationsAndSeatsWithoutTellingTheBlocked(t *testing.T) {
	e := newEnv(t, lobby.Config{})
	ada, bob, mallory := e.player("ada"), e.player("bob"), e.player("mallory")
	pub := lobby.LobbyChannel(lobby.PublicLobbyID)
	texts := func(viewer *lobby.Account) []string {
		msgs, err := e.svc.Chat(e.ctx, viewer, pub, 0)
		require.NoError(t, err)
		var out []string
		for _, m := range msgs {
			out = append(out, m.Handle+": "+m.Text)
		}
		return out
	}
	require.NoError(t, e.svc.Say(e.ctx, mallory, pub, "before"))
	_, err := e.svc.Block(e.ctx, ada, "mallory")
	require.NoError(t, err)
	sub := e.svc.Subscribe(ada)
	defer sub.Close()
	require.NoError(t, e.svc.Say(e.ctx, mallory, pub, "after @ada"))
	require.Zero(t, bells(drain(sub), 0), "mallory naming ada rings no bell")
	require.NoError(t, e.svc.Say(e.ctx, bob, pub, "@ada hello"))
	require.Equal(t, 1, bells(drain(sub), 0), "bob naming ada rings")
	require.Equal(t, []string{"bob: @ada hello"}, texts(ada))
	require.Equal(t, []string{"mallory: before", "mallory: after @ada", "bob: @ada hello"}, texts(bob))
	blocked, err := e.svc.Blocked(e.ctx, ada)
	require.NoError(t, err)
	require.Equal(t, []string{"mallory"}, blocked)

	// An invitation: mallory's answer is nil, as for any invitation; ada
	// has none.
	mt := e.table(mallory, 2, nil)
	require.NoError(t, e.svc.Invite(e.ctx, mallory, mt.ID, "ada"))
	invs, err := e.svc.Invitations(e.ctx, ada)
	require.NoError(t, err)
	require.Empty(t, invs)

	// A seat at ada's forming table: the answer to any refused action.
	at := e.table(ada, 3, nil)
	_, err = e.svc.Sit(e.ctx, mallory, at.ID, -1)
	require.ErrorIs(t, err, lobby.ErrForbidden)
	require.Equal(t, lobby.ErrForbidden.Error(), err.Error())
	require.NotContains(t, err.Error(), "block")
	_, err = e.svc.Sit(e.ctx, bob, at.ID, -1)
	require.NoError(t, err, "others still sit")

	// Refusals.
	_, err = e.svc.Block(e.ctx, ada, "ada")
	require.ErrorIs(t, err, lobby.ErrForbidden)
	_, err = e.svc.Block(e.ctx, ada, "nobody")
	require.ErrorIs(t, err, lobby.ErrNotFound)
	_, err = e.svc.Unblock(e.ctx, ada, "bob")
	require.ErrorIs(t, err, lobby.ErrNotFound)
	_, err = e.svc.Block(e.ctx, nil, "bob")
	require.Error(t, err, "a guest blocks nobody")

	// The block outlives a restart; lifted, all is as before.
	e.restart()
	require.Equal(t, []string{"bob: @ada hello"}, texts(ada))
	_, err = e.svc.Unblock(e.ctx, ada, "mallory")
	require.NoError(t, err)
	require.Equal(t, []string{"mallory: before", "mallory: after @ada", "bob: @ada hello"}, texts(ada))
	at = e.tableOf(ada, at.ID)
	_, err = e.svc.Sit(e.ctx, mallory, at.ID, -1)
	require.NoError(t, err)
}

// TestReportKeepsTheLinesAndAllowsFiveAnHour: a report stores the
// reported player's last lines as they were (a line deleted later stays
// in it); a sixth report within the hour is refused, and allowed again an
// hour after the first.
func TestReportKeepsTheLinesAndAllowsFiveAnHour(t *testing.T) {
	e := newEnv(t, lobby.Config{})
	ada, mallory := e.player("ada"), e.player("mallory")
	pub := lobby.LobbyChannel(lobby.PublicLobbyID)
	require.NoError(t, e.svc.Say(e.ctx, mallory, pub, "you are all idiots"))
	_, err := e.svc.ReportPlayer(e.ctx, ada, "mallory", "insults in the lobby")
	require.NoError(t, err)
	msgs, err := e.svc.Chat(e.ctx, ada, pub, 0)
	require.NoError(t, err)
	_, err = e.svc.DeleteChatLine(e.ctx, msgs[0].ID)
	require.NoError(t, err)
	rs, err := e.svc.Reports(e.ctx, 10)
	require.NoError(t, err)
	require.Len(t, rs, 1)
	require.Equal(t, "ada", rs[0].ReporterHandle)
	require.Equal(t, "mallory", rs[0].ReportedHandle)
	require.Equal(t, "insults in the lobby", rs[0].Reason)
	require.Len(t, rs[0].Lines, 1)
	require.Equal(t, "you are all idiots", rs[0].Lines[0].Text)

	for range lobby.ReportsPerHour - 1 {
		_, err = e.svc.ReportPlayer(e.ctx, ada, "mallory", "again")
		require.NoError(t, err)
	}
	_, err = e.svc.ReportPlayer(e.ctx, ada, "mallory", "once more")
	require.True(t, errors.Is(err, lobby.ErrRateLimited), "%v", err)
	require.Contains(t, err.Error(), "you made 5 reports in the last hour")
	_, err = e.svc.ReportPlayer(e.ctx, ada, "mallory", " ")
	require.Error(t, err)
	_, err = e.svc.ReportPlayer(e.ctx, ada, "ada", "me")
	require.ErrorIs(t, err, lobby.ErrForbidden)
	e.clock.Advance(time.Hour + time.Second)
	_, err = e.svc.ReportPlayer(e.ctx, ada, "mallory", "an hour later")
	require.NoError(t, err)
}
