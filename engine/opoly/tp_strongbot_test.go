package opoly_test

import (
	"testing"

	"boardroom/engine"
	"boardroom/engine/opoly"
	"boardroom/engine/opoly/technopoly"

	"github.com/stretchr/testify/require"
)

// Technopoly start-ups of the strong bot's tests (G001-01); the rule
// tests of Technopoly live in engine/opoly/technopoly.
const (
	tLagan     = 5
	tLearnLoop = 6
	tQuizForge = 8
	tTutorNest = 9
	tSperrin   = 35
)

// newTP starts a Technopoly game with a clean board (the core's tg).
func newTP(t *testing.T, seats int, cash int64, opts map[string]string) *tg {
	t.Helper()
	g, err := technopoly.Definition{}.New(engine.Setup{Seats: seats, Seed: 7, Options: opts})
	require.NoError(t, err)
	x := &tg{t: t, g: g, e: opoly.Edit(g)}
	x.e.Clean(cash).Turn(0)
	x.done()
	return x
}

// rulesOnly is a search budget that searches no decision: the strong bot
// plays by its own rules of thumb alone.
var rulesOnly = opoly.SearchBudget{Playouts: 2, Rounds: 1, Steps: 10, Phases: []string{"none"}}

// TestStrongBotKeepsItsStartUps: asked for a start-up of a field it holds
// nothing else in, the standard bot hands it over for the 20% mark-up; the
// strong bot's own rules keep it (in its playouts too). Its search may
// hand one over only where the price pays it by its own valuation and its
// playouts gain (docs/decisions/2026-11-strong-technopoly-hires-and-searches-wider.md):
// asked for a start-up of its complete field, which the price does not
// pay for, it denies after its search as well.
func TestStrongBotKeepsItsStartUps(t *testing.T) {
	x := newTP(t, 2, 150000, nil)
	x.e.Own(0, tLagan).Own(1, tSperrin)
	x.done()
	x.do(0, opoly.RequestTakeover{Cell: tSperrin})
	def := technopoly.Definition{}
	require.Equal(t, opoly.ApproveTakeover{}, def.NewBot(1, 1).Choose(x.g.View(1), x.g.Legal(1)))
	require.Equal(t, opoly.DenyTakeover{}, def.NewSearchBot(1, 1, rulesOnly).Choose(x.g.View(1), x.g.Legal(1)))

	field := newTP(t, 2, 150000, nil)
	field.e.Own(0, tLagan).Own(1, tLearnLoop, tQuizForge, tTutorNest)
	field.done()
	field.do(0, opoly.RequestTakeover{Cell: tQuizForge})
	for seed := uint64(1); seed <= 4; seed++ {
		require.Equal(t, opoly.DenyTakeover{}, def.NewBotLevel(engine.LevelStrong, 1, seed).Choose(field.g.View(1), field.g.Legal(1)), "bot seed %d", seed)
	}
}

// TestStrongBotAsksForWhatOwnersHandOver: the strong bot asks for a
// start-up whose owner holds nothing else of its field, when the price is
// worth more to the owner and less to the bot than the start-up (issue 27:
// no longer for any lone start-up, whatever it is worth), and the
// standard owner approves; it does not ask when the price would eat into
// its reserve.
func TestStrongBotAsksForWhatOwnersHandOver(t *testing.T) {
	const tFoyle = 15
	def := technopoly.Definition{}
	x := newTP(t, 2, 150000, nil)
	x.e.Own(0, tLagan, tFoyle).Own(1, tSperrin, tQuizForge, tTutorNest)
	x.done()
	ask := def.NewSearchBot(0, 1, rulesOnly).Choose(x.g.View(0), x.g.Legal(0))
	require.Equal(t, opoly.RequestTakeover{Cell: tSperrin}, ask)
	x.do(0, ask)
	require.Equal(t, opoly.ApproveTakeover{}, def.NewBot(1, 1).Choose(x.g.View(1), x.g.Legal(1)))

	lone := newTP(t, 2, 150000, nil)
	lone.e.Own(1, tSperrin, tQuizForge, tTutorNest)
	lone.done()
	require.Equal(t, opoly.Roll{}, def.NewSearchBot(0, 1, rulesOnly).Choose(lone.g.View(0), lone.g.Legal(0)),
		"a lone start-up of a field it holds nothing of is worth less than £24,000 to it")

	poor := newTP(t, 2, 150000, nil)
	poor.e.Own(0, tLagan, tFoyle).Own(1, tSperrin).Cash(0, 30000)
	poor.done()
	require.Equal(t, opoly.Roll{}, def.NewSearchBot(0, 1, rulesOnly).Choose(poor.g.View(0), poor.g.Legal(0)),
		"£24,000 would leave less than the reserve")
}

// TestStrongBotDoesNotNagForARefusedStartUp: an owner who refused (a
// player) is not asked for the same start-up on the bot's next turns,
// only after the wait of 10 rounds.
func TestStrongBotDoesNotNagForARefusedStartUp(t *testing.T) {
	def := technopoly.Definition{}
	x := newTP(t, 2, 150000, nil)
	x.e.Own(0, tLagan, 15).Own(1, tSperrin).Round(3) // 15: Foyle Networks
	x.done()
	bot := def.NewSearchBot(0, 1, rulesOnly)
	ask := bot.Choose(x.g.View(0), x.g.Legal(0))
	require.Equal(t, opoly.RequestTakeover{Cell: tSperrin}, ask)
	x.do(0, ask)
	x.do(1, opoly.DenyTakeover{})
	for _, r := range []int{4, 12} {
		x.e.NewTurn(0, r)
		x.done()
		require.Equal(t, opoly.Roll{}, bot.Choose(x.g.View(0), x.g.Legal(0)), "round %d: refused in round 3", r)
	}
	x.e.NewTurn(0, 13)
	x.done()
	require.Equal(t, opoly.RequestTakeover{Cell: tSperrin}, bot.Choose(x.g.View(0), x.g.Legal(0)), "round 13: asks again")
}
