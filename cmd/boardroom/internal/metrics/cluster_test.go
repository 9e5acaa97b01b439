package metrics

import (
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"boardroom/lobby/cluster"
)

func TestClusterSeriesShowOnlyWhenClustered(t *testing.T) {
	m := New([]string{"unipoly"})
	got := scrape(t, m)
	require.NotContains(t, got, "boardroom_cluster_tables_owned", "a single node shows no cluster series")

	c := m.Cluster()
	got = scrape(t, m)
	for _, r := range cluster.LeaseReasons() {
		require.Contains(t, got, `boardroom_cluster_lease_changes_total{reason="`+r+`"}`)
	}
	c.TablesOwned(3)
	c.LeaseChanged(cluster.LeaseAdopted)
	c.LeaseChanged(cluster.LeaseAdopted)
	c.LeaseChanged(cluster.LeaseLost)
	c.CallRoundTrip(2*time.Millisecond, true)
	c.CallRoundTrip(3*time.Second, false)
	got = scrape(t, m)
	require.Equal(t, 3.0, got["boardroom_cluster_tables_owned"])
	require.Equal(t, 2.0, got[`boardroom_cluster_lease_changes_total{reason="adopted"}`])
	require.Equal(t, 1.0, got[`boardroom_cluster_lease_changes_total{reason="lost"}`])
	require.Equal(t, 0.0, got[`boardroom_cluster_lease_changes_total{reason="released"}`])
	require.Equal(t, 1.0, got[`boardroom_cluster_call_seconds_count{result="answered"}`])
	require.Equal(t, 1.0, got[`boardroom_cluster_call_seconds_bucket{result="answered",le="0.0025"}`])
	require.Equal(t, 0.0, got[`boardroom_cluster_call_seconds_bucket{result="answered",le="0.001"}`])
	require.Equal(t, 1.0, got[`boardroom_cluster_call_seconds_count{result="no_owner"}`])
	require.InDelta(t, 3.0, got[`boardroom_cluster_call_seconds_sum{result="no_owner"}`], 1e-9)
}

// Every reason of a dropped message is a series from the start, and
// counts.
func TestClusterMessagesRejectedAreCounted(t *testing.T) {
	m := New([]string{"unipoly"})
	c := m.Cluster()
	got := scrape(t, m)
	for _, r := range cluster.RejectReasons() {
		v, ok := got[`boardroom_cluster_messages_rejected_total{reason="`+r+`"}`]
		require.True(t, ok, r)
		require.Zero(t, v, r)
	}
	c.MessageRejected(cluster.RejectForged)
	c.MessageRejected(cluster.RejectForged)
	c.MessageRejected(cluster.RejectOtherKey)
	got = scrape(t, m)
	require.Equal(t, 2.0, got[`boardroom_cluster_messages_rejected_total{reason="forged"}`])
	require.Equal(t, 1.0, got[`boardroom_cluster_messages_rejected_total{reason="other_key"}`])
	require.Zero(t, got[`boardroom_cluster_messages_rejected_total{reason="replayed"}`])
}
