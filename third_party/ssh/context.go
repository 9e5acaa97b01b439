package ssh

import (
	"context"
	"encoding/hex"
	"net"
	"sync"

	gossh "golang.org/x/crypto/ssh"
)

// contextKey is a value for use with context.WithValue. It's used as
// a pointer so it fits in an interface{} without allocation.
type contextKey struct {
	name string
}

var (
	// ContextKeyUser is a context key for use with Contexts in this package.
	// The associated value will be of type string.
	ContextKeyUser = &contextKey{"user"}

	// ContextKeySessionID is a context key for use with Contexts in this package.
	// The associated value will be of type string.
	ContextKeySessionID = &contextKey{"session-id"}

	// ContextKeyPermissions is a context key for use with Contexts in this package.
	// The associated value will be of type *Permissions.
	ContextKeyPermissions = &contextKey{"permissions"}

	// ContextKeyClientVersion is a context key for use with Contexts in this package.
	// The associated value will be of type string.
	ContextKeyClientVersion = &contextKey{"client-version"}

	// ContextKeyServerVersion is a context key for use with Contexts in this package.
	// The associated value will be of type string.
	ContextKeyServerVersion = &contextKey{"server-version"}

	// ContextKeyLocalAddr is a context key for use with Contexts in this package.
	// The associated value will be of type net.Addr.
	ContextKeyLocalAddr = &contextKey{"local-addr"}

	// ContextKeyRemoteAddr is a context key for use with Contexts in this package.
	// The associated value will be of type net.Addr.
	ContextKeyRemoteAddr = &contextKey{"remote-addr"}

	// ContextKeyServer is a context key for use with Contexts in this package.
	// The associated value will be of type *Server.
	ContextKeyServer = &contextKey{"ssh-server"}

	// ContextKeyConn is a context key for use with Contexts in this package.
	// The associated value will be of type gossh.ServerConn.
	ContextKeyConn = &contextKey{"ssh-conn"}

	// ContextKeyPublicKey is a context key for use with Contexts in this package.
	// The associated value will be of type PublicKey.
	ContextKeyPublicKey = &contextKey{"public-key"}

	// ContextKeySession is a context key for use with Contexts in this package.
	// The associated value will be of type Session.
	ContextKeySession = &contextKey{"session"}
)

// Context is a package specific context interface. It exposes connection
// metadata and allows new values to be easily written to it. It's used in
// authentication handlers and callbacks, and its underlying context.Context is
// exposed on Session in the session Handler. A connection-scoped lock is also
// embedded in the context to make it easier to limit operations per-connection.
type Context interface {
	context.Context
	sync.Locker

	// User returns the username used when establishing the SSH connection.
	User() string

	// SessionID returns the session hash.
	SessionID() string

	// ClientVersion returns the version reported by the client.
	ClientVersion() string

	// ServerVersion returns the version reported by the server.
	ServerVersion() string

	// RemoteAddr returns the remote address for this connection.
	RemoteAddr() net.Addr

	// LocalAddr returns the local address for this connection.
	LocalAddr() net.Addr

	// Permissions returns the Permissions object used for this connection.
	Permissions() *Permissions

	// SetValue allows you to easily write new values into the underlying context.
	SetValue(key, value interface{})
}

// sshContext is a connection's context. The values this package sets are
// fields of their own, and the strings made of the connection's metadata
// are made when asked for (boardroom's copy: upstream kept every value in
// a map, each string made and boxed at the handshake, a dozen objects per
// connection for the collector to trace while the connection lives;
// docs/decisions/2026-12-forks-of-bubbletea-and-ssh.md). Other keys go to
// one slot, then to a map.
type sshContext struct {
	context.Context
	mu sync.Mutex // the connection-scoped lock (Lock, Unlock)

	valuesMu sync.Mutex
	server   *Server
	perms    *Permissions // permsVal unless set
	permsVal Permissions
	// meta is the connection's metadata as first applied (applyConnMetadata);
	// user, local and remote are read from it then, the session id and the
	// versions (which do not change) when asked for.
	meta          gossh.ConnMetadata
	user          string
	local, remote net.Addr
	conn          *gossh.ServerConn
	publicKey     PublicKey
	session       Session
	// other keys: the first in key/value, the others in values
	key, value interface{}
	values     map[interface{}]interface{}
}

var _ context.Context = &sshContext{}

var _ sync.Locker = &sshContext{}

// Lock locks the connection-scoped lock.
func (ctx *sshContext) Lock() { ctx.mu.Lock() }

// Unlock unlocks the connection-scoped lock.
func (ctx *sshContext) Unlock() { ctx.mu.Unlock() }

