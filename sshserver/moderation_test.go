package sshserver_test

import (
	"context"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
	gossh "golang.org/x/crypto/ssh"

	"boardroom/db"
	"boardroom/lobby/moderation"
)

// moderated is a test server with operators and, if allow is set, an
// allowlist; both files are in the test's directory.
type moderated struct {
	*testServer
	mod              *moderation.Moderator
	opsPath, allowTo string
	ops, allow       *moderation.KeyFile
}

func writeKeys(t *testing.T, path string, keys ...gossh.Signer) {
	t.Helper()
	var b strings.Builder
	for _, k := range keys {
		b.Write(gossh.MarshalAuthorizedKey(k.PublicKey()))
	}
	require.NoError(t, os.WriteFile(path, []byte(b.String()), 0o600))
}

func startModerated(t *testing.T, operators []gossh.Signer, allow []gossh.Signer) *moderated {
	t.Helper()
	dir := t.TempDir()
	m := &moderated{opsPath: filepath.Join(dir, "operators")}
	writeKeys(t, m.opsPath, operators...)
	var err error
	m.ops, err = moderation.OpenKeyFile(m.opsPath, nil)
	require.NoError(t, err)
	if allow != nil {
		m.allowTo = filepath.Join(dir, "allow")
		writeKeys(t, m.allowTo, allow...)
		m.allow, err = moderation.OpenKeyFile(m.allowTo, nil)
		require.NoError(t, err)
	}
	m.testServer = startServerWith(t, dir, serverSetup{moderate: func(store *db.Store) *moderation.Moderator {
		mod, err := moderation.New(moderation.Config{Store: store, Operators: m.ops, Allow: m.allow})
		require.NoError(t, err)
		m.mod = mod
		return mod
	}})
	// The lobby's part of a ban, as cmd wires it.
	m.mod.OnBan(func(b moderation.Ban) {
		if b.Kind == moderation.KindKey {
			_ = m.svc.BanishKey(context.Background(), b.Target)
		}
	})
	return m
}

// TestOpAnswersNonOperatorsAsAnUnknownCommand: for a key that is not an
// operator's and for a guest, every op command's answer is byte for byte
// that of a command that does not exist.
func TestOpAnswersNonOperatorsAsAnUnknownCommand(t *testing.T) {
	root, ada := newKey(t), newKey(t)
	ts := startModerated(t, []gossh.Signer{root}, nil)
	key := dialKey(t, ts.addr, ada)
	mustRun(t, key, "handle ada")
	guest := dial(t, ts.addr, guestAuth())
	for _, args := range []string{"", " ban ada 1h spam", " unban ada", " ban-address 127.0.0.1 1h flood",
		" unban-address 127.0.0.1", " log", " log --json", " bans", " frob",
		" mute ada 1h spam", " unmute ada", " mutes", " chat", " chat table 1", " delete-message 1", " rename ada rude",
		" close 1 rude", " reports", " reports --json"} {
		for name, c := range map[string]*gossh.Client{"key": key, "guest": guest} {
			got := run(t, c, "op"+args)
			unknown := run(t, c, "zq"+args)
			require.Equal(t, unknown.code, got.code, "%s: op%s", name, args)
			require.Equal(t, strings.Replace(unknown.err, `"zq"`, `"op"`, 1), got.err, "%s: op%s", name, args)
			require.Empty(t, got.out)
		}
	}
	require.Empty(t, ts.mod.Bans(), "nothing was banned")
	require.Empty(t, ts.mod.Mutes(), "nobody was muted")
	require.Equal(t, "ada", field(t, mustRun(t, key, "whoami"), "handle"), "nobody was renamed")
	log, err := ts.mod.Log(context.Background(), 10)
	require.NoError(t, err)
	require.Empty(t, log)
	// The operator is answered.
	r := run(t, dialKey(t, ts.addr, root), "op")
	require.Equal(t, 2, r.code)
	require.Contains(t, r.err, "op ban HANDLE|FINGERPRINT DURATION REASON")
}

