package opoly_test

import (
	"flag"
	"fmt"
	"sort"
	"testing"

	"boardroom/engine"
	"boardroom/engine/opoly"
	"boardroom/engine/opoly/unipoly"
	"boardroom/engine/sim"

	"github.com/stretchr/testify/require"
)

var uniDiagGames = flag.Int("unidiag", 0, "TestStrongUnipolyDiagnose: four-player games to play (0: skip)")

// TestStrongUnipolyDiagnose plays -unidiag games of `boardroom sim --game
// unipoly --players 4 --bot-levels strong,standard,standard,standard
// --rotate --seed -unishare.seed` and prints where the strong bot loses:
// when it goes out, the round each seat first holds a complete street
// group and by how (a trade or not), the trades it made, and what its
// search changed from the standard choice, by phase and action. A
// diagnostic, skipped by default.
func TestStrongUnipolyDiagnose(t *testing.T) {
	if *uniDiagGames <= 0 {
		t.Skip("run with -unidiag N")
	}
	def := unipoly.Definition{}
	type stats struct {
		won, lost, outLost, capped                        int
		firstGroupMine, firstGroupWinner                  []int
		noGroupLost, groupByTradeMine, groupByTradeWinner int
		tradesMine, tradesOthers, tradesOthersComplete    int
		dev                                               map[string]int
		searched                                          map[string]int
		outRound                                          []int
	}
	st := stats{dev: map[string]int{}, searched: map[string]int{}}
	for i := range *uniDiagGames {
		seed := sim.GameSeed(*uniShareSeed, i)
		g, err := def.New(engine.Setup{Seats: 4, Seed: seed})
		require.NoError(t, err)
		engine.SetQuiet(g, true)
		me := i % 4
		bots := make([]engine.Bot, 4)
		for s := range bots {
			lvl := engine.LevelStandard
			if s == me {
				lvl = engine.LevelStrong
			}
			bots[s] = def.NewBotLevel(lvl, s, sim.BotSeed(seed, s))
		}
		opoly.SearchTrace(bots[me], func(v *opoly.View, cands []engine.Action, _ []float64, pick int) {
			key := v.Phase + ":" + cands[0].Kind()
			st.searched[key]++
			if pick != 0 {
				st.dev[key+"->"+cands[pick].Kind()]++
			}
		})
		first := [4]int{-1, -1, -1, -1}
		byTrade := [4]bool{}
		out := -1
		lastRound := 0
		for steps := 0; !g.Outcome().Finished && g.Round() <= 1000; steps++ {
			require.Less(t, steps, 400000, "seed %d", seed)
			seat := g.Prompt().Waiting[0].Seat
			v := engine.ViewOf[opoly.View](g.View(seat))
			a := bots[seat].Choose(engine.PeekView(g, seat), g.Legal(seat))
			var offer *opoly.TradeOffer
			if _, ok := a.(opoly.AcceptTrade); ok && v.Trade != nil {
				offer = v.Trade.Offer
			}
			_, err := g.Apply(seat, a)
			require.NoError(t, err, "seed %d", seed)
			w := engine.ViewOf[opoly.View](g.View(me))
			if offer != nil {
				if offer.From == me || offer.To == me {
					st.tradesMine++
				} else {
					st.tradesOthers++
				}
			}
			for s := range 4 {
				if first[s] >= 0 {
					continue
				}
				for gi, grp := range w.Board.Groups {
					if grp.Kind == opoly.KindStreet && w.OwnsGroup(s, gi) {
						first[s] = w.Round
						byTrade[s] = offer != nil
						if offer != nil && offer.From != me && offer.To != me {
							st.tradesOthersComplete++
						}
						break
					}
				}
			}
			if out < 0 && w.Players[me].Out {
				out = w.Round
			}
			lastRound = w.Round
		}
		o := g.Outcome()
		winner := -1
		for _, r := range o.Results {
			if r.Placement == 1 {
				winner = r.Seat
			}
		}
		if !o.Finished {
			st.capped++
		}
		if winner == me {
			st.won++
			continue
		}
		st.lost++
		if out >= 0 {
			st.outLost++
			st.outRound = append(st.outRound, out)
		}
		st.firstGroupMine = append(st.firstGroupMine, first[me])
		if winner >= 0 {
			st.firstGroupWinner = append(st.firstGroupWinner, first[winner])
			if byTrade[winner] {
				st.groupByTradeWinner++
			}
		}
		if first[me] < 0 {
			st.noGroupLost++
		} else if byTrade[me] {
			st.groupByTradeMine++
		}
		t.Logf("game %d seed %d: lost to seat %d, rounds %d, out %d, first group mine %d (trade %v) winner %d (trade %v)",
			i, seed, winner, lastRound, out, first[me], byTrade[me], first[max(winner, 0)], byTrade[max(winner, 0)])
	}
	med := func(x []int) string {
		if len(x) == 0 {
			return "-"
		}
		y := append([]int(nil), x...)
		sort.Ints(y)
		return fmt.Sprintf("p25 %d p50 %d p75 %d", y[len(y)/4], y[len(y)/2], y[3*len(y)/4])
	}
	t.Logf("won %d lost %d (capped %d); lost and out %d, out round %s", st.won, st.lost, st.capped, st.outLost, med(st.outRound))
	t.Logf("lost: first group mine %s (none %d, by trade %d); winner's %s (by trade %d)", med(st.firstGroupMine), st.noGroupLost, st.groupByTradeMine, med(st.firstGroupWinner), st.groupByTradeWinner)
	t.Logf("trades accepted: with the strong bot %d, between others %d (completing a first group %d)", st.tradesMine, st.tradesOthers, st.tradesOthersComplete)
	keys := make([]string, 0, len(st.searched))
	for k := range st.searched {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		t.Logf("searched %-30s %6d", k, st.searched[k])
	}
	keys = keys[:0]
	for k := range st.dev {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		t.Logf("changed  %-40s %6d", k, st.dev[k])
	}
}
