package billionaire

import (
	"flag"
	"strings"
	"sync"
	"testing"

	"boardroom/engine"
	"boardroom/engine/sim"

	"github.com/stretchr/testify/require"
)

// The €1 billion calibration of G003-03 ("the instant win happened in
// about 9-16% of games"), measured with any bot levels:
//
//	go test ./engine/billionaire -run TestInstantWinCalibration -calibrate 300 \
//	    -calibrate-levels strong,strong,strong,strong [-calibrate-option revenue=125]
var (
	calibrateGames   = flag.Int("calibrate", 0, "games of TestInstantWinCalibration (0: skip it)")
	calibrateLevels  = flag.String("calibrate-levels", "strong,strong,strong,strong", "bot level per seat")
	calibrateOption  = flag.String("calibrate-option", "", "a table option key=value")
	calibrateWorkers = flag.Int("calibrate-workers", 2, "games played in parallel")
)

// billionWon reports whether g ended because a company reached €1 billion
// (4.e), read from the state.
func billionWon(g *Game) bool {
	if g.s.Phase != PhaseOver {
		return false
	}
	for _, i := range g.s.active() {
		if g.s.Players[i].Capital >= WinCapital {
			return true
		}
	}
	return false
}

// instantWins plays games bot-only games with levels (one per seat) and
// opts from seed, game i with sim.GameSeed(seed, i), and counts those won
// by reaching €1 billion.
func instantWins(t *testing.T, games int, seed uint64, levels []string, opts map[string]string, workers int) int {
	t.Helper()
	var mu sync.Mutex
	won := 0
	next := 0
	var firstErr error
	var wg sync.WaitGroup
	for w := 0; w < max(workers, 1); w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				mu.Lock()
				i := next
				next++
				mu.Unlock()
				if i >= games {
					return
				}
				ok, err := playForBillion(sim.GameSeed(seed, i), levels, opts)
				mu.Lock()
				if err != nil && firstErr == nil {
					firstErr = err
				}
				if ok {
					won++
				}
				mu.Unlock()
			}
		}()
	}
	wg.Wait()
	require.NoError(t, firstErr)
	return won
}

// playForBillion plays one game and reports whether it was won by the
// billion.
func playForBillion(seed uint64, levels []string, opts map[string]string) (bool, error) {
	var d Definition
	g0, err := d.New(engine.Setup{Seats: len(levels), Seed: seed, Options: opts})
	if err != nil {
		return false, err
	}
	g := g0.(*Game)
	g.SetQuiet(true)
	bots := make([]engine.Bot, len(levels))
	for p, l := range levels {
		bots[p] = d.NewBotLevel(l, p, seed*7+uint64(p))
	}
	for step := 0; !g.Outcome().Finished; step++ {
		if step > 200000 {
			return false, errStuck(seed)
		}
		w := g.Prompt().Waiting[0].Seat
		if _, err := g.Apply(w, bots[w].Choose(engine.PeekView(g, w), g.Legal(w))); err != nil {
			return false, err
		}
	}
	return billionWon(g), nil
}

type errStuck uint64

func (e errStuck) Error() string { return "game did not end" }

// TestInstantWinCalibration measures the share of games won by the
// billion (run it with -calibrate N).
func TestInstantWinCalibration(t *testing.T) {
	if *calibrateGames <= 0 {
		t.Skip("a measurement: run with -calibrate N")
	}
	levels := strings.Split(*calibrateLevels, ",")
	opts := map[string]string{}
	if k, v, ok := strings.Cut(*calibrateOption, "="); ok {
		opts[k] = v
	}
	n := instantWins(t, *calibrateGames, 1, levels, opts, *calibrateWorkers)
	t.Logf("%d of %d games (%.1f%%) won by reaching €1 billion; levels %v, options %v",
		n, *calibrateGames, 100*float64(n)/float64(*calibrateGames), levels, opts)
}

// TestBillionWonReadsTheEnd: the counter of the calibration counts a game
// that ended with a company at €1 billion, and not one that ended by the
// round limit.
func TestBillionWonReadsTheEnd(t *testing.T) {
	g := newGame(t, 2, 3)
	setCapital(g, 0, WinCapital)
	require.True(t, g.endCheck(&events{}))
	require.True(t, billionWon(g))
	g = newGame(t, 2, 3)
	g.s.Round = g.s.MaxRounds
	require.True(t, g.endCheck(&events{}))
	require.False(t, billionWon(g))
}
