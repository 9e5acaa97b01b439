package main

import (
	"context"
	"flag"
	"fmt"
	"log/slog"
	"net/url"
	"regexp"
	"strings"
	"time"

	"boardroom/cmd/boardroom/internal/metrics"
	"boardroom/internal/redact"
	"boardroom/lobby"
	"boardroom/lobby/cluster"
)

// clusterOptions make `serve` a node of a cluster: the NATS servers,
// this node's name and the subjects' prefix. URL "" is one node on its
// own, as before.
type clusterOptions struct {
	URL    string // nats://host:4222[,nats://...]
	Node   string // "" = host name and a random suffix
	Prefix string // NATS subject prefix; "" = cluster.DefaultPrefix
	// Security: credentials and TLS to reach NATS (cluster.CheckSecurity).
	Security cluster.Security
}

// nodeName is what --node accepts: it names leases in the store and
// appears in logs.
var nodeName = regexp.MustCompile(`^[A-Za-z0-9][A-Za-z0-9._-]{0,62}$`)

// addClusterFlags defines --cluster, --node, --cluster-prefix and the
// flags of NATS's credentials and TLS on fs, each falling back to a
// BOARDROOM_* environment variable; the returned function checks them
// after fs.Parse, with the --store they go with. A NATS host that is not
// loopback without credentials or TLS is refused here, before anything
// is dialled, unless --cluster-insecure.
func addClusterFlags(fs *flag.FlagSet, envOr func(k, def string) string) func(store string) (clusterOptions, error) {
	urls := fs.String("cluster", envOr("BOARDROOM_CLUSTER", ""),
		"run as a node of a cluster: the NATS `URLs` (nats://host:4222, several separated by commas); needs a postgres --store (env BOARDROOM_CLUSTER)")
	node := fs.String("node", envOr("BOARDROOM_NODE", ""),
		"this node's name in the cluster, unique among the nodes; default: the host name and a random suffix (env BOARDROOM_NODE)")
	prefix := fs.String("cluster-prefix", envOr("BOARDROOM_CLUSTER_PREFIX", ""),
		"the NATS subject `prefix` of this cluster's messages (give each cluster its own NATS account); default "+
			cluster.DefaultPrefix+" (env BOARDROOM_CLUSTER_PREFIX)")
	sec := addClusterSecurityFlags(fs, envOr)
	return func(store string) (clusterOptions, error) {
		o := clusterOptions{URL: strings.TrimSpace(*urls), Node: *node, Prefix: *prefix, Security: sec()}
		if o.Node != "" && !nodeName.MatchString(o.Node) {
			return clusterOptions{}, fmt.Errorf("--node: %q is not a node name (letters, digits, '.', '_', '-'; at most 63)", o.Node)
		}
		if o.Prefix != "" {
			if err := cluster.CheckPrefix(o.Prefix); err != nil {
				return clusterOptions{}, fmt.Errorf("--cluster-prefix: %w", err)
			}
		}
		if o.URL == "" {
			switch {
			case o.Node != "":
				return clusterOptions{}, fmt.Errorf("--node needs --cluster")
			case o.Prefix != "":
				return clusterOptions{}, fmt.Errorf("--cluster-prefix needs --cluster")
			case o.Security != cluster.Security{}:
				return clusterOptions{}, fmt.Errorf("--cluster-creds, --cluster-tls-* and --cluster-insecure need --cluster")
			}
			return o, nil
		}
		if !isPostgresURL(store) {
			return clusterOptions{}, fmt.Errorf("--cluster needs a store every node shares: --store postgres://... (SQLite is one node's)")
		}
		for _, s := range strings.Split(o.URL, ",") {
			u, err := url.Parse(strings.TrimSpace(s))
			if err != nil || u.Host == "" {
				return clusterOptions{}, fmt.Errorf("--cluster: %q is not a NATS URL (nats://host:4222)", redact.URL(s))
			}
			switch u.Scheme {
			case "nats", "tls", "ws", "wss":
			default:
				return clusterOptions{}, fmt.Errorf("--cluster: %q is not a NATS URL: the scheme must be nats, tls, ws or wss", redact.URL(s))
			}
		}
		if err := checkClusterSecurity(o); err != nil {
			return clusterOptions{}, err
		}
		return o, nil
	}
}

// newCluster connects this node to the cluster when o asks for one (nil
// otherwise). The store must hand out table leases (the PostgreSQL store);
// SQLite is one node's store and cannot be shared.
// The messages between nodes are sealed with a key derived from key (the
// data directory's seal.key, which every node of a cluster shares).
func newCluster(o clusterOptions, store any, key []byte, mx *metrics.Metrics, log *slog.Logger) (*cluster.Cluster, error) {
	if o.URL == "" {
		return nil, nil
	}
	leases, ok := store.(lobby.LeaseStore)
	if !ok {
		return nil, fmt.Errorf("--cluster needs a store every node shares: a PostgreSQL --store (postgres://...), not SQLite")
	}
	cfg := cluster.Config{URL: o.URL, Node: o.Node, Prefix: o.Prefix, Leases: leases, Logger: log,
		Key: key, Security: o.Security}
	if mx != nil {
		cfg.Observer = mx.Cluster()
	}
	cl, err := cluster.New(cfg)
	// The NATS client's error may quote a server's URL, token included.
	return cl, redact.Error(err, o.URL)
}

// runCluster starts the node's loops once the lobby exists. They run
// until handOff, not until the signal: a node keeps renewing its leases
// until it has handed them over.
func runCluster(ctx context.Context, cl *cluster.Cluster, svc *lobby.Service, log *slog.Logger) error {
	if cl == nil {
		return nil
	}
	// Run logs "cluster: running" with the node's name: one line.
	return cl.Run(context.WithoutCancel(ctx), svc)
}

// clusterStopped is closed when another process took this node's name
// (the node gave its tables up and must exit); never without a cluster.
func clusterStopped(cl *cluster.Cluster) <-chan struct{} {
	if cl == nil {
		return nil
	}
	return cl.Stopped()
}

// handOff gives this node's tables to the other nodes before it stops.
func handOff(cl *cluster.Cluster, log *slog.Logger) {
	if cl == nil {
		return
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if err := cl.Handoff(ctx); err != nil {
		log.Error("cluster handoff; the other nodes take the tables when their leases run out", "err", err)
	}
}
