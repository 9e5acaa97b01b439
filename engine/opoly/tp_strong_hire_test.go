package opoly_test

import (
	"testing"

	"boardroom/engine"
	"boardroom/engine/opoly"
	"boardroom/engine/opoly/technopoly"
	"boardroom/engine/opoly/unipoly"

	"github.com/stretchr/testify/require"
)

// TestStrongTechnopolyBotHiresIntoHalfItsReserve: with EdTech complete
// (developers at £5,000) and no rival fee on the board, the reserve is
// £10,000. With £14,000 the standard bot does not hire (£9,000 would be
// left); the strong bot's own seat, which keeps half its reserve when it
// hires, does (its rules alone, rulesOnly: the search weighs the hire
// against waiting); with £8,000 it does not either. In Unipoly (no first-bankruptcy end) its
// seat builds as the standard bot.
func TestStrongTechnopolyBotHiresIntoHalfItsReserve(t *testing.T) {
	def := technopoly.Definition{}
	x := newTP(t, 2, 150000, nil)
	x.e.Own(0, tLearnLoop, tQuizForge, tTutorNest).Cash(0, 14000)
	x.done()
	require.Equal(t, opoly.Roll{}, def.NewBot(0, 1).Choose(x.g.View(0), x.g.Legal(0)))
	hire, ok := def.NewSearchBot(0, 1, rulesOnly).Choose(x.g.View(0), x.g.Legal(0)).(opoly.Build)
	require.True(t, ok, "the strong seat's rules hire into half the reserve")
	require.Contains(t, []int{tLearnLoop, tQuizForge, tTutorNest}, hire.Cell)

	poor := newTP(t, 2, 150000, nil)
	poor.e.Own(0, tLearnLoop, tQuizForge, tTutorNest).Cash(0, 8000)
	poor.done()
	require.Equal(t, opoly.Roll{}, def.NewSearchBot(0, 1, rulesOnly).Choose(poor.g.View(0), poor.g.Legal(0)),
		"£3,000 left is below half the reserve")

	u, err := unipoly.Definition{}.New(engine.Setup{Seats: 2, Seed: 7})
	require.NoError(t, err)
	e := opoly.Edit(u)
	e.Clean(1500).Turn(0).Own(0, 1, 3).Cash(0, 140) // the first group; houses at $50, reserve above $100
	require.NoError(t, e.Done())
	std := unipoly.Definition{}.NewBot(0, 1).Choose(u.View(0), u.Legal(0))
	require.Equal(t, std, unipoly.Definition{}.NewSearchBot(0, 1, rulesOnly).Choose(u.View(0), u.Legal(0)),
		"Unipoly's strong seat builds as the standard bot")
}
