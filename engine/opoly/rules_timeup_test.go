package opoly_test

import (
	"testing"

	"boardroom/engine"
	"boardroom/engine/opoly"
	"boardroom/engine/opoly/unipoly"

	"github.com/stretchr/testify/require"
)

// timeLimit returns the game's engine.TimeLimited answer.
func timeLimit(t *testing.T, g engine.Game) (int, engine.Action) {
	t.Helper()
	tl, ok := g.(engine.TimeLimited)
	require.True(t, ok, "an opoly game is engine.TimeLimited")
	return tl.TimeLimit()
}

func TestG004_12_MinutesModeIsAnOption(t *testing.T) {
	info := unipoly.Definition{}.Info()
	require.Equal(t, opoly.OptEndMode, info.Options[0].Key)
	require.Equal(t, opoly.EndLastStanding, info.Options[0].Default)
	require.Subset(t, info.Options[0].Choices, []string{"minutes:30", "minutes:60", "minutes:90"})
	_, err := unipoly.Definition{}.ValidateOptions(3, map[string]string{"endMode": "minutes:45"})
	require.Error(t, err, "the choices are closed")
	for _, c := range []struct {
		mode string
		want int
	}{{"minutes:30", 30}, {"minutes:90", 90}, {"rounds:10", 0}, {"lastStanding", 0}} {
		x := newTG(t, 3, 1000, map[string]string{"endMode": c.mode})
		m, a := timeLimit(t, x.g)
		require.Equal(t, c.want, m, c.mode)
		require.Equal(t, c.want, x.v(engine.Spectator).TimeLimit, c.mode)
		if c.want > 0 {
			require.Equal(t, opoly.TimeUp{}, a)
		} else {
			require.Nil(t, a)
		}
	}
}

func TestG004_12_TimeUpEndsTheGameAfterTheCurrentRound(t *testing.T) {
	x := newTG(t, 3, 1000, map[string]string{"endMode": "minutes:30"})
	order := x.e.Order()
	x.e.Turn(order[1]).Round(4)
	x.e.Own(order[0], cBikeShed).Own(order[1], cRector).Own(order[2], cEngineering)
	x.done()
	before := x.g.Prompt()

	evs := x.do(engine.Table, opoly.TimeUp{})
	require.Equal(t, "Time is up after 30 minutes: the game ends after this round.\n", text(evs, engine.Spectator))
	require.Equal(t, before.Waiting[0].Seat, x.g.Prompt().Waiting[0].Seat, "the turn goes on")
	m, a := timeLimit(t, x.g)
	require.Zero(t, m, "the limit is spent")
	require.Nil(t, a)
	v := x.v(order[0])
	require.True(t, v.TimeUp)
	require.Equal(t, 30, v.TimeLimit)
	require.False(t, v.Over)
	for s := 0; s < 3; s++ {
		require.False(t, x.hasAction(s, "time_up"))
	}

	// order[1] ends its turn: order[2] still plays this round.
	seat := x.active()
	x.e.Pos(seat, cParking-3)
	x.done()
	x.roll(seat, 1, 2)
	x.do(seat, opoly.EndTurn{})
	require.Equal(t, order[2], x.active())
	require.Equal(t, opoly.PhaseRoll, x.phase())

	x.endRound()
	out := x.g.Outcome()
	require.True(t, out.Finished)
	require.Equal(t, "The time limit of 30 minutes was reached; the highest capital wins.", out.Reason)
	require.Equal(t, 4, x.g.Round(), "no new round began")
	// capital: cash 1000 + mortgage value: Rector 175 > Engineering 130 > Bike Shed 30
	require.Equal(t, 1, out.Results[order[1]].Placement)
	require.Equal(t, 2, out.Results[order[2]].Placement)
	require.Equal(t, 3, out.Results[order[0]].Placement)
	require.Equal(t, int64(1175), out.Results[order[1]].Score)
	require.Empty(t, x.g.Prompt().Waiting)
	x.refuse(engine.Table, opoly.TimeUp{}, engine.CodeGameOver)
}

