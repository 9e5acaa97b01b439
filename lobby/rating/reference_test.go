package rating

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"
)

// referencePL is an independent transcription of the Plackett-Luce update
// of Weng and Lin, "A Bayesian Approximation Method for Online Ranking",
// Journal of Machine Learning Research 12 (2011) 267-300, Algorithm 4, for
// teams of one player, with OpenSkill's defaults: beta = sigma0/2 =
// 25/6, kappa = 0.0001, gamma_i = sigma_i / c, and OpenSkill's tie rule
// (each sum over the players ranked at or after q is shared by the A_q
// players tied at q's rank). It exists so that the golden numbers below do
// not rest on the library the package wraps.
func referencePL(rs []Rating, ranks []int) []Rating {
	const beta = DefaultSigma / 2
	const kappa = 0.0001
	n := len(rs)
	var c2 float64
	for _, r := range rs {
		c2 += r.Sigma*r.Sigma + beta*beta
	}
	c := math.Sqrt(c2)
	sumQ := make([]float64, n) // sum over i with rank_i >= rank_q of exp(mu_i/c)
	tied := make([]float64, n) // A_q: players sharing q's rank
	for q := range rs {
		for i := range rs {
			if ranks[i] >= ranks[q] {
				sumQ[q] += math.Exp(rs[i].Mu / c)
			}
			if ranks[i] == ranks[q] {
				tied[q]++
			}
		}
	}
	out := make([]Rating, n)
	for i, r := range rs {
		var omega, delta float64
		e := math.Exp(r.Mu / c)
		for q := range rs {
			if ranks[q] > ranks[i] {
				continue
			}
			p := e / sumQ[q]
			if q == i {
				omega += (1 - p) / tied[q]
			} else {
				omega -= p / tied[q]
			}
			delta += p * (1 - p) / tied[q]
		}
		s2 := r.Sigma * r.Sigma
		gamma := r.Sigma / c
		omega *= s2 / c
		delta *= gamma * s2 / c2
		out[i] = Rating{Mu: r.Mu + omega, Sigma: r.Sigma * math.Sqrt(math.Max(1-delta, kappa))}
	}
	return out
}

// The golden numbers of TestGoldenFourPlayersWithTie, worked by hand from
// Algorithm 4: four new players, c^2 = 4*(sigma^2 + beta^2) = 347.22, c =
// 18.634; the winner's only term is q = itself with p = 1/4, so omega =
// 3/4 * sigma^2/c = 2.7951 and delta = 3/16 * (sigma/c) * sigma^2/c^2 =
// 0.016771: Mu 25 + 2.7951 = 27.7951, Sigma 8.3333 * sqrt(1 - 0.016771) =
// 8.2632.
func TestGoldenNumbersFollowFromTheAlgorithm(t *testing.T) {
	ref := referencePL(defaults(4), []int{1, 2, 2, 4})
	require.InDelta(t, 27.7951, ref[0].Mu, 0.00005)
	require.InDelta(t, 8.2632, ref[0].Sigma, 0.00005)
	c2 := 4 * (DefaultSigma*DefaultSigma + DefaultSigma*DefaultSigma/4)
	require.InDelta(t, DefaultMu+0.75*DefaultSigma*DefaultSigma/math.Sqrt(c2), ref[0].Mu, 1e-12)
}

// Rate agrees with the independent transcription on random games: players
// of different strengths and uncertainties, ties included.
func TestRateMatchesTheReferenceAlgorithm(t *testing.T) {
	seed := uint64(20261124)
	r := rand.New(rand.NewPCG(seed, 1))
	for game := 0; game < 200; game++ {
		n := 2 + r.IntN(5)
		rs := make([]Rating, n)
		ranks := make([]int, n)
		for i := range rs {
			rs[i] = Rating{Mu: 10 + 30*r.Float64(), Sigma: 1 + 7*r.Float64()}
			ranks[i] = 1 + r.IntN(n)
		}
		// Placements as Rate takes them: a tie shares the best place.
		for i := range ranks {
			p := 1
			for j := range ranks {
				if ranks[j] < ranks[i] {
					p++
				}
			}
			ranks[i] = p
		}
		got, err := Rate(rs, ranks)
		require.NoError(t, err, "seed %d game %d", seed, game)
		want := referencePL(rs, ranks)
		for i := range got {
			require.InDelta(t, want[i].Mu, got[i].Mu, 1e-9, "seed %d game %d player %d", seed, game, i)
			require.InDelta(t, want[i].Sigma, got[i].Sigma, 1e-9, "seed %d game %d player %d", seed, game, i)
		}
	}
}
