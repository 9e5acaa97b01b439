package allinthegame

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

func TestG002_01_ColoursAndDecks(t *testing.T) {
	g := newGame(t, 4, nil, 1)
	require.NoError(t, g.CheckInvariants())
	seniors, principals := 0, 0
	for c := 0; c < NumColours; c++ {
		seniors += g.s.Seniors[c] + countHeld(g, c, false)
		principals += g.s.Principals[c] + countHeld(g, c, true)
	}
	require.Equal(t, 48, seniors)
	require.Equal(t, 20, principals)
	require.Equal(t, []string{"DEV", "SEC", "INF", "BIZ"}, []string{ColourCode(0), ColourCode(1), ColourCode(2), ColourCode(3)})
}

func TestG002_03_ProjectCards(t *testing.T) {
	count := func(cards []ProjectCard) [NumColours]int {
		var n [NumColours]int
		for _, c := range cards {
			for _, d := range c.Desks {
				n[d.Colour]++
			}
			require.True(t, c.Desks[len(c.Desks)-1].PrincipalOnly, c.ID)
		}
		return n
	}
	require.Len(t, RegularProjects(), 6)
	require.Len(t, InternationalProjects(), 8)
	require.Equal(t, len(InternationalProjects()), numInternational)
	require.Equal(t, [NumColours]int{8, 6, 7, 6}, count(RegularProjects()))
	require.Equal(t, [NumColours]int{11, 11, 10, 11}, count(InternationalProjects()))
	i4, _ := cardByID("I4", 2)
	require.Equal(t, []DeskSpec{{SEC, false}, {INF, false}, {SEC, true}, {BIZ, false}, {SEC, true}}, i4.Desks)
}

// TestCardByIndexMatchesPrinted: the index that looks cards up on every
// action finds the same card as the table of every printed card.
func TestCardByIndexMatchesPrinted(t *testing.T) {
	for id, want := range printed {
		seats := 0
		if strings.HasPrefix(id, InnovationID) {
			seats = int(id[len(id)-1] - '0')
			id = InnovationID
		}
		got, ok := cardByID(id, seats)
		require.True(t, ok, id)
		require.Equal(t, want, got, id)
		require.GreaterOrEqual(t, cardIndex(id, seats), 0, id)
	}
	_, ok := cardByID("R7", 4)
	require.False(t, ok)
}
