package technopoly

import (
	"slices"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestTakeoverPctFollowsTheMechanisms: the mark-up that Validate works out
// once (Legal asks for it for every cell) is the takeover mechanism's, and
// a copy of the ruleset given other mechanisms has theirs, validated or not.
func TestTakeoverPctFollowsTheMechanisms(t *testing.T) {
	rs := newRules()
	require.Equal(t, int64(20), rs.TakeoverPct())
	require.Equal(t, int64(48000), rs.TakeoverPrice(39), "£40,000 plus 20%")

	bare := *rs
	bare.Mechanisms = nil
	require.Zero(t, bare.TakeoverPct(), "no takeovers")

	more := *rs
	more.Mechanisms = slices.Clone(rs.Mechanisms)
	for i, m := range more.Mechanisms {
		if _, ok := m.(takeovers); ok {
			more.Mechanisms[i] = takeovers{Pct: 30}
		}
	}
	require.Equal(t, int64(30), more.TakeoverPct())
	require.NoError(t, more.Validate())
	require.Equal(t, int64(30), more.TakeoverPct())
	require.Equal(t, int64(20), rs.TakeoverPct(), "the ruleset games use is unchanged")
}
