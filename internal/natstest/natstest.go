// Package natstest starts in-process NATS servers for tests the way an
// operator should run them: TLS with the operator's own CA that verifies
// client certificates, and users that authenticate with an nkey or with
// a .creds file (operator mode, JWTs). Everything listens on loopback.
package natstest

import (
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/tls"
	"crypto/x509"
	"crypto/x509/pkix"
	"encoding/pem"
	"math/big"
	"net"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/nats-io/jwt/v2"
	"github.com/nats-io/nats-server/v2/server"
	"github.com/nats-io/nkeys"
	"github.com/stretchr/testify/require"
)

// PKI is a test CA and the PEM files it issued, in a test's directory.
type PKI struct {
	CA                        string // the CA's certificate
	ServerCert, ServerKey     string // for 127.0.0.1 and localhost
	ClientCert, ClientKey     string // a node's client certificate
	StrangerCert, StrangerKey string // a client certificate of another CA, and its key

	pool *x509.CertPool
}

// NewPKI makes a CA, a server certificate for loopback, a client
// certificate, and a client certificate another CA signed.
func NewPKI(t testing.TB) *PKI {
	t.Helper()
	dir := t.TempDir()
	ca, caKey := newCA(t)
	other, otherKey := newCA(t)
	p := &PKI{pool: x509.NewCertPool()}
	p.pool.AddCert(ca)
	p.CA = writePEM(t, dir, "ca.pem", "CERTIFICATE", ca.Raw)
	p.ServerCert, p.ServerKey = issue(t, dir, "server", ca, caKey, &x509.Certificate{
		DNSNames: []string{"localhost"}, IPAddresses: []net.IP{net.IPv4(127, 0, 0, 1), net.IPv6loopback},
		ExtKeyUsage: []x509.ExtKeyUsage{x509.ExtKeyUsageServerAuth}})
	p.ClientCert, p.ClientKey = issue(t, dir, "client", ca, caKey, &x509.Certificate{
		ExtKeyUsage: []x509.ExtKeyUsage{x509.ExtKeyUsageClientAuth}})
	p.StrangerCert, p.StrangerKey = issue(t, dir, "stranger", other, otherKey, &x509.Certificate{
		ExtKeyUsage: []x509.ExtKeyUsage{x509.ExtKeyUsageClientAuth}})
	return p
}

// serial is a certificate's random serial number.
func serial(t testing.TB) *big.Int {
	t.Helper()
	n, err := rand.Int(rand.Reader, new(big.Int).Lsh(big.NewInt(1), 62))
	require.NoError(t, err)
	return n
}

func newCA(t testing.TB) (*x509.Certificate, *ecdsa.PrivateKey) {
	t.Helper()
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	require.NoError(t, err)
	tmpl := &x509.Certificate{SerialNumber: serial(t), Subject: pkix.Name{CommonName: "boardroom test CA"},
		NotBefore: time.Now().Add(-time.Hour), NotAfter: time.Now().Add(24 * time.Hour),
		IsCA: true, BasicConstraintsValid: true, KeyUsage: x509.KeyUsageCertSign | x509.KeyUsageDigitalSignature}
	der, err := x509.CreateCertificate(rand.Reader, tmpl, tmpl, &key.PublicKey, key)
	require.NoError(t, err)
	cert, err := x509.ParseCertificate(der)
	require.NoError(t, err)
	return cert, key
}

func issue(t testing.TB, dir, name string, ca *x509.Certificate, caKey *ecdsa.PrivateKey, tmpl *x509.Certificate) (certFile, keyFile string) {
	t.Helper()
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	require.NoError(t, err)
	tmpl.SerialNumber = serial(t)
	tmpl.Subject = pkix.Name{CommonName: name}
	tmpl.NotBefore, tmpl.NotAfter = time.Now().Add(-time.Hour), time.Now().Add(24*time.Hour)
	tmpl.KeyUsage = x509.KeyUsageDigitalSignature
	der, err := x509.CreateCertificate(rand.Reader, tmpl, ca, &key.PublicKey, caKey)
	require.NoError(t, err)
	kder, err := x509.MarshalECPrivateKey(key)
	require.NoError(t, err)
	return writePEM(t, dir, name+".pem", "CERTIFICATE", der), writePEM(t, dir, name+"-key.pem", "EC PRIVATE KEY", kder)
}

func writePEM(t testing.TB, dir, name, kind string, der []byte) string {
	t.Helper()
	path := filepath.Join(dir, name)
	require.NoError(t, os.WriteFile(path, pem.EncodeToMemory(&pem.Block{Type: kind, Bytes: der}), 0o600))
	return path
}

