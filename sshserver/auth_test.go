package sshserver_test

import (
	"io"
	"net"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/stretchr/testify/require"
	gossh "golang.org/x/crypto/ssh"

	"boardroom/sshserver"
)

// wrongSigner offers someone else's public key but cannot sign for it. The
// server accepts the key when asked, then gets a signature it must reject;
// it answers "failure" (a malformed signature would end the connection), and
// the client goes on with its next key.
type wrongSigner struct {
	pub    gossh.PublicKey
	other  gossh.Signer
	signed *int // counts signing attempts: the client signs only keys the server accepted
}

func (w wrongSigner) PublicKey() gossh.PublicKey { return w.pub }

func (w wrongSigner) Sign(r io.Reader, data []byte) (*gossh.Signature, error) {
	if w.signed != nil {
		*w.signed++
	}
	sig, err := w.other.Sign(r, data)
	if err != nil {
		return nil, err
	}
	sig.Format = gossh.KeyAlgoRSASHA256 // not a signature the offered key can make
	return sig, nil
}

// TestKeyConfusion: a client that offers Alice's public key first (the
// server would accept it, but the client cannot sign) and then
// authenticates with its own key is logged in as itself.
func TestKeyConfusion(t *testing.T) {
	ts := startServer(t, t.TempDir(), nil)
	alice, mallory := newKey(t), newKey(t)
	mustRun(t, dialKey(t, ts.addr, alice), "handle alice")

	signed := 0
	c := dial(t, ts.addr, gossh.PublicKeys(wrongSigner{pub: alice.PublicKey(), other: newKey(t), signed: &signed}, mallory))
	require.Equal(t, 1, signed, "the server should have accepted Alice's key when asked")
	out := mustRun(t, c, "whoami")
	require.Equal(t, fp(mallory), field(t, out, "fingerprint"))
	require.Equal(t, "no handle yet", field(t, out, "handle"))
	require.NotContains(t, out, "alice")
	require.NotContains(t, out, fp(alice))

	// Mallory's handle goes to Mallory's own new account; Alice's stays.
	mustRun(t, c, "handle mallory")
	out = mustRun(t, dialKey(t, ts.addr, alice), "whoami")
	require.Equal(t, "alice", field(t, out, "handle"))
	require.Equal(t, fp(alice), field(t, out, "fingerprint"))
	require.Equal(t, "mallory", field(t, mustRun(t, c, "whoami"), "handle"))
}

// TestKeyConfusionThenGuest: offering a key the client cannot sign for and
// then falling back to keyboard-interactive makes a guest, not the key's
// owner.
func TestKeyConfusionThenGuest(t *testing.T) {
	ts := startServer(t, t.TempDir(), nil)
	alice := newKey(t)
	mustRun(t, dialKey(t, ts.addr, alice), "handle alice")
	signed := 0
	c := dial(t, ts.addr, gossh.PublicKeys(wrongSigner{pub: alice.PublicKey(), other: newKey(t), signed: &signed}), guestAuth())
	require.Equal(t, 1, signed)
	out := mustRun(t, c, "whoami")
	require.Equal(t, "yes", field(t, out, "guest"))
	require.NotContains(t, out, "alice")
}

func TestGuestWhoami(t *testing.T) {
	ts := startServer(t, t.TempDir(), nil)
	c := dial(t, ts.addr, guestAuth())
	out := mustRun(t, c, "whoami")
	require.Equal(t, "yes", field(t, out, "guest"))
	require.Contains(t, out, "ssh-keygen -t ed25519")

	for _, cmd := range []string{"handle guesty", "lobby create Guests Club", "join ABCDEFGH", "new testgame"} {
		r := run(t, c, cmd)
		require.Equal(t, 1, r.code, cmd)
		require.Contains(t, r.err, "guests cannot do that", cmd)
	}
	for _, cmd := range []string{"help", "games", "lobbies", "tables"} {
		mustRun(t, c, cmd)
	}
}

func TestWhoamiNewKey(t *testing.T) {
	ts := startServer(t, t.TempDir(), nil)
	k := newKey(t)
	c := dialKey(t, ts.addr, k)
	out := mustRun(t, c, "whoami")
	require.Equal(t, "no handle yet", field(t, out, "handle"))
	require.Equal(t, fp(k), field(t, out, "fingerprint"))
	require.Equal(t, "no", field(t, out, "guest"))
}

