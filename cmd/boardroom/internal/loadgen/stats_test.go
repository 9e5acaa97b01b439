package loadgen

import (
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

func TestPercentile(t *testing.T) {
	hundred := make([]float64, 100)
	for i := range hundred {
		hundred[i] = float64(i + 1)
	}
	cases := []struct {
		vals []float64
		p    float64
		want float64
	}{
		{nil, 50, 0},
		{[]float64{7}, 50, 7},
		{[]float64{7}, 99, 7},
		{[]float64{1, 2}, 50, 1},
		{[]float64{1, 2}, 51, 2},
		{[]float64{1, 2, 3, 4}, 50, 2},
		{[]float64{1, 2, 3, 4}, 75, 3},
		{[]float64{1, 2, 3, 4}, 76, 4},
		{hundred, 50, 50},
		{hundred, 90, 90},
		{hundred, 99, 99},
		{hundred, 100, 100},
		{hundred, 0.1, 1},
	}
	for _, c := range cases {
		require.Equal(t, c.want, Percentile(c.vals, c.p), "p%g of %d values", c.p, len(c.vals))
	}
}

func TestSummarize(t *testing.T) {
	require.Equal(t, Dist{}, Summarize(nil))
	vals := []float64{5, 1, 4, 2, 3, 10, 9, 8, 7, 6}
	d := Summarize(vals)
	require.Equal(t, Dist{N: 10, Mean: 5.5, P50: 5, P90: 9, P99: 10, Max: 10}, d)
	require.Equal(t, 5.0, vals[0], "input not reordered")
	require.Equal(t, 1.5, ms(1500*time.Microsecond))
}
