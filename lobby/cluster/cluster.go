// Package cluster implements lobby.Cluster over NATS and drives the table
// leases of a lobby.LeaseStore (db/postgres), so that several boardroom
// nodes share the tables of one store.
//
// Subjects, under a prefix (default "boardroom"):
//
//	PREFIX.table.<id>  table notices (lobby.NoticeTable)
//	PREFIX.lobby       lobbies, memberships, handles and wrong invite codes
//	                   (NoticeLobbies, NoticeHandle, NoticeWrongCode)
//	PREFIX.chat        chat (NoticeChat)
//	PREFIX.presence    who watches what from where (NoticePresence), and which
//	                   tables each node owns, after every renewal (NoticeOwner)
//	PREFIX.sessions    sessions per SSH key on each node (sessions.go)
//	PREFIX.handoff     a node handed its tables back: scan for orphans now
//	PREFIX.call.<id>   request/reply table calls; only the owner subscribes
//	PREFIX.node.<name> the live process of a node name answers a starting
//	                   one's probe (names.go): one process per name
//
// Every node subscribes to the notice subjects and ignores its own notices
// (by Notice.Incarnation: this very process's, not those of another
// process of its name). Messages are JSON, sealed with a key every node
// shares (seal.go): a message that does not open is dropped and counted.
// The connection to NATS may use credentials and TLS (security.go).
//
// Leases: every Period the node renews its leases in the store; a table it
// runs whose lease was not renewed is lost (Relinquish), and tables without
// a live lease are claimed and adopted. A node that cannot reach NATS does
// not renew (the others cannot reach it for calls), and one that cannot
// renew (NATS or the store down) relinquishes every table before its
// leases run out, so another node can take them; the store's fencing
// tokens refuse whatever write a stale owner still makes.
package cluster

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"log/slog"
	"os"
	"sync"
	"time"

	"github.com/nats-io/nats.go"

	"boardroom/lobby"
)

// Defaults of Config.
const (
	DefaultPrefix      = "boardroom"
	DefaultLeaseTTL    = 5 * time.Second
	DefaultPeriod      = time.Second
	DefaultCallTimeout = 3 * time.Second
)

// ErrConfig is a Config that cannot work.
var ErrConfig = errors.New("cluster: bad configuration")

// Config of a Cluster. Zero values take the defaults.
type Config struct {
	// URL is the NATS server URL, or several separated by commas
	// ("nats://a:4222,nats://b:4222"). Ignored when Conn is set.
	URL string
	// Conn is an existing connection to use instead of URL; the Cluster
	// then does not close it (Handoff only unsubscribes).
	Conn *nats.Conn
	// Node is this node's name, unique in the cluster (default: the host
	// name and a random suffix). It names the node's leases in the store.
	Node string
	// Leases hands out table ownership (required).
	Leases lobby.LeaseStore
	// LeaseTTL is how long a lease lasts unless renewed (default 5s); a
	// dead node's tables move after at most LeaseTTL + Period.
	LeaseTTL time.Duration
	// Period is how often leases are renewed and orphans looked for
	// (default 1s); it must be shorter than LeaseTTL.
	Period time.Duration
	// PresenceEvery is how often the node announces who watches what from
	// here, and repeats its sessions per key (default lobby.PresenceEvery).
	PresenceEvery time.Duration
	// PresenceTTL is how long another node's sessions per key count
	// without being told again (default lobby.PresenceTTL).
	PresenceTTL time.Duration
	// CallTimeout bounds a forwarded call (default 3s): no answer by then
	// is lobby.ErrNoOwner.
	CallTimeout time.Duration
	// Prefix of every subject (default "boardroom"). Each cluster belongs
	// in a NATS account of its own; the prefix fits the subjects to an
	// account's permissions. It is one or more NATS subject tokens
	// (CheckPrefix).
	Prefix string
	// Heartbeat is how often the node tells the store it still runs under
	// its name (default 2s); NameWindow is how long after its last
	// heartbeat another process may take the name (default 5 heartbeats).
	// A node refuses to start while another process has its name (names.go).
	Heartbeat  time.Duration
	NameWindow time.Duration
	// Now is the clock of the leases and name heartbeats (default
	// time.Now). The loops tick with real timers of Period and Heartbeat.
	Now func() time.Time
	// Logger (default: discard).
	Logger *slog.Logger
	// Observer is told of owned tables, lease changes and call round
	// trips, for metrics; nil: nobody is told. One that implements
	// SealObserver is told of every message dropped.
	Observer Observer
	// Key is the secret every node of the cluster shares (at least
	// MinKeySize bytes; serve passes seal.key): the messages are sealed
	// with a key derived from it (seal.go). Required.
	Key []byte
	// MaxAge is how far a message's send time may be from the receiver's
	// clock (default DefaultMaxAge); older ones are dropped as replays.
	MaxAge time.Duration
	// Security is how to reach NATS: credentials, TLS (security.go).
	Security Security

	// dialer replaces the network in tests (nats.SetCustomDialer).
	dialer nats.CustomDialer
	// rejectLogEvery replaces rejectLogEvery in tests.
	rejectLogEvery time.Duration
}

