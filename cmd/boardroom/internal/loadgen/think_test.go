package loadgen

import (
	"math/rand/v2"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

func TestParseThink(t *testing.T) {
	for _, tc := range []struct {
		in       string
		min, max time.Duration
		str      string
	}{
		{"2s-6s", 2 * time.Second, 6 * time.Second, "2s-6s"},
		{" 500ms - 1.5s ", 500 * time.Millisecond, 1500 * time.Millisecond, "500ms-1.5s"},
		{"3s", 3 * time.Second, 3 * time.Second, "3s"},
		{"0", 0, 0, "0"},
		{"0-2s", 0, 2 * time.Second, "0s-2s"},
		{"0s", 0, 0, "0"},
	} {
		got, err := ParseThink(tc.in)
		require.NoError(t, err, tc.in)
		require.Equal(t, Think{tc.min, tc.max}, got, tc.in)
		require.Equal(t, tc.str, got.String(), tc.in)
		again, err := ParseThink(got.String())
		require.NoError(t, err)
		require.Equal(t, got, again, "String is what ParseThink reads")
	}
	for _, bad := range []string{"", "6s-2s", "two", "2s-", "-2s", "1s-11m", "2-6", "1s-2s-3s"} {
		_, err := ParseThink(bad)
		var ce *ConfigError
		require.ErrorAs(t, err, &ce, "%q", bad)
		require.Equal(t, "think", ce.Field)
	}
}

func TestThinkDrawIsUniformInRange(t *testing.T) {
	th := Think{2 * time.Second, 6 * time.Second}
	rng := rand.New(rand.NewPCG(1, 2))
	var buckets [4]int
	const n = 4000
	for range n {
		d := th.Draw(rng)
		require.GreaterOrEqual(t, d, th.Min)
		require.LessOrEqual(t, d, th.Max)
		buckets[min(3, int((d-th.Min)/time.Second))]++
	}
	for i, b := range buckets { // each second of the range gets about a quarter
		require.InDelta(t, n/4, b, n/20, "bucket %d: %v", i, buckets)
	}
	require.Equal(t, 3*time.Second, Think{3 * time.Second, 3 * time.Second}.Draw(rng))
	require.Zero(t, Think{}.Draw(rng))
	require.Equal(t, 4*time.Second, th.Mean())
}

func TestParseFlagsThink(t *testing.T) {
	cfg, _, _, err := ParseFlags([]string{"--play", "unipoly", "127.0.0.1:2222"}, discard{})
	require.NoError(t, err)
	require.Equal(t, DefaultThink, cfg.Think, "a sensible default")
	cfg, _, _, err = ParseFlags([]string{"--play", "billionaire", "--think", "1s-3s", "--seed", "7", "127.0.0.1:2222"}, discard{})
	require.NoError(t, err)
	require.Equal(t, Think{time.Second, 3 * time.Second}, cfg.Think)
	require.Equal(t, uint64(7), cfg.Seed)
	_, _, _, err = ParseFlags([]string{"--play", "unipoly", "--think", "5s-1s"}, discard{})
	var ce *ConfigError
	require.ErrorAs(t, err, &ce)
	_, _, _, err = ParseFlags([]string{"--play", "chess"}, discard{})
	require.ErrorAs(t, err, &ce)
	require.Contains(t, err.Error(), "no play policy")
}

type discard struct{}

func (discard) Write(p []byte) (int, error) { return len(p), nil }

// TestParseFlagsSelfGOGC: the load tool's own collection target is 400
// unless asked otherwise (-1 leaves the runtime's).
func TestParseFlagsSelfGOGC(t *testing.T) {
	cfg, _, _, err := ParseFlags([]string{"--play", "unipoly", "127.0.0.1:2222"}, discard{})
	require.NoError(t, err)
	require.Equal(t, 400, cfg.SelfGOGC)
	cfg, _, _, err = ParseFlags([]string{"--play", "unipoly", "--self-gogc", "-1", "127.0.0.1:2222"}, discard{})
	require.NoError(t, err)
	require.Equal(t, -1, cfg.SelfGOGC)
}
