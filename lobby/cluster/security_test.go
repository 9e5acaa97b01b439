package cluster

import (
	"context"
	"errors"
	"log/slog"
	"net"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"boardroom/internal/natstest"
	"boardroom/lobby"
)

// countingDialer counts the connections nats.go asks for and makes none:
// no packet leaves the machine.
type countingDialer struct{ dials atomic.Int64 }

func (d *countingDialer) Dial(network, address string) (net.Conn, error) {
	d.dials.Add(1)
	return nil, errors.New("test: no network")
}

// A NATS URL on another host without credentials or TLS is refused at
// once, before anything is dialled; with either, or --cluster-insecure,
// it is dialled. Loopback needs neither.
func TestNATSElsewhereWithoutAuthOrTLSIsRefusedBeforeDialling(t *testing.T) {
	d := &countingDialer{}
	for _, url := range []string{
		"nats://10.255.255.1:4222", "nats://nats.example.org:4222", "ws://10.255.255.1:8080",
		"nats://127.0.0.1:4222,nats://10.255.255.1:4222", "nats://u:SECRETPW@127.0.0.2:4222, nats://10.255.255.1:4222",
	} {
		start := time.Now()
		_, err := New(Config{URL: url, Leases: newFakeLeases(), Key: testKey, dialer: d})
		require.ErrorIs(t, err, ErrInsecure, url)
		require.Less(t, time.Since(start), 500*time.Millisecond, url)
		require.Contains(t, err.Error(), "is not a loopback address", url)
		require.NotContains(t, err.Error(), "SECRETPW", url)
	}
	require.Zero(t, d.dials.Load(), "something was dialled")

	for _, sec := range []Security{{Insecure: true}, {Creds: "x.creds"}, {TLSCA: "ca.pem"}, {TLSCert: "c.pem", TLSKey: "k.pem"}} {
		require.NoError(t, CheckSecurity("nats://10.255.255.1:4222", sec), "%+v", sec)
	}
	require.ErrorIs(t, CheckSecurity("nats://10.255.255.1:4222", Security{TLSCert: "c.pem"}), ErrConfig, "a certificate without its key")
	for _, url := range []string{
		"nats://127.0.0.1:4222", "nats://127.0.0.2:4222,nats://localhost:4222", "nats://[::1]:4222",
		"tls://10.255.255.1:4222", "wss://nats.example.org", "nats://user:pw@10.255.255.1:4222", "nats://TOKEN@10.255.255.1:4222",
	} {
		require.NoError(t, CheckSecurity(url, Security{}), url)
	}
	_, err := New(Config{URL: "nats://10.255.255.1:4222", Leases: newFakeLeases(), Key: testKey, dialer: d, Security: Security{Insecure: true}})
	require.Error(t, err)
	require.NotErrorIs(t, err, ErrInsecure)
	require.Positive(t, d.dials.Load(), "--cluster-insecure dials")
}

