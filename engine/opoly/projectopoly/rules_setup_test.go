package projectopoly_test

import (
	"testing"

	"boardroom/engine"
	"boardroom/engine/opoly"
	"boardroom/engine/opoly/opolytest"
	"boardroom/engine/opoly/projectopoly"

	"github.com/stretchr/testify/require"
)

func TestR000_02_PlayerCount(t *testing.T) {
	def := projectopoly.Definition{}
	info := def.Info()
	require.Equal(t, 2, info.MinSeats)
	require.Equal(t, 7, info.MaxSeats, "A000-03: 7 PMs, FICO and Project Planning being automated")
	require.Equal(t, "€", info.Currency)
	_, err := def.New(engine.Setup{Seats: 8, Seed: 1})
	require.Error(t, err)
	_, err = def.New(engine.Setup{Seats: 7, Seed: 1})
	require.NoError(t, err)
	require.NoError(t, projectopoly.Rules().Validate())
}

// seedMoney is the seed's literal starting money: no catch-up (G000-18).
var seedMoney = map[string]string{"catchUp": "off"}

// TestR000_05_StartingMoney is acceptance test 1 of 6.3: the money by
// player count before paying for the dealt cards, and the cards dealt
// (A000-01..04, G000-09). With the catch-up option off everyone gets the
// table's money; with the default, the first player does and each later
// one 400€ more per position (G000-18).
func TestR000_05_StartingMoney(t *testing.T) {
	money := map[int]int64{2: 35000, 3: 30000, 4: 25000, 5: 20000, 6: 15000, 7: 10000}
	cards := map[int]int{2: 7, 3: 6, 4: 5, 5: 4, 6: 3, 7: 2}
	for n := 2; n <= 7; n++ {
		for _, opts := range []map[string]string{seedMoney, nil} {
			g, err := projectopoly.Definition{}.New(engine.Setup{Seats: n, Seed: uint64(n), Options: opts})
			require.NoError(t, err)
			v := (*engine.ViewOf[opoly.View](g.View(engine.Spectator)))
			for pos, seat := range v.Order {
				p := v.Players[seat]
				var paid int64
				for _, c := range p.Props {
					paid += v.Board.Cells[c].Price
				}
				want := money[n]
				if opts == nil {
					want += int64(pos) * 400
				}
				require.Len(t, p.Props, cards[n], "%d players: cards dealt", n)
				require.Equal(t, want, p.Cash+paid, "%d players, position %d: money before paying the dealt cards", n, pos)
			}
		}
	}
}

// TestG000_18_CatchUp: the table option catchUp gives each player after
// the first in the turn order that amount per position; "off" is the
// seed's equal money. It offsets the first movers' pick of the free
// projects (measured: docs/decisions/2026-11-projectopoly-catch-up-money.md).
func TestG000_18_CatchUp(t *testing.T) {
	def := projectopoly.Definition{}
	for _, tc := range []struct {
		opt  string
		step int64
	}{{"off", 0}, {"400", 400}, {"1000", 1000}} {
		g, err := def.New(engine.Setup{Seats: 5, Seed: 9, Options: map[string]string{"catchUp": tc.opt}})
		require.NoError(t, err)
		v := (*engine.ViewOf[opoly.View](g.View(engine.Spectator)))
		for pos, seat := range v.Order {
			p := v.Players[seat]
			var paid int64
			for _, c := range p.Props {
				paid += v.Board.Cells[c].Price
			}
			require.Equal(t, 20000+int64(pos)*tc.step, p.Cash+paid, "catchUp=%s position %d", tc.opt, pos)
		}
	}
	_, err := def.ValidateOptions(5, map[string]string{"catchUp": "450"})
	require.Error(t, err, "only the listed amounts")
}

func TestG000_09_DealtCardsArePaid(t *testing.T) {
	g, err := projectopoly.Definition{}.New(engine.Setup{Seats: 2, Seed: 3})
	require.NoError(t, err)
	v := (*engine.ViewOf[opoly.View](g.View(0)))
	require.Less(t, v.Players[0].Cash, int64(35000))
	require.Equal(t, int64(0), v.Players[0].Cash%10, "G000-15: amounts are multiples of 10€")
}

