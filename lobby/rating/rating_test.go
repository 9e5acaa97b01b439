package rating

import (
	"math"
	"testing"

	"github.com/stretchr/testify/require"
)

func defaults(n int) []Rating {
	out := make([]Rating, n)
	for i := range out {
		out[i] = Default()
	}
	return out
}

// The golden numbers come from Weng and Lin (2011), Algorithm 4, worked by
// hand in reference_test.go (TestGoldenNumbersFollowFromTheAlgorithm), not
// from the library under test.
func TestGoldenFourPlayersWithTie(t *testing.T) {
	got, err := Rate(defaults(4), []int{1, 2, 2, 4})
	require.NoError(t, err)
	require.InDelta(t, 27.7951, got[0].Mu, 0.00005)
	require.InDelta(t, 8.2632, got[0].Sigma, 0.00005)
	require.Equal(t, got[1], got[2], "tied players from equal ratings end equal")
	require.Less(t, got[1].Mu, got[0].Mu)
	require.Less(t, got[3].Mu, got[1].Mu)
	require.Less(t, got[3].Mu, DefaultMu)
}

func TestEveryoneTiedKeepsMu(t *testing.T) {
	got, err := Rate(defaults(3), []int{1, 1, 1})
	require.NoError(t, err)
	for _, r := range got {
		require.InDelta(t, DefaultMu, r.Mu, 1e-9)
		require.Less(t, r.Sigma, DefaultSigma, "a game played is information")
	}
}

func TestTiedPlayersOfDifferentStrength(t *testing.T) {
	strong, weak := Rating{Mu: 32, Sigma: 3}, Rating{Mu: 18, Sigma: 3}
	got, err := Rate([]Rating{strong, weak}, []int{1, 1})
	require.NoError(t, err)
	require.Less(t, got[0].Mu, strong.Mu, "a draw against a weaker player costs")
	require.Greater(t, got[1].Mu, weak.Mu, "a draw against a stronger player pays")
}

func TestUpsetMovesMoreThanExpectedWin(t *testing.T) {
	strong, weak := Rating{Mu: 30, Sigma: 4}, Rating{Mu: 20, Sigma: 4}
	expected, err := Rate([]Rating{strong, weak}, []int{1, 2})
	require.NoError(t, err)
	upset, err := Rate([]Rating{strong, weak}, []int{2, 1})
	require.NoError(t, err)
	require.Greater(t, upset[1].Mu-weak.Mu, expected[0].Mu-strong.Mu)
	require.Greater(t, expected[0].Mu, strong.Mu)
	require.Less(t, expected[1].Mu, weak.Mu)
}

func TestOrderOfInputsDoesNotMatter(t *testing.T) {
	players := []Rating{{25, 8.3}, {30, 4}, {22, 6}, {30, 4}, {27.5, 7}}
	places := []int{2, 1, 2, 5, 4}
	base, err := Rate(players, places)
	require.NoError(t, err)
	perms := [][]int{{4, 3, 2, 1, 0}, {1, 0, 3, 2, 4}, {2, 4, 0, 1, 3}, {3, 1, 4, 0, 2}}
	for _, perm := range perms {
		ps := make([]Rating, len(perm))
		pl := make([]int, len(perm))
		for k, i := range perm {
			ps[k], pl[k] = players[i], places[i]
		}
		got, err := Rate(ps, pl)
		require.NoError(t, err)
		for k, i := range perm {
			require.Equal(t, base[i], got[k], "perm %v position %d", perm, k)
		}
	}
	require.Equal(t, []Rating{{25, 8.3}, {30, 4}, {22, 6}, {30, 4}, {27.5, 7}}, players, "inputs untouched")
}

func TestRateRejectsBadInput(t *testing.T) {
	_, err := Rate(defaults(3), []int{1, 2})
	require.ErrorIs(t, err, ErrMismatch)
	_, err = Rate(defaults(2), []int{1, 2, 3})
	require.ErrorIs(t, err, ErrMismatch)
	_, err = Rate(defaults(1), []int{1})
	require.ErrorIs(t, err, ErrTooFew)
	_, err = Rate(nil, nil)
	require.ErrorIs(t, err, ErrTooFew)
	_, err = Rate(defaults(2), []int{0, 1})
	require.ErrorIs(t, err, ErrBadPlacement)
	_, err = Rate(defaults(2), []int{1, 3})
	require.ErrorIs(t, err, ErrBadPlacement)
	for _, bad := range []Rating{{math.NaN(), 1}, {25, 0}, {25, -1}, {math.Inf(1), 1}, {25, math.NaN()}} {
		_, err = Rate([]Rating{Default(), bad}, []int{1, 2})
		require.ErrorIs(t, err, ErrBadRating, "%+v", bad)
	}
}

func TestDisplayAndProvisional(t *testing.T) {
	require.Equal(t, 1000, Display(Default()))
	require.Equal(t, 2160, Display(Rating{Mu: 35, Sigma: 2}))
	require.Equal(t, 960, Display(Rating{Mu: 23, Sigma: 8}))
	require.Equal(t, 0, Display(Rating{Mu: -40, Sigma: 5}), "never negative")
	got, err := Rate(defaults(4), []int{1, 2, 2, 4})
	require.NoError(t, err)
	require.Equal(t, 1120, Display(got[0])) // 1000 + 40*(27.7951 - 3*8.2632) = 1120.2
	require.Greater(t, Display(got[0]), Display(got[1]))

	require.True(t, Provisional(Default()))
	require.True(t, Provisional(Rating{Mu: 25, Sigma: 7.01}))
	require.False(t, Provisional(Rating{Mu: 25, Sigma: 7}))
	require.False(t, Provisional(Rating{Mu: 25, Sigma: 3}))
}

func TestProvisionalEndsAfterAFewGames(t *testing.T) {
	rs := defaults(4)
	games := 0
	for Provisional(rs[0]) {
		require.Less(t, games, 30, "sigma should shrink as games are played")
		places := []int{1 + games%4, 1 + (games+1)%4, 1 + (games+2)%4, 1 + (games+3)%4}
		var err error
		rs, err = Rate(rs, places)
		require.NoError(t, err)
		games++
	}
	require.GreaterOrEqual(t, games, 5)
	require.LessOrEqual(t, games, 12)
}
