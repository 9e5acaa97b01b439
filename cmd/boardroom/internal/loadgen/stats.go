package loadgen

import (
	"math"
	"slices"
	"time"
)

// Dist summarises a set of samples: count, mean, nearest-rank percentiles
// and maximum. Durations are in milliseconds.
type Dist struct {
	N    int     `json:"n"`
	Mean float64 `json:"mean"`
	P50  float64 `json:"p50"`
	P90  float64 `json:"p90"`
	P99  float64 `json:"p99"`
	Max  float64 `json:"max"`
}

// Percentile returns the nearest-rank p-th percentile (0 < p <= 100) of
// sorted values: the smallest value with at least p% of the values at or
// below it. It returns 0 for no values.
func Percentile(sorted []float64, p float64) float64 {
	n := len(sorted)
	if n == 0 {
		return 0
	}
	rank := int(math.Ceil(p / 100 * float64(n)))
	rank = min(max(rank, 1), n)
	return sorted[rank-1]
}

// Summarize sorts a copy of values and summarises them.
func Summarize(values []float64) Dist {
	if len(values) == 0 {
		return Dist{}
	}
	s := slices.Clone(values)
	slices.Sort(s)
	sum := 0.0
	for _, v := range s {
		sum += v
	}
	return Dist{
		N:    len(s),
		Mean: round3(sum / float64(len(s))),
		P50:  round3(Percentile(s, 50)),
		P90:  round3(Percentile(s, 90)),
		P99:  round3(Percentile(s, 99)),
		Max:  round3(s[len(s)-1]),
	}
}

// ms converts a duration to milliseconds.
func ms(d time.Duration) float64 { return float64(d) / float64(time.Millisecond) }

func round3(v float64) float64 { return math.Round(v*1000) / 1000 }
