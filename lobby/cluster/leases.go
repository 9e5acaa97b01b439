package cluster

import (
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"time"
)

// leaseStep is one turn of the lease loop: renew, then adopt orphans.
func (c *Cluster) leaseStep(ctx context.Context) {
	if c.renew(ctx) {
		c.announceOwned() // outage.go
		c.adoptOrphans(ctx)
	}
}

// renew extends this node's leases and drops the tables whose lease it no
// longer has. It reports whether the leases are current (NATS and the
// store reached).
func (c *Cluster) renew(ctx context.Context) bool {
	c.mu.Lock()
	node := c.node
	c.mu.Unlock()
	// Both snapshots are taken before the store is asked: a table claimed
	// after them is in neither, so it cannot be mistaken for a lost one.
	owned := node.Owned()
	serving := c.servingSnapshot()
	now := c.cfg.Now()
	if !c.conn.IsConnected() {
		// The other nodes cannot forward calls here: let the leases run
		// out so that a node they can reach takes the tables.
		c.expire(now, owned, serving, "NATS is out of reach")
		return false
	}
	renewed, err := c.cfg.Leases.RenewLeases(ctx, c.owner, c.cfg.LeaseTTL, now)
	if err != nil {
		c.renewFailed(now, err)
		c.expire(now, owned, serving, "the store is out of reach")
		return false
	}
	c.mu.Lock()
	c.lastOK = now
	c.mu.Unlock()
	c.renewedAgain(now)
	for id, token := range owned {
		if t, ok := renewed[id]; !ok || t != token {
			c.lose(node, id, "lease not renewed", false)
		}
	}
	for id := range serving {
		if _, ok := renewed[id]; !ok {
			if _, ran := owned[id]; !ran {
				c.stopCalls(id) // claimed but never run here
			}
		}
	}
	for id := range c.unlisted {
		if _, ok := renewed[id]; !ok {
			delete(c.unlisted, id)
		}
	}
	for id, token := range renewed {
		if _, ok := owned[id]; ok {
			delete(c.unlisted, id)
			continue
		}
		if serving[id] {
			// A table this node ran that it no longer lists: finished or
			// abandoned, and the store renews its lease all the same. It
			// needs no owner any more. (One tick's grace: a table claimed
			// just before the snapshots may not be listed yet.)
			if c.unlisted[id]++; c.unlisted[id] >= 2 {
				delete(c.unlisted, id)
				c.stopCalls(id)
				c.release(ctx, id)
				c.leaseChanged(LeaseReleased)
			}
			continue
		}
		if c.claimedHere(id) {
			continue // claimed after the snapshots
		}
		// A lease of this process that it does not run: tables it gave up
		// while NATS was away and that nobody took meanwhile. Running them
		// is what the lease promises. (Another process of this node's name
		// has other leases: the store renews only this incarnation's.)
		c.adopt(ctx, node, id, token)
	}
	return true
}

// expire relinquishes every table once the last renewal is about to run
// out (one period before the lease does), so that this node has stopped
// by the time another may claim them.
func (c *Cluster) expire(now time.Time, owned map[int64]int64, serving map[int64]bool, why string) {
	c.mu.Lock()
	last := c.lastOK
	c.mu.Unlock()
	if now.Sub(last) < c.cfg.LeaseTTL-c.cfg.Period {
		return
	}
	c.mu.Lock()
	node := c.node
	c.mu.Unlock()
	for id := range owned {
		c.lose(node, id, why, true)
	}
	for id := range serving {
		c.stopCalls(id)
	}
	c.gaveUp(why, now.Sub(last), len(owned)) // one line for them all
}

// lose makes a table a replica here; quiet leaves the log line to the
// caller (one for many tables).
func (c *Cluster) lose(node Node, id int64, why string, quiet bool) {
	c.stopCalls(id)
	node.Relinquish(id)
	c.leaseChanged(LeaseLost)
	if quiet {
		c.log.Debug("cluster: lost a table", "table", id, "why", why)
		return
	}
	c.log.Warn("cluster: lost a table", "table", id, "why", why)
}

