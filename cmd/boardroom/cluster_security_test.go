package main

import (
	"bytes"
	"log/slog"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"boardroom/internal/natstest"
	"boardroom/lobby/cluster"
	"boardroom/lobby/lobbytest"
)

// serve refuses NATS on another host without credentials or TLS while it
// reads its flags, before it opens the store or dials anything, and says
// how to fix it; credentials, TLS or --cluster-insecure (flag or env)
// let it through, and loopback needs none.
func TestServeRefusesNATSElsewhereWithoutAuthOrTLS(t *testing.T) {
	creds, _ := natstest.NkeySeedFile(t)
	pki := natstest.NewPKI(t)
	store := []string{"--store", "postgres://db.internal/boardroom"}
	var errb bytes.Buffer
	parse := func(env map[string]string, args ...string) (serveOptions, int, bool) {
		errb.Reset()
		return parseServeFlags(append(append([]string{}, store...), args...), func(k string) string { return env[k] }, &errb)
	}
	for _, url := range []string{"nats://10.255.255.1:4222", "nats://nats.internal:4222", "nats://127.0.0.1:4222,nats://10.255.255.1:4222"} {
		start := time.Now()
		_, code, ok := parse(nil, "--cluster", url)
		require.False(t, ok, url)
		require.Equal(t, 2, code, url)
		require.Less(t, time.Since(start), 500*time.Millisecond, url)
		for _, want := range []string{"is not a loopback address", "--cluster-creds", "--cluster-tls-ca", "--cluster-insecure"} {
			require.Contains(t, errb.String(), want, url)
		}
	}

	far := "nats://10.255.255.1:4222"
	for name, c := range map[string]struct {
		env  map[string]string
		args []string
		want cluster.Security
	}{
		"creds":           {args: []string{"--cluster-creds", creds}, want: cluster.Security{Creds: creds}},
		"creds from env":  {env: map[string]string{"BOARDROOM_CLUSTER_CREDS": creds}, want: cluster.Security{Creds: creds}},
		"a CA":            {args: []string{"--cluster-tls-ca", pki.CA}, want: cluster.Security{TLSCA: pki.CA}},
		"a client cert":   {args: []string{"--cluster-tls-cert", pki.ClientCert, "--cluster-tls-key", pki.ClientKey}, want: cluster.Security{TLSCert: pki.ClientCert, TLSKey: pki.ClientKey}},
		"TLS from env":    {env: map[string]string{"BOARDROOM_CLUSTER_TLS_CA": pki.CA, "BOARDROOM_CLUSTER_TLS_CERT": pki.ClientCert, "BOARDROOM_CLUSTER_TLS_KEY": pki.ClientKey}, want: cluster.Security{TLSCA: pki.CA, TLSCert: pki.ClientCert, TLSKey: pki.ClientKey}},
		"insecure":        {args: []string{"--cluster-insecure"}, want: cluster.Security{Insecure: true}},
		"insecure in env": {env: map[string]string{"BOARDROOM_CLUSTER_INSECURE": "1"}, want: cluster.Security{Insecure: true}},
	} {
		o, _, ok := parse(c.env, append([]string{"--cluster", far}, c.args...)...)
		require.True(t, ok, "%s: %s", name, errb.String())
		require.Equal(t, c.want, o.Cluster.Security, name)
	}
	for _, url := range []string{"nats://127.0.0.1:4222", "nats://localhost:4222,nats://[::1]:4222", "tls://10.255.255.1:4222"} {
		_, _, ok := parse(nil, "--cluster", url)
		require.True(t, ok, "%s: %s", url, errb.String())
	}
	_, _, ok := parse(nil, "--cluster", "nats://u:SECRETPW@10.255.255.1:4222,nats://10.255.255.2:4222")
	require.False(t, ok)
	require.NotContains(t, errb.String(), "SECRETPW", "a password in the URL is never shown")
}

// The flags reach the connection: a node started with serve's flags gets
// into a NATS server that requires TLS with a client certificate of the
// operator's CA and an nkey; without the client certificate it does not.
func TestServeFlagsReachNATSOverTLS(t *testing.T) {
	pki := natstest.NewPKI(t)
	seed, pub := natstest.NkeySeedFile(t)
	url := natstest.StartTLS(t, pki, pub)
	log := slog.New(slog.DiscardHandler)
	key := bytes.Repeat([]byte{7}, 32)
	env := map[string]string{"BOARDROOM_STORE": "postgres://db.internal/boardroom", "BOARDROOM_CLUSTER": url,
		"BOARDROOM_CLUSTER_CREDS": seed, "BOARDROOM_CLUSTER_TLS_CA": pki.CA}
	var errb bytes.Buffer
	o, _, ok := parseServeFlags([]string{"--cluster-tls-cert", pki.ClientCert, "--cluster-tls-key", pki.ClientKey},
		func(k string) string { return env[k] }, &errb)
	require.True(t, ok, errb.String())
	cl, err := newCluster(o.Cluster, lobbytest.NewLeases(), key, nil, log)
	require.NoError(t, err)
	require.True(t, cl.Conn().IsConnected())
	require.True(t, cl.Conn().TLSRequired())
	cl.Close()

	o, _, ok = parseServeFlags(nil, func(k string) string { return env[k] }, &errb)
	require.True(t, ok, errb.String())
	_, err = newCluster(o.Cluster, lobbytest.NewLeases(), key, nil, log)
	require.Error(t, err, "in without a client certificate")
}
