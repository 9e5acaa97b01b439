package opoly_test

import (
	"testing"

	"boardroom/engine"
	"boardroom/engine/opoly"

	"github.com/stretchr/testify/require"
)

// TestR001_16_R001_17_R001_18_G001_01_FieldSenseFees is acceptance test 3
// of 6.3: FieldSense charges £200 unstaffed, £400 with AgriTech complete,
// £1,000 / £3,000 / £9,000 with 1 / 2 / 3 developers and £25,000 with a CTO.
func TestR001_16_R001_17_R001_18_G001_01_FieldSenseFees(t *testing.T) {
	x := newTP(t, 2, 150000, nil)
	x.e.Own(0, tFieldSense)
	x.done()
	require.Equal(t, int64(200), x.fee(tFieldSense))
	x.e.Own(0, tHerdTrack)
	x.done()
	require.Equal(t, int64(400), x.fee(tFieldSense))
	for lvl, want := range []int64{1: 1000, 2: 3000, 3: 9000, 4: 25000} {
		if lvl == 0 {
			continue
		}
		x.e.Level(lvl, tFieldSense, tHerdTrack)
		x.done()
		require.Equal(t, want, x.fee(tFieldSense), "level %d", lvl)
	}
	// The fee is collected when a rival lands there.
	x.e.Pos(1, 38).Turn(1)
	x.done()
	ev := x.roll(1, 1, 2)
	require.Contains(t, text(ev, 1), "Seat 2 paid £25,000 to Seat 1: licence fee for FieldSense")
	require.Equal(t, int64(150000+20000-25000), x.cash(1))
}

// TestA001_11_UnstaffedStartUpsOfACompleteFieldStillDouble: once part of a
// field has staff, its unstaffed start-ups still charge double.
func TestA001_11_UnstaffedStartUpsOfACompleteFieldStillDouble(t *testing.T) {
	x := newTP(t, 2, 150000, nil)
	x.e.Own(0, tLearnLoop, tQuizForge, tTutorNest).Level(1, tLearnLoop)
	x.done()
	require.Equal(t, int64(3000), x.fee(tLearnLoop))
	require.Equal(t, int64(1200), x.fee(tQuizForge))
	require.Equal(t, int64(1600), x.fee(tTutorNest))
}

// TestR001_20_HiringNeedsTheWholeField: staff only on a complete field,
// at the field's staff price.
func TestR001_20_HiringNeedsTheWholeField(t *testing.T) {
	x := newTP(t, 2, 150000, nil)
	x.e.Own(0, tLearnLoop, tQuizForge)
	x.done()
	require.False(t, x.hasAction(0, "build"))
	x.refuse(0, opoly.Build{Cell: tLearnLoop}, engine.CodeIllegal)
	x.e.Own(0, tTutorNest)
	x.done()
	ev := x.do(0, opoly.Build{Cell: tTutorNest})
	require.Contains(t, text(ev, 0), "Seat 1 paid £5,000 to the bank: hiring developer 1 for TutorNest; balance £145,000.")
	// resources: cash + the three prices + the developer paid (G001-03)
	require.Equal(t, int64(145000+10000+10000+12000+5000), x.v(0).Players[0].Capital)
}