func newContext(srv *Server) (*sshContext, context.CancelFunc) {
	innerCtx, cancel := context.WithCancel(context.Background())
	ctx := &sshContext{Context: innerCtx, server: srv}
	ctx.permsVal.Permissions = &gossh.Permissions{}
	ctx.perms = &ctx.permsVal
	return ctx, cancel
}

func resetPermissions(ctx Context) {
	ctx.Permissions().Permissions = &gossh.Permissions{}
}

// this is separate from newContext because we will get ConnMetadata
// at different points so it needs to be applied separately
// (boardroom's copy: the first metadata applied is kept, as upstream
// kept the values made of it)
func applyConnMetadata(ctx *sshContext, conn gossh.ConnMetadata) {
	ctx.valuesMu.Lock()
	defer ctx.valuesMu.Unlock()
	if ctx.meta == nil {
		ctx.meta, ctx.user = conn, conn.User()
		ctx.local, ctx.remote = conn.LocalAddr(), conn.RemoteAddr()
	}
}

func (ctx *sshContext) Value(key interface{}) interface{} {
	ctx.valuesMu.Lock()
	defer ctx.valuesMu.Unlock()
	if ctx.key != nil && ctx.key == key {
		return ctx.value
	}
	if v, ok := ctx.values[key]; ok {
		return v
	}
	switch key {
	case ContextKeyServer:
		if ctx.server != nil {
			return ctx.server
		}
	case ContextKeyPermissions:
		if ctx.perms != nil {
			return ctx.perms
		}
	case ContextKeyConn:
		if ctx.conn != nil {
			return ctx.conn
		}
	case ContextKeyPublicKey:
		if ctx.publicKey != nil {
			return ctx.publicKey
		}
	case ContextKeySession:
		if ctx.session != nil {
			return ctx.session
		}
	case ContextKeyUser:
		if ctx.meta != nil {
			return ctx.user
		}
	case ContextKeyLocalAddr:
		if ctx.meta != nil {
			return ctx.local
		}
	case ContextKeyRemoteAddr:
		if ctx.meta != nil {
			return ctx.remote
		}
	case ContextKeySessionID:
		if ctx.meta != nil {
			return hex.EncodeToString(ctx.meta.SessionID())
		}
	case ContextKeyClientVersion:
		if ctx.meta != nil {
			return string(ctx.meta.ClientVersion())
		}
	case ContextKeyServerVersion:
		if ctx.meta != nil {
			return string(ctx.meta.ServerVersion())
		}
	}
	return ctx.Context.Value(key)
}

func (ctx *sshContext) SetValue(key, value interface{}) {
	ctx.valuesMu.Lock()
	defer ctx.valuesMu.Unlock()
	switch key {
	case ContextKeyServer:
		if s, ok := value.(*Server); ok {
			ctx.server = s
			return
		}
	case ContextKeyPermissions:
		if p, ok := value.(*Permissions); ok && p != nil {
			ctx.perms = p
			return
		}
	case ContextKeyConn:
		if c, ok := value.(*gossh.ServerConn); ok {
			ctx.conn = c
			return
		}
	case ContextKeyPublicKey:
		if k, ok := value.(PublicKey); ok {
			ctx.publicKey = k
			return
		}
	case ContextKeySession:
		if s, ok := value.(Session); ok {
			ctx.session = s
			return
		}
	}
	// any other key, and the connection's metadata set by hand (it then
	// comes before the metadata applied)
	if ctx.key == nil || ctx.key == key {
		ctx.key, ctx.value = key, value
		return
	}
	if ctx.values == nil {
		ctx.values = make(map[interface{}]interface{})
	}
	ctx.values[key] = value
}

func (ctx *sshContext) User() string {
	return ctx.Value(ContextKeyUser).(string)
}

func (ctx *sshContext) SessionID() string {
	return ctx.Value(ContextKeySessionID).(string)
}

func (ctx *sshContext) ClientVersion() string {
	return ctx.Value(ContextKeyClientVersion).(string)
}

func (ctx *sshContext) ServerVersion() string {
	return ctx.Value(ContextKeyServerVersion).(string)
}

func (ctx *sshContext) RemoteAddr() net.Addr {
	if addr, ok := ctx.Value(ContextKeyRemoteAddr).(net.Addr); ok {
		return addr
	}
	return nil
}

func (ctx *sshContext) LocalAddr() net.Addr {
	return ctx.Value(ContextKeyLocalAddr).(net.Addr)
}

func (ctx *sshContext) Permissions() *Permissions {
	return ctx.Value(ContextKeyPermissions).(*Permissions)
}
