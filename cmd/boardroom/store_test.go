package main

import (
	"bytes"
	"context"
	"net"
	"os"
	"path/filepath"
	"regexp"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
	gossh "golang.org/x/crypto/ssh"

	"boardroom/db/postgres"
	"boardroom/internal/pgtest"
	"boardroom/internal/redact"
	"boardroom/lobby"
)

func TestMain(m *testing.M) { pgtest.Main(m) }

func TestParseStoreFlag(t *testing.T) {
	env := map[string]string{}
	getenv := func(k string) string { return env[k] }
	var errb bytes.Buffer
	o, _, ok := parseServeFlags(nil, getenv, &errb)
	require.True(t, ok)
	require.Empty(t, o.Store, "SQLite in the data directory by default")

	env["BOARDROOM_STORE"] = "postgres://db.internal/boardroom"
	o, _, ok = parseServeFlags(nil, getenv, &errb)
	require.True(t, ok)
	require.Equal(t, "postgres://db.internal/boardroom", o.Store)
	o, _, ok = parseServeFlags([]string{"--store", "postgresql://other/b"}, getenv, &errb)
	require.True(t, ok, "the flag wins")
	require.Equal(t, "postgresql://other/b", o.Store)

	for _, bad := range []string{"mysql://u:hunter2@h/db", "./data/boardroom.db", "sqlite://x"} {
		errb.Reset()
		_, code, ok := parseServeFlags([]string{"--store", bad}, getenv, &errb)
		require.False(t, ok, bad)
		require.Equal(t, 2, code, bad)
		require.Contains(t, errb.String(), "--store: want a postgres:// URL", bad)
		require.NotContains(t, errb.String(), "hunter2", "a password is never repeated")
	}
	require.Equal(t, "postgres://u:xxxxx@h/db", redact.String("postgres://u:hunter2@h/db"))
}

// TestServeOnPostgres starts serve on a real PostgreSQL database: it
// answers over SSH, the schema is in Postgres, and the data directory holds
// the host key but no SQLite database.
func TestServeOnPostgres(t *testing.T) {
	dsn := pgtest.DB(t)
	data := filepath.Join(t.TempDir(), "data")
	o, _, ok := parseServeFlags([]string{"--listen", "127.0.0.1:0", "--data", data, "--store", dsn}, func(string) string { return "" }, os.Stderr)
	require.True(t, ok)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var out, errOut syncBuffer
	code := make(chan int, 1)
	go func() {
		defer func() {
			if r := recover(); r != nil {
				code <- -1
			}
		}()
		code <- serve(ctx, o, registry, &out, &errOut)
	}()
	addrRe := regexp.MustCompile(`listening on (127\.0\.0\.1:\d+)`)
	var addr string
	require.Eventually(t, func() bool {
		m := addrRe.FindStringSubmatch(out.String())
		if m != nil {
			addr = m[1]
		}
		return m != nil
	}, 30*time.Second, 10*time.Millisecond, "stdout: %s\nstderr: %s", &out, &errOut)
	require.Contains(t, errOut.String(), "kind=postgres")
	require.NotContains(t, errOut.String(), "password")

	client, err := gossh.Dial("tcp", addr, &gossh.ClientConfig{
		User: "x",
		Auth: []gossh.AuthMethod{gossh.KeyboardInteractive(func(string, string, []string, []bool) ([]string, error) {
			return nil, nil
		})},
		HostKeyCallback: gossh.InsecureIgnoreHostKey(),
		Timeout:         10 * time.Second,
	})
	require.NoError(t, err)
	s, err := client.NewSession()
	require.NoError(t, err)
	whoami, err := s.Output("whoami")
	require.NoError(t, err)
	require.Contains(t, string(whoami), "guest:       yes")
	require.NoError(t, client.Close())

	cancel()
	select {
	case c := <-code:
		require.Equal(t, 0, c, "stderr: %s", errOut.String())
	case <-time.After(20 * time.Second):
		t.Fatal("serve did not stop")
	}
	_, err = os.Stat(filepath.Join(data, hostKeyFile))
	require.NoError(t, err, "the host key stays in the data directory")
	_, err = os.Stat(filepath.Join(data, dbFile))
	require.ErrorIs(t, err, os.ErrNotExist, "no SQLite database beside a Postgres store")

	st, err := postgres.Open(context.Background(), dsn, nil)
	require.NoError(t, err)
	defer st.Close()
	ls, err := st.LoadLobbies(context.Background())
	require.NoError(t, err)
	require.Equal(t, lobby.PublicLobbyID, ls[0].ID, "serve migrated the Postgres database")
	_, _, err = net.SplitHostPort(addr)
	require.NoError(t, err)
}

func TestServeFailsOnAnUnreachablePostgres(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	addr := ln.Addr().String()
	require.NoError(t, ln.Close()) // nothing listens there now
	var out, errOut bytes.Buffer
	code := runServe([]string{"--listen", "127.0.0.1:0", "--data", t.TempDir(),
		"--store", "postgres://u:hunter2@" + addr + "/boardroom?connect_timeout=2"}, &out, &errOut)
	require.Equal(t, 1, code)
	require.Contains(t, errOut.String(), "cannot open the Postgres store")
	require.NotContains(t, errOut.String(), "hunter2")
	require.NotContains(t, out.String(), "listening")
}