// TestR001_23_A001_07_DevelopersEvenlyAtMostThree: on levels (1,1,0) only
// the start-up without a developer may get the next one; three developers
// at most, after which only a CTO can be hired.
func TestR001_23_A001_07_DevelopersEvenlyAtMostThree(t *testing.T) {
	x := newTP(t, 2, 500000, nil)
	x.e.Own(0, tLearnLoop, tQuizForge, tTutorNest).Level(1, tLearnLoop, tQuizForge)
	x.done()
	x.refuse(0, opoly.Build{Cell: tLearnLoop}, engine.CodeIllegal)
	x.refuse(0, opoly.Build{Cell: tQuizForge}, engine.CodeIllegal)
	x.do(0, opoly.Build{Cell: tTutorNest})
	for _, c := range []int{tLearnLoop, tQuizForge, tTutorNest, tLearnLoop, tQuizForge, tTutorNest} {
		x.do(0, opoly.Build{Cell: c})
	}
	v := x.v(0)
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
	x.e.Own(0, tLearnLoop, tQuizForge, tTutorNest).Level(3, tLearnLoop, tQuizForge).Level(2, tTutorNest)
	x.done()
	x.refuse(0, opoly.Build{Cell: tLearnLoop}, engine.CodeIllegal) // TutorNest has 2
	x.do(0, opoly.Build{Cell: tTutorNest})
	ev := x.do(0, opoly.Build{Cell: tQuizForge})
	require.Contains(t, text(ev, 0), "hiring a CTO for QuizForge")
	v := x.v(0)
	d, cto := v.Staff(tQuizForge)
	require.Equal(t, 3, d)
	require.True(t, cto)
	x.refuse(0, opoly.Build{Cell: tQuizForge}, engine.CodeIllegal) // one CTO per start-up
	x.do(0, opoly.Build{Cell: tTutorNest})                         // any start-up of the field
	require.Equal(t, int64(60000), x.fee(tTutorNest))
	require.Equal(t, int64(27000), x.fee(tLearnLoop))
}

// TestG001_04_UnlimitedStaff: there is no staff supply; every field can be
// fully staffed.
func TestG001_04_UnlimitedStaff(t *testing.T) {
	x := newTP(t, 2, 5000000, nil)
	var all []int
	for c, cell := range x.v(0).Board.Cells {
		if cell.Kind == opoly.KindStreet {
			all = append(all, c)
		}
	}
	x.e.Own(0, all...).Level(3, all...)
	x.done()
	require.Nil(t, x.v(0).Supply)
	for _, c := range all {
		x.do(0, opoly.Build{Cell: c})
	}
	require.Equal(t, 4, x.level(tEntangle))
}

// TestR001_21_G001_05_StaffIsPermanentAndLocksTheField is acceptance test 4
// (second half): staff cannot be released, and once any AgriTech start-up
// has staff, no start-up of AgriTech can be taken over.
func TestR001_21_G001_05_StaffIsPermanentAndLocksTheField(t *testing.T) {
	x := newTP(t, 2, 150000, nil)
	x.e.Own(1, tFieldSense, tHerdTrack)
	x.done()
	require.True(t, x.hasAction(0, "request_takeover"))
	x.e.Level(1, tHerdTrack)
	x.done()
	require.False(t, x.hasAction(0, "request_takeover"))
	x.refuse(0, opoly.RequestTakeover{Cell: tFieldSense}, engine.CodeIllegal)
	x.refuse(0, opoly.RequestTakeover{Cell: tHerdTrack}, engine.CodeIllegal)
	x.e.Turn(1)
	x.done()
	require.False(t, x.hasAction(1, "sell_building"))
	x.refuse(1, opoly.SellBuilding{Cell: tHerdTrack}, engine.CodeIllegal)
	x.refuse(1, opoly.Mortgage{Cell: tFieldSense}, engine.CodeIllegal)
}

