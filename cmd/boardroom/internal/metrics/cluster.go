package metrics

import (
	"time"

	"github.com/prometheus/client_golang/prometheus"

	"boardroom/lobby/cluster"
)

// callBuckets: a call between nodes on one network takes a millisecond or
// so; a table between owners answers after the call timeout (seconds).
var callBuckets = []float64{.0001, .00025, .0005, .001, .0025, .005, .01, .025, .05, .1, .25, .5, 1, 2.5, 5}

// Results of boardroom_cluster_call_seconds.
const (
	callAnswered = "answered"
	callNoOwner  = "no_owner"
)

// Cluster holds the series of a node of a cluster; it implements
// cluster.Observer. Only a clustered server registers them, so that one
// node's scrape shows no cluster series at zero.
type Cluster struct {
	owned    prometheus.Gauge
	changes  *prometheus.CounterVec
	calls    *prometheus.HistogramVec
	rejected *prometheus.CounterVec // cluster_seal.go
}

var _ cluster.Observer = (*Cluster)(nil)

// Cluster registers the cluster series on m's registry; call it once.
func (m *Metrics) Cluster() *Cluster {
	c := &Cluster{
		owned: prometheus.NewGauge(prometheus.GaugeOpts{Name: "boardroom_cluster_tables_owned",
			Help: "Forming and playing tables this node owns (holds the lease of) now."}),
		changes: prometheus.NewCounterVec(prometheus.CounterOpts{Name: "boardroom_cluster_lease_changes_total",
			Help: "Table leases this node won or lost, by reason: claimed (a table made here), adopted (an orphan taken), " +
				"lost (not renewed), released (handed over at shutdown, or the game ended), refused (won but could not be adopted)."},
			[]string{"reason"}),
		calls: prometheus.NewHistogramVec(prometheus.HistogramOpts{Name: "boardroom_cluster_call_seconds",
			Help:    "Round trip of a table call forwarded over NATS to the table's owner, by result (answered, no_owner).",
			Buckets: callBuckets}, []string{"result"}),
	}
	m.reg.MustRegister(c.owned, c.changes, c.calls)
	for _, r := range cluster.LeaseReasons() {
		c.changes.WithLabelValues(r)
	}
	c.registerRejected(m)
	return c
}

// TablesOwned implements cluster.Observer.
func (c *Cluster) TablesOwned(n int) { c.owned.Set(float64(n)) }

// LeaseChanged implements cluster.Observer.
func (c *Cluster) LeaseChanged(reason string) { c.changes.WithLabelValues(reason).Inc() }

// CallRoundTrip implements cluster.Observer.
func (c *Cluster) CallRoundTrip(took time.Duration, answered bool) {
	r := callAnswered
	if !answered {
		r = callNoOwner
	}
	c.calls.WithLabelValues(r).Observe(took.Seconds())
}