// TestBanEndsTheLiveSessionWithTheReason: a player in the lobby whose key
// an operator bans sees the reason and the end of the ban and is
// disconnected; a new session of theirs over real SSH is refused before
// any screen with the same words; their running game treats them as away.
func TestBanEndsTheLiveSessionWithTheReason(t *testing.T) {
	root, mallory := newKey(t), newKey(t)
	ts := startModerated(t, []gossh.Signer{root}, nil)
	mc := dialKey(t, ts.addr, mallory)
	mustRun(t, mc, "handle mallory")
	out := mustRun(t, mc, "new testgame --bots 1 --start")
	id := regexp.MustCompile(`table: (\d+)`).FindStringSubmatch(out)
	require.NotNil(t, id, out)
	tableID, err := strconv.ParseInt(id[1], 10, 64)
	require.NoError(t, err)
	sc := openScreen(t, mc, "xterm-256color", map[string]string{"NO_COLOR": "1"}, "")
	sc.waitFor(0, "mallory", 5*time.Second)

	op := dialKey(t, ts.addr, root)
	m := sc.mark()
	out = mustRun(t, op, "op ban mallory 7d spam in chat")
	require.Contains(t, out, "banned mallory ("+fp(mallory)+") until ")

	sc.waitFor(m, "boardroom: this key is banned from this server until ", 5*time.Second)
	sc.waitFor(m, "(in 7 days): spam in chat", 5*time.Second)
	select {
	case <-sc.done:
	case <-time.After(5 * time.Second):
		t.Fatal("the banned session did not end")
	}

	// A new connection: refused at the session, nothing drawn.
	again := dialKey(t, ts.addr, mallory)
	r := run(t, again, "whoami")
	require.Equal(t, 1, r.code)
	require.Empty(t, r.out)
	require.Regexp(t, `^boardroom: this key is banned from this server until \w{3} \d+ \w{3} \d{4} \d\d:\d\d UTC \(in 7 days\): spam in chat\n$`, r.err)
	s, err := again.NewSession()
	require.NoError(t, err)
	defer s.Close()
	require.NoError(t, s.RequestPty("xterm", 24, 80, gossh.TerminalModes{}))
	outb, _ := s.CombinedOutput("")
	require.Contains(t, string(outb), "this key is banned from this server")
	require.NotContains(t, string(outb), "\x1b[?1049h", "no screen was drawn")

	// The running game treats mallory as away at once: the seat takes its
	// default actions (here the game ran to its end on them).
	acc := account(t, ts.testServer, mallory)
	gs, err := ts.svc.GameState(context.Background(), acc, tableID)
	require.NoError(t, err)
	away := ""
	for _, l := range gs.Log.All() {
		if l.Kind == "away" {
			away = l.Text
		}
	}
	require.Equal(t, "mallory cannot connect for now; their seat takes only its default actions (nothing that spends money) until they return.", away)
}

// TestAllowKeysAdmitsItsKeysAndOperatorsOnly: with --allow-keys, guests and
// unknown keys are refused with a sentence; the file's keys and the
// operators connect; a key added to the file is admitted once it is read
// again (Poll, as the server's watcher does).
func TestAllowKeysAdmitsItsKeysAndOperatorsOnly(t *testing.T) {
	root, staff, newcomer := newKey(t), newKey(t), newKey(t)
	ts := startModerated(t, []gossh.Signer{root}, []gossh.Signer{staff})
	r := run(t, dial(t, ts.addr, guestAuth()), "whoami")
	require.Equal(t, 1, r.code)
	require.Equal(t, "boardroom: this server admits only the keys it knows; guests cannot connect\n", r.err)
	r = run(t, dialKey(t, ts.addr, newcomer), "whoami")
	require.Equal(t, 1, r.code)
	require.Contains(t, r.err, "this server admits only the keys it knows, and yours is not one of them")
	require.Contains(t, r.err, fp(newcomer), "the key to add is named")
	mustRun(t, dialKey(t, ts.addr, staff), "whoami")
	mustRun(t, dialKey(t, ts.addr, root), "whoami")

	writeKeys(t, ts.allowTo, staff, newcomer)
	require.True(t, ts.allow.Poll())
	mustRun(t, dialKey(t, ts.addr, newcomer), "whoami")
	writeKeys(t, ts.allowTo, newcomer)
	require.True(t, ts.allow.Poll())
	require.Equal(t, 1, run(t, dialKey(t, ts.addr, staff), "whoami").code, "taken out of the file")
}