// TestR001_25_A001_08_Takeover is acceptance test 4 (first half): taking
// over FieldSense costs £7,200 (120% of £6,000); the owner approves, the
// buyer pays the owner and owns it at once, and the full-field double fee
// applies to the new owner.
func TestR001_25_A001_08_Takeover(t *testing.T) {
	x := newTP(t, 3, 150000, nil)
	x.e.Own(1, tFieldSense).Own(0, tHerdTrack)
	x.done()
	ev := x.do(0, opoly.RequestTakeover{Cell: tFieldSense})
	require.Contains(t, text(ev, 0), "Seat 1 asked Seat 2 to take over FieldSense for £7,200 (£6,000 + 20% mark-up).")
	require.Equal(t, text(ev, 0), text(ev, 1))
	require.Equal(t, "Seat 1 asked Seat 2 for a takeover; it is being negotiated.\n", text(ev, 2))
	p := x.g.Prompt()
	require.Equal(t, engine.DecisionAnswer, p.Decision)
	require.Equal(t, 1, p.Waiting[0].Seat)
	require.Equal(t, opoly.DenyTakeover{}, p.Waiting[0].Default)
	for _, viewer := range []int{0, 1} {
		tv := x.v(viewer).Trade
		require.True(t, tv.Takeover)
		require.Equal(t, []int{tFieldSense}, tv.Offer.ToCells)
		require.Equal(t, int64(7200), tv.Offer.Money)
	}
	require.Nil(t, x.v(2).Trade.Offer, "others see that a takeover is negotiated, not what")
	require.Nil(t, x.v(engine.Spectator).Trade.Offer)
	ev = x.do(1, opoly.ApproveTakeover{})
	require.Contains(t, text(ev, 2), "Seat 2 approved the takeover of FieldSense by Seat 1.")
	require.Contains(t, text(ev, 2), "Seat 1 paid £7,200 to Seat 2: takeover of FieldSense (£6,000 + 20% mark-up); balance £142,800, Seat 2's balance £157,200.")
	require.Equal(t, 0, x.owner(tFieldSense))
	require.Equal(t, int64(157200), x.cash(1))
	require.Equal(t, opoly.PhaseRoll, x.phase(), "back to the requester's turn")
	require.Equal(t, int64(400), x.fee(tFieldSense))
}

// TestA001_09_TakeoverLimits: own turn only, before or after rolling;
// another player's start-up; the cash; one request at a time; each
// start-up once a turn; denial (also the default) changes nothing.
func TestA001_09_TakeoverLimits(t *testing.T) {
	x := newTP(t, 2, 150000, nil)
	x.e.Own(1, tFieldSense, tLagan).Own(0, tHerdTrack)
	x.done()
	x.refuse(1, opoly.RequestTakeover{Cell: tHerdTrack}, engine.CodeNotYourTurn)
	x.refuse(0, opoly.RequestTakeover{Cell: tHerdTrack}, engine.CodeIllegal) // its own
	x.refuse(0, opoly.RequestTakeover{Cell: tLearnLoop}, engine.CodeIllegal) // unowned
	x.do(0, opoly.RequestTakeover{Cell: tFieldSense})
	x.refuse(0, opoly.RequestTakeover{Cell: tLagan}, engine.CodeNotYourTurn) // one pending
	x.refuse(1, opoly.AcceptTrade{}, engine.CodeIllegal)
	ev := x.do(1, x.g.Prompt().Waiting[0].Default)
	require.Contains(t, text(ev, 0), "Seat 2 denied the takeover request of Seat 1.")
	require.Equal(t, 1, x.owner(tFieldSense))
	require.Equal(t, int64(150000), x.cash(0))
	x.refuse(0, opoly.RequestTakeover{Cell: tFieldSense}, engine.CodeIllegal) // once a turn
	x.do(0, opoly.RequestTakeover{Cell: tLagan})
	x.do(1, opoly.DenyTakeover{})
	x.roll(0, 2, 4)
	x.refuse(0, opoly.RequestTakeover{Cell: tLagan}, engine.CodeIllegal) // not while buying (G001-08)
	x.do(0, opoly.Decline{})
	require.Equal(t, opoly.PhasePostRoll, x.phase())
	x.refuse(0, opoly.RequestTakeover{Cell: tLagan}, engine.CodeIllegal) // still this turn
	x.do(0, opoly.EndTurn{})
	x.roll(1, 1, 3)
	x.do(1, opoly.EndTurn{})
	require.True(t, x.hasAction(0, "request_takeover"), "a new turn")
	x.e.Cash(0, 7199)
	x.done()
	x.refuse(0, opoly.RequestTakeover{Cell: tFieldSense}, engine.CodeIllegal) // £7,200 needed
}
