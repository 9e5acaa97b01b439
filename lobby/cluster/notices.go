package cluster

import (
	"context"
	"encoding/json"
	"strings"

	"github.com/nats-io/nats.go"

	"boardroom/internal/redact"
	"boardroom/lobby"
)

// Announce implements lobby.Cluster. It never waits for the network:
// nats.go's Publish only buffers (also while reconnecting, up to its
// reconnect buffer); a notice that cannot be sent is logged and dropped,
// and the receivers repair the gap from the store with the next one.
func (c *Cluster) Announce(n lobby.Notice) {
	n.Node, n.Incarnation = c.cfg.Node, c.owner.Incarnation
	data, err := json.Marshal(n)
	if err != nil {
		c.log.Error("cluster: cannot encode a notice", "kind", n.Kind, "table", n.TableID, "err", err)
		return
	}
	if err := c.publish(c.noticeSubject(n), data); err != nil {
		c.log.Warn("cluster: notice not sent", "kind", n.Kind, "table", n.TableID, "bytes", len(data), "err", err)
	}
}

// onNotice hands other nodes' notices to the node. nats.go calls it on one
// goroutine per subscription, so the table notices of one owner arrive in
// the order it sent them. The notice's node is the one that sealed it.
func (c *Cluster) onNotice(ctx context.Context) func(*nats.Msg, string, []byte) {
	return func(m *nats.Msg, from string, data []byte) {
		var n lobby.Notice
		if err := json.Unmarshal(data, &n); err != nil {
			c.log.Warn("cluster: unreadable notice", "subject", m.Subject, "from", from, "err", err)
			return
		}
		if n.Incarnation == c.owner.Incarnation {
			return // this process's own (not another process of its name)
		}
		n.Node = from
		c.mu.Lock()
		node := c.node
		c.mu.Unlock()
		node.Receive(ctx, n)
	}
}

// handoff is what a node leaving gracefully announces on PREFIX.handoff.
type handoff struct {
	Node        string  `json:"node"`
	Incarnation string  `json:"inc,omitempty"`
	Tables      []int64 `json:"tables"`
}

// onHandoff makes this node look for orphans now instead of at its next
// tick, so a rolling deploy moves tables within one scan.
func (c *Cluster) onHandoff(_ *nats.Msg, from string, data []byte) {
	var h handoff
	if err := json.Unmarshal(data, &h); err != nil || h.Incarnation == c.owner.Incarnation {
		return
	}
	c.log.Info("cluster: a node handed its tables over", "from", from, "tables", len(h.Tables))
	c.scanNow()
}

// presenceStep announces who watches which tables from this node.
func (c *Cluster) presenceStep(context.Context) {
	if !c.conn.IsConnected() {
		return
	}
	c.mu.Lock()
	node := c.node
	c.mu.Unlock()
	// Sent even when empty: the owners then forget this node's watchers
	// now rather than after lobby.PresenceTTL.
	c.Announce(lobby.Notice{Kind: lobby.NoticePresence, Presence: node.Presence()})
	c.tellSessions()
	c.flushRejects()
}

// recoverHandler keeps a panicking handler from ending the process.
func (c *Cluster) recoverHandler(what, subject string) {
	if r := recover(); r != nil {
		c.log.Error("cluster: panic in handler", "handler", what, "subject", subject, "panic", r)
	}
}

func splitURLs(urls string) []string {
	var out []string
	for _, u := range strings.Split(urls, ",") {
		if u = strings.TrimSpace(u); u != "" {
			out = append(out, u)
		}
	}
	return out
}

// redactURL hides a password or token in a URL (internal/redact).
func redactURL(s string) string { return redact.URL(s) }