// serverTLS is the server's TLS: its certificate, and client certificates
// of the CA required.
func (p *PKI) serverTLS(t testing.TB) *tls.Config {
	t.Helper()
	cert, err := tls.LoadX509KeyPair(p.ServerCert, p.ServerKey)
	require.NoError(t, err)
	return &tls.Config{Certificates: []tls.Certificate{cert}, ClientAuth: tls.RequireAndVerifyClientCert,
		ClientCAs: p.pool, MinVersion: tls.VersionTLS12}
}

// NkeySeedFile writes a new user nkey's seed to a file (as `nk -gen user`
// does) and returns the file and the user's public key.
func NkeySeedFile(t testing.TB) (file, public string) {
	t.Helper()
	kp, err := nkeys.CreateUser()
	require.NoError(t, err)
	seed, err := kp.Seed()
	require.NoError(t, err)
	public, err = kp.PublicKey()
	require.NoError(t, err)
	file = filepath.Join(t.TempDir(), "node.nk")
	require.NoError(t, os.WriteFile(file, append(seed, '\n'), 0o600))
	return file, public
}

// StartTLS runs a NATS server on a loopback port that requires TLS with a
// client certificate of p's CA and lets in the nkey users given; it
// returns the server's tls:// URL.
func StartTLS(t testing.TB, p *PKI, nkeyUsers ...string) string {
	t.Helper()
	o := &server.Options{Host: "127.0.0.1", Port: server.RANDOM_PORT, NoLog: true, NoSigs: true,
		TLS: true, TLSVerify: true, TLSConfig: p.serverTLS(t), TLSTimeout: 5}
	for _, u := range nkeyUsers {
		o.Nkeys = append(o.Nkeys, &server.NkeyUser{Nkey: u})
	}
	s := start(t, o)
	return "tls://" + s.Addr().String()
}

// Operator is a NATS operator with one account, as nsc makes them.
type Operator struct {
	claims     *jwt.OperatorClaims
	key        nkeys.KeyPair
	accountPub string
	accountJWT string
	account    nkeys.KeyPair
}

// NewOperator makes an operator and its account.
func NewOperator(t testing.TB) *Operator {
	t.Helper()
	okp, err := nkeys.CreateOperator()
	require.NoError(t, err)
	opub, err := okp.PublicKey()
	require.NoError(t, err)
	oc := jwt.NewOperatorClaims(opub)
	oc.Name = "boardroom-test"
	_, err = oc.Encode(okp)
	require.NoError(t, err)
	akp, err := nkeys.CreateAccount()
	require.NoError(t, err)
	apub, err := akp.PublicKey()
	require.NoError(t, err)
	ac := jwt.NewAccountClaims(apub)
	ac.Name = "boardroom"
	ajwt, err := ac.Encode(okp)
	require.NoError(t, err)
	return &Operator{claims: oc, key: okp, accountPub: apub, accountJWT: ajwt, account: akp}
}

// CredsFile writes a .creds file (user JWT and seed) of a new user of the
// operator's account.
func (op *Operator) CredsFile(t testing.TB) string {
	t.Helper()
	ukp, err := nkeys.CreateUser()
	require.NoError(t, err)
	upub, err := ukp.PublicKey()
	require.NoError(t, err)
	uc := jwt.NewUserClaims(upub)
	uc.Name = "node"
	ujwt, err := uc.Encode(op.account)
	require.NoError(t, err)
	seed, err := ukp.Seed()
	require.NoError(t, err)
	creds, err := jwt.FormatUserConfig(ujwt, seed)
	require.NoError(t, err)
	file := filepath.Join(t.TempDir(), "node.creds")
	require.NoError(t, os.WriteFile(file, creds, 0o600))
	return file
}

// Start runs a NATS server on a loopback port in the operator's mode: only
// users of its account with a .creds file get in. It returns its URL.
func (op *Operator) Start(t testing.TB) string {
	t.Helper()
	res := &server.MemAccResolver{}
	require.NoError(t, res.Store(op.accountPub, op.accountJWT))
	o := &server.Options{Host: "127.0.0.1", Port: server.RANDOM_PORT, NoLog: true, NoSigs: true,
		TrustedOperators: []*jwt.OperatorClaims{op.claims}, AccountResolver: res}
	return start(t, o).ClientURL()
}

func start(t testing.TB, o *server.Options) *server.Server {
	t.Helper()
	s, err := server.NewServer(o)
	require.NoError(t, err)
	s.Start()
	t.Cleanup(s.Shutdown)
	require.True(t, s.ReadyForConnections(5*time.Second), "embedded NATS did not start")
	return s
}
