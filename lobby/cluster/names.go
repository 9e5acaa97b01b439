package cluster

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"sync"
	"time"

	"github.com/nats-io/nats.go"

	"boardroom/lobby"
)

// One live process per node name. Two processes started with one --node
// (a copied compose line, a rolling deploy that starts the new instance
// first) would otherwise both own the name's tables under one lease token,
// and the stop of either would release the other's leases. So:
//
//   - every process makes a random incarnation at start; its leases name it
//     (lobby.LeaseOwner), and it ignores only its own notices;
//   - a starting node asks on PREFIX.node.<name> whether a live node has the
//     name (the live one answers), before it subscribes to anything, and
//     then claims the name in the store (lobby.NodeNames), which refuses
//     while another incarnation heartbeated within NameWindow;
//   - the running node heartbeats its name every Heartbeat; if it finds the
//     name taken by another incarnation (it was cut off or paused longer
//     than the window), it gives up its tables and stops (Stopped).

// Defaults of the name's Config fields.
const (
	DefaultHeartbeat  = 2 * time.Second
	DefaultNameWindow = 5 * DefaultHeartbeat
)

// ErrNameTaken: a live process has this node's name (NameTakenError says
// which).
var ErrNameTaken = errors.New("cluster: node name in use")

// NameTakenError is why a node refused to start, or stopped: another
// process holds its name.
type NameTakenError struct {
	Name   string
	Holder lobby.NodeName
	// Via is how the holder was found: "NATS" (it answered) or "the store"
	// (it heartbeated within Window).
	Via    string
	Window time.Duration
	Now    time.Time
}

func (e *NameTakenError) Error() string {
	seen := "it answered on NATS"
	if e.Via != "NATS" {
		seen = fmt.Sprintf("its last heartbeat was %v ago", e.Now.Sub(e.Holder.HeartbeatAt).Round(time.Second))
	}
	host := ""
	if e.Holder.Host != "" {
		host = " on " + e.Holder.Host
	}
	return fmt.Sprintf("node name %q is in use by another process (started %s%s, incarnation %s; %s): "+
		"stop that node first, or start this one with another --node; a node that died without stopping frees its name %v after its last heartbeat",
		e.Name, e.Holder.StartedAt.UTC().Format(time.RFC3339), host, e.Holder.Incarnation, seen, e.Window)
}

func (e *NameTakenError) Unwrap() error { return ErrNameTaken }

// ErrOtherKey: a live node of the cluster seals its messages with another
// key (KeyMismatchError says which).
var ErrOtherKey = errors.New("cluster: another seal key")

// KeyMismatchError is why a node refused to start: a live node seals its
// messages with another key, so neither would hear the other.
type KeyMismatchError struct {
	Other lobby.NodeName
	KeyID string // this node's
}

func (e *KeyMismatchError) Error() string {
	host := ""
	if e.Other.Host != "" {
		host = " on " + e.Other.Host
	}
	return fmt.Sprintf("node %q (started %s%s) seals its messages with key id %s, this node with key id %s: "+
		"every node of a cluster needs the same seal.key in its data directory; copy it from a running node's",
		e.Other.Name, e.Other.StartedAt.UTC().Format(time.RFC3339), host, e.Other.KeyID, e.KeyID)
}

func (e *KeyMismatchError) Unwrap() error { return ErrOtherKey }

// nameState is the node's hold on its name.
type nameState struct {
	started time.Time
	host    string
	sub     *nats.Subscription // answers other processes' probes
	stop    context.CancelFunc // ends the heartbeat
	done    chan struct{}      // closed when the heartbeat has ended
	failing bool               // the last heartbeat did not reach the store (heartbeat goroutine only)

	stoppedOnce sync.Once
	stopped     chan struct{} // closed when another process took the name
	stopErr     error
}

// nameProbe is what a starting process sends on PREFIX.node.<name>, and
// what the live one answers.
type nameProbe struct {
	Node        string    `json:"node"`
	Incarnation string    `json:"inc"`
	Host        string    `json:"host"`
	StartedAt   time.Time `json:"started"`
}

// newIncarnation is a random id for this process.
func newIncarnation() string {
	var b [8]byte
	_, _ = rand.Read(b[:])
	return hex.EncodeToString(b[:])
}

// processHost says where this process runs, for the operator.
func processHost() string {
	host, err := os.Hostname()
	if err != nil || host == "" {
		host = "?"
	}
	return fmt.Sprintf("%s pid %d", host, os.Getpid())
}

// Incarnation is this process's random id (its leases name it).
func (c *Cluster) Incarnation() string { return c.owner.Incarnation }

// Stopped is closed when another process took this node's name: the node
// gave up its tables and must exit (StopReason says why).
func (c *Cluster) Stopped() <-chan struct{} { return c.name.stopped }

