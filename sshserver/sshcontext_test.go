package sshserver

import (
	"context"
	"crypto/ed25519"
	"crypto/rand"
	"encoding/hex"
	"net"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/ssh"
	"github.com/stretchr/testify/require"
	gossh "golang.org/x/crypto/ssh"
)

// TestSessionContextValues: the ssh library's connection context (a copy
// in third_party that keeps its values in fields, not a map) gives a
// session what the library's upstream gives: the connection's metadata,
// the key that authenticated, the connection, the permissions, values
// set by hand, and its parent's.
func TestSessionContextValues(t *testing.T) {
	type seen struct {
		user, id, client, server string
		remote, local            net.Addr
		key                      ssh.PublicKey
		conn, perms, srv, sess   bool
		mine, other, absent      any
		userByKey                any
	}
	got := make(chan seen, 1)
	type myKey struct{}
	type otherKey struct{}
	srv := &ssh.Server{
		Handler: func(sess ssh.Session) {
			ctx := sess.Context()
			ctx.SetValue(myKey{}, "mine")
			ctx.SetValue(otherKey{}, 7)
			ctx.SetValue(myKey{}, "mine again")
			_, isConn := ctx.Value(ssh.ContextKeyConn).(*gossh.ServerConn)
			_, isSrv := ctx.Value(ssh.ContextKeyServer).(*ssh.Server)
			_, isSess := ctx.Value(ssh.ContextKeySession).(ssh.Session)
			got <- seen{
				user: ctx.User(), id: ctx.SessionID(), client: ctx.ClientVersion(), server: ctx.ServerVersion(),
				remote: ctx.RemoteAddr(), local: ctx.LocalAddr(), key: sess.PublicKey(),
				conn: isConn, perms: ctx.Permissions() != nil && ctx.Permissions().Permissions != nil, srv: isSrv, sess: isSess,
				mine: ctx.Value(myKey{}), other: ctx.Value(otherKey{}), absent: ctx.Value(struct{ x int }{1}),
				userByKey: ctx.Value(ssh.ContextKeyUser),
			}
		},
		PublicKeyHandler: func(ssh.Context, ssh.PublicKey) bool { return true },
		Version:          "boardroom-test",
	}
	_, priv, err := ed25519.GenerateKey(rand.Reader)
	require.NoError(t, err)
	k, err := gossh.NewSignerFromKey(priv)
	require.NoError(t, err)
	c := dialBare(t, serveBare(t, srv), "someone", gossh.PublicKeys(k))
	s, err := c.NewSession()
	require.NoError(t, err)
	_, _ = s.CombinedOutput("")
	var v seen
	select {
	case v = <-got:
	case <-time.After(5 * time.Second):
		t.Fatal("no session")
	}
	require.Equal(t, "someone", v.user)
	require.Equal(t, "someone", v.userByKey)
	require.Regexp(t, regexp.MustCompile(`^[0-9a-f]{64}$`), v.id, "the session hash in hex")
	require.Equal(t, hex.EncodeToString(c.SessionID()), v.id, "the connection's own session hash")
	require.True(t, strings.HasPrefix(v.client, "SSH-2.0-Go"), v.client)
	require.Equal(t, "SSH-2.0-boardroom-test", v.server)
	require.Equal(t, c.LocalAddr().String(), v.remote.String())
	require.Equal(t, c.RemoteAddr().String(), v.local.String())
	require.NotNil(t, v.key)
	require.Equal(t, k.PublicKey().Marshal(), v.key.Marshal(), "the key that authenticated")
	require.True(t, v.conn && v.perms && v.srv && v.sess, "%+v", v)
	require.Equal(t, "mine again", v.mine, "a value set by hand, set again")
	require.Equal(t, 7, v.other, "a second key set by hand")
	require.Nil(t, v.absent)
}

// TestSessionContextParent: the context's values fall back to its parent
// and its end is the connection's.
func TestSessionContextParent(t *testing.T) {
	done := make(chan context.Context, 1)
	srv := &ssh.Server{Handler: func(sess ssh.Session) {
		done <- sess.Context()
	}}
	c := dialBare(t, serveBare(t, srv), "x")
	s, err := c.NewSession()
	require.NoError(t, err)
	_, _ = s.CombinedOutput("")
	var ctx context.Context
	select {
	case ctx = <-done:
	case <-time.After(5 * time.Second):
		t.Fatal("no session")
	}
	require.Nil(t, ctx.Value(ssh.ContextKeyPublicKey), "no key: a guest")
	require.NoError(t, c.Close())
	select {
	case <-ctx.Done():
	case <-time.After(5 * time.Second):
		t.Fatal("the context outlived its connection")
	}
}