func TestG004_12_TimeUpRefusals(t *testing.T) {
	for _, mode := range []string{"lastStanding", "rounds:10"} {
		x := newTG(t, 3, 1000, map[string]string{"endMode": mode})
		x.refuse(engine.Table, opoly.TimeUp{}, engine.CodeIllegal)
	}
	x := newTG(t, 3, 1000, map[string]string{"endMode": "minutes:60"})
	act := x.active()
	x.refuse(act, opoly.TimeUp{}, engine.CodeIllegal)
	x.refuse(x.next(act), opoly.TimeUp{}, engine.CodeNotYourTurn)
	x.refuse(engine.Spectator, opoly.TimeUp{}, engine.CodeNotYourTurn)
	x.refuse(-3, opoly.TimeUp{}, engine.CodeNotYourTurn)
	x.refuse(engine.Table, opoly.Roll{}, engine.CodeNotYourTurn)
	x.refuse(engine.Table, opoly.Resign{}, engine.CodeNotYourTurn)
	x.do(engine.Table, opoly.TimeUp{})
	x.refuse(engine.Table, opoly.TimeUp{}, engine.CodeIllegal)
}

func TestG004_12_TimeUpSurvivesSnapshotAndRestore(t *testing.T) {
	x := newTG(t, 3, 1000, map[string]string{"endMode": "minutes:90"})
	snap, err := x.g.Snapshot()
	require.NoError(t, err)
	g, err := unipoly.Definition{}.Restore(snap)
	require.NoError(t, err)
	m, _ := timeLimit(t, g)
	require.Equal(t, 90, m, "the limit is in the snapshot")

	x.do(engine.Table, opoly.TimeUp{})
	snap, err = x.g.Snapshot()
	require.NoError(t, err)
	g, err = unipoly.Definition{}.Restore(snap)
	require.NoError(t, err)
	y := &tg{t: t, g: g, e: opoly.Edit(g)}
	m, a := timeLimit(t, g)
	require.Zero(t, m)
	require.Nil(t, a)
	require.True(t, y.v(engine.Spectator).TimeUp)
	y.refuse(engine.Table, opoly.TimeUp{}, engine.CodeIllegal)
	y.endRound()
	require.True(t, g.Outcome().Finished)
	require.Contains(t, g.Outcome().Reason, "time limit of 90 minutes")
}

func TestG004_12_ReplayOfALogWithATableAction(t *testing.T) {
	def := unipoly.Definition{}
	setup := engine.Setup{Seats: 4, Seed: 99, Options: map[string]string{"endMode": "minutes:30"}}
	g, err := def.New(setup)
	require.NoError(t, err)
	var log []engine.LoggedAction
	apply := func(seat int, a engine.Action) {
		_, err := g.Apply(seat, a)
		require.NoError(t, err, "seat %d %s", seat, a.Kind())
		la, err := engine.Log(seat, a)
		require.NoError(t, err)
		log = append(log, la)
	}
	// A few default moves, time runs out, and the defaults play the round out.
	for range 5 {
		w := g.Prompt().Waiting[0]
		apply(w.Seat, w.Default)
	}
	round := g.Round()
	apply(engine.Table, opoly.TimeUp{})
	for step := 0; !g.Outcome().Finished; step++ {
		require.Less(t, step, 500, "the round did not end")
		w := g.Prompt().Waiting[0]
		apply(w.Seat, w.Default)
	}
	require.Equal(t, round, g.Round())
	require.Contains(t, g.Outcome().Reason, "time limit of 30 minutes")
	require.Equal(t, engine.Table, log[5].Seat)
	require.JSONEq(t, `{"kind":"time_up"}`, string(log[5].Action))

	r, err := engine.Replay(def, setup, log)
	require.NoError(t, err)
	want, err := g.Snapshot()
	require.NoError(t, err)
	got, err := r.Snapshot()
	require.NoError(t, err)
	require.Equal(t, string(want), string(got))
	require.Equal(t, g.Outcome(), r.Outcome())
}
