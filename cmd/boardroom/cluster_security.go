package main

import (
	"errors"
	"flag"
	"fmt"
	"os"

	"boardroom/lobby/cluster"
)

// addClusterSecurityFlags defines how a node reaches NATS: credentials
// (--cluster-creds), TLS (--cluster-tls-ca, --cluster-tls-cert,
// --cluster-tls-key) and --cluster-insecure, each with its BOARDROOM_*
// environment variable; the returned function reads them after fs.Parse.
func addClusterSecurityFlags(fs *flag.FlagSet, envOr func(k, def string) string) func() cluster.Security {
	creds := fs.String("cluster-creds", envOr("BOARDROOM_CLUSTER_CREDS", ""),
		"NATS credentials `file` of the node: a .creds file (user JWT and seed, from nsc) or an nkey seed (env BOARDROOM_CLUSTER_CREDS)")
	ca := fs.String("cluster-tls-ca", envOr("BOARDROOM_CLUSTER_TLS_CA", ""),
		"PEM `file` of the CAs that sign the NATS servers' certificates; default: the system's (env BOARDROOM_CLUSTER_TLS_CA)")
	cert := fs.String("cluster-tls-cert", envOr("BOARDROOM_CLUSTER_TLS_CERT", ""),
		"PEM `file` of the node's TLS client certificate for NATS, with --cluster-tls-key (env BOARDROOM_CLUSTER_TLS_CERT)")
	key := fs.String("cluster-tls-key", envOr("BOARDROOM_CLUSTER_TLS_KEY", ""),
		"PEM `file` of the key of --cluster-tls-cert (env BOARDROOM_CLUSTER_TLS_KEY)")
	insecure := fs.Bool("cluster-insecure", envBool(envOr("BOARDROOM_CLUSTER_INSECURE", "")),
		"let --cluster name NATS servers on other hosts without credentials or TLS, on a network only the nodes reach (env BOARDROOM_CLUSTER_INSECURE=1)")
	return func() cluster.Security {
		return cluster.Security{Creds: *creds, TLSCA: *ca, TLSCert: *cert, TLSKey: *key, Insecure: *insecure}
	}
}

// checkClusterSecurity refuses, before anything is dialled, NATS on
// another host without credentials or TLS, and names a file that is not
// there (the files are read when the node connects).
func checkClusterSecurity(o clusterOptions) error {
	sec := o.Security
	for _, f := range []struct{ flag, path string }{
		{"--cluster-creds", sec.Creds}, {"--cluster-tls-ca", sec.TLSCA},
		{"--cluster-tls-cert", sec.TLSCert}, {"--cluster-tls-key", sec.TLSKey},
	} {
		if f.path == "" {
			continue
		}
		if _, err := os.Stat(f.path); err != nil {
			return fmt.Errorf("%s: %w", f.flag, err)
		}
	}
	if (sec.TLSCert == "") != (sec.TLSKey == "") {
		return errors.New("--cluster-tls-cert and --cluster-tls-key go together")
	}
	if err := cluster.CheckSecurity(o.URL, sec); err != nil {
		return fmt.Errorf("--cluster: %w", err)
	}
	return nil
}