// adoptOrphans claims the tables nobody holds a live lease of and adopts
// them. It stops after one period's work so that renewals are never late;
// the rest waits for the next scan, which it asks for.
func (c *Cluster) adoptOrphans(ctx context.Context) {
	c.mu.Lock()
	node := c.node
	c.mu.Unlock()
	start := c.cfg.Now()
	ids, err := c.cfg.Leases.OrphanTables(ctx, start)
	if err != nil {
		c.log.Warn("cluster: cannot list orphan tables", "err", err)
		return
	}
	// Nodes scanning at once walk the list in different orders, so they
	// share the tables of a dead node instead of racing for the same ones.
	rand.Shuffle(len(ids), func(i, j int) { ids[i], ids[j] = ids[j], ids[i] })
	for _, id := range ids {
		if ctx.Err() != nil {
			return
		}
		now := c.cfg.Now()
		if now.Sub(start) >= c.cfg.Period {
			c.scanNow()
			return
		}
		token, ok, err := c.cfg.Leases.ClaimTable(ctx, id, c.owner, c.cfg.LeaseTTL, now)
		if err != nil {
			c.log.Warn("cluster: cannot claim an orphan table", "table", id, "err", err)
			continue
		}
		if ok {
			c.adopt(ctx, node, id, token)
		}
	}
}

// adopt runs a table whose lease this node holds; a table the node cannot
// adopt is released again for another node to try.
func (c *Cluster) adopt(ctx context.Context, node Node, id, token int64) {
	if err := node.Adopt(ctx, id, token); err != nil {
		c.log.Error("cluster: cannot adopt a table; releasing it", "table", id, "err", err)
		c.release(ctx, id)
		c.leaseChanged(LeaseRefused)
		return
	}
	if err := c.serveCalls(id); err != nil {
		c.log.Error("cluster: cannot serve an adopted table; releasing it", "table", id, "err", err)
		node.Relinquish(id)
		c.release(ctx, id)
		c.leaseChanged(LeaseRefused)
		return
	}
	c.leaseChanged(LeaseAdopted)
	c.log.Info("cluster: adopted a table", "table", id, "token", token)
}

func (c *Cluster) release(ctx context.Context, id int64) {
	if err := c.cfg.Leases.ReleaseTable(context.WithoutCancel(ctx), id, c.owner); err != nil {
		c.log.Warn("cluster: cannot release a lease; it runs out by itself", "table", id, "err", err)
	}
}

// servingSnapshot lists the tables whose calls this node takes.
func (c *Cluster) servingSnapshot() map[int64]bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	out := make(map[int64]bool, len(c.calls))
	for id := range c.calls {
		out[id] = true
	}
	return out
}

// claimedHere reports whether Claim holds or is getting the table's lease.
func (c *Cluster) claimedHere(id int64) bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	_, serving := c.calls[id]
	return serving || c.claiming[id] > 0
}

// Handoff hands every table this node owns to the others before a
// graceful exit: the loops stop, each table becomes a replica here and its
// lease is released, a notice makes the other nodes adopt them at once,
// and the NATS connection is drained. The Cluster is closed afterwards.
func (c *Cluster) Handoff(ctx context.Context) error {
	c.mu.Lock()
	if c.closed {
		c.mu.Unlock()
		return nil
	}
	c.closed = true
	stop, node := c.stop, c.node
	c.mu.Unlock()
	if stop != nil {
		stop()
	}
	c.wg.Wait() // nothing adopts from here on
	var tables []int64
	owned := map[int64]int64{}
	if node != nil {
		owned = node.Owned()
	}
	for id := range owned {
		tables = append(tables, id)
	}
	for id := range c.servingSnapshot() {
		if _, ok := owned[id]; !ok {
			tables = append(tables, id)
		}
	}
	for _, id := range tables {
		c.stopCalls(id)
		if _, ok := owned[id]; ok {
			node.Relinquish(id)
		}
		c.release(ctx, id)
		c.leaseChanged(LeaseReleased)
	}
	// This node's players reconnect to the others now: their sessions
	// here must not hold the slots of their keys there.
	c.sessionsGone()
	// The name is free once the tables are: a successor may start now.
	c.leaveName(ctx, true)
	data, err := json.Marshal(handoff{Node: c.cfg.Node, Incarnation: c.owner.Incarnation, Tables: tables})
	if err == nil {
		err = c.publish(c.subject("handoff"), data)
	}
	if err != nil {
		c.log.Warn("cluster: handoff notice not sent; the others adopt at their next scan", "err", err)
	}
	c.log.Info("cluster: handed the tables over", "tables", len(tables))
	c.mu.Lock()
	c.unsubscribeLocked()
	c.mu.Unlock()
	if err := c.conn.FlushWithContext(ctx); err != nil {
		c.log.Warn("cluster: NATS flush at handoff", "err", err)
	}
	if !c.ownConn {
		return nil
	}
	if err := c.conn.Drain(); err != nil {
		c.conn.Close()
		return fmt.Errorf("cluster: drain NATS: %w", err)
	}
	select {
	case <-c.connDone:
	case <-ctx.Done():
		c.conn.Close()
	}
	return nil
}
