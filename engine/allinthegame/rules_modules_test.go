package allinthegame

import (
	"testing"

	"boardroom/engine"

	"github.com/stretchr/testify/require"
)

func TestR002_20_DeadlineTrackOnEveryProjectButInnovation(t *testing.T) {
	g := newGame(t, 3, nil, 2)
	for _, p := range g.View(engine.Spectator).(View).Projects {
		if p.Kind == KindInnovation {
			require.Zero(t, p.Marker)
		} else {
			require.Positive(t, p.Marker)
		}
	}
}

func TestR002_21_DeadlineSetup(t *testing.T) {
	s := newState(engine.Setup{Seats: 4, Seed: 3, Options: map[string]string{OptDeadlines: "on", OptInnovation: "off"}})
	var markers []int
	for _, sl := range s.Slots {
		markers = append(markers, sl.Marker)
	}
	require.Equal(t, []int{1, 1, 2, 2, 3, 3}, markers)
}

func TestR002_25_Penalties(t *testing.T) {
	g := workGame(t, 3, map[string]string{OptInnovation: "off"}, "R1", "R2")
	g.s.Slots[0].Marker = 4
	g.s.Slots[1].Marker = 5
	put(t, g, 0, 0, 0, DEV, false)
	put(t, g, 0, 1, 0, INF, false)
	put(t, g, 1, 1, 1, SEC, false)
	put(t, g, 2, 1, 2, INF, false)
	evs := passAll(t, g)
	// R1 (field 4): seats 2 and 3 have no consultant there and pay $6;
	// R2 (field 5): everyone is there, so seat 1 (leftmost) pays $10.
	pen := map[int]int64{}
	for _, e := range evs {
		if e.Kind == "penalty" {
			pen[e.Money[0].Seat] += e.Money[0].Delta
		}
	}
	require.Equal(t, map[int]int64{0: -10, 1: -6, 2: -6}, pen)
	require.Equal(t, int64(10), g.s.Penalties[0])
}

func TestR002_26_MarkersMoveRight(t *testing.T) {
	g := workGame(t, 2, map[string]string{OptInnovation: "off"}, "R1", "R2")
	g.s.Slots[0].Marker = 2
	g.s.Slots[1].Marker = 5
	passAll(t, g)
	require.Equal(t, 3, g.s.Slots[0].Marker)
	require.Equal(t, 5, g.s.Slots[1].Marker, "field 5 stays")
}

func TestR002_27_InnovationSetup(t *testing.T) {
	for n, regular := range map[int]int{2: 4, 3: 5, 4: 5} {
		s := newState(engine.Setup{Seats: n, Seed: 1, Options: map[string]string{OptDeadlines: "on", OptInnovation: "on"}})
		require.Len(t, s.Slots, regular+1, "%d players", n)
		require.Equal(t, InnovationID, s.Slots[regular].Card)
	}
}

func TestR002_28_InnovationDesks(t *testing.T) {
	g := workGame(t, 3, nil, "R1", InnovationID)
	require.Len(t, g.s.Slots[1].Desks, 3, "desks = players")
	give(t, g, 0, SEC, true, 1)
	give(t, g, 0, BIZ, false, 2)
	require.Equal(t, []int{0}, legalDesksOf(g, 0, 1, SEC, true), "any colour, either rank")
	do(t, g, 0, Assign{Colour: BIZ, Project: 1, Desk: 0})
	do(t, g, 1, Pass{})
	do(t, g, 2, Pass{})
	do(t, g, 0, Assign{Colour: BIZ, Project: 1, Desk: 1})
	do(t, g, 0, Assign{Colour: SEC, Principal: true, Project: 1, Desk: 2})
	require.Equal(t, InnovationID, g.s.Slots[1].Card, "never completes")
	require.Empty(t, g.s.legalDesks(nil, 1, DEV, false), "full")
}

func TestR002_29_InnovationPaysAndReturns(t *testing.T) {
	g := workGame(t, 2, nil, "R1", InnovationID)
	put(t, g, 0, 1, 0, DEV, true)
	put(t, g, 0, 1, 1, SEC, false)
	evs := passAll(t, g)
	require.Equal(t, int64(2), moneyOf(evs, 0))
	require.Equal(t, 1, g.s.Hands[0][DEV][principal])
	require.Equal(t, -1, g.s.Slots[1].Desks[0].Owner)
}

func TestG002_04_ProjectsOnTheTable(t *testing.T) {
	for _, c := range []struct {
		n     int
		innov string
		want  int
	}{{2, "off", 4}, {3, "off", 5}, {4, "off", 6}, {2, "on", 5}, {3, "on", 6}, {4, "on", 6}} {
		s := newState(engine.Setup{Seats: c.n, Seed: 9, Options: map[string]string{OptDeadlines: "on", OptInnovation: c.innov}})
		require.Len(t, s.Slots, c.want, "%d players, innovation %s", c.n, c.innov)
	}
}

func TestA002_03_RegularProjectsPerPlayerCount(t *testing.T) { TestG002_04_ProjectsOnTheTable(t) }

func TestG002_05_InnovationCard(t *testing.T) {
	c := innovationCard(4)
	require.Len(t, c.Desks, 4)
	for _, d := range c.Desks {
		require.Equal(t, AnyColour, d.Colour)
		require.False(t, d.PrincipalOnly)
	}
	g := workGame(t, 4, nil, InnovationID)
	put(t, g, 1, 0, 1, DEV, false)
	require.Equal(t, []int{0, 2}, g.s.legalDesks(nil, 0, SEC, false), "same positional rule")
}

func TestG002_06_DeadlineFields(t *testing.T) {
	for marker, fine := range map[int]int64{1: 0, 2: 0, 3: 0, 4: 6, 5: 10} {
		g := workGame(t, 2, map[string]string{OptInnovation: "off"}, "R1")
		g.s.Slots[0].Marker = marker
		evs := passAll(t, g)
		require.Equal(t, -fine, moneyOf(evs, 0), "field %d", marker)
	}
}

func TestA002_10_OnlyThatProjectCounts(t *testing.T) {
	g := workGame(t, 2, nil, "R1", InnovationID)
	g.s.Slots[0].Marker = 4
	put(t, g, 0, 1, 0, DEV, false) // on the Innovation project only
	evs := passAll(t, g)
	require.Equal(t, int64(1-6), moneyOf(evs, 0))
}

func TestA002_11_LeftmostPaysOnce(t *testing.T) {
	g := workGame(t, 2, map[string]string{OptInnovation: "off"}, "R1")
	g.s.Slots[0].Marker = 5
	put(t, g, 1, 0, 0, DEV, false)
	put(t, g, 0, 0, 1, DEV, false)
	put(t, g, 1, 0, 2, BIZ, false)
	evs := passAll(t, g)
	require.Equal(t, int64(6+2-10), moneyOf(evs, 1))
	require.Equal(t, int64(4), moneyOf(evs, 0))
}
