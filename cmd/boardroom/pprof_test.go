package main

import (
	"net/http/httptest"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestGCMetricsAnswersEverySample: /debug/gc gives each of its runtime
// figures as "name value", with the goroutines counted (at least this one).
func TestGCMetricsAnswersEverySample(t *testing.T) {
	rec := httptest.NewRecorder()
	gcMetrics(rec, httptest.NewRequest("GET", "/debug/gc", nil))
	got := map[string]uint64{}
	for _, line := range strings.Split(strings.TrimSpace(rec.Body.String()), "\n") {
		name, val, ok := strings.Cut(line, " ")
		require.True(t, ok, line)
		n, err := strconv.ParseUint(val, 10, 64)
		require.NoError(t, err, line)
		got[name] = n
	}
	for _, name := range gcSamples {
		require.Contains(t, got, name)
	}
	require.Positive(t, got["/sched/goroutines:goroutines"])
	require.Positive(t, got["/memory/classes/total:bytes"])
}
