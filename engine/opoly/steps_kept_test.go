package opoly_test

import (
	"testing"

	"boardroom/engine"
	"boardroom/engine/opoly"
	"boardroom/engine/opoly/unipoly"

	"github.com/stretchr/testify/require"
)

// valueTwin is one of two games played alike: its auditor sees each
// action before it is applied, by the usual Apply with the action boxed
// (boxed) or as the game's own loop of steps applies a standard bot's bid
// or proposal, as a value (opoly.ApplyValue).
type valueTwin struct {
	x  *tg
	au engine.Auditor
}

func (w valueTwin) step(seat int, a engine.Action, value bool) error {
	if !value {
		w.au.Before(w.x.g, seat, a, true)
		_, err := w.x.g.Apply(seat, a)
		return err
	}
	return opoly.ApplyValue(w.au, w.x.g, seat, a)
}

// sameAfter applies a to both twins, boxed to the first and as a value to
// the second, and requires the same error, state and auditor's state.
func sameAfter(t *testing.T, boxed, value valueTwin, seat int, a engine.Action) {
	t.Helper()
	e1, e2 := boxed.step(seat, a, false), value.step(seat, a, true)
	if e1 == nil {
		require.NoError(t, e2, "%s %+v", a.Kind(), a)
	} else {
		require.EqualError(t, e2, e1.Error(), "%s %+v", a.Kind(), a)
	}
	s1, err := boxed.x.g.Snapshot()
	require.NoError(t, err)
	s2, err := value.x.g.Snapshot()
	require.NoError(t, err)
	require.JSONEq(t, string(s1), string(s2), "the state after %s %+v", a.Kind(), a)
	require.Equal(t, opoly.AuditState(boxed.au), opoly.AuditState(value.au), "the auditor after %s %+v", a.Kind(), a)
	for seat := range 2 {
		require.Equal(t, boxed.x.g.Legal(seat), value.x.g.Legal(seat), "seat %d's actions after %s", seat, a.Kind())
	}
}

// TestValueStepsAsBoxed: a bid or proposal applied as a value (the game's
// own loop of a simulation's steps, Game.playBotBid and playKept, which
// box neither) leaves the game and its auditor as Apply and the
// auditor's Before of the boxed action do, legal or refused; the
// auditor counts a refused proposal made again as a repeat either way.
func TestValueStepsAsBoxed(t *testing.T) {
	twins := func(fix func(t *testing.T) *tg) (valueTwin, valueTwin) {
		return valueTwin{fix(t), engine.NewAuditor(unipoly.Definition{}, 2)},
			valueTwin{fix(t), engine.NewAuditor(unipoly.Definition{}, 2)}
	}
	t.Run("bids", func(t *testing.T) {
		b, v := twins(auctionForTwo)
		for _, bid := range []opoly.Bid{{Amount: 1 << 40}, {Amount: -10}} {
			sameAfter(t, b, v, 1, bid) // refused
		}
		sameAfter(t, b, v, 1, opoly.Bid{Amount: 650})
		sameAfter(t, b, v, 0, opoly.Bid{Amount: 600}) // the last: revealed
	})
	t.Run("proposals", func(t *testing.T) {
		b, v := twins(func(t *testing.T) *tg {
			x := newTG(t, 2, 1500, nil)
			x.e.Own(0, cBikeShed).Own(1, cOldCanteen)
			x.done()
			return x
		})
		for _, p := range []opoly.ProposeTrade{
			{To: 1, Money: 100},
			{To: 1, Take: []int{cBikeShed}},
			{To: 0, Give: []int{cBikeShed}},
			{To: 1, Give: []int{cBikeShed}, Money: 1501},
			{To: 9, Give: []int{cBikeShed}},
		} {
			sameAfter(t, b, v, 0, p) // refused
		}
		p := opoly.ProposeTrade{To: 1, Give: []int{cBikeShed}, Take: []int{cOldCanteen}, Money: 25}
		sameAfter(t, b, v, 0, p)
		sameAfter(t, b, v, 1, opoly.RejectTrade{}) // boxed to both
		sameAfter(t, b, v, 0, p)                   // refused again, counted
		require.Equal(t, 1, b.au.Audit().RepeatedRequests, "the repeat counted")
		sameAfter(t, b, v, 0, opoly.ProposeTrade{To: 1, Give: []int{cBikeShed}, Take: []int{cOldCanteen}, Money: 50})
	})
}