// Observer is told what the cluster layer does, for an operator's metrics.
// Its methods must be quick and must not block.
type Observer interface {
	// TablesOwned reports how many tables this node owns now.
	TablesOwned(n int)
	// LeaseChanged reports one lease won or lost, with its reason (one of
	// LeaseReasons).
	LeaseChanged(reason string)
	// CallRoundTrip reports a forwarded call's time; answered is false when
	// no owner answered (lobby.ErrNoOwner).
	CallRoundTrip(took time.Duration, answered bool)
}

// Reasons of a lease change, for Observer.LeaseChanged.
const (
	LeaseClaimed  = "claimed"  // a table this node created
	LeaseAdopted  = "adopted"  // an orphan (its owner died or handed it over) taken here
	LeaseLost     = "lost"     // not renewed: the store said so, or NATS or the store were out of reach too long
	LeaseReleased = "released" // handed back before a graceful exit, or its game ended
	LeaseRefused  = "refused"  // won, but the node could not adopt the table; released again
)

// LeaseReasons lists every reason of Observer.LeaseChanged.
func LeaseReasons() []string {
	return []string{LeaseClaimed, LeaseAdopted, LeaseLost, LeaseReleased, LeaseRefused}
}

// Cluster is a node's connection to the others. It implements
// lobby.Cluster; its methods are safe for concurrent use.
type Cluster struct {
	cfg     Config
	conn    *nats.Conn
	ownConn bool // opened here: Handoff drains and closes it
	log     *slog.Logger
	obs     Observer
	owner   lobby.LeaseOwner // this process: the node name and its incarnation
	name    nameState        // the hold on the node name (names.go)

	mu       sync.Mutex
	node     Node                         // the peer (a fake in tests)
	peer     *Peer                        // applies notices and calls to the lobby
	ctx      context.Context              // Run's, for the node's work
	calls    map[int64]*nats.Subscription // call subjects of the tables this node owns
	claiming map[int64]int                // Claims between the store and the subscription
	// unlisted counts, per leased table the node served but no longer
	// lists as owned, the scans in a row that saw it so; lease loop only.
	unlisted map[int64]int
	subs     []*nats.Subscription // notice subscriptions
	seal     *sealer              // seals and opens every message (seal.go)
	rejects  *rejectLog           // messages dropped, for the log (wire.go)
	replies  replyMux             // answers to this node's calls (wire.go)
	sessions *keySessions         // sessions per key here and elsewhere (sessions.go)
	lastOK   time.Time            // the last renewal that reached the store
	out      outage               // NATS or renewals out of reach (outage.go)
	stop     context.CancelFunc   // ends the loops
	closed   bool

	scan      chan struct{} // asks the lease loop for a scan now (buffer 1)
	connDone  chan struct{} // closed when an own connection is closed
	closeOnce sync.Once
	wg        sync.WaitGroup
}

var _ lobby.Cluster = (*Cluster)(nil)

