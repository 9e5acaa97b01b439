package cluster

import (
	"bytes"
	"crypto/tls"
	"errors"
	"fmt"
	"net"
	"net/url"
	"os"
	"strings"

	"github.com/nats-io/nats.go"

	"boardroom/internal/redact"
)

// How a node reaches NATS safely: credentials (a .creds file or an nkey
// seed), TLS with the operator's CA and a client certificate. A URL that
// names a host other than loopback needs authentication or TLS, unless the
// operator says Insecure: the check is made before anything is dialled.
// (Whatever the transport, the messages themselves are sealed: seal.go.)

// ErrInsecure is a NATS URL on a host that is not loopback with neither
// authentication nor TLS.
var ErrInsecure = errors.New("NATS on a host that is not loopback needs authentication or TLS")

// Security is how the node connects to NATS (the files are read at New).
type Security struct {
	// Creds is a NATS credentials file: a .creds file (user JWT and nkey
	// seed, from nsc) or a file holding an nkey seed (SU...).
	Creds string
	// TLSCA is a PEM file of the CAs that sign the NATS servers'
	// certificates (default: the system's).
	TLSCA string
	// TLSCert and TLSKey are the node's client certificate and key (PEM),
	// for NATS servers that verify clients; both or neither.
	TLSCert, TLSKey string
	// Insecure allows a URL on a host that is not loopback without
	// authentication or TLS.
	Insecure bool
}

// CheckSecurity tells, without dialling or reading a file, why the URLs
// cannot be used with sec: a host other than loopback needs
// authentication (Creds, a client certificate, or a user, password or
// token in the URL) or TLS (tls:// or wss://, TLSCA or a client
// certificate) unless sec.Insecure. Its message never shows a password.
func CheckSecurity(urls string, sec Security) error {
	if (sec.TLSCert == "") != (sec.TLSKey == "") {
		return fmt.Errorf("%w: the TLS client certificate and its key go together", ErrConfig)
	}
	if sec.Insecure || sec.Creds != "" || sec.TLSCert != "" || sec.TLSCA != "" {
		return nil
	}
	for _, s := range splitURLs(urls) {
		u, err := url.Parse(s)
		if err != nil || u.Host == "" {
			return fmt.Errorf("%w: %q is not a NATS URL", ErrConfig, redact.URL(s))
		}
		if u.User != nil || u.Scheme == "tls" || u.Scheme == "wss" {
			continue // authenticated or encrypted by the URL itself
		}
		if !isLoopback(u.Hostname()) {
			return fmt.Errorf("%w: %s is not a loopback address; give the cluster's NATS credentials (--cluster-creds) or "+
				"TLS (--cluster-tls-ca, --cluster-tls-cert and --cluster-tls-key), or --cluster-insecure on a network only the nodes reach",
				ErrInsecure, u.Host)
		}
	}
	return nil
}

// isLoopback: localhost, 127.0.0.0/8 or ::1. A name is not resolved (no
// lookup before the check): any other name counts as another host.
func isLoopback(host string) bool {
	if strings.EqualFold(host, "localhost") {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}

// options are the nats.go options of sec; the files are read now, so a
// missing or unreadable one is said before anything is dialled.
func (sec Security) options() ([]nats.Option, error) {
	var opts []nats.Option
	if sec.Creds != "" {
		raw, err := os.ReadFile(sec.Creds)
		if err != nil {
			return nil, fmt.Errorf("%w: the NATS credentials: %w", ErrConfig, err)
		}
		switch {
		case bytes.Contains(raw, []byte("BEGIN NATS USER JWT")):
			opts = append(opts, nats.UserCredentials(sec.Creds))
		default:
			o, err := nats.NkeyOptionFromSeed(sec.Creds)
			if err != nil {
				return nil, fmt.Errorf("%w: %s holds neither NATS credentials (nsc's .creds) nor an nkey seed: %w", ErrConfig, sec.Creds, err)
			}
			opts = append(opts, o)
		}
	}
	if sec.TLSCA != "" {
		if _, err := os.ReadFile(sec.TLSCA); err != nil {
			return nil, fmt.Errorf("%w: the NATS CA: %w", ErrConfig, err)
		}
		opts = append(opts, nats.RootCAs(sec.TLSCA))
	}
	if sec.TLSCert != "" {
		if _, err := tls.LoadX509KeyPair(sec.TLSCert, sec.TLSKey); err != nil {
			return nil, fmt.Errorf("%w: the NATS client certificate: %w", ErrConfig, err)
		}
		opts = append(opts, nats.ClientCert(sec.TLSCert, sec.TLSKey))
	}
	return opts, nil
}
