package cluster

import (
	"encoding/json"
	"maps"
	"sync"
	"time"

	"github.com/nats-io/nats.go"
)

// Sessions per key across the cluster. The SSH server limits the sessions
// one key holds at once; on a node of a cluster it counts those the key
// holds on the other nodes too (sshserver.ClusterSessions, which Cluster
// implements). Each node tells its counts on PREFIX.sessions:
//
//   - at once when a key's count changes (only that key), so that two nodes
//     can both admit a key's last slot only within the few milliseconds a
//     message takes;
//   - every PresenceEvery, every key it holds sessions of (in messages of
//     at most sessionsPerMessage keys), which repairs a lost change;
//   - at a graceful stop, that it holds none.
//
// A count that was not told again within PresenceTTL is forgotten: a node
// that died stops holding its keys' slots after that long.

// sessionsPerMessage bounds a message of the periodic counts (keys are
// about 50 bytes; NATS refuses messages over its max_payload, 1 MiB by
// default).
const sessionsPerMessage = 4000

// sessionCounts is a message on PREFIX.sessions.
type sessionCounts struct {
	Node        string `json:"node"`
	Incarnation string `json:"inc,omitempty"`
	// Counts are the node's sessions per key; 0 means none any more.
	Counts map[string]int `json:"counts,omitempty"`
	// Gone: the node stops and holds no session any more.
	Gone bool `json:"gone,omitempty"`
}

// keyCount is another node's count of a key, as told at.
type keyCount struct {
	n  int
	at time.Time
}

// keySessions is the node's own counts and those the others told.
type keySessions struct {
	mu     sync.Mutex
	local  map[string]int
	remote map[string]map[string]keyCount // node -> key -> count
	quiet  bool                           // handed off: tell nothing more
}

func newKeySessions() *keySessions {
	return &keySessions{local: map[string]int{}, remote: map[string]map[string]keyCount{}}
}

// SessionsElsewhere implements sshserver.ClusterSessions: how many
// sessions the key holds on the other nodes, as told within PresenceTTL.
func (c *Cluster) SessionsElsewhere(key string) int {
	now := c.cfg.Now()
	ks := c.sessions
	ks.mu.Lock()
	defer ks.mu.Unlock()
	n := 0
	for _, counts := range ks.remote {
		if kc, ok := counts[key]; ok && now.Sub(kc.at) <= c.cfg.PresenceTTL {
			n += kc.n
		}
	}
	return n
}

// SetSessions implements sshserver.ClusterSessions: this node now holds n
// sessions with the key; the other nodes are told at once. It never waits
// for the network (nats.go's Publish buffers).
func (c *Cluster) SetSessions(key string, n int) {
	ks := c.sessions
	ks.mu.Lock()
	defer ks.mu.Unlock()
	if n > 0 {
		ks.local[key] = n
	} else {
		delete(ks.local, key)
	}
	if !ks.quiet {
		// Under the lock: the changes of one key leave in the order they
		// were made, and NATS keeps one publisher's order.
		c.publishSessions(sessionCounts{Counts: map[string]int{key: max(n, 0)}})
	}
}

// tellSessions repeats every count of this node, and forgets the other
// nodes' counts that were not told again within PresenceTTL.
func (c *Cluster) tellSessions() {
	now := c.cfg.Now()
	ks := c.sessions
	ks.mu.Lock()
	defer ks.mu.Unlock()
	for node, counts := range ks.remote {
		maps.DeleteFunc(counts, func(_ string, kc keyCount) bool { return now.Sub(kc.at) > c.cfg.PresenceTTL })
		if len(counts) == 0 {
			delete(ks.remote, node)
		}
	}
	if ks.quiet || len(ks.local) == 0 {
		return
	}
	part := map[string]int{}
	for key, n := range ks.local {
		part[key] = n
		if len(part) == sessionsPerMessage {
			c.publishSessions(sessionCounts{Counts: part})
			part = map[string]int{}
		}
	}
	if len(part) > 0 {
		c.publishSessions(sessionCounts{Counts: part})
	}
}

// sessionsGone tells the other nodes, before a graceful stop, that this
// node holds no session any more: its players may open theirs on the
// others at once. Nothing is told afterwards.
func (c *Cluster) sessionsGone() {
	ks := c.sessions
	ks.mu.Lock()
	defer ks.mu.Unlock()
	if !ks.quiet {
		c.publishSessions(sessionCounts{Gone: true})
		ks.quiet = true
	}
}

// publishSessions sends m; the caller holds the sessions' lock.
func (c *Cluster) publishSessions(m sessionCounts) {
	m.Node, m.Incarnation = c.cfg.Node, c.owner.Incarnation
	data, err := json.Marshal(m)
	if err == nil {
		err = c.publish(c.subject("sessions"), data)
	}
	if err != nil {
		c.log.Debug("cluster: session counts not sent; the next period repeats them", "err", err)
	}
}

// onSessions records another node's counts.
func (c *Cluster) onSessions(m *nats.Msg, from string, data []byte) {
	var sc sessionCounts
	if err := json.Unmarshal(data, &sc); err != nil {
		c.log.Warn("cluster: unreadable session counts", "subject", m.Subject, "from", from, "err", err)
		return
	}
	if sc.Node = from; sc.Incarnation == c.owner.Incarnation {
		return // this process's own (not another process of its name)
	}
	proc := sc.Node + " " + sc.Incarnation // one process of the name
	now := c.cfg.Now()
	ks := c.sessions
	ks.mu.Lock()
	defer ks.mu.Unlock()
	if sc.Gone {
		delete(ks.remote, proc)
		return
	}
	counts := ks.remote[proc]
	if counts == nil {
		counts = map[string]keyCount{}
		ks.remote[proc] = counts
	}
	for key, n := range sc.Counts {
		if n <= 0 {
			delete(counts, key)
			continue
		}
		counts[key] = keyCount{n: n, at: now}
	}
}