// New connects to NATS (unless cfg.Conn is given). Build the lobby with the
// Cluster in its Config, then call Run with it.
func New(cfg Config) (*Cluster, error) {
	if cfg.Leases == nil {
		return nil, fmt.Errorf("%w: no lease store (a cluster needs a postgres store)", ErrConfig)
	}
	if cfg.LeaseTTL <= 0 {
		cfg.LeaseTTL = DefaultLeaseTTL
	}
	if cfg.Period <= 0 {
		cfg.Period = DefaultPeriod
	}
	if cfg.Period >= cfg.LeaseTTL {
		return nil, fmt.Errorf("%w: the renew period %v must be shorter than the lease TTL %v", ErrConfig, cfg.Period, cfg.LeaseTTL)
	}
	if cfg.PresenceEvery <= 0 {
		cfg.PresenceEvery = lobby.PresenceEvery
	}
	if cfg.PresenceTTL <= 0 {
		cfg.PresenceTTL = lobby.PresenceTTL
	}
	if cfg.CallTimeout <= 0 {
		cfg.CallTimeout = DefaultCallTimeout
	}
	if cfg.Prefix == "" {
		cfg.Prefix = DefaultPrefix
	}
	if err := CheckPrefix(cfg.Prefix); err != nil {
		return nil, fmt.Errorf("%w: %w", ErrConfig, err)
	}
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	if cfg.Logger == nil {
		cfg.Logger = slog.New(slog.DiscardHandler)
	}
	if cfg.Node == "" {
		cfg.Node = DefaultNodeName()
	}
	if cfg.MaxAge <= 0 {
		cfg.MaxAge = DefaultMaxAge
	}
	if cfg.rejectLogEvery <= 0 {
		cfg.rejectLogEvery = rejectLogEvery
	}
	if cfg.Key == nil {
		return nil, fmt.Errorf("%w: no key to seal the messages between nodes with", ErrConfig)
	}
	seal, err := newSealer(cfg.Key, cfg.Node, cfg.Now, cfg.MaxAge)
	if err != nil {
		return nil, err
	}
	c := &Cluster{
		cfg:      cfg,
		log:      cfg.Logger.With("node", cfg.Node),
		obs:      cfg.Observer,
		owner:    lobby.LeaseOwner{Node: cfg.Node, Incarnation: newIncarnation()},
		calls:    map[int64]*nats.Subscription{},
		claiming: map[int64]int{},
		unlisted: map[int64]int{},
		sessions: newKeySessions(),
		seal:     seal,
		rejects:  newRejectLog(cfg.rejectLogEvery),
		scan:     make(chan struct{}, 1),
		connDone: make(chan struct{}),
	}
	c.peer = NewPeer(cfg.Node, c, c.log)
	if cfg.Conn != nil {
		c.conn = cfg.Conn
		return c.joinOrClose()
	}
	if cfg.URL == "" {
		return nil, fmt.Errorf("%w: no NATS URL", ErrConfig)
	}
	// Checked, and the files read, before anything is dialled.
	if err := CheckSecurity(cfg.URL, cfg.Security); err != nil {
		return nil, err
	}
	opts, err := cfg.Security.options()
	if err != nil {
		return nil, err
	}
	if cfg.Security.Insecure && CheckSecurity(cfg.URL, Security{}) != nil {
		c.log.Warn("cluster: NATS on another host without credentials or TLS (insecure): whoever reaches it sees " +
			"the subjects, sizes and times of the nodes' messages (their contents stay sealed)")
	}
	if cfg.dialer != nil {
		opts = append(opts, nats.SetCustomDialer(cfg.dialer))
	}
	conn, err := nats.Connect(cfg.URL, append(opts,
		nats.Name("boardroom "+cfg.Node),
		nats.MaxReconnects(-1),
		nats.ReconnectWait(500*time.Millisecond),
		nats.DisconnectErrHandler(func(_ *nats.Conn, err error) { c.natsLost(err) }), // outage.go
		nats.ClosedHandler(func(*nats.Conn) { c.closeOnce.Do(func() { close(c.connDone) }) }),
		nats.ReconnectHandler(c.natsBack),
	)...)
	if err != nil {
		return nil, fmt.Errorf("cluster: cannot connect to NATS at %s: %w", redactURLs(cfg.URL), err)
	}
	c.conn, c.ownConn = conn, true
	return c.joinOrClose()
}

// DefaultNodeName is the host name with a random suffix, so that a
// restarted node never renews the leases of its former self.
func DefaultNodeName() string {
	host, err := os.Hostname()
	if err != nil || host == "" {
		host = "node"
	}
	var b [3]byte
	_, _ = rand.Read(b[:])
	return host + "-" + hex.EncodeToString(b[:])
}

// Node implements lobby.Cluster.
func (c *Cluster) Node() string { return c.cfg.Node }

// Conn is the NATS connection (for health checks).
func (c *Cluster) Conn() *nats.Conn { return c.conn }

// Node is what the bus and the lease loop ask of their node: the Peer
// implements it over a lobby.ClusterNode.
type Node interface {
	// Receive applies another node's notice.
	Receive(ctx context.Context, n lobby.Notice)
	// Serve runs a forwarded call on a table this node owns.
	Serve(ctx context.Context, c lobby.TableCall) lobby.CallResult
	// Adopt makes this node the owner of a table whose lease it just won.
	Adopt(ctx context.Context, tableID, token int64) error
	// Relinquish makes an owned table a replica again.
	Relinquish(tableID int64)
	// Owned lists the tables this node owns, with their tokens.
	Owned() map[int64]int64
	// Presence lists, per table this node does not own, the accounts whose
	// sessions here watch it.
	Presence() map[int64][]int64
}

var _ Node = (*Peer)(nil)

// Run subscribes to the notices and starts the lease and presence loops
// for the lobby node, which runs until ctx ends, Handoff or Close. It
// returns at once.
func (c *Cluster) Run(ctx context.Context, node lobby.ClusterNode) error {
	c.peer.Attach(node)
	return c.run(ctx, c.peer)
}

