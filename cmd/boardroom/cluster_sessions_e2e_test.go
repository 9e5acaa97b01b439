package main

import (
	"context"
	"crypto/ed25519"
	"crypto/rand"
	"errors"
	"os"
	"path/filepath"
	"regexp"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
	gossh "golang.org/x/crypto/ssh"

	"boardroom/engine"
	"boardroom/engine/testgame"
	"boardroom/internal/pgtest"
)

// clusterSealKey is the seal.key every node of a test cluster shares, as
// an operator copies it to every node: the nodes seal their messages with
// a key derived from it.
var clusterSealKey = []byte("the seal.key of a test cluster..")

// startServeNode runs `boardroom serve` with args (and a listen address and
// data directory of its own, holding clusterSealKey) until the test ends,
// and returns its SSH address once it listens.
func startServeNode(t *testing.T, args ...string) string {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	var out, errOut syncBuffer
	data := filepath.Join(t.TempDir(), "data")
	require.NoError(t, os.MkdirAll(data, 0o700))
	require.NoError(t, os.WriteFile(filepath.Join(data, sealKeyFile), clusterSealKey, 0o600))
	args = append([]string{"--listen", "127.0.0.1:0", "--data", data}, args...)
	o, _, ok := parseServeFlags(args, func(string) string { return "" }, &errOut)
	require.True(t, ok, errOut.String())
	games := func() (*engine.Registry, error) { return engine.NewRegistry(testgame.Definition{}) }
	done := make(chan int, 1)
	go func() {
		defer func() {
			if r := recover(); r != nil {
				done <- -1
			}
		}()
		done <- serve(ctx, o, games, &out, &errOut)
	}()
	t.Cleanup(func() {
		cancel()
		select {
		case code := <-done:
			if code != 0 {
				t.Errorf("serve %v ended with %d: %s", args, code, errOut.String())
			}
		case <-time.After(20 * time.Second):
			t.Errorf("serve %v did not stop", args)
		}
	})
	addrRe := regexp.MustCompile(`listening on (127\.0\.0\.1:\d+)`)
	var addr string
	waitFor(t, 30*time.Second, func() bool {
		if m := addrRe.FindStringSubmatch(out.String()); m != nil {
			addr = m[1]
		}
		return addr != ""
	}, "serve did not listen\nstdout: %s\nstderr: %s", &out, &errOut)
	return addr
}

// dialSigner connects to addr with the key.
func dialSigner(t *testing.T, addr string, key gossh.Signer) *gossh.Client {
	t.Helper()
	c, err := gossh.Dial("tcp", addr, &gossh.ClientConfig{User: "x", Auth: []gossh.AuthMethod{gossh.PublicKeys(key)},
		HostKeyCallback: gossh.InsecureIgnoreHostKey(), Timeout: 10 * time.Second})
	require.NoError(t, err)
	t.Cleanup(func() { _ = c.Close() })
	return c
}

// runStatus runs a command without a terminal and returns its exit status
// and what it wrote to stderr.
func runStatus(t *testing.T, c *gossh.Client, cmd string) (int, string) {
	t.Helper()
	s, err := c.NewSession()
	require.NoError(t, err)
	defer s.Close()
	var errb syncBuffer
	s.Stderr = &errb
	err = s.Run(cmd)
	var ee *gossh.ExitError
	if errors.As(err, &ee) {
		return ee.ExitStatus(), errb.String()
	}
	require.NoError(t, err, "%s: %s", cmd, errb.String())
	return 0, errb.String()
}

// TestClusterE2ESessionsPerKeyAcrossNodes: two real nodes (serve, with a
// real PostgreSQL and NATS) count a key's sessions together. The key
// holding its three sessions on node-1 is refused on node-2, and admitted
// there again as soon as one of them closes.
func TestClusterE2ESessionsPerKeyAcrossNodes(t *testing.T) {
	dsn := pgtest.DB(t)
	urls := natsCluster(t, 2)
	node1 := startServeNode(t, "--store", dsn, "--cluster", urls[0], "--node", "node-1", "--max-sessions-per-key", "3")
	node2 := startServeNode(t, "--store", dsn, "--cluster", urls[1], "--node", "node-2", "--max-sessions-per-key", "3")
	_, priv, err := ed25519.GenerateKey(rand.Reader)
	require.NoError(t, err)
	key, err := gossh.NewSignerFromKey(priv)
	require.NoError(t, err)
	c1, c2 := dialSigner(t, node1, key), dialSigner(t, node2, key)
	runOK(t, c1, "handle ada")

	var screens []*testScreen
	for range 3 {
		sc := openTestScreen(t, c1, "")
		sc.waitFor(t, "Lobbies:")
		screens = append(screens, sc)
	}
	// node-1 tells node-2 within a NATS message's time; poll until then.
	var stderr string
	waitFor(t, 10*time.Second, func() bool {
		var code int
		code, stderr = runStatus(t, c2, "whoami")
		return code == 1
	}, "node-2 still admits a fourth session of the key")
	require.Contains(t, stderr, "too many sessions with this key (at most 3 at once)")
	code, _ := runStatus(t, dialTestKey(t, node2), "whoami")
	require.Zero(t, code, "another key is not affected")

	require.NoError(t, screens[0].sess.Close())
	waitFor(t, 10*time.Second, func() bool {
		code, _ := runStatus(t, c2, "whoami")
		return code == 0
	}, "node-2 did not admit the key once a session on node-1 closed")
	waitFor(t, 10*time.Second, func() bool {
		code, _ := runStatus(t, c1, "whoami")
		return code == 0
	}, "node-1 does not admit a third session once node-2's ended")
}
