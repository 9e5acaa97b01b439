// Package rating keeps players' skill ratings: the Weng-Lin Bayesian rating
// with the Plackett-Luce model (OpenSkill), computed by
// github.com/intinig/go-openskill behind this package's small interface.
// Every seat of a game is a team of one; placements say who beat whom.
//
// A rating is a belief about skill: Mu is the estimate, Sigma the
// uncertainty. Players see one number, Display, which is the conservative
// estimate Mu - 3*Sigma put on a friendlier scale (see Display).
package rating

import (
	"errors"
	"fmt"
	"math"
	"sort"

	"github.com/intinig/go-openskill/models"
	"github.com/intinig/go-openskill/types"
)

// Model constants: a new player's rating and the Z of the conservative
// estimate Mu - Z*Sigma.
const (
	DefaultMu    = 25.0
	DefaultSigma = DefaultMu / 3
	Z            = 3
)

// Display scale: Display = DisplayBase + DisplayScale*(Mu - 3*Sigma),
// rounded and never below 0. A new player shows 1000; each point of
// conservative skill is worth 40, so an established strong player (Mu 35,
// Sigma 2) shows 2160.
const (
	DisplayBase  = 1000
	DisplayScale = 40
)

// ProvisionalSigma is the uncertainty above which a rating is provisional.
// From 25/3 ≈ 8.33 it takes about six two-player or nine four-player games
// to fall below it.
const ProvisionalSigma = 7.0

// Errors of Rate.
var (
	ErrMismatch     = errors.New("rating: ratings and placements differ in length")
	ErrTooFew       = errors.New("rating: a rated game needs at least two players")
	ErrBadPlacement = errors.New("rating: placement out of range")
	ErrBadRating    = errors.New("rating: rating is not finite or has no uncertainty")
)

// Rating is one player's rating.
type Rating struct {
	Mu    float64 `json:"mu"`
	Sigma float64 `json:"sigma"`
}

// Default is a new player's rating: Mu 25, Sigma 25/3.
func Default() Rating { return Rating{Mu: DefaultMu, Sigma: DefaultSigma} }

// Bot is the fixed rating of a game's bot: an anchor that is never updated.
// It is a newcomer's rating (Display 1000), so a human's game against bots
// moves them exactly as the same placings against newcomers would, and a
// bot's line always reads the same.
func Bot() Rating { return Default() }

// Ordinal is the conservative skill estimate Mu - 3*Sigma.
func (r Rating) Ordinal() float64 { return r.Mu - Z*r.Sigma }

// Display is the single number shown to players:
// DisplayBase + DisplayScale*(Mu - 3*Sigma), rounded, never below 0.
func Display(r Rating) int {
	d := math.Round(DisplayBase + DisplayScale*r.Ordinal())
	if d < 0 || math.IsNaN(d) {
		return 0
	}
	return int(d)
}

// Provisional reports whether the rating is still too uncertain to rank
// (Sigma above ProvisionalSigma).
func Provisional(r Rating) bool { return r.Sigma > ProvisionalSigma }

// Rate takes one team of one player per seat and their placements (1 =
// best, ties share, each between 1 and the number of players) and returns
// the new ratings in the same order. Only the placements matter, not the
// order in which the players are given: the players are put in a canonical
// order (by placement, then rating) before the model runs.
func Rate(ratings []Rating, placements []int) ([]Rating, error) {
	n := len(ratings)
	if n != len(placements) {
		return nil, fmt.Errorf("%w: %d ratings, %d placements", ErrMismatch, n, len(placements))
	}
	if n < 2 {
		return nil, fmt.Errorf("%w: got %d", ErrTooFew, n)
	}
	for i, p := range placements {
		if p < 1 || p > n {
			return nil, fmt.Errorf("%w: player %d placed %d of %d", ErrBadPlacement, i, p, n)
		}
		r := ratings[i]
		if math.IsNaN(r.Mu) || math.IsInf(r.Mu, 0) || !(r.Sigma > 0) || math.IsInf(r.Sigma, 0) {
			return nil, fmt.Errorf("%w: player %d has %+v", ErrBadRating, i, r)
		}
	}
	// The model expects teams sorted by rank; sort stably on every field so
	// that any permutation of the input gives the same order (players with
	// identical rating and placement are interchangeable).
	order := make([]int, n)
	for i := range order {
		order[i] = i
	}
	sort.SliceStable(order, func(a, b int) bool {
		x, y := order[a], order[b]
		if placements[x] != placements[y] {
			return placements[x] < placements[y]
		}
		if ratings[x].Mu != ratings[y].Mu {
			return ratings[x].Mu > ratings[y].Mu
		}
		return ratings[x].Sigma < ratings[y].Sigma
	})
	teams := make([]types.Team, n)
	ranks := make([]int, n)
	for k, i := range order {
		teams[k] = types.Team{{Mu: ratings[i].Mu, Sigma: ratings[i].Sigma, Z: Z}}
		ranks[k] = placements[i]
	}
	opts := &types.OpenSkillOptions{Rank: ranks}
	rated := models.NewPlackettLuce(opts).Rate(teams, opts)
	if len(rated) != n {
		return nil, fmt.Errorf("rating: model returned %d teams for %d", len(rated), n)
	}
	out := make([]Rating, n)
	for k, i := range order {
		if len(rated[k]) != 1 {
			return nil, fmt.Errorf("rating: model returned a team of %d", len(rated[k]))
		}
		out[i] = Rating{Mu: rated[k][0].Mu, Sigma: rated[k][0].Sigma}
	}
	return out, nil
}
