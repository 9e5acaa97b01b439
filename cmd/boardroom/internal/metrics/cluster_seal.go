package metrics

import (
	"github.com/prometheus/client_golang/prometheus"

	"boardroom/lobby/cluster"
)

var _ cluster.SealObserver = (*Cluster)(nil)

// registerRejected adds boardroom_cluster_messages_rejected_total, every
// reason at zero, so that an alert can watch it from the start.
func (c *Cluster) registerRejected(m *Metrics) {
	c.rejected = prometheus.NewCounterVec(prometheus.CounterOpts{Name: "boardroom_cluster_messages_rejected_total",
		Help: "Messages from NATS this node dropped because they did not open, by reason: unsealed (an older node, or " +
			"someone else on the cluster's subjects), other_key (a node with another seal.key), forged (changed or made up), " +
			"stale (older than the window: a replay, or clocks apart), replayed (a copy)."},
		[]string{"reason"})
	m.reg.MustRegister(c.rejected)
	for _, r := range cluster.RejectReasons() {
		c.rejected.WithLabelValues(r)
	}
}

// MessageRejected implements cluster.SealObserver.
func (c *Cluster) MessageRejected(reason string) { c.rejected.WithLabelValues(reason).Inc() }