// TestOperatorScreenBansWithYOnly: an operator's lobby offers `o
// operator`; the screen bans a player by handle for a while with a
// reason, after a confirmation that says whom, until when and why with its
// keys on the 80x24 screen, where Enter answers no and only y bans. The
// player's session ends with the reason; the log shows the ban. A player
// who is not an operator is offered no such key.
func TestOperatorScreenBansWithYOnly(t *testing.T) {
	root, mallory := newKey(t), newKey(t)
	ts := startModerated(t, []gossh.Signer{root}, nil)
	rc, mc := dialKey(t, ts.addr, root), dialKey(t, ts.addr, mallory)
	mustRun(t, rc, "handle ops_ann")
	mustRun(t, mc, "handle mallory")
	env := map[string]string{"NO_COLOR": "1"}

	victim := openScreen(t, mc, "xterm-256color", env, "")
	victim.waitFor(0, "Lobbies:", 5*time.Second)
	require.NotContains(t, victim.text(), "o operator")

	sc := openScreen(t, rc, "xterm-256color", env, "")
	sc.waitFor(0, "o operator", 5*time.Second)
	step := func(keys, want string) {
		t.Helper()
		m := sc.mark()
		sc.typeText(keys)
		sc.waitFor(m, want, 5*time.Second)
	}
	step("o", "Ban a player")
	step("\r", "Whom: a handle")
	step("nobody\r", "Nobody is called \"nobody\"")
	for range len("nobody") {
		sc.typeText("\x7f")
	}
	step("mallory\r", "How long: 30m, 12h, 7d, 2w or permanent.")
	step("3y\r", "\"3y\" is not a length")
	sc.typeText("\x7f\x7f")
	step("7d\r", "Why: the player reads it")
	step("spam in chat\r", "y: yes    n, esc or any other key: no")
	require.Contains(t, sc.text()[strings.LastIndex(sc.text(), "Ban mallory?"):], "(in 7 days)")
	step("\r", "Operator")
	require.Empty(t, ts.mod.Bans(), "Enter answered no")

	// Again, and y.
	step("\r", "Whom: a handle")
	step("mallory\r", "How long")
	step("7d\r", "Why")
	step("spam in chat\r", "y: yes")
	m := victim.mark()
	step("y", "Banned mallory (SHA256:")
	victim.waitFor(m, "this key is banned from this server until", 5*time.Second)
	require.Len(t, ts.mod.Bans(), 1)

	// The ban is listed to lift, and the log has it.
	sc.waitFor(0, "Lift the ban of mallory", 5*time.Second)
	sc.typeText("\x1b[B\x1b[B")
	step("\r", "Operators' log")
	sc.waitFor(0, "ban mallory", 5*time.Second)
	sc.waitFor(0, "until", 5*time.Second)
}

// TestAddressBanEndsALiveGuestSession: a guest watching the lobby from an
// address an operator bans is disconnected with the reason; the operator,
// on the same address, is not; a new guest session from there is refused.
func TestAddressBanEndsALiveGuestSession(t *testing.T) {
	root := newKey(t)
	ts := startModerated(t, []gossh.Signer{root}, nil)
	guest := dial(t, ts.addr, guestAuth())
	sc := openScreen(t, guest, "xterm-256color", map[string]string{"NO_COLOR": "1"}, "")
	sc.waitFor(0, "Welcome, guest", 5*time.Second)
	sc.typeText("\r")
	sc.waitFor(0, "Lobbies:", 5*time.Second)
	op := dialKey(t, ts.addr, root)
	mustRun(t, op, "handle ops_ann")
	opScreen := openScreen(t, op, "xterm-256color", map[string]string{"NO_COLOR": "1"}, "")
	opScreen.waitFor(0, "o operator", 5*time.Second)

	m := sc.mark()
	out := mustRun(t, op, "op ban-address 127.0.0.0/8 30m a flood of guests")
	require.Contains(t, out, "banned the addresses 127.0.0.0/8")
	sc.waitFor(m, "boardroom: connections from your address are refused until", 5*time.Second)
	select {
	case <-sc.done:
	case <-time.After(5 * time.Second):
		t.Fatal("the guest's session did not end")
	}
	select {
	case <-opScreen.done:
		t.Fatal("the operator's session ended")
	default:
	}
	r := run(t, dial(t, ts.addr, guestAuth()), "whoami")
	require.Equal(t, 1, r.code)
	require.Contains(t, r.err, "(in 30 minutes): a flood of guests")
}