// StopReason is why Stopped was closed (a *NameTakenError), nil before.
func (c *Cluster) StopReason() error {
	select {
	case <-c.name.stopped:
		return c.name.stopErr
	default:
		return nil
	}
}

func (c *Cluster) nameSubject() string { return c.subject("node", c.cfg.Node) }

// joinOrClose ends New: it makes sure no live process has the name, claims
// it and starts the heartbeat; on failure it closes what New opened.
func (c *Cluster) joinOrClose() (*Cluster, error) {
	if err := c.join(); err != nil {
		if c.ownConn {
			c.conn.Close()
		}
		return nil, err
	}
	return c, nil
}

func (c *Cluster) join() error {
	if c.cfg.Heartbeat <= 0 {
		c.cfg.Heartbeat = DefaultHeartbeat
	}
	if c.cfg.NameWindow <= 0 {
		c.cfg.NameWindow = 5 * c.cfg.Heartbeat
	}
	if c.cfg.NameWindow < 2*c.cfg.Heartbeat {
		return fmt.Errorf("%w: the node name window %v must be at least two heartbeats (%v)", ErrConfig, c.cfg.NameWindow, c.cfg.Heartbeat)
	}
	if err := CheckPrefix(c.cfg.Node); err != nil {
		return fmt.Errorf("%w: node name %q: letters, digits, '_' and '-', in parts joined by dots", ErrConfig, c.cfg.Node)
	}
	c.peer.inc = c.owner.Incarnation
	c.name.started = c.cfg.Now()
	c.name.host = processHost()
	c.name.stopped = make(chan struct{})
	me := nameProbe{Node: c.cfg.Node, Incarnation: c.owner.Incarnation, Host: c.name.host, StartedAt: c.name.started}
	ctx, cancel := context.WithTimeout(context.Background(), c.cfg.CallTimeout+10*time.Second)
	defer cancel()

	// 1. Does a live node answer for the name? (No responders is the
	// usual, immediate answer.)
	data, _ := json.Marshal(me)
	pctx, pcancel := context.WithTimeout(ctx, c.cfg.CallTimeout)
	answer, err := c.request(pctx, c.nameSubject(), data)
	pcancel()
	switch {
	case err == nil:
		var other nameProbe
		if jerr := json.Unmarshal(answer, &other); jerr == nil && other.Incarnation != c.owner.Incarnation {
			return &NameTakenError{Name: c.cfg.Node, Via: "NATS", Window: c.cfg.NameWindow, Now: c.name.started,
				Holder: lobby.NodeName{Name: other.Node, Incarnation: other.Incarnation, Host: other.Host, StartedAt: other.StartedAt}}
		}
	case errors.Is(err, nats.ErrNoResponders), errors.Is(err, context.DeadlineExceeded), errors.Is(err, nats.ErrTimeout):
	default:
		return fmt.Errorf("cluster: cannot ask NATS whether node %q runs: %w", c.cfg.Node, err)
	}

	// 2. Every live node must seal with this node's key: one with another
	// seal.key would take tables whose calls it cannot serve.
	live, err := c.cfg.Leases.LiveNodeNames(ctx, c.cfg.NameWindow, c.cfg.Now())
	if err != nil {
		return fmt.Errorf("cluster: cannot read the live nodes from the store: %w", err)
	}
	for _, n := range live {
		if n.Name != c.cfg.Node && n.KeyID != "" && n.KeyID != c.seal.keyID() {
			return &KeyMismatchError{Other: n, KeyID: c.seal.keyID()}
		}
	}

	// 3. Claim the name in the store: refused while another incarnation
	// heartbeated within the window (a live node NATS could not reach us
	// from, or one that died moments ago).
	holder, ok, err := c.cfg.Leases.ClaimNodeName(ctx, lobby.NodeName{Name: c.cfg.Node, Incarnation: c.owner.Incarnation,
		Host: c.name.host, KeyID: c.seal.keyID(), StartedAt: c.name.started}, c.cfg.NameWindow, c.cfg.Now())
	if err != nil {
		return fmt.Errorf("cluster: cannot claim node name %q in the store: %w", c.cfg.Node, err)
	}
	if !ok {
		return &NameTakenError{Name: c.cfg.Node, Holder: holder, Via: "the store", Window: c.cfg.NameWindow, Now: c.cfg.Now()}
	}

	// 4. Answer the next process that asks, then heartbeat.
	sub, err := c.conn.Subscribe(c.nameSubject(), c.opened("name", func(m *nats.Msg, _ string, data []byte) { c.onNameProbe(m, data, me) }))
	if err == nil {
		err = c.conn.Flush()
	}
	if err != nil {
		if sub != nil {
			_ = sub.Unsubscribe()
		}
		_ = c.cfg.Leases.ReleaseNodeName(context.WithoutCancel(ctx), c.cfg.Node, c.owner.Incarnation)
		return fmt.Errorf("cluster: subscribe %s: %w", c.nameSubject(), err)
	}
	c.name.sub = sub
	hctx, stop := context.WithCancel(context.Background())
	c.name.stop, c.name.done = stop, make(chan struct{})
	go c.heartbeatLoop(hctx)
	c.log.Info("cluster: node name claimed", "incarnation", c.owner.Incarnation, "heartbeat", c.cfg.Heartbeat, "window", c.cfg.NameWindow)
	return nil
}

