package sshserver

import (
	"net"
	"sync"

	"github.com/charmbracelet/ssh"
	gossh "golang.org/x/crypto/ssh"
)

// unauthCounter counts connections that have not authenticated yet, per
// source address and in total. Each one holds a file descriptor, a
// goroutine and handshake buffers while costing its client nothing, so a
// connection beyond a cap is closed as soon as it is accepted.
type unauthCounter struct {
	perIP, total int

	mu    sync.Mutex
	n     int
	addrs map[string]int
}

func newUnauthCounter(perIP, total int) *unauthCounter {
	return &unauthCounter{perIP: perIP, total: total, addrs: map[string]int{}}
}

// acquire takes a slot for a new connection from ip. It returns the
// function that gives the slot back (safe to call more than once), or the
// name of the cap that is full.
func (u *unauthCounter) acquire(ip string) (release func(), full string) {
	u.mu.Lock()
	defer u.mu.Unlock()
	switch {
	case u.addrs[ip] >= u.perIP:
		return nil, capUnauthPerIP
	case u.n >= u.total:
		return nil, capUnauthTotal
	}
	u.addrs[ip]++
	u.n++
	var once sync.Once
	return func() {
		once.Do(func() {
			u.mu.Lock()
			defer u.mu.Unlock()
			u.n--
			if u.addrs[ip]--; u.addrs[ip] <= 0 {
				delete(u.addrs, ip)
			}
		})
	}, ""
}

// connStateKey finds a connection's connState in the ssh context.
type connStateKey struct{}

// connState is what the server keeps about one connection.
type connState struct {
	hc           *trackedConn
	unauthDone   func() // gives back the unauthenticated slot; after auth or at close
	ip           string // remoteIP of the connection, made once (connIP)
	mu           sync.Mutex
	openChannels int
	filters      sync.Map // gossh.Channel -> *requestFilter of its session
}

func connStateOf(ctx ssh.Context) *connState {
	cs, _ := ctx.Value(connStateKey{}).(*connState)
	return cs
}

// connIP is remoteIP(a) of the connection of ctx, whose address is a: the
// string wrapConn made, when it did (a new string each time otherwise,
// kept by whatever holds it).
func connIP(ctx ssh.Context, a net.Addr) string {
	if ctx != nil {
		if cs := connStateOf(ctx); cs != nil && cs.ip != "" {
			return cs.ip
		}
	}
	return remoteIP(a)
}

// openChannel counts a new session channel unless max are open already.
func (cs *connState) openChannel(max int) bool {
	cs.mu.Lock()
	defer cs.mu.Unlock()
	if cs.openChannels >= max {
		return false
	}
	cs.openChannels++
	return true
}

func (cs *connState) closeChannel() {
	cs.mu.Lock()
	defer cs.mu.Unlock()
	cs.openChannels--
}

// serverConfig is the per-connection ssh configuration: a successful
// authentication gives back the connection's unauthenticated slot.
func (s *Server) serverConfig(ctx ssh.Context) *gossh.ServerConfig {
	return &gossh.ServerConfig{
		AuthLogCallback: func(_ gossh.ConnMetadata, _ string, err error) {
			if err != nil {
				return
			}
			if cs := connStateOf(ctx); cs != nil {
				cs.unauthDone()
			}
		},
	}
}
