package sshserver_test

import (
	"context"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
	gossh "golang.org/x/crypto/ssh"

	"boardroom/db"
	"boardroom/internal/vtscreen"
	"boardroom/lobby"
	"boardroom/lobby/moderation"
)

// startModeratedIn is startModerated over the data in dir, reading the
// stored bans and mutes at start as the serve command does, so that a
// test can restart the server on the same data.
func startModeratedIn(t *testing.T, dir string, operators ...gossh.Signer) *moderated {
	t.Helper()
	m := &moderated{opsPath: filepath.Join(dir, "operators")}
	writeKeys(t, m.opsPath, operators...)
	var err error
	m.ops, err = moderation.OpenKeyFile(m.opsPath, nil)
	require.NoError(t, err)
	m.testServer = startServerWith(t, dir, serverSetup{moderate: func(store *db.Store) *moderation.Moderator {
		mod, err := moderation.New(moderation.Config{Store: store, Operators: m.ops})
		require.NoError(t, err)
		require.NoError(t, mod.Load(context.Background()))
		m.mod = mod
		return mod
	}})
	return m
}

// sayInLobby types a line into the lobby's chat box of a TUI session.
func sayInLobby(sc *screen, text string) {
	sc.typeText("\t")
	sc.typeText(text + "\r")
}

// TestMuteHoldsAcrossAReconnectAndARestart: a muted player types in the
// lobby's chat over real SSH and reads why and until when, and nothing is
// said; the same after reconnecting and after the server restarts on the
// same data; other players still talk and the muted player reads them.
func TestMuteHoldsAcrossAReconnectAndARestart(t *testing.T) {
	dir := t.TempDir()
	root, mallory, ada := newKey(t), newKey(t), newKey(t)
	ts := startModeratedIn(t, dir, root)
	mustRun(t, dialKey(t, ts.addr, mallory), "handle mallory")
	mustRun(t, dialKey(t, ts.addr, ada), "handle ada")
	out := mustRun(t, dialKey(t, ts.addr, root), "op mute mallory 3d spam in chat")
	require.Contains(t, out, "muted mallory (")

	tryToSay := func(ts *moderated, text string) {
		t.Helper()
		tm := openTerm(t, dialKey(t, ts.addr, mallory), "mallory", 80, 24, "")
		tm.waitShows("Lobbies:", screenWait)
		sayInLobby(tm.screen, text)
		// Why and until when, whole, over the screen at 80x24.
		tm.waitShows("Muted", screenWait)
		require.True(t, tm.look(func(v *vtscreen.Screen) bool {
			return regexp.MustCompile(`Anoperatormutedyouuntil.*\(in3days\):spaminchat\.Youcanstillreadthechat\.`).MatchString(region(v, 0, 80))
		}), tm.dump())
		tm.typeText("\x1b") // esc closes it
		// Others' lines still reach the muted player.
		require.NoError(t, ts.svc.Say(context.Background(), account(t, ts.testServer, ada), lobby.LobbyChannel(lobby.PublicLobbyID), "ada still talks "+text))
		tm.waitShows("ada still talks "+text, screenWait)
		msgs, err := ts.svc.Chat(context.Background(), nil, lobby.LobbyChannel(lobby.PublicLobbyID), 0)
		require.NoError(t, err)
		for _, msg := range msgs {
			require.NotEqual(t, text, msg.Text, "a muted player's line was said")
		}
	}
	tryToSay(ts, "first try")
	tryToSay(ts, "after a reconnect")

	ts.stop()
	ts = startModeratedIn(t, dir, root)
	tryToSay(ts, "after a restart")

	// Unmuted, the player talks again.
	mustRun(t, dialKey(t, ts.addr, root), "op unmute mallory")
	require.NoError(t, ts.svc.Say(context.Background(), account(t, ts.testServer, mallory), lobby.LobbyChannel(lobby.PublicLobbyID), "sorry"))
}

