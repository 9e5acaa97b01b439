package allinthegame

import (
	"errors"
	"testing"

	"github.com/stretchr/testify/require"
)

// Each invariant is shown to catch a broken state.
func TestCheckInvariants(t *testing.T) {
	for _, c := range []struct {
		name  string
		want  error
		spoil func(s *state)
	}{
		{"card lost", ErrCardsNotConserved, func(s *state) { s.Seniors[DEV]-- }},
		{"card duplicated into a hand", ErrCardsNotConserved, func(s *state) { s.Hands[1][SEC][principal]++ }},
		{"negative deck", ErrCardsNotConserved, func(s *state) { s.Hands[0][INF][senior] += s.Seniors[INF] + 1; s.Seniors[INF] = -1 }},
		{"negative dollars without penalty", ErrNegativeDollars, func(s *state) { s.Dollars[0] = -1 }},
		{"colour mismatch", ErrBadDesk, func(s *state) { s.Seniors[SEC]--; s.Slots[0].Desks[0] = occupant{Owner: 0, Colour: SEC} }},
		{"senior on a principal desk", ErrBadDesk, func(s *state) {
			s.Seniors[DEV] -= 3
			s.Seniors[BIZ]--
			s.Slots[0].Desks = []occupant{{Owner: 0, Colour: DEV}, {Owner: 0, Colour: DEV}, {Owner: 0, Colour: BIZ}, {Owner: 1, Colour: DEV}}
		}},
		{"resigned owner", ErrBadDesk, func(s *state) {
			s.Seniors[DEV]--
			s.Slots[0].Desks[0] = occupant{Owner: 1, Colour: DEV}
			s.Out[1], s.Passed[1] = true, true
		}},
		{"marker off track", ErrBadMarker, func(s *state) { s.Slots[0].Marker = 6 }},
		{"marker on the innovation project", ErrBadMarker, func(s *state) { s.Slots[1].Marker = 1 }},
		{"international card lost", ErrDecksNotConserved, func(s *state) { s.Intl = s.Intl[1:] }},
		{"international card twice", ErrDecksNotConserved, func(s *state) {
			c, _ := cardByID(s.Intl[0], 2)
			s.Slots[0] = s.newSlot(c.ID, len(c.Desks), 1)
			s.Intl = append(s.Intl[1:], s.Intl[0])
		}},
		{"event card lost", ErrDecksNotConserved, func(s *state) { s.Events = s.Events[1:] }},
		{"too many moves", ErrBadCounters, func(s *state) { s.Moves[0] = 4 }},
		{"passed seat acts", ErrBadCounters, func(s *state) { s.Passed[s.Turn] = true }},
	} {
		t.Run(c.name, func(t *testing.T) {
			g := workGame(t, 2, nil, "R1", InnovationID)
			require.NoError(t, g.CheckInvariants())
			c.spoil(g.s)
			err := g.CheckInvariants()
			require.True(t, errors.Is(err, c.want), "got %v", err)
		})
	}
}
