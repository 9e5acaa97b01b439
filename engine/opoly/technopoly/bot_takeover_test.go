package technopoly_test

import (
	"testing"

	"boardroom/engine"
	"boardroom/engine/opoly"
	"boardroom/engine/opoly/technopoly"

	"github.com/stretchr/testify/require"
)

// tpAnswer asks seat 0 to take over cell from seat 1 and returns seat 1's
// bot's answer.
func tpAnswer(t *testing.T, x *tg, cell int) engine.Action {
	t.Helper()
	x.Do(0, opoly.RequestTakeover{Cell: cell})
	require.Equal(t, 1, x.G.Prompt().Waiting[0].Seat)
	return technopoly.Definition{}.NewBot(1, 1).Choose(x.G.View(1), x.G.Legal(1))
}

// TestR001_25_BotDoesNotCompleteARivalsFieldEarly: before round 40 the
// bot denies a takeover that completes the buyer's field, whether it is
// richer or poorer than the buyer (the first player is the richer owner
// more often, so a rule by wealth handed the later players their fields:
// docs/decisions/2026-11-technopoly-bot-refuses-early-takeovers.md); from round 40 it approves.
func TestR001_25_BotDoesNotCompleteARivalsFieldEarly(t *testing.T) {
	for _, ownerCash := range []int64{60000, 150000, 400000} {
		x := newTP(t, 2, 150000, nil)
		x.E.Own(0, tLearnLoop, tQuizForge).Own(1, tTutorNest).Cash(1, ownerCash)
		x.Done()
		require.Equal(t, opoly.DenyTakeover{}, tpAnswer(t, x, tTutorNest), "owner cash %d", ownerCash)
	}
	x := newTP(t, 2, 150000, nil)
	x.E.Own(0, tLearnLoop, tQuizForge).Own(1, tTutorNest).Round(40)
	x.Done()
	require.Equal(t, opoly.ApproveTakeover{}, tpAnswer(t, x, tTutorNest), "round 40: the game has gone on long")
}

// TestR001_25_BotSellsAStartUpItHasNoStakeIn: a takeover that gives the
// buyer a majority but not the whole field is approved when the bot holds
// nothing else of that field, and denied when it does.
func TestR001_25_BotSellsAStartUpItHasNoStakeIn(t *testing.T) {
	x := newTP(t, 2, 150000, nil)
	x.E.Own(0, tLagan).Own(1, tSperrin)
	x.Done()
	require.Equal(t, opoly.ApproveTakeover{}, tpAnswer(t, x, tSperrin))
	x = newTP(t, 2, 150000, nil)
	x.E.Own(0, tLearnLoop).Own(1, tQuizForge, tTutorNest)
	x.Done()
	require.Equal(t, opoly.DenyTakeover{}, tpAnswer(t, x, tTutorNest))
}
