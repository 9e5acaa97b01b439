package cluster

import (
	"slices"
	"sync"
	"time"

	"github.com/nats-io/nats.go"

	"boardroom/lobby"
)

// What the node tells the others and its log about its hold on the
// tables: after every renewal, the tables it owns (so that their replicas
// know the owner is alive, lobby/failover.go); in the log, one line per
// real event. A NATS disconnect that is followed by a reconnect is one
// line, when it is back (with how long it took); the leases are given up
// only when NATS or the store stayed out of reach for LeaseTTL - Period,
// and that is one more line, whatever the number of tables.

// outage is the node's current stretch without NATS or without renewals.
type outage struct {
	mu       sync.Mutex
	natsDown time.Time // when NATS went away; zero while connected
	natsErr  error     // why
	failing  time.Time // the first failed renewal of the stretch; zero while renewing
	gaveUp   bool      // the stretch made the node give its tables up (logged once)
}

// announceOwned tells the other nodes which tables this node owns (it
// just renewed their leases).
func (c *Cluster) announceOwned() {
	c.mu.Lock()
	node := c.node
	c.mu.Unlock()
	if node == nil {
		return
	}
	owned := node.Owned()
	if len(owned) == 0 {
		return
	}
	ids := make([]int64, 0, len(owned))
	for id := range owned {
		ids = append(ids, id)
	}
	slices.Sort(ids)
	c.Announce(lobby.Notice{Kind: lobby.NoticeOwner, Owned: ids})
}

// natsLost is nats.go's disconnect handler: it only notes the time, since
// a reconnect usually follows within milliseconds (natsBack logs both).
func (c *Cluster) natsLost(err error) {
	if err == nil {
		return // closed or drained on purpose
	}
	c.out.mu.Lock()
	defer c.out.mu.Unlock()
	if c.out.natsDown.IsZero() {
		c.out.natsDown, c.out.natsErr = c.cfg.Now(), err
	}
	c.log.Debug("cluster: NATS connection lost; reconnecting", "err", err)
}

// natsBack is nats.go's reconnect handler: one line for the whole outage,
// then a scan for the tables that went ownerless meanwhile.
func (c *Cluster) natsBack(nc *nats.Conn) {
	c.out.mu.Lock()
	down, why := c.out.natsDown, c.out.natsErr
	c.out.natsDown, c.out.natsErr = time.Time{}, nil
	c.out.mu.Unlock()
	args := []any{"server", nc.ConnectedUrlRedacted()}
	if !down.IsZero() {
		args = append(args, "after", c.cfg.Now().Sub(down).Round(time.Millisecond), "err", why)
	}
	c.log.Info("cluster: NATS connection lost and back", args...)
	c.scanNow()
}

// renewFailed notes a renewal the store refused: the first of a stretch is
// logged, the others are not.
func (c *Cluster) renewFailed(now time.Time, err error) {
	c.out.mu.Lock()
	first := c.out.failing.IsZero()
	if first {
		c.out.failing = now
	}
	c.out.mu.Unlock()
	if first {
		c.log.Warn("cluster: cannot renew the leases; retrying every period", "err", err)
	} else {
		c.log.Debug("cluster: cannot renew the leases", "err", err)
	}
}

// renewedAgain notes a renewal that worked; after a stretch without, it
// says so once.
func (c *Cluster) renewedAgain(now time.Time) {
	c.out.mu.Lock()
	failing, gaveUp := c.out.failing, c.out.gaveUp
	c.out.failing, c.out.gaveUp = time.Time{}, false
	c.out.mu.Unlock()
	if !failing.IsZero() || gaveUp {
		args := []any{"gave_up_tables", gaveUp}
		if !failing.IsZero() {
			args = append(args, "after", now.Sub(failing).Round(time.Millisecond))
		}
		c.log.Info("cluster: leases renewed again", args...)
	}
}

// gaveUp logs, once a stretch, that the node gave its tables up.
func (c *Cluster) gaveUp(why string, since time.Duration, tables int) {
	c.out.mu.Lock()
	logged := c.out.gaveUp
	c.out.gaveUp = true
	c.out.mu.Unlock()
	switch {
	case tables > 0:
		c.log.Warn("cluster: this node gives up its tables for the other nodes to take", "why", why,
			"for", since.Round(time.Millisecond), "tables", tables)
	case !logged:
		c.log.Warn("cluster: this node can take no table until it renews its leases again", "why", why,
			"for", since.Round(time.Millisecond))
	}
}
