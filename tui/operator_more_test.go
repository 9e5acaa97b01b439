package tui

import (
	"context"
	"regexp"
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/stretchr/testify/require"

	"boardroom/lobby"
	"boardroom/lobby/moderation"
)

// fakeConsole records the operator commands the screen runs.
type fakeConsole struct {
	ran []string
}

func (f *fakeConsole) Preview(context.Context, string, string) (string, error) { return "", nil }
func (f *fakeConsole) Ban(context.Context, string, string, string) (string, error) {
	return "", nil
}
func (f *fakeConsole) Unban(context.Context, string) (string, error)    { return "", nil }
func (f *fakeConsole) Bans() []moderation.Ban                           { return nil }
func (f *fakeConsole) Log(context.Context) ([]moderation.Action, error) { return nil, nil }
func (f *fakeConsole) Run(_ context.Context, args ...string) (string, error) {
	f.ran = append(f.ran, strings.Join(args, " "))
	return "done: " + strings.Join(args, " "), nil
}

// TestOperatorSeesLineIdsAndReachesTheScreenFromATable: an operator's chat
// box shows each line's id, a player's does not; ctrl+o on a table's
// screen opens the operator screen with that table's rows, and closing it
// takes a reason and y; for a player ctrl+o does nothing and the footer
// does not name it.
func TestOperatorSeesLineIdsAndReachesTheScreenFromATable(t *testing.T) {
	e := newResultsEnv(t)
	ada, bob := e.player("ada"), e.player("bob")
	require.NoError(t, e.svc.Say(e.ctx, bob, lobby.LobbyChannel(lobby.PublicLobbyID), "hello all"))
	msgs, err := e.svc.Chat(e.ctx, ada, lobby.LobbyChannel(lobby.PublicLobbyID), 0)
	require.NoError(t, err)
	id := itoa(int(msgs[0].ID))

	con := &fakeConsole{}
	op := startWith(t, e.svc, realStart, Options{Fingerprint: ada.Fingerprint, Width: 100, Height: 30, Operator: con})
	require.Contains(t, op.view(), "bob: #"+id+" hello all")
	player := e.session(bob, 100, 30)
	require.Contains(t, player.view(), "bob: hello all")
	require.NotContains(t, player.view(), "#"+id)

	tb := e.table([]*lobby.Account{bob}, 1)
	require.NoError(t, player.m.openTable(tb, false))
	player.send(ctrlO())
	require.Empty(t, player.m.dialogs, "ctrl+o is nothing for a player")
	require.NotContains(t, player.view(), "operator")

	require.NoError(t, op.m.openTable(tb, false))
	require.Contains(t, op.view(), "ctrl+o operator")
	op.send(ctrlO())
	v := op.view()
	require.Contains(t, v, "Close this table ("+itoa(int(tb))+")")
	require.Contains(t, v, "Mute a player")
	selectRow(t, op, "Close this table")
	op.key("enter")
	op.typeText("cheating")
	op.key("enter")
	require.Contains(t, op.view(), "cannot be undone")
	op.key("enter") // enter is no
	require.Empty(t, con.ran)
	selectRow(t, op, "Close this table")
	op.key("enter")
	op.typeText("cheating")
	op.key("enter")
	op.key("y")
	require.Equal(t, []string{"close " + itoa(int(tb)) + " cheating"}, con.ran)
}

// TestProfileBlocksAndReports: on another player's profile B blocks and
// unblocks them and R reports them with a reason; one's own profile has
// neither key.
func TestProfileBlocksAndReports(t *testing.T) {
	e := newResultsEnv(t)
	ada, bob := e.player("ada"), e.player("bob")
	h := e.session(ada, 100, 30)
	h.m.openProfile("bob")
	require.Contains(t, h.view(), "B block")
	h.key("B")
	blocked, err := e.svc.Blocked(e.ctx, ada)
	require.NoError(t, err)
	require.Equal(t, []string{"bob"}, blocked)
	require.Contains(t, h.view(), "B unblock")
	h.key("B")
	blocked, err = e.svc.Blocked(e.ctx, ada)
	require.NoError(t, err)
	require.Empty(t, blocked)
	h.key("R")
	h.typeText("rude in chat")
	h.key("enter")
	rs, err := e.svc.Reports(e.ctx, 10)
	require.NoError(t, err)
	require.Len(t, rs, 1)
	require.Equal(t, "rude in chat", rs[0].Reason)
	require.Equal(t, bob.ID, rs[0].ReportedID)
	h.key("esc")
	h.m.openProfile("")
	require.NotContains(t, h.view(), "B block")
}

func ctrlO() tea.KeyMsg { return tea.KeyMsg{Type: tea.KeyCtrlO} }

// selectRow moves a menu's highlight (marked ">") to the row with text.
func selectRow(t *testing.T, h *harness, text string) {
	t.Helper()
	re := regexp.MustCompile(`>\s*` + regexp.QuoteMeta(text))
	for range 30 {
		if re.MatchString(h.view()) {
			return
		}
		h.key("down")
	}
	t.Fatalf("no row %q:\n%s", text, h.view())
}

// TestChatSlashBlockAndReport: in a chat box, /block HANDLE hides that
// player's lines at once and is not said; /report HANDLE REASON reports
// them; /unblock shows the lines again; the commands never reach the chat.
func TestChatSlashBlockAndReport(t *testing.T) {
	e := newResultsEnv(t)
	ada, bob := e.player("ada"), e.player("bob")
	require.NoError(t, e.svc.Say(e.ctx, bob, lobby.LobbyChannel(lobby.PublicLobbyID), "you all stink"))
	h := e.session(ada, 100, 30)
	require.Contains(t, h.view(), "bob: you all stink")
	h.key("tab")
	h.typeText("/block bob")
	h.key("enter")
	require.NotContains(t, h.view(), "you all stink")
	require.Contains(t, h.view(), "You block bob")
	h.typeText("/report bob insults")
	h.key("enter")
	rs, err := e.svc.Reports(e.ctx, 10)
	require.NoError(t, err)
	require.Len(t, rs, 1)
	require.Equal(t, "insults", rs[0].Reason)
	require.Equal(t, "you all stink", rs[0].Lines[0].Text)
	h.typeText("/unblock bob")
	h.key("enter")
	require.Contains(t, h.view(), "bob: you all stink")
	msgs, err := e.svc.Chat(e.ctx, bob, lobby.LobbyChannel(lobby.PublicLobbyID), 0)
	require.NoError(t, err)
	require.Len(t, msgs, 1, "no command was said")
}
