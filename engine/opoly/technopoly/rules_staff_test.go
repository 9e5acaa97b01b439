package technopoly_test

import (
	"testing"

	"boardroom/engine"
	"boardroom/engine/opoly"
	"boardroom/engine/opoly/opolytest"

	"github.com/stretchr/testify/require"
)

// TestR001_16_R001_17_R001_18_G001_01_FieldSenseFees is acceptance test 3
// of 6.3: FieldSense charges £200 unstaffed, £400 with AgriTech complete,
// £1,000 / £3,000 / £9,000 with 1 / 2 / 3 developers and £25,000 with a CTO.
func TestR001_16_R001_17_R001_18_G001_01_FieldSenseFees(t *testing.T) {
	x := newTP(t, 2, 150000, nil)
	x.E.Own(0, tFieldSense)
	x.Done()
	require.Equal(t, int64(200), x.Fee(tFieldSense))
	x.E.Own(0, tHerdTrack)
	x.Done()
	require.Equal(t, int64(400), x.Fee(tFieldSense))
	for lvl, want := range []int64{1: 1000, 2: 3000, 3: 9000, 4: 25000} {
		if lvl == 0 {
			continue
		}
		x.E.Level(lvl, tFieldSense, tHerdTrack)
		x.Done()
		require.Equal(t, want, x.Fee(tFieldSense), "level %d", lvl)
	}
	// The fee is collected when a rival lands there.
	x.E.Pos(1, 38).Turn(1)
	x.Done()
	ev := x.Roll(1, 1, 2)
	require.Contains(t, opolytest.Text(ev, 1), "Seat 2 paid £25,000 to Seat 1: licence fee for FieldSense")
	require.Equal(t, int64(150000+20000-25000), x.Cash(1))
}

// TestA001_11_UnstaffedStartUpsOfACompleteFieldStillDouble: once part of a
// field has staff, its unstaffed start-ups still charge double.
func TestA001_11_UnstaffedStartUpsOfACompleteFieldStillDouble(t *testing.T) {
	x := newTP(t, 2, 150000, nil)
	x.E.Own(0, tLearnLoop, tQuizForge, tTutorNest).Level(1, tLearnLoop)
	x.Done()
	require.Equal(t, int64(3000), x.Fee(tLearnLoop))
	require.Equal(t, int64(1200), x.Fee(tQuizForge))
	require.Equal(t, int64(1600), x.Fee(tTutorNest))
}

// TestR001_20_HiringNeedsTheWholeField: staff only on a complete field,
// at the field's staff price.
func TestR001_20_HiringNeedsTheWholeField(t *testing.T) {
	x := newTP(t, 2, 150000, nil)
	x.E.Own(0, tLearnLoop, tQuizForge)
	x.Done()
	require.False(t, x.HasAction(0, "build"))
	x.Refuse(0, opoly.Build{Cell: tLearnLoop}, engine.CodeIllegal)
	x.E.Own(0, tTutorNest)
	x.Done()
	ev := x.Do(0, opoly.Build{Cell: tTutorNest})
	require.Contains(t, opolytest.Text(ev, 0), "Seat 1 paid £5,000 to the bank: hiring developer 1 for TutorNest; balance £145,000.")
	// resources: cash + the three prices + the developer paid (G001-03)
	require.Equal(t, int64(145000+10000+10000+12000+5000), x.V(0).Players[0].Capital)
}

// TestR001_23_A001_07_DevelopersEvenlyAtMostThree: on levels (1,1,0) only
// the start-up without a developer may get the next one; three developers
// at most, after which only a CTO can be hired.
func TestR001_23_A001_07_DevelopersEvenlyAtMostThree(t *testing.T) {
	x := newTP(t, 2, 500000, nil)
	x.E.Own(0, tLearnLoop, tQuizForge, tTutorNest).Level(1, tLearnLoop, tQuizForge)
	x.Done()
	x.Refuse(0, opoly.Build{Cell: tLearnLoop}, engine.CodeIllegal)
	x.Refuse(0, opoly.Build{Cell: tQuizForge}, engine.CodeIllegal)
	x.Do(0, opoly.Build{Cell: tTutorNest})
	for _, c := range []int{tLearnLoop, tQuizForge, tTutorNest, tLearnLoop, tQuizForge, tTutorNest} {
		x.Do(0, opoly.Build{Cell: c})
	}
	v := x.V(0)
	for _, c := range []int{tLearnLoop, tQuizForge, tTutorNest} {
		d, cto := v.Staff(c)
		require.Equal(t, 3, d)
		require.False(t, cto)
	}
}