// Forward implements lobby.Cluster (Peer.Forward over NATS).
func (c *Cluster) Forward(ctx context.Context, call lobby.TableCall, wait time.Duration) (lobby.CallResult, bool, error) {
	return c.peer.Forward(ctx, call, wait)
}

// WatchedElsewhere implements lobby.Cluster (Peer.WatchedElsewhere).
func (c *Cluster) WatchedElsewhere(tableID, accountID int64) bool {
	return c.peer.WatchedElsewhere(tableID, accountID)
}

// WatchersChanged implements lobby.Cluster: the owners hear at once who
// watches their tables from here.
func (c *Cluster) WatchersChanged() {
	c.Announce(lobby.Notice{Kind: lobby.NoticePresence, Presence: c.peer.Presence()})
}

func (c *Cluster) run(ctx context.Context, node Node) error {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.closed {
		return fmt.Errorf("cluster: run after close: %w", nats.ErrConnectionClosed)
	}
	if c.node != nil {
		return errors.New("cluster: Run called twice")
	}
	c.node = node
	ctx, c.stop = context.WithCancel(ctx)
	c.ctx = ctx
	for _, subj := range []string{c.subject("table", "*"), c.subject("lobby"), c.subject("chat"), c.subject("presence")} {
		sub, err := c.conn.Subscribe(subj, c.opened("notice", c.onNotice(ctx)))
		if err != nil {
			c.unsubscribeLocked()
			return fmt.Errorf("cluster: subscribe %s: %w", subj, err)
		}
		c.subs = append(c.subs, sub)
	}
	for subj, h := range map[string]nats.MsgHandler{c.subject("handoff"): c.opened("handoff", c.onHandoff), c.subject("sessions"): c.opened("sessions", c.onSessions)} {
		sub, err := c.conn.Subscribe(subj, h)
		if err != nil {
			c.unsubscribeLocked()
			return fmt.Errorf("cluster: subscribe %s: %w", subj, err)
		}
		c.subs = append(c.subs, sub)
	}
	// Subscriptions reach the server before the first scan, so no notice
	// sent after Run returns is missed.
	if err := c.conn.Flush(); err != nil {
		c.log.Warn("cluster: NATS flush", "err", err)
	}
	c.lastOK = c.cfg.Now()
	c.wg.Add(2)
	go c.loop(ctx, "leases", c.cfg.Period, c.leaseStep, c.scan)
	go c.loop(ctx, "presence", c.cfg.PresenceEvery, c.presenceStep, nil)
	c.log.Info("cluster: running", "prefix", c.cfg.Prefix, "lease", c.cfg.LeaseTTL, "period", c.cfg.Period,
		"key_id", c.seal.keyID(), "max_age", c.cfg.MaxAge)
	return nil
}

// loop calls step every period, and whenever kick says so, until ctx ends;
// a panicking step is logged and the loop goes on.
func (c *Cluster) loop(ctx context.Context, name string, period time.Duration, step func(context.Context), kick <-chan struct{}) {
	defer c.wg.Done()
	t := time.NewTicker(period)
	defer t.Stop()
	safe := func() {
		defer func() {
			if r := recover(); r != nil {
				c.log.Error("cluster: panic in loop", "loop", name, "panic", r)
			}
		}()
		step(ctx)
	}
	safe()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		case <-kick:
		}
		safe()
	}
}

// scanNow asks the lease loop for a scan without waiting for its tick.
func (c *Cluster) scanNow() {
	select {
	case c.scan <- struct{}{}:
	default:
	}
}

// Close stops the loops and, if it opened the connection, closes it,
// without handing the tables over: their leases run out (a crash, for
// tests and for when Handoff failed).
func (c *Cluster) Close() {
	c.leaveName(context.Background(), false)
	c.mu.Lock()
	c.closed = true
	stop := c.stop
	c.mu.Unlock()
	if stop != nil {
		stop()
	}
	c.wg.Wait()
	c.mu.Lock()
	c.unsubscribeLocked()
	c.mu.Unlock()
	if c.ownConn {
		c.conn.Close()
	}
}

// unsubscribeLocked drops every subscription; c.mu is held.
func (c *Cluster) unsubscribeLocked() {
	for _, s := range c.subs {
		_ = s.Unsubscribe()
	}
	c.subs = nil
	for id, s := range c.calls {
		_ = s.Unsubscribe()
		delete(c.calls, id)
	}
}

// redactURLs hides passwords in NATS URLs for messages.
func redactURLs(urls string) string {
	out := ""
	for i, u := range splitURLs(urls) {
		if i > 0 {
			out += ","
		}
		out += redactURL(u)
	}
	return out
}