func TestHostKeyIsEd25519AndReused(t *testing.T) {
	dir := t.TempDir()
	var keys []gossh.PublicKey
	for range 2 {
		ts := startServer(t, dir, nil)
		c, err := gossh.Dial("tcp", ts.addr, &gossh.ClientConfig{
			User: "x",
			Auth: []gossh.AuthMethod{guestAuth()},
			HostKeyCallback: func(_ string, _ net.Addr, k gossh.PublicKey) error {
				keys = append(keys, k)
				return nil
			},
		})
		require.NoError(t, err)
		require.NoError(t, c.Close())
		ts.stop()
	}
	require.Len(t, keys, 2)
	require.Equal(t, gossh.KeyAlgoED25519, keys[0].Type())
	require.Equal(t, keys[0].Marshal(), keys[1].Marshal())
}

// TestSessionLimitPerKey: the session beyond the limit gets a clear
// message and exit status 1; closing one frees a slot.
func TestSessionLimitPerKey(t *testing.T) {
	ts := startServer(t, t.TempDir(), func(c *sshserver.Config) { c.MaxSessionsPerKey = 2 })
	k := newKey(t)
	c := dialKey(t, ts.addr, k)
	mustRun(t, c, "handle limited")
	var screens []*screen
	for range 2 {
		sc := openScreen(t, c, "xterm-256color", nil, "")
		sc.waitFor(0, "Lobbies:", 10*time.Second)
		screens = append(screens, sc)
	}
	r := run(t, c, "whoami")
	require.Equal(t, 1, r.code)
	require.Contains(t, r.err, "too many sessions with this key")

	// Another key is not affected.
	mustRun(t, dialKey(t, ts.addr, newKey(t)), "whoami")

	require.NoError(t, screens[0].sess.Close())
	require.Eventually(t, func() bool { return run(t, c, "whoami").code == 0 }, 10*time.Second, 20*time.Millisecond)
}

func TestGuestLimitPerAddress(t *testing.T) {
	ts := startServer(t, t.TempDir(), func(c *sshserver.Config) { c.MaxGuestsPerIP = 1 })
	g1 := dial(t, ts.addr, guestAuth())
	sc := openScreen(t, g1, "xterm-256color", nil, "")
	sc.waitFor(0, "guest", 10*time.Second)
	r := run(t, dial(t, ts.addr, guestAuth()), "whoami")
	require.Equal(t, 1, r.code)
	require.Contains(t, r.err, "too many guest sessions")
	// Players with keys from the same address are counted per key.
	mustRun(t, dialKey(t, ts.addr, newKey(t)), "whoami")
}

// TestHandshakeTimeout: a connection that never authenticates is closed
// after the handshake timeout; one that opened a session is not.
func TestHandshakeTimeout(t *testing.T) {
	// Long enough for a legitimate dial on a loaded machine under -race.
	const timeout = 1500 * time.Millisecond
	ts := startServer(t, t.TempDir(), func(c *sshserver.Config) { c.HandshakeTimeout = timeout })

	// A player connects and runs a command: the deadline no longer applies.
	c := dialKey(t, ts.addr, newKey(t))
	mustRun(t, c, "whoami")

	conn, err := net.Dial("tcp", ts.addr)
	require.NoError(t, err)
	defer conn.Close()
	require.NoError(t, conn.SetReadDeadline(time.Now().Add(timeout+10*time.Second)))
	start := time.Now()
	_, err = io.Copy(io.Discard, conn) // the server's banner, then EOF when it hangs up
	require.NoError(t, err, "the server should close the silent connection itself")
	require.GreaterOrEqual(t, time.Since(start), timeout-100*time.Millisecond, "not before the deadline")

	// The player's connection is older than the deadline by now, and alive.
	mustRun(t, c, "whoami")
}

func TestNewValidatesConfig(t *testing.T) {
	ts := startServer(t, t.TempDir(), nil)
	model := func(sshserver.Session) tea.Model { return nil }
	_, err := sshserver.New(sshserver.Config{HostKeyPath: "k", NewModel: model}, nil, ts.svc)
	require.Error(t, err, "nil API")
	_, err = sshserver.New(sshserver.Config{HostKeyPath: "k", NewModel: model}, ts.svc, nil)
	require.Error(t, err, "nil Results")
	_, err = sshserver.New(sshserver.Config{HostKeyPath: "k"}, ts.svc, ts.svc)
	require.Error(t, err, "no model factory")
	_, err = sshserver.New(sshserver.Config{NewModel: model}, ts.svc, ts.svc)
	require.Error(t, err, "no host key path")
}