// Nodes reach a NATS server that requires TLS with a client certificate of
// the operator's CA and an nkey, and talk; a node without the nkey, the
// client certificate or the CA does not get in.
func TestNodesTalkOverTLSWithAnNkey(t *testing.T) {
	pki := natstest.NewPKI(t)
	seed, pub := natstest.NkeySeedFile(t)
	url := natstest.StartTLS(t, pki, pub)
	full := Security{Creds: seed, TLSCA: pki.CA, TLSCert: pki.ClientCert, TLSKey: pki.ClientKey}
	st := newFakeLeases()
	a := startNode(t, url, "a", st, func(c *Config) { c.Security = full })
	b := startNode(t, url, "b", st, func(c *Config) { c.Security = full })
	tok, err := a.c.Claim(context.Background(), 3)
	require.NoError(t, err)
	a.n.own(3, tok)
	res, err := b.c.Call(context.Background(), lobby.TableCall{TableID: 3, N: 5})
	require.NoError(t, err)
	require.Equal(t, lobby.CallResult{Msg: "a", Int: 10}, res)

	otherSeed, _ := natstest.NkeySeedFile(t)
	for name, sec := range map[string]Security{
		"no credentials":          {TLSCA: pki.CA, TLSCert: pki.ClientCert, TLSKey: pki.ClientKey},
		"an unknown nkey":         {Creds: otherSeed, TLSCA: pki.CA, TLSCert: pki.ClientCert, TLSKey: pki.ClientKey},
		"no client certificate":   {Creds: seed, TLSCA: pki.CA},
		"another CA's client":     {Creds: seed, TLSCA: pki.CA, TLSCert: pki.StrangerCert, TLSKey: pki.StrangerKey},
		"not the server's CA":     {Creds: seed, TLSCert: pki.ClientCert, TLSKey: pki.ClientKey},
		"plain nats to a TLS one": {Creds: seed},
	} {
		_, err := New(Config{URL: url, Node: "x", Leases: st, Key: testKey, Security: sec})
		require.Error(t, err, name)
	}
	_, err = New(Config{URL: url, Node: "x", Leases: st, Key: testKey, Security: Security{Creds: pki.CA}})
	require.ErrorIs(t, err, ErrConfig, "a credentials file that is neither")
	_, err = New(Config{URL: url, Node: "x", Leases: st, Key: testKey, Security: Security{TLSCA: seed + ".missing"}})
	require.ErrorIs(t, err, ErrConfig, "a missing CA file")
}

// Nodes get in with a .creds file (user JWT and seed, as nsc makes them)
// on a server in operator mode; a node without one does not.
func TestNodesTalkWithACredsFile(t *testing.T) {
	op := natstest.NewOperator(t)
	url := op.Start(t)
	st := newFakeLeases()
	a := startNode(t, url, "a", st, func(c *Config) { c.Security = Security{Creds: op.CredsFile(t)} })
	b := startNode(t, url, "b", st, func(c *Config) { c.Security = Security{Creds: op.CredsFile(t)} })
	tok, err := a.c.Claim(context.Background(), 4)
	require.NoError(t, err)
	a.n.own(4, tok)
	res, err := b.c.Call(context.Background(), lobby.TableCall{TableID: 4, N: 1})
	require.NoError(t, err)
	require.Equal(t, "a", res.Msg)
	_, err = New(Config{URL: url, Node: "x", Leases: st, Key: testKey})
	require.Error(t, err, "no credentials")
	stranger := natstest.NewOperator(t).CredsFile(t)
	_, err = New(Config{URL: url, Node: "x", Leases: st, Key: testKey, Security: Security{Creds: stranger}})
	require.Error(t, err, "another operator's user")
}

// No user, password or token of a NATS URL shows in a message or the log.
func TestRedactURLHidesEveryCredential(t *testing.T) {
	for _, in := range []string{
		"nats://user:SECRET@10.0.0.1:4222",
		"nats://SECRET@10.0.0.1:4222",
		"nats://us er:SECRET@%zz",
		"SECRET@host:4222",
	} {
		require.NotContains(t, redactURL(in), "SECRET", in)
	}
	require.Equal(t, "tls://nats-1:4222", redactURL("tls://nats-1:4222"))
	got := redactURLs("nats://SECRET@a:1, nats://b:2")
	require.NotContains(t, got, "SECRET")
	require.Contains(t, got, "nats://b:2")
}

// --cluster-insecure on another host is said in the log at start.
func TestInsecureNATSElsewhereIsLogged(t *testing.T) {
	var logs syncBuffer
	d := &countingDialer{}
	_, err := New(Config{URL: "nats://10.255.255.1:4222", Leases: newFakeLeases(), Key: testKey, dialer: d,
		Security: Security{Insecure: true}, Logger: slog.New(slog.NewTextHandler(&logs, nil))})
	require.Error(t, err, "the dialer makes no connection")
	require.Len(t, logs.lines("without credentials or TLS (insecure)"), 1)
	logs = syncBuffer{}
	url := startNATS(t)
	c, err := New(Config{URL: url, Leases: newFakeLeases(), Key: testKey, Security: Security{Insecure: true},
		Logger: slog.New(slog.NewTextHandler(&logs, nil))})
	require.NoError(t, err)
	c.Close()
	require.Empty(t, logs.lines("insecure"), "loopback is not insecure")
}
