package opoly_test

import (
	"testing"

	"boardroom/engine"
	"boardroom/engine/opoly"
	"boardroom/engine/opoly/unipoly"

	"github.com/stretchr/testify/require"
)

func TestR004_02_SetupBySeatCount(t *testing.T) {
	money := map[int]int64{2: 8750, 3: 7500, 4: 6250, 5: 5000, 6: 3750}
	deal := map[int]int{2: 7, 3: 6, 4: 5, 5: 4, 6: 3}
	b := unipoly.Rules().Board
	for n := 2; n <= 6; n++ {
		for seed := uint64(1); seed <= 5; seed++ {
			g, err := unipoly.Definition{}.New(engine.Setup{Seats: n, Seed: seed})
			require.NoError(t, err)
			v := (*engine.ViewOf[opoly.View](g.View(engine.Spectator)))
			owned := 0
			for seat, p := range v.Players {
				require.Len(t, p.Props, deal[n], "seats %d seat %d", n, seat)
				var paid int64
				for _, c := range p.Props {
					require.True(t, b.Cells[c].Kind.Property())
					require.Equal(t, seat, v.Cells[c].Owner)
					paid += b.Cells[c].Price
				}
				// A004-01: the table money is credited, then the dealt prices are charged.
				require.Equal(t, money[n]-paid, p.Cash, "seats %d seat %d", n, seat)
				require.Equal(t, cGO, p.Position)
				owned += len(p.Props)
			}
			require.Equal(t, n*deal[n], owned)
			require.NoError(t, g.(engine.Checker).CheckInvariants())
		}
	}
}

func TestG004_10_DealIsShuffled(t *testing.T) {
	seen := map[int]bool{}
	for seed := uint64(1); seed <= 10; seed++ {
		g, err := unipoly.Definition{}.New(engine.Setup{Seats: 2, Seed: seed})
		require.NoError(t, err)
		v := (*engine.ViewOf[opoly.View](g.View(0)))
		seen[v.Players[0].Props[0]] = true
	}
	require.Greater(t, len(seen), 3, "the first dealt card should vary with the seed")
}

func TestG004_11_SeatOrderShuffled(t *testing.T) {
	firsts := map[int]bool{}
	for seed := uint64(1); seed <= 20; seed++ {
		g, err := unipoly.Definition{}.New(engine.Setup{Seats: 4, Seed: seed})
		require.NoError(t, err)
		v := (*engine.ViewOf[opoly.View](g.View(engine.Spectator)))
		require.ElementsMatch(t, []int{0, 1, 2, 3}, v.Order)
		require.Equal(t, v.Order[0], v.Active, "the first seat of the shuffled order starts")
		require.Equal(t, []int{v.Order[0]}, v.Awaiting)
		require.Equal(t, v.Order, g.(engine.TurnOrdered).TurnOrder(), "the simulator counts positions by this order")
		firsts[v.Active] = true
	}
	require.Greater(t, len(firsts), 1)
}

func TestOptions_EndMode(t *testing.T) {
	def := unipoly.Definition{}
	opts, err := def.ValidateOptions(4, nil)
	require.NoError(t, err)
	require.Equal(t, map[string]string{"endMode": "lastStanding"}, opts)
	for _, good := range []string{"rounds:20", "minutes:90"} {
		_, err = def.ValidateOptions(4, map[string]string{"endMode": good})
		require.NoError(t, err, good)
	}
	for _, bad := range []map[string]string{{"endMode": "minutes:45"}, {"endMode": "rounds:7"}, {"colour": "red"}} {
		_, err = def.ValidateOptions(4, bad)
		re, ok := engine.IsRuleError(err)
		require.True(t, ok, "%v", bad)
		require.Equal(t, engine.CodeBadOption, re.Code)
	}
	for _, n := range []int{1, 7} {
		_, err = def.ValidateOptions(n, nil)
		re, ok := engine.IsRuleError(err)
		require.True(t, ok)
		require.Equal(t, engine.CodeBadSetup, re.Code)
	}
	require.NoError(t, unipoly.Rules().Validate())
	info := def.Info()
	require.Equal(t, "unipoly", info.ID)
	require.Equal(t, 2, info.MinSeats)
	require.Equal(t, 6, info.MaxSeats)
	require.Equal(t, "$", info.Currency)
}

func TestG004_01_BoardData(t *testing.T) {
	rs := unipoly.Rules()
	b := rs.Board
	require.Len(t, b.Cells, 40)
	props, streets := 0, 0
	for _, c := range b.Cells {
		if c.Kind.Property() {
			props++
			require.Equal(t, c.Price/2, c.Mortgage, c.Name)
		}
		if c.Kind == opoly.KindStreet {
			streets++
		}
	}
	require.Equal(t, 28, props)
	require.Equal(t, 22, streets)
	require.Equal(t, "Great Hall (Aula Magna)", b.Cells[cGreatHall].Name)
	require.Equal(t, []int64{50, 200, 600, 1400, 1700, 2000}, b.Cells[cGreatHall].Rents)
	require.Equal(t, int64(200), b.Cells[cTuition].Tax)
	require.Equal(t, int64(100), b.Cells[cFine].Tax)
	// The lift column of the table: mortgage + 10% rounded up to $1.
	lifts := map[int]int64{cBikeShed: 33, cIntlHouse: 66, cWiFi: 83, cRector: 193, cGreatHall: 220, cNorthGate: 110, cLibrary: 176}
	for c, want := range lifts {
		require.Equal(t, want, rs.LiftCost(c), b.Cells[c].Name)
	}
	for _, d := range b.Decks {
		require.Len(t, d.Cards, 16)
	}
}