// TestDeletedMessageIsGoneFromAnotherPlayersScreen: ada's TUI shows
// mallory's line; an operator deletes it by the id `op chat` lists, and
// ada's screen draws the chat again without it, with nothing typed; a new
// session does not show it either.
func TestDeletedMessageIsGoneFromAnotherPlayersScreen(t *testing.T) {
	root, mallory, ada := newKey(t), newKey(t), newKey(t)
	ts := startModeratedIn(t, t.TempDir(), root)
	mustRun(t, dialKey(t, ts.addr, mallory), "handle mallory")
	mustRun(t, dialKey(t, ts.addr, ada), "handle ada")
	ctx := context.Background()
	pub := lobby.LobbyChannel(lobby.PublicLobbyID)
	require.NoError(t, ts.svc.Say(ctx, account(t, ts.testServer, ada), pub, "good morning"))
	require.NoError(t, ts.svc.Say(ctx, account(t, ts.testServer, mallory), pub, "visit spam-dot-example"))

	tm := openTerm(t, dialKey(t, ts.addr, ada), "ada", 80, 24, "")
	tm.waitShows("visit spam-dot-example", screenWait)
	require.True(t, tm.shows("good morning"))

	op := dialKey(t, ts.addr, root)
	id := regexp.MustCompile(`#(\d+) .* mallory: visit spam-dot-example`).FindStringSubmatch(mustRun(t, op, "op chat"))
	require.NotNil(t, id)
	require.Contains(t, mustRun(t, op, "op delete-message "+id[1]+" advertising"), "deleted mallory's line")
	// Ada's chat box is drawn again, with nothing typed: the line is gone,
	// the one before it stays.
	tm.waitUntil("the chat without the deleted line", screenWait, func(v *vtscreen.Screen) bool {
		return !rowContains(v, "spam-dot-example") && rowContains(v, "good morning")
	})

	again := openTerm(t, dialKey(t, ts.addr, ada), "ada again", 80, 24, "")
	again.waitShows("good morning", screenWait)
	require.False(t, again.shows("spam-dot-example"))
}

// TestRenameEndsTheSessionAndTheNextOneAsksForAHandle: an operator takes
// mallory's handle away while mallory is in the lobby: the session ends
// with why; the next one opens on the handle screen with the same reason;
// mallory picks a new handle and keeps their finished game; the old handle
// is free at once for someone else.
func TestRenameEndsTheSessionAndTheNextOneAsksForAHandle(t *testing.T) {
	root, mallory, ada := newKey(t), newKey(t), newKey(t)
	ts := startModeratedIn(t, t.TempDir(), root)
	mc := dialKey(t, ts.addr, mallory)
	mustRun(t, mc, "handle rudename")
	tableID := field(t, mustRun(t, mc, "new testgame --bots 1 --start"), "table")
	sc := openScreen(t, mc, "xterm-256color", map[string]string{"NO_COLOR": "1"}, "")
	sc.waitFor(0, "rudename", screenWait)

	m := sc.mark()
	mustRun(t, dialKey(t, ts.addr, root), "op rename rudename an offensive handle")
	sc.waitFor(m, "boardroom: an operator took your handle rudename away: an offensive handle.", screenWait)
	sc.waitFor(m, "connect again to choose a new handle.", screenWait)
	select {
	case <-sc.done:
	case <-time.After(screenWait):
		t.Fatal("the renamed player's session did not end")
	}

	mustRun(t, dialKey(t, ts.addr, ada), "handle rudename") // free at once

	tm := openTerm(t, dialKey(t, ts.addr, mallory), "mallory", 80, 24, "")
	tm.waitShows("Choose a new handle", screenWait)
	require.True(t, tm.look(func(v *vtscreen.Screen) bool {
		return strings.Contains(region(v, 0, 80), squash("An operator took your handle rudename away: an offensive handle."))
	}), tm.dump())
	tm.typeText("kinder\r")
	tm.waitShows("kinder", screenWait)
	require.Equal(t, "kinder", field(t, mustRun(t, dialKey(t, ts.addr, mallory), "whoami"), "handle"))
	require.Regexp(t, `"table(_id)?": `+tableID+`\b`, mustRun(t, dialKey(t, ts.addr, mallory), "status --json"), "their running game is still theirs")
}

// TestCloseEndsTheGameForItsPlayersWithWhy: a player at a running game
// sees the operator's reason in the table's log; the game ends abandoned
// and has no result.
func TestCloseEndsTheGameForItsPlayersWithWhy(t *testing.T) {
	root, ada := newKey(t), newKey(t)
	ts := startModeratedIn(t, t.TempDir(), root)
	ac := dialKey(t, ts.addr, ada)
	mustRun(t, ac, "handle ada")
	tableID := field(t, mustRun(t, ac, "new testgame --bots 1 --start"), "table")
	tm := openTerm(t, ac, "ada", 100, 30, "play "+tableID)
	tm.waitShows("Test Game", screenWait)

	require.Contains(t, mustRun(t, dialKey(t, ts.addr, root), "op close "+tableID+" cheating"), "closed table "+tableID)
	tm.waitShows("An operator closed this table: cheating", screenWait)
	tm.waitShows("Closed: this game ended without a result; the log says why.", screenWait)
	id, err := strconv.ParseInt(tableID, 10, 64)
	require.NoError(t, err)
	tb, err := ts.svc.Table(context.Background(), account(t, ts.testServer, ada), id)
	require.NoError(t, err)
	require.Equal(t, lobby.TableAbandoned, tb.Status)
	require.Equal(t, "[]\n", mustRun(t, ac, "history --json"), "no result, no rating")
}