// TestR001_22_R001_24_A001_10_OneCTOAfterThreeDevelopersEverywhere: a CTO
// needs three developers on every start-up of the field, goes to any of
// them (no evenness between CTOs), keeps the developers, one per start-up.
func TestR001_22_R001_24_A001_10_OneCTOAfterThreeDevelopersEverywhere(t *testing.T) {
	x := newTP(t, 2, 500000, nil)
	x.E.Own(0, tLearnLoop, tQuizForge, tTutorNest).Level(3, tLearnLoop, tQuizForge).Level(2, tTutorNest)
	x.Done()
	x.Refuse(0, opoly.Build{Cell: tLearnLoop}, engine.CodeIllegal) // TutorNest has 2
	x.Do(0, opoly.Build{Cell: tTutorNest})
	ev := x.Do(0, opoly.Build{Cell: tQuizForge})
	require.Contains(t, opolytest.Text(ev, 0), "hiring a CTO for QuizForge")
	v := x.V(0)
	d, cto := v.Staff(tQuizForge)
	require.Equal(t, 3, d)
	require.True(t, cto)
	x.Refuse(0, opoly.Build{Cell: tQuizForge}, engine.CodeIllegal) // one CTO per start-up
	x.Do(0, opoly.Build{Cell: tTutorNest})                         // any start-up of the field
	require.Equal(t, int64(60000), x.Fee(tTutorNest))
	require.Equal(t, int64(27000), x.Fee(tLearnLoop))
}

// TestG001_04_UnlimitedStaff: there is no staff supply; every field can be
// fully staffed.
func TestG001_04_UnlimitedStaff(t *testing.T) {
	x := newTP(t, 2, 5000000, nil)
	var all []int
	for c, cell := range x.V(0).Board.Cells {
		if cell.Kind == opoly.KindStreet {
			all = append(all, c)
		}
	}
	x.E.Own(0, all...).Level(3, all...)
	x.Done()
	require.Nil(t, x.V(0).Supply)
	for _, c := range all {
		x.Do(0, opoly.Build{Cell: c})
	}
	require.Equal(t, 4, x.Level(tEntangle))
}

// TestR001_21_G001_05_StaffIsPermanentAndLocksTheField is acceptance test 4
// (second half): staff cannot be released, and once any AgriTech start-up
// has staff, no start-up of AgriTech can be taken over.
func TestR001_21_G001_05_StaffIsPermanentAndLocksTheField(t *testing.T) {
	x := newTP(t, 2, 150000, nil)
	x.E.Own(1, tFieldSense, tHerdTrack)
	x.Done()
	require.True(t, x.HasAction(0, "request_takeover"))
	x.E.Level(1, tHerdTrack)
	x.Done()
	require.False(t, x.HasAction(0, "request_takeover"))
	x.Refuse(0, opoly.RequestTakeover{Cell: tFieldSense}, engine.CodeIllegal)
	x.Refuse(0, opoly.RequestTakeover{Cell: tHerdTrack}, engine.CodeIllegal)
	x.E.Turn(1)
	x.Done()
	require.False(t, x.HasAction(1, "sell_building"))
	x.Refuse(1, opoly.SellBuilding{Cell: tHerdTrack}, engine.CodeIllegal)
	x.Refuse(1, opoly.Mortgage{Cell: tFieldSense}, engine.CodeIllegal)
}

