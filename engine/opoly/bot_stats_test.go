package opoly_test

import (
	"flag"
	"fmt"
	"testing"

	"boardroom/engine"
	"boardroom/engine/opoly"
	"boardroom/engine/opoly/unipoly"
	"boardroom/engine/sim"

	"github.com/stretchr/testify/require"
)

var botStatsSeats = flag.Int("botstats.seats", 0, "TestBotStats with -botstats: only this player count")

var botStatsGames = flag.Int("botstats", 0, "TestBotStats: games per player count (2..6), printed as a table; 0: 60 four-player games, not printed")

// botStats is how the bots played a set of Unipoly games: the figures of
// issue 15 that `boardroom sim` does not report.
type botStats struct {
	games, proposed, accepted int
	built, sold               int // building levels; sold: by an owner to raise money, who stays in the game 3 rounds more
	lastSold                  int // sold by an owner going bankrupt within 3 rounds
	cleared                   int // levels removed otherwise (bankruptcy, trades)
	lots                      int // auctions of the bank's streets, gates and utilities won
	lotPrice, lotList         int64
	over2x                    int // lots won above twice the list price
}

func (s botStats) String() string {
	return fmt.Sprintf("games %d: trades proposed %d, accepted %d; levels built %d, sold %d (and %d on the way out), cleared %d; auctions %d, price %.2f× list, %.1f%% above 2×",
		s.games, s.proposed, s.accepted, s.built, s.sold, s.lastSold, s.cleared, s.lots,
		float64(s.lotPrice)/float64(max(s.lotList, 1)), 100*float64(s.over2x)/float64(max(s.lots, 1)))
}

// playStats plays games with the seeds `boardroom sim --seed 1` uses, each
// to its end or round 1,000.
func playStats(tb testing.TB, seats, games int) botStats {
	def := unipoly.Definition{}
	st := botStats{games: games}
	for i := range games {
		seed := sim.GameSeed(1, i)
		g, err := def.New(engine.Setup{Seats: seats, Seed: seed})
		require.NoError(tb, err)
		bots := make([]engine.Bot, seats)
		for s := range bots {
			bots[s] = def.NewBot(s, sim.BotSeed(seed, s))
		}
		levels := func() (n int) {
			for _, c := range (*engine.ViewOf[opoly.View](g.View(engine.Spectator))).Cells {
				n += c.Level
			}
			return n
		}
		before := levels()
		type sale struct{ seat, round, n int }
		var sales []sale
		outAt := make([]int, seats) // the round each seat went out in
		var last *opoly.AuctionResult
		for steps := 0; !g.Outcome().Finished && g.Round() <= 1000; steps++ {
			require.Less(tb, steps, sim.DefaultMaxSteps)
			p := g.Prompt()
			require.NotEmpty(tb, p.Waiting)
			w := p.Waiting[0].Seat
			a := bots[w].Choose(g.View(w), g.Legal(w))
			_, err := g.Apply(w, a)
			require.NoError(tb, err)
			switch a.(type) {
			case opoly.ProposeTrade:
				st.proposed++
			case opoly.AcceptTrade:
				st.accepted++
			}
			v := (*engine.ViewOf[opoly.View](g.View(engine.Spectator)))
			if r := v.LastAuction; r != last && r != nil && r.Winner >= 0 && !r.Tied {
				list := v.Board.Cells[r.Lot].Price
				st.lots++
				st.lotPrice += r.Price
				st.lotList += list
				if r.Price > 2*list {
					st.over2x++
				}
			}
			last = v.LastAuction
			for seat, p := range v.Players {
				if p.Out && outAt[seat] == 0 {
					outAt[seat] = g.Round()
				}
			}
			now := levels()
			if now > before {
				st.built += now - before
			} else if now < before {
				switch a.(type) {
				case opoly.SellBuilding, opoly.SellAndMortgage, opoly.SellGroupDown:
					sales = append(sales, sale{w, g.Round(), before - now})
				default:
					st.cleared += before - now
				}
			}
			before = now
		}
		for _, x := range sales {
			if outAt[x.seat] > 0 && outAt[x.seat] <= x.round+3 {
				st.lastSold += x.n
			} else {
				st.sold += x.n
			}
		}
	}
	return st
}

// TestBotStats measures the bots over many games (go test -run
// TestBotStats -botstats 2000 ./engine/opoly/ prints the table of the
// notes) and holds them to the bounds: trades are not all
// accepted, few building levels are sold again, auctions stay near the
// list price.
func TestBotStats(t *testing.T) {
	if *botStatsGames == 0 {
		st := playStats(t, 4, 60)
		checkStats(t, st)
		return
	}
	var all []botStats
	for seats := 2; seats <= 6; seats++ {
		if *botStatsSeats > 0 && seats != *botStatsSeats {
			continue
		}
		all = append(all, playStats(t, seats, *botStatsGames))
		t.Logf("%d players: %s", seats, all[len(all)-1])
	}
	for _, st := range all {
		checkStats(t, st)
	}
}

func checkStats(t *testing.T, st botStats) {
	t.Helper()
	require.Less(t, st.accepted, st.proposed, "not every proposal is accepted: %s", st)
	require.Less(t, st.sold*3, st.built, "fewer than a third of the levels built are sold again by players who stay: %s", st)
	require.Less(t, st.lotPrice*2, st.lotList*3, "auctions average below 1.5× list: %s", st)
	require.Less(t, st.over2x*10, st.lots, "fewer than 10%% of the lots go above 2× list: %s", st)
}