// onNameProbe answers a starting process that asks for this node's name,
// and tells the operator.
func (c *Cluster) onNameProbe(m *nats.Msg, probe []byte, me nameProbe) {
	var other nameProbe
	if err := json.Unmarshal(probe, &other); err == nil && other.Incarnation != c.owner.Incarnation {
		c.log.Warn("cluster: another process tried to start under this node's name; it is refused",
			"other_host", other.Host, "other_incarnation", other.Incarnation)
	}
	data, _ := json.Marshal(me)
	if err := c.respond(m, data); err != nil {
		c.log.Warn("cluster: cannot answer a name probe", "err", err)
	}
}

// heartbeatLoop heartbeats the name every Heartbeat until stopHeartbeat.
func (c *Cluster) heartbeatLoop(ctx context.Context) {
	defer close(c.name.done)
	t := time.NewTicker(c.cfg.Heartbeat)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
		if c.heartbeat(ctx) {
			return
		}
	}
}

// heartbeat is one beat; it reports whether the node stopped (its name
// was taken).
func (c *Cluster) heartbeat(ctx context.Context) bool {
	defer c.recoverHandler("heartbeat", "")
	now := c.cfg.Now()
	holder, ok, err := c.cfg.Leases.HeartbeatNodeName(ctx, c.cfg.Node, c.owner.Incarnation, now)
	if err == nil && !ok && holder.Incarnation == "" {
		// The row is gone (deleted by hand): claim the name again.
		holder, ok, err = c.cfg.Leases.ClaimNodeName(ctx, lobby.NodeName{Name: c.cfg.Node, Incarnation: c.owner.Incarnation,
			Host: c.name.host, KeyID: c.seal.keyID(), StartedAt: c.name.started}, c.cfg.NameWindow, now)
	}
	if err != nil {
		if ctx.Err() == nil && !c.name.failing {
			c.log.Warn("cluster: cannot heartbeat this node's name; retrying", "err", err)
		}
		c.name.failing = ctx.Err() == nil
		return false
	}
	if c.name.failing {
		c.log.Info("cluster: node name heartbeat reaches the store again")
		c.name.failing = false
	}
	if ok {
		return false
	}
	c.nameLost(ctx, &NameTakenError{Name: c.cfg.Node, Holder: holder, Via: "the store", Window: c.cfg.NameWindow, Now: now})
	return true
}

// nameLost stops the node: another process has its name. Its tables
// become replicas and their leases (this incarnation's) are released, the
// loops end, nothing more is claimed, and Stopped tells the process to exit.
func (c *Cluster) nameLost(ctx context.Context, why *NameTakenError) {
	c.log.Error("cluster: another process took this node's name; this node gives up its tables and stops",
		"other_incarnation", why.Holder.Incarnation, "other_started", why.Holder.StartedAt.UTC().Format(time.RFC3339),
		"other_host", why.Holder.Host)
	c.mu.Lock()
	c.closed = true // Claim refuses from here on
	stop, node := c.stop, c.node
	c.mu.Unlock()
	if stop != nil {
		stop()
	}
	c.wg.Wait() // the lease loop adopts nothing more
	owned := map[int64]int64{}
	if node != nil {
		owned = node.Owned()
	}
	for id := range owned {
		c.lose(node, id, "another process took this node's name", true) // one line says so
		c.release(ctx, id)
	}
	for id := range c.servingSnapshot() {
		c.stopCalls(id)
		c.release(ctx, id)
	}
	c.name.stoppedOnce.Do(func() {
		c.name.stopErr = why
		close(c.name.stopped)
	})
}

// leaveName ends the heartbeat and stops answering for the name (Close,
// Handoff). release gives the name up in the store, at a clean stop, so
// that a new process may take it at once; without it (a crash, as Close
// plays one) the name is free once its window has passed.
func (c *Cluster) leaveName(ctx context.Context, release bool) {
	if c.name.stop == nil {
		return // New failed
	}
	c.name.stop()
	<-c.name.done
	if c.name.sub != nil {
		_ = c.name.sub.Unsubscribe()
	}
	if !release {
		return
	}
	if err := c.cfg.Leases.ReleaseNodeName(context.WithoutCancel(ctx), c.cfg.Node, c.owner.Incarnation); err != nil {
		c.log.Warn("cluster: cannot release the node name; a new process may take it once its window passed", "err", err, "window", c.cfg.NameWindow)
	}
}
