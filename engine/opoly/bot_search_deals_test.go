package opoly_test

import (
	"testing"

	"boardroom/engine"
	"boardroom/engine/opoly"
	"boardroom/engine/opoly/unipoly"

	"github.com/stretchr/testify/require"
)

// counterScene: seat 0 holds Rector's Lodge and offers seat 1 money for
// Great Hall (a quarter less than its standard bot would), the street that completes its group; seat
// 2 holds Brown, so it is not the first monopoly. It returns the game with
// the offer pending and the offer.
func counterScene(t *testing.T) (*tg, opoly.ProposeTrade) {
	x := newTG(t, 4, 8000, nil)
	x.e.Own(0, cRector).Own(1, cGreatHall).Own(2, cBikeShed, cOldCanteen)
	x.done()
	p, ok := unipoly.Definition{}.NewBot(0, 42).Choose(x.g.View(0), x.g.Legal(0)).(opoly.ProposeTrade)
	require.True(t, ok, "the standard bot offers for Great Hall")
	require.Equal(t, []int{cGreatHall}, p.Take)
	require.Positive(t, p.Money)
	// The standard bot offers at once what its answering peer accepts,
	// which is also the most it pays (both weigh the other's gain alike,
	// answerWeight): a player's offer a quarter lower leaves the strong
	// bot room to counter.
	p.Money -= p.Money / 4
	x.do(0, p)
	return x, p
}

// TestStrongBotCountersAtTheProposersLimit: offered money for a street,
// the strong bot can answer with the same street for the most the
// standard proposer still accepts: the proposer accepts that counter,
// and refuses one asking a dollar more.
func TestStrongBotCountersAtTheProposersLimit(t *testing.T) {
	x, p := counterScene(t)
	strong := unipoly.Definition{}.NewSearchBot(1, 5, opoly.DefaultSearchBudget)
	cs := opoly.Counters(strong, x.v(1), x.g.Legal(1))
	require.NotEmpty(t, cs)
	limit := cs[0].(opoly.CounterTrade)
	require.Equal(t, []int{cGreatHall}, limit.Give)
	require.Less(t, limit.Money, -p.Money, "the bot asks for more than it was offered")
	for _, c := range cs[1:] {
		m := c.(opoly.CounterTrade).Money
		require.True(t, m > limit.Money && m < -p.Money, "the other price points lie between")
	}

	answer := func(money int64) engine.Action {
		x, _ := counterScene(t)
		c := limit
		c.Money = money
		x.do(1, c)
		return x.botChoice(0)
	}
	require.IsType(t, opoly.AcceptTrade{}, answer(limit.Money), "the proposer's limit is accepted")
	require.Equal(t, opoly.RejectTrade{}, answer(limit.Money-1), "a dollar more is refused")
}

// TestStrongBotCountersNothingWithoutAnOffer: no counter-proposal when
// nothing is offered to the bot, nor to an offer the rules let it only
// accept or reject (a counter to a counter).
func TestStrongBotCountersNothingWithoutAnOffer(t *testing.T) {
	x, p := counterScene(t)
	strong := unipoly.Definition{}.NewSearchBot(2, 5, opoly.DefaultSearchBudget)
	require.Empty(t, opoly.Counters(strong, x.v(2), x.g.Legal(2)), "seat 2 is not party to the offer")

	// seat 1 counters, seat 0 counters back... until the chain is full
	c := opoly.CounterTrade{Give: []int{cGreatHall}, Money: -p.Money - 500}
	x.do(1, c)
	back := opoly.CounterTrade{Take: []int{cGreatHall}, Money: p.Money + 100}
	x.do(0, back)
	c.Money += 100 // not the counter seat 0 refused
	x.do(1, c)
	require.False(t, x.hasAction(0, "counter_trade"), "the third counter can only be answered")
	strong0 := unipoly.Definition{}.NewSearchBot(0, 5, opoly.DefaultSearchBudget)
	require.Empty(t, opoly.Counters(strong0, x.v(0), x.g.Legal(0)))
}
