package technopoly

import (
	"slices"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestTakeoverPctFollowsTheMechanisms: the mark-up and prices that
// Validate works out once (Legal asks for them for every cell) are the
// takeover mechanism's, and a copy of the ruleset given other mechanisms
// or another money step has its own, validated or not.
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
	require.Equal(t, int64(52000), more.TakeoverPrice(39), "£40,000 plus 30%")

	stepped := *rs
	stepped.Money.Step = 7000
	require.Equal(t, int64(54000), stepped.TakeoverPrice(39), "20% of £40,000 rounded up to two steps of £7,000")
	require.Equal(t, int64(48000), rs.TakeoverPrice(39))
}