// TestR000_06_FirstPlayerRollOff: all roll, ties among the highest roll
// again, the winner starts and play goes by increasing seat (G000-17).
func TestR000_06_FirstPlayerRollOff(t *testing.T) {
	sawTie := false
	for seed := uint64(1); seed < 60; seed++ {
		g, err := projectopoly.Definition{}.New(engine.Setup{Seats: 5, Seed: seed})
		require.NoError(t, err)
		v := (*engine.ViewOf[opoly.View](g.View(engine.Spectator)))
		require.NotEmpty(t, v.RollOff)
		in := []bool{true, true, true, true, true}
		for r, row := range v.RollOff {
			hi := 0
			for s, x := range row {
				require.Equal(t, in[s], x > 0, "seed %d round %d: only the tied seats roll", seed, r)
				hi = max(hi, x)
			}
			for s := range in {
				in[s] = row[s] == hi
			}
		}
		winners := 0
		for s := range in {
			if in[s] {
				winners++
				require.Equal(t, s, v.Order[0], "the winner starts")
				require.Equal(t, s, v.Active)
			}
		}
		require.Equal(t, 1, winners)
		for i := range v.Order {
			require.Equal(t, (v.Order[0]+i)%5, v.Order[i], "seat order is kept")
		}
		sawTie = sawTie || len(v.RollOff) > 1
	}
	require.True(t, sawTie, "some seed has a tie")
}

// TestR000_10_GoPaysOnPassOrLand is acceptance test 2 of 6.3 (A000-05).
func TestR000_10_GoPaysOnPassOrLand(t *testing.T) {
	x := newPP(t, 2, 5000, nil)
	x.E.Pos(0, 37)
	x.Done()
	ev := x.Roll(0, 1, 2) // 37 + 3 = Go!
	require.Equal(t, pGo, x.Pos(0))
	require.Equal(t, int64(7000), x.Cash(0))
	require.Contains(t, opolytest.Text(ev, 0), "Seat 1 received 2.000€ from FICO: budget increase at Go!; balance 7.000€.")

	x = newPP(t, 2, 5000, nil)
	x.E.Pos(0, 36)
	x.Done()
	x.Roll(0, 3, 4) // passes Go!, lands on 3
	require.Equal(t, pHelpDesk, x.Pos(0))
	require.Equal(t, int64(7000), x.Cash(0))
}

// TestR000_19_GoToWFAPaysNothing: the three ways into WFA, none paying Go!.
func TestR000_19_GoToWFAPaysNothing(t *testing.T) {
	x := newPP(t, 2, 5000, nil)
	x.E.Pos(0, 25)
	x.Done()
	x.Roll(0, 2, 3) // lands on Go to WFA
	p := x.V(0).Players[0]
	require.True(t, p.InJail)
	require.Equal(t, pWFA, p.Position)
	require.Equal(t, int64(5000), p.Cash)
	require.Equal(t, x.Next(0), x.Active(), "the turn ends")

	x = newPP(t, 2, 5000, nil)
	x.E.Pos(0, pChance3-3).Top(dChance, "C2")
	x.Done()
	ev := x.Roll(0, 1, 2)
	require.True(t, x.V(0).Players[0].InJail, "card C2 sends to WFA")
	require.Contains(t, opolytest.Text(ev, 0), "goes to WFA")
	require.Equal(t, int64(5000), x.Cash(0), "no Go! money on the way back to cell 10")
}

// TestR000_09_ThirdDoubleToWFA is acceptance test 3 of 6.3 (A000-10).
func TestR000_09_ThirdDoubleToWFA(t *testing.T) {
	x := newPP(t, 2, 50000, nil)
	x.OwnAll(0)
	x.Roll(0, 1, 1)
	require.True(t, x.V(0).MustRoll, "A000-09: the re-roll is mandatory")
	require.False(t, x.HasAction(0, "end_turn"))
	x.Roll(0, 2, 2)
	before := x.Pos(0)
	x.Roll(0, 3, 3)
	p := x.V(0).Players[0]
	require.True(t, p.InJail)
	require.Equal(t, pWFA, p.Position)
	require.NotEqual(t, before+6, p.Position)
	require.Equal(t, x.Next(0), x.Active())
}

// TestR000_20_TransitCell: arriving on cell 10 is only transit (A000-06/07).
func TestR000_20_TransitCell(t *testing.T) {
	x := newPP(t, 2, 5000, nil)
	x.LandOn(0, pWFA)
	p := x.V(0).Players[0]
	require.False(t, p.InJail)
	require.Equal(t, int64(5000), p.Cash)
	x.Do(0, opoly.EndTurn{})
	x.LandOn(1, pVacation) // R000-17: Vacation has no effect
	require.Equal(t, int64(5000), x.Cash(1))
	require.Equal(t, opoly.PhasePostRoll, x.Phase())
}

