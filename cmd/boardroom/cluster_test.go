package main

import (
	"bytes"
	"context"
	"log/slog"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"

	"boardroom/db"
	"boardroom/internal/natstest"
	"boardroom/lobby/cluster"
)

func TestClusterFlags(t *testing.T) {
	env := map[string]string{}
	getenv := func(k string) string { return env[k] }
	var errb bytes.Buffer

	o, _, ok := parseServeFlags(nil, getenv, &errb)
	require.True(t, ok)
	require.Equal(t, clusterOptions{}, o.Cluster, "one node by default")

	creds, _ := natstest.NkeySeedFile(t)
	env["BOARDROOM_STORE"] = "postgres://db.internal/boardroom"
	env["BOARDROOM_CLUSTER"] = "nats://nats-1.internal:4222, nats://nats-2.internal:4222"
	env["BOARDROOM_NODE"] = "node-1"
	env["BOARDROOM_CLUSTER_CREDS"] = creds
	o, _, ok = parseServeFlags(nil, getenv, &errb)
	require.True(t, ok, errb.String())
	require.Equal(t, clusterOptions{URL: "nats://nats-1.internal:4222, nats://nats-2.internal:4222", Node: "node-1",
		Security: cluster.Security{Creds: creds}}, o.Cluster)

	o, _, ok = parseServeFlags([]string{"--cluster", "tls://nats.internal:4222", "--node", "b.2", "--cluster-creds", ""}, getenv, &errb)
	require.True(t, ok, errb.String())
	require.Equal(t, clusterOptions{URL: "tls://nats.internal:4222", Node: "b.2"}, o.Cluster, "flags win")

	env["BOARDROOM_CLUSTER_PREFIX"] = "games.eu-1"
	o, _, ok = parseServeFlags(nil, getenv, &errb)
	require.True(t, ok, errb.String())
	require.Equal(t, "games.eu-1", o.Cluster.Prefix)
	o, _, ok = parseServeFlags([]string{"--cluster-prefix", "staging_2"}, getenv, &errb)
	require.True(t, ok, errb.String())
	require.Equal(t, "staging_2", o.Cluster.Prefix, "the flag wins")

	env = map[string]string{"BOARDROOM_STORE": "postgres://db.internal/boardroom", "BOARDROOM_CLUSTER_INSECURE": "1"}
	for _, args := range [][]string{
		{"--cluster", "http://x:4222"}, {"--cluster", "nats://"}, {"--cluster", "nats://a:4222,localhost"},
		{"--cluster", "nats://a:4222", "--node", "bad name"}, {"--cluster", "nats://a:4222", "--node", "-x"},
		{"--node", "lonely"}, {"--cluster", "nats://a:4222", "--store", ""},
		{"--cluster-prefix", "lonely"}, {"--cluster", "nats://a:4222", "--cluster-prefix", "a.*"},
		{"--cluster", "nats://a:4222", "--cluster-prefix", "a.>"}, {"--cluster", "nats://a:4222", "--cluster-prefix", "a..b"},
		{"--cluster", "nats://a:4222", "--cluster-prefix", "a b"}, {"--cluster", "nats://a:4222", "--cluster-prefix", ".a"},
		{"--cluster-creds", creds}, {"--cluster-tls-ca", creds}, {"--cluster", "", "--cluster-insecure"},
		{"--cluster", "nats://a:4222", "--cluster-tls-cert", creds}, {"--cluster", "nats://a:4222", "--cluster-tls-key", creds},
		{"--cluster", "nats://a:4222", "--cluster-creds", creds + ".missing"},
	} {
		errb.Reset()
		_, code, ok := parseServeFlags(args, getenv, &errb)
		require.False(t, ok, "%v", args)
		require.Equal(t, 2, code, "%v", args)
		require.NotEmpty(t, errb.String(), "%v", args)
	}
}

// SQLite is one node's store: a cluster over it is refused before the
// lobby starts, with what to use instead.
func TestClusterNeedsASharedStore(t *testing.T) {
	log := slog.New(slog.DiscardHandler)
	cl, err := newCluster(clusterOptions{}, nil, nil, nil, log)
	require.NoError(t, err)
	require.Nil(t, cl, "no --cluster, no cluster")

	store, err := db.Open(context.Background(), filepath.Join(t.TempDir(), "b.db"), log)
	require.NoError(t, err)
	t.Cleanup(func() { _ = store.Close() })
	_, err = newCluster(clusterOptions{URL: "nats://127.0.0.1:4222"}, store, make([]byte, 32), nil, log)
	require.ErrorContains(t, err, "PostgreSQL")
}
