package cluster

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/nats-io/nats.go"

	"boardroom/lobby"
)

// Claim implements lobby.Cluster: a table this node just made is leased
// to it, and its calls come here.
func (c *Cluster) Claim(ctx context.Context, tableID int64) (int64, error) {
	c.mu.Lock()
	if c.closed {
		c.mu.Unlock()
		return 0, fmt.Errorf("cluster: claim table %d: %w", tableID, lobby.ErrNoOwner)
	}
	// The lease loop leaves a table alone while it is being claimed, so it
	// neither adopts it nor drops the subscription made below.
	c.claiming[tableID]++
	c.mu.Unlock()
	defer func() {
		c.mu.Lock()
		if c.claiming[tableID]--; c.claiming[tableID] <= 0 {
			delete(c.claiming, tableID)
		}
		c.mu.Unlock()
	}()
	token, ok, err := c.cfg.Leases.ClaimTable(ctx, tableID, c.owner, c.cfg.LeaseTTL, c.cfg.Now())
	if err != nil {
		return 0, fmt.Errorf("cluster: claim table %d: %w", tableID, err)
	}
	if !ok {
		return 0, fmt.Errorf("cluster: claim table %d: %w", tableID, lobby.ErrFenced)
	}
	if err := c.serveCalls(tableID); err != nil {
		_ = c.cfg.Leases.ReleaseTable(context.WithoutCancel(ctx), tableID, c.owner)
		return 0, err
	}
	c.leaseChanged(LeaseClaimed)
	c.log.Debug("cluster: claimed", "table", tableID, "token", token)
	return token, nil
}

// serveCalls subscribes to the table's call subject (once), and waits
// until the server has the subscription: a call made after the table was
// announced must find its owner.
func (c *Cluster) serveCalls(tableID int64) error {
	if err := c.subscribeCalls(tableID); err != nil {
		return err
	}
	if err := c.conn.FlushTimeout(c.cfg.CallTimeout); err != nil {
		// Subscriptions are sent again on reconnect; until then nobody
		// can call anyway.
		c.log.Warn("cluster: NATS flush after subscribing", "table", tableID, "err", err)
	}
	return nil
}

func (c *Cluster) subscribeCalls(tableID int64) error {
	c.mu.Lock()
	defer c.mu.Unlock()
	if _, ok := c.calls[tableID]; ok {
		return nil
	}
	if c.closed {
		return fmt.Errorf("cluster: serve table %d: %w", tableID, nats.ErrConnectionClosed)
	}
	sub, err := c.conn.Subscribe(c.callSubject(tableID), c.opened("call", c.onCall))
	if err != nil {
		return fmt.Errorf("cluster: serve table %d: %w", tableID, err)
	}
	c.calls[tableID] = sub
	c.reportOwnedLocked()
	return nil
}

// stopCalls unsubscribes the table's call subject: calls then get
// nats.ErrNoResponders at once, and the caller retries on the next owner.
func (c *Cluster) stopCalls(tableID int64) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if sub, ok := c.calls[tableID]; ok {
		_ = sub.Unsubscribe()
		delete(c.calls, tableID)
		c.reportOwnedLocked()
	}
}

func (c *Cluster) reportOwnedLocked() {
	if c.obs != nil {
		c.obs.TablesOwned(len(c.calls))
	}
}

func (c *Cluster) leaseChanged(reason string) {
	if c.obs != nil {
		c.obs.LeaseChanged(reason)
	}
}

// onCall runs a forwarded call on the node and answers it. nats.go calls
// it on the subscription's own goroutine: the calls of one table are
// served one at a time, those of different tables in parallel. Only a call
// that opened gets here (opened).
func (c *Cluster) onCall(m *nats.Msg, from string, data []byte) {
	var res lobby.CallResult
	var call lobby.TableCall
	if err := json.Unmarshal(data, &call); err != nil {
		c.log.Warn("cluster: unreadable call", "subject", m.Subject, "from", from, "err", err)
		res = lobby.CallResult{Err: "other", Msg: "The server could not read that request; please try again."}
	} else {
		c.mu.Lock()
		node, ctx := c.node, c.ctx
		c.mu.Unlock()
		if node == nil {
			res = lobby.CallResult{Err: "other", Msg: lobby.ErrNoOwner.Error()}
		} else {
			res = node.Serve(ctx, call)
		}
	}
	data, err := json.Marshal(res)
	if err != nil {
		c.log.Error("cluster: cannot encode an answer", "subject", m.Subject, "err", err)
		return
	}
	if err := c.respond(m, data); err != nil {
		c.log.Warn("cluster: answer not sent", "subject", m.Subject, "err", err)
	}
}

// Call implements lobby.Cluster: it asks the table's owner and waits for
// its answer, at most CallTimeout. No owner (nobody subscribed, or no
// answer in time) is lobby.ErrNoOwner; the lobby retries.
func (c *Cluster) Call(ctx context.Context, call lobby.TableCall) (lobby.CallResult, error) {
	data, err := json.Marshal(call)
	if err != nil {
		return lobby.CallResult{}, fmt.Errorf("cluster: encode call: %w", err)
	}
	rctx, cancel := context.WithTimeout(ctx, c.cfg.CallTimeout)
	defer cancel()
	start := c.cfg.Now()
	answer, err := c.request(rctx, c.callSubject(call.TableID), data)
	took := c.cfg.Now().Sub(start)
	if err != nil {
		if ctx.Err() != nil {
			return lobby.CallResult{}, ctx.Err()
		}
		if c.obs != nil {
			c.obs.CallRoundTrip(took, false)
		}
		// No responders, a timeout and a connection that is down all mean
		// the same to a player: the table is between owners. The player
		// reads that sentence only; the cause stays in the chain.
		return lobby.CallResult{}, noOwner(call, err)
	}
	if c.obs != nil {
		c.obs.CallRoundTrip(took, true)
	}
	var res lobby.CallResult
	if err := json.Unmarshal(answer, &res); err != nil {
		return lobby.CallResult{}, fmt.Errorf("cluster: unreadable answer to %s on table %d: %w", call.Method, call.TableID, err)
	}
	return res, nil
}

// noOwner is lobby.ErrNoOwner for a call no owner answered: its sentence
// is the player's, without the table, the method or NATS's words, which
// stay in the chain for errors.Is and a debugger.
func noOwner(call lobby.TableCall, cause error) error {
	return &lobby.Error{Msg: lobby.ErrNoOwner.Error(), Err: fmt.Errorf("%w (table %d, %s: %w)", lobby.ErrNoOwner, call.TableID, call.Method, cause)}
}
