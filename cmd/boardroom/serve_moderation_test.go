package main

import (
	"bytes"
	"context"
	"crypto/ed25519"
	"crypto/rand"
	"errors"
	"os"
	"path/filepath"
	"regexp"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
	gossh "golang.org/x/crypto/ssh"
)

func testSigner(t *testing.T) gossh.Signer {
	t.Helper()
	_, priv, err := ed25519.GenerateKey(rand.Reader)
	require.NoError(t, err)
	s, err := gossh.NewSignerFromKey(priv)
	require.NoError(t, err)
	return s
}

func writeKeyFile(t *testing.T, path string, keys ...gossh.Signer) {
	t.Helper()
	var b bytes.Buffer
	for _, k := range keys {
		b.Write(gossh.MarshalAuthorizedKey(k.PublicKey()))
	}
	require.NoError(t, os.WriteFile(path, b.Bytes(), 0o600))
}

// sshRun runs cmd as key (nil: a guest) and returns stdout, stderr and
// the exit status.
func sshRun(t *testing.T, addr string, key gossh.Signer, cmd string) (string, string, int) {
	t.Helper()
	auth := gossh.AuthMethod(gossh.KeyboardInteractive(func(string, string, []string, []bool) ([]string, error) { return nil, nil }))
	if key != nil {
		auth = gossh.PublicKeys(key)
	}
	c, err := gossh.Dial("tcp", addr, &gossh.ClientConfig{User: "x", Auth: []gossh.AuthMethod{auth},
		HostKeyCallback: gossh.InsecureIgnoreHostKey(), Timeout: 10 * time.Second})
	require.NoError(t, err)
	defer c.Close()
	s, err := c.NewSession()
	require.NoError(t, err)
	defer s.Close()
	var out, errb bytes.Buffer
	s.Stdout, s.Stderr = &out, &errb
	err = s.Run(cmd)
	var ee *gossh.ExitError
	code := 0
	switch {
	case errors.As(err, &ee):
		code = ee.ExitStatus()
	case err != nil:
		require.NoError(t, err)
	}
	return out.String(), errb.String(), code
}

// serveModerated runs serve with the moderation options until the test
// ends and returns its address.
func serveModerated(t *testing.T, m moderationOptions) string {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	var out, errOut syncBuffer
	code := make(chan int, 1)
	o, _, ok := parseServeFlags([]string{"--listen", "127.0.0.1:0", "--data", t.TempDir()}, func(string) string { return "" }, &errOut)
	require.True(t, ok)
	o.Moderation = m
	go func() { code <- serve(ctx, o, registry, &out, &errOut) }()
	t.Cleanup(func() {
		cancel()
		select {
		case c := <-code:
			require.Equal(t, 0, c, "stderr: %s", errOut.String())
		case <-time.After(20 * time.Second):
			t.Error("serve did not stop")
		}
	})
	re := regexp.MustCompile(`listening on (127\.0\.0\.1:\d+)`)
	var addr string
	require.Eventually(t, func() bool {
		if m := re.FindStringSubmatch(out.String()); m != nil {
			addr = m[1]
		}
		return addr != ""
	}, 20*time.Second, 10*time.Millisecond, "stderr: %s", &errOut)
	return addr
}

// TestServeReadsKeyFilesAgainOnSIGHUP: with polling out of the way, a key
// added to --allow-keys and to --operators counts after SIGHUP.
func TestServeReadsKeyFilesAgainOnSIGHUP(t *testing.T) {
	dir := t.TempDir()
	staff, newcomer := testSigner(t), testSigner(t)
	ops, allow := filepath.Join(dir, "operators"), filepath.Join(dir, "allow")
	writeKeyFile(t, ops)
	writeKeyFile(t, allow, staff)
	addr := serveModerated(t, moderationOptions{Operators: ops, AllowKeys: allow, Poll: time.Hour})

	_, errs, code := sshRun(t, addr, nil, "whoami")
	require.Equal(t, 1, code)
	require.Contains(t, errs, "guests cannot connect")
	_, _, code = sshRun(t, addr, staff, "whoami")
	require.Equal(t, 0, code)
	_, errs, code = sshRun(t, addr, newcomer, "whoami")
	require.Equal(t, 1, code)
	require.Contains(t, errs, "yours is not one of them")
	_, errs, _ = sshRun(t, addr, staff, "op log")
	require.Contains(t, errs, `unknown command "op"`)

	writeKeyFile(t, allow, staff, newcomer)
	writeKeyFile(t, ops, staff)
	require.NoError(t, syscall.Kill(os.Getpid(), syscall.SIGHUP))
	require.Eventually(t, func() bool {
		_, _, code := sshRun(t, addr, newcomer, "whoami")
		return code == 0
	}, 10*time.Second, 20*time.Millisecond, "the allowlist was read again on SIGHUP")
	out, _, code := sshRun(t, addr, staff, "op log")
	require.Equal(t, 0, code)
	require.Equal(t, "no operator actions yet\n", out)
}

// TestServeReadsKeyFilesAgainWhenTheyChange: without a signal, a changed
// file is read again within its poll.
func TestServeReadsKeyFilesAgainWhenTheyChange(t *testing.T) {
	dir := t.TempDir()
	staff, newcomer := testSigner(t), testSigner(t)
	ops, allow := filepath.Join(dir, "operators"), filepath.Join(dir, "allow")
	writeKeyFile(t, ops)
	writeKeyFile(t, allow, staff)
	addr := serveModerated(t, moderationOptions{Operators: ops, AllowKeys: allow, Poll: 20 * time.Millisecond})
	_, _, code := sshRun(t, addr, newcomer, "whoami")
	require.Equal(t, 1, code)
	writeKeyFile(t, allow, staff, newcomer)
	writeKeyFile(t, ops, newcomer)
	require.Eventually(t, func() bool {
		_, _, code := sshRun(t, addr, newcomer, "op log")
		return code == 0
	}, 10*time.Second, 20*time.Millisecond, "both files were read again")
}

// TestServeRefusesAnUnreadableOperatorsFile: a file that cannot be read at
// start stops the server with the flag's name; a bad line does not.
func TestServeRefusesAnUnreadableOperatorsFile(t *testing.T) {
	var out, errOut bytes.Buffer
	o, _, ok := parseServeFlags([]string{"--listen", "127.0.0.1:0", "--data", t.TempDir(),
		"--operators", filepath.Join(t.TempDir(), "missing")}, func(string) string { return "" }, &errOut)
	require.True(t, ok)
	require.Equal(t, 1, serve(context.Background(), o, registry, &out, &errOut))
	require.Contains(t, errOut.String(), "cannot start the moderation")
	require.Contains(t, errOut.String(), "--operators")
	require.NotContains(t, out.String(), "listening")

	env := map[string]string{"BOARDROOM_OPERATORS": "/etc/ops", "BOARDROOM_ALLOW_KEYS": "/etc/allow"}
	o, _, ok = parseServeFlags(nil, func(k string) string { return env[k] }, &errOut)
	require.True(t, ok)
	require.Equal(t, moderationOptions{Operators: "/etc/ops", AllowKeys: "/etc/allow"}, o.Moderation)
}