// TestR000_21_LeaveWFA is acceptance test 4 of 6.3 (A000-11, G000-16).
func TestR000_21_LeaveWFA(t *testing.T) {
	// Pay 500€ before rolling, then a normal roll (a double re-rolls).
	x := newPP(t, 2, 5000, nil)
	x.OwnAll(0)
	x.E.Jail(0, 0)
	x.Done()
	require.Equal(t, opoly.PhaseJail, x.Phase())
	ev := x.Do(0, opoly.PayJailFee{})
	require.Contains(t, opolytest.Text(ev, 0), "Seat 1 paid 500€ to FICO: fee to leave WFA; balance 4.500€.")
	x.Roll(0, 2, 2)
	require.True(t, x.V(0).MustRoll)

	// Doubles: leave and move, no extra roll.
	x = newPP(t, 2, 5000, nil)
	x.OwnAll(0)
	x.E.Jail(0, 1)
	x.Done()
	x.Roll(0, 3, 3)
	require.False(t, x.V(0).Players[0].InJail)
	require.Equal(t, pField, x.Pos(0))
	require.False(t, x.V(0).MustRoll)
	require.Equal(t, int64(5000), x.Cash(0))

	// The third failed turn: pay 500€ anyway and move by the roll.
	x = newPP(t, 2, 5000, nil)
	x.OwnAll(0)
	x.E.Jail(0, 2)
	x.Done()
	x.Roll(0, 1, 2)
	require.False(t, x.V(0).Players[0].InJail)
	require.Equal(t, pPortal, x.Pos(0))
	require.Equal(t, int64(4500), x.Cash(0))

	// A failed turn before the third stays.
	x = newPP(t, 2, 5000, nil)
	x.E.Jail(0, 1)
	x.Done()
	x.Roll(0, 1, 2)
	require.True(t, x.V(0).Players[0].InJail)
	require.Equal(t, 2, x.V(0).Players[0].JailTurns)

	// The voluntary payment needs 500€ in cash (G000-16).
	x = newPP(t, 2, 400, nil)
	x.E.Jail(0, 0)
	x.Done()
	require.False(t, x.HasAction(0, "pay_jail_fee"))
	x.Refuse(0, opoly.PayJailFee{}, engine.CodeIllegal)
}

// TestR000_21_ExitCardHeldUsedAndSold: the exit card is held, sold to another
// PM (with money: no gifts) and used (R000-16, MF-11).
func TestR000_21_ExitCardHeldUsedAndSold(t *testing.T) {
	x := newPP(t, 2, 5000, nil)
	x.E.Pos(0, 14).Top(dChest, "P5")
	x.Done()
	x.Roll(0, 1, 2) // Project Chest on 17
	require.Equal(t, []int{dChest}, x.V(0).Players[0].JailCards)
	x.Refuse(0, opoly.ProposeTrade{To: 1, GiveCards: []int{dChest}}, engine.CodeIllegal) // a gift
	x.Do(0, opoly.ProposeTrade{To: 1, GiveCards: []int{dChest}, Money: -300})
	x.Do(1, opoly.AcceptTrade{})
	require.Equal(t, []int{dChest}, x.V(1).Players[1].JailCards)
	require.Equal(t, int64(5300), x.Cash(0))
	x.E.Turn(1).Jail(1, 0)
	x.Done()
	ev := x.Do(1, opoly.UseJailCard{Deck: dChest})
	require.Contains(t, opolytest.Text(ev, 1), "Seat 2 played a WFA exit card and leaves WFA.")
	require.False(t, x.V(1).Players[1].InJail)
	require.Equal(t, "P5", x.E.DeckBottom(dChest))
}

// TestR000_22_BusinessInWFA: a PM in WFA still manages, and collects fees.
func TestR000_22_BusinessInWFA(t *testing.T) {
	x := newPP(t, 2, 20000, nil)
	x.E.Own(0, pAI, pCoreBank, pAgile).Jail(0, 0)
	x.Done()
	require.True(t, x.HasAction(0, "build"))
	require.True(t, x.HasAction(0, "mortgage"))
	require.True(t, x.HasAction(0, "propose_trade"))
	x.Do(0, opoly.Build{Cell: pAI})
	require.Equal(t, 1, x.Level(pAI))
	x.Roll(0, 1, 2) // no double: stays in WFA, the turn ends
	require.True(t, x.V(0).Players[0].InJail)
	ev := x.LandOn(1, pAgile)
	require.Contains(t, opolytest.Text(ev, 1), "Seat 2 paid 250€ to Seat 1: outsourcing fee for Agile Practitioner Certification; balance 19.750€.")
}
