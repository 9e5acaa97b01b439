package tournament

import (
	"fmt"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

func TestPlacingPointsPerTableSize(t *testing.T) {
	for _, c := range []struct {
		seats, placing, tied int
		want                 string
	}{
		{4, 1, 1, "3"}, {4, 2, 1, "2"}, {4, 3, 1, "1"}, {4, 4, 1, "0"},
		{4, 1, 2, "2.5"}, // two tied first share 3 and 2
		{4, 3, 2, "0.5"}, // two tied third share 1 and 0
		{3, 1, 3, "1"},   // all three tied share 2, 1, 0
		{2, 1, 1, "1"}, {2, 2, 1, "0"}, {2, 1, 2, "0.5"},
		{7, 1, 1, "6"}, {7, 7, 1, "0"}, {7, 2, 3, "4"},
		{5, 1, 1, "4"}, {6, 1, 1, "5"}, {6, 6, 1, "0"},
		{4, 5, 1, "0"}, {4, 0, 1, "0"}, // no such place
	} {
		t.Run(fmt.Sprintf("%d_seats_place_%d_tied_%d", c.seats, c.placing, c.tied), func(t *testing.T) {
			require.Equal(t, c.want, PlacingPoints(c.seats, c.placing, c.tied).String())
		})
	}
}

// Whatever the ties, a table hands out the same total: k(k-1)/2 points.
func TestGamePointsTotalIsTheTableSizes(t *testing.T) {
	for k := MinTableSize; k <= MaxTableSize; k++ {
		for _, placings := range tiedPlacings(k) {
			g := Game{Finished: true}
			for i, p := range placings {
				g.Seats = append(g.Seats, Seat{Player: PlayerID(i + 1), Placing: p})
			}
			var sum Points
			for _, p := range GamePoints(g) {
				sum += p
			}
			require.Equal(t, Whole(k*(k-1)/2), sum, "k=%d placings %v", k, placings)
		}
	}
}

// tiedPlacings are a few competition rankings of k seats: all apart, the
// top two tied, the bottom two tied, everybody tied.
func tiedPlacings(k int) [][]int {
	apart, top, bottom, all := make([]int, k), make([]int, k), make([]int, k), make([]int, k)
	for i := 0; i < k; i++ {
		apart[i], top[i], bottom[i], all[i] = i+1, i+1, i+1, 1
	}
	top[1] = 1
	bottom[k-1] = k - 1
	return [][]int{apart, top, bottom, all}
}

func TestPointsString(t *testing.T) {
	require.Equal(t, "0", Points(0).String())
	require.Equal(t, "0.5", Points(1).String())
	require.Equal(t, "12", Whole(12).String())
	require.Equal(t, "7.5", Points(15).String())
}

func TestParseFormat(t *testing.T) {
	f, err := ParseFormat("swiss")
	require.NoError(t, err)
	require.Equal(t, Swiss, f)
	f, err = ParseFormat("arena")
	require.NoError(t, err)
	require.Equal(t, Arena, f)
	_, err = ParseFormat("knockout")
	require.Error(t, err)
}

func TestNextAtTodayOrTomorrow(t *testing.T) {
	now := time.Date(2026, 11, 29, 18, 0, 0, 0, time.UTC)
	at, err := NextAt(now, "19:30")
	require.NoError(t, err)
	require.Equal(t, time.Date(2026, 11, 29, 19, 30, 0, 0, time.UTC), at)
	at, err = NextAt(now, "08:05")
	require.NoError(t, err)
	require.Equal(t, time.Date(2026, 11, 30, 8, 5, 0, 0, time.UTC), at, "already past today")
	at, err = NextAt(now, "18:00")
	require.NoError(t, err)
	require.Equal(t, now.AddDate(0, 0, 1), at, "now is not ahead")
	_, err = NextAt(now, "7pm")
	require.Error(t, err)
}