// TestR001_25_A001_08_Takeover is acceptance test 4 (first half): taking
// over FieldSense costs £7,200 (120% of £6,000); the owner approves, the
// buyer pays the owner and owns it at once, and the full-field double fee
// applies to the new owner.
func TestR001_25_A001_08_Takeover(t *testing.T) {
	x := newTP(t, 3, 150000, nil)
	x.E.Own(1, tFieldSense).Own(0, tHerdTrack)
	x.Done()
	ev := x.Do(0, opoly.RequestTakeover{Cell: tFieldSense})
	require.Contains(t, opolytest.Text(ev, 0), "Seat 1 asked Seat 2 to take over FieldSense for £7,200 (£6,000 + 20% mark-up).")
	require.Equal(t, opolytest.Text(ev, 0), opolytest.Text(ev, 1))
	require.Equal(t, "Seat 1 asked Seat 2 for a takeover; it is being negotiated.\n", opolytest.Text(ev, 2))
	p := x.G.Prompt()
	require.Equal(t, engine.DecisionAnswer, p.Decision)
	require.Equal(t, 1, p.Waiting[0].Seat)
	require.Equal(t, opoly.DenyTakeover{}, p.Waiting[0].Default)
	for _, viewer := range []int{0, 1} {
		tv := x.V(viewer).Trade
		require.True(t, tv.Takeover)
		require.Equal(t, []int{tFieldSense}, tv.Offer.ToCells)
		require.Equal(t, int64(7200), tv.Offer.Money)
	}
	require.Nil(t, x.V(2).Trade.Offer, "others see that a takeover is negotiated, not what")
	require.Nil(t, x.V(engine.Spectator).Trade.Offer)
	ev = x.Do(1, opoly.ApproveTakeover{})
	require.Contains(t, opolytest.Text(ev, 2), "Seat 2 approved the takeover of FieldSense by Seat 1.")
	require.Contains(t, opolytest.Text(ev, 2), "Seat 1 paid £7,200 to Seat 2: takeover of FieldSense (£6,000 + 20% mark-up); balance £142,800, Seat 2's balance £157,200.")
	require.Equal(t, 0, x.Owner(tFieldSense))
	require.Equal(t, int64(157200), x.Cash(1))
	require.Equal(t, opoly.PhaseRoll, x.Phase(), "back to the requester's turn")
	require.Equal(t, int64(400), x.Fee(tFieldSense))
}

// TestA001_09_TakeoverLimits: own turn only, before or after rolling;
// another player's start-up; the cash; one request at a time; each
// start-up once a turn; denial (also the default) changes nothing.
func TestA001_09_TakeoverLimits(t *testing.T) {
	x := newTP(t, 2, 150000, nil)
	x.E.Own(1, tFieldSense, tLagan).Own(0, tHerdTrack)
	x.Done()
	x.Refuse(1, opoly.RequestTakeover{Cell: tHerdTrack}, engine.CodeNotYourTurn)
	x.Refuse(0, opoly.RequestTakeover{Cell: tHerdTrack}, engine.CodeIllegal) // its own
	x.Refuse(0, opoly.RequestTakeover{Cell: tLearnLoop}, engine.CodeIllegal) // unowned
	x.Do(0, opoly.RequestTakeover{Cell: tFieldSense})
	x.Refuse(0, opoly.RequestTakeover{Cell: tLagan}, engine.CodeNotYourTurn) // one pending
	x.Refuse(1, opoly.AcceptTrade{}, engine.CodeIllegal)
	ev := x.Do(1, x.G.Prompt().Waiting[0].Default)
	require.Contains(t, opolytest.Text(ev, 0), "Seat 2 denied the takeover request of Seat 1.")
	require.Equal(t, 1, x.Owner(tFieldSense))
	require.Equal(t, int64(150000), x.Cash(0))
	x.Refuse(0, opoly.RequestTakeover{Cell: tFieldSense}, engine.CodeIllegal) // once a turn
	x.Do(0, opoly.RequestTakeover{Cell: tLagan})
	x.Do(1, opoly.DenyTakeover{})
	x.Roll(0, 2, 4)
	x.Refuse(0, opoly.RequestTakeover{Cell: tLagan}, engine.CodeIllegal) // not while buying (G001-08)
	x.Do(0, opoly.Decline{})
	require.Equal(t, opoly.PhasePostRoll, x.Phase())
	x.Refuse(0, opoly.RequestTakeover{Cell: tLagan}, engine.CodeIllegal) // still this turn
	x.Do(0, opoly.EndTurn{})
	x.Roll(1, 1, 3)
	x.Do(1, opoly.EndTurn{})
	require.True(t, x.HasAction(0, "request_takeover"), "a new turn")
	x.E.Cash(0, 7199)
	x.Done()
	x.Refuse(0, opoly.RequestTakeover{Cell: tFieldSense}, engine.CodeIllegal) // £7,200 needed
}
