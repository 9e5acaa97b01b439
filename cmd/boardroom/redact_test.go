package main

import (
	"bytes"
	"net"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"boardroom/internal/pgtest"
)

// refusedAddr is a loopback address where nothing listens: a connection
// to it is refused at once.
func refusedAddr(t *testing.T) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	addr := ln.Addr().String()
	require.NoError(t, ln.Close())
	return addr
}

// TestServeLogsNoStoreSecret starts serve with a store whose every form of
// secret fails (unreachable server, or a form serve does not read): serve
// exits 1 and neither its log nor its messages hold the secret.
func TestServeLogsNoStoreSecret(t *testing.T) {
	host, port, err := net.SplitHostPort(refusedAddr(t))
	require.NoError(t, err)
	hp := net.JoinHostPort(host, port)
	for _, dsn := range []string{
		"postgres://u:SECRET1@" + hp + "/db",
		"postgres://u@" + hp + "/db?password=SECRET2",
		"postgres://u@" + hp + "/db?sslmode=disable&sslpassword=SECRET3",
		"postgresql://u:p%40ss-SECRET4@" + hp + "/db",
		"host=" + host + " port=" + port + " user=u password=SECRET5 dbname=db",
		"host=" + host + " port=" + port + " password='SECRET 6' dbname=db",
	} {
		var out, errOut bytes.Buffer
		code := runServe([]string{"--listen", "127.0.0.1:0", "--data", t.TempDir(), "--store", dsn}, &out, &errOut)
		require.NotEqual(t, 0, code, dsn)
		all := out.String() + errOut.String()
		require.NotEmpty(t, strings.TrimSpace(all), "serve says why it stops")
		require.NotContains(t, all, "SECRET", "serve with --store %q said:\n%s", dsn, all)
		require.NotContains(t, all, "p@ss", "the decoded password is hidden too:\n%s", all)
	}
}

// TestServeLogsNoClusterSecret starts serve on a real PostgreSQL store
// whose URL carries a password parameter, as a node of a cluster whose
// NATS servers (a token one, a user:password one) refuse: the store's INFO
// line on its good start and the ERROR line when the cluster cannot be
// reached hold neither secret.
func TestServeLogsNoClusterSecret(t *testing.T) {
	dsn := pgtest.DB(t) + "&password=PGSECRET" // trust authentication: the password is ignored
	natsURLs := "nats://NATSTOKEN@" + refusedAddr(t) + ",nats://u:NATSPASS@" + refusedAddr(t)
	var out, errOut bytes.Buffer
	code := runServe([]string{"--listen", "127.0.0.1:0", "--data", t.TempDir(), "--store", dsn,
		"--cluster", natsURLs, "--node", "n1"}, &out, &errOut)
	all := out.String() + errOut.String()
	require.Equal(t, 1, code, all)
	require.Contains(t, all, "kind=postgres", "the store opened:\n%s", all)
	require.Contains(t, all, "password=xxxxx", "the store's URL is logged, without its password:\n%s", all)
	require.Contains(t, all, "cannot join the cluster", all)
	for _, s := range []string{"PGSECRET", "NATSTOKEN", "NATSPASS"} {
		require.NotContains(t, all, s, all)
	}
}

// TestClusterFlagErrorsHideSecrets: a refused --cluster value is quoted
// without its token or password.
func TestClusterFlagErrorsHideSecrets(t *testing.T) {
	for _, v := range []string{"http://TOKEN1@h:4222", "nats://u:PASS2@", "ftp://u:PASS3@h:21,nats://h:4222"} {
		var errb bytes.Buffer
		_, code, ok := parseServeFlags([]string{"--store", "postgres://db/b", "--cluster", v}, func(string) string { return "" }, &errb)
		require.False(t, ok, v)
		require.Equal(t, 2, code, v)
		require.Contains(t, errb.String(), "--cluster:", v)
		for _, s := range []string{"TOKEN1", "PASS2", "PASS3"} {
			require.NotContains(t, errb.String(), s, errb.String())
		}
	}
}
