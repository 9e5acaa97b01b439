package sim

import (
	"testing"

	"boardroom/engine"
	"boardroom/engine/testgame"

	"github.com/stretchr/testify/require"
)

// TestFastStepPlaysAsAct: the loop's own step for a game that tells its
// awaited seat (engine.SeatAwaiter) and lends views (engine.ViewPeeker)
// to bots that choose lazily (engine.LazyChooser), which the property
// games take at nearly every step, and its step of a sealed bid told by
// engine.SeatsAwaiter, play testgame's games exactly as act and step do
// for the same game without those fast paths (same results, actions and
// turns), and are the paths taken; a bot that reads its game
// (engine.GameReader) is handed no view and plays the same; a bot
// choosing nothing or an illegal action is an error there too.
func TestFastStepPlaysAsAct(t *testing.T) {
	opts := map[string]string{"target": "30"}
	for i := 0; i < 6; i++ {
		plain := Play(Config{Def: testgame.Definition{}, Players: 3, Seed: 5, Options: opts}, i)
		fd := &fastDef{}
		fast := Play(Config{Def: fd, Players: 3, Seed: 5, Options: opts}, i)
		require.NoError(t, plain.Err)
		require.Equal(t, plain, fast, "game %d", i)
		require.Positive(t, fd.lazy, "game %d: bots chose through ChooseFrom", i)
		require.Positive(t, fd.peeked, "game %d: views lent", i)
		require.Positive(t, fd.awaited, "game %d: a seat told alone", i)
		require.Positive(t, fd.bids, "game %d: sealed bids told", i)
	}
	// the loop's own steps stop at the round cap and the step limit
	// where act's do (fastSteps)
	for _, c := range []Config{{MaxRounds: 2}, {MaxSteps: 9}, {MaxSteps: 10}} {
		for i := 0; i < 3; i++ {
			c.Def, c.Players, c.Seed, c.Options = testgame.Definition{}, 3, 5, opts
			plain := Play(c, i)
			c.Def = &fastDef{}
			fast := Play(c, i)
			require.Equal(t, plain, fast, "game %d, %d rounds, %d steps", i, c.MaxRounds, c.MaxSteps)
			require.True(t, plain.Capped || plain.Err != nil, "game %d: stopped by the cap or limit", i)
		}
	}
	// bots that read their game (engine.GameReader) are handed no view,
	// and choose the same
	for i := 0; i < 3; i++ {
		plain := Play(Config{Def: testgame.Definition{}, Players: 3, Seed: 5, Options: opts}, i)
		fd := &fastDef{mode: "reads"}
		reads := Play(Config{Def: fd, Players: 3, Seed: 5, Options: opts}, i)
		require.Equal(t, plain, reads, "game %d", i)
		require.Equal(t, fd.lazy, fd.unviewed, "game %d: every choice handed no view", i)
		require.Zero(t, fd.peeked, "game %d: no view lent", i)
	}
	for _, mode := range []string{"illegal", "nil"} {
		fd := &fastDef{mode: mode}
		r := Play(Config{Def: fd, Players: 3, Seed: 5, Options: opts}, 0)
		require.ErrorIs(t, r.Err, ErrBotIllegal, mode)
		require.Positive(t, fd.lazy, mode)
	}
}

// fastDef is testgame with the fast paths of the property games: its
// games tell their awaited seat and lend views, its bots choose lazily
// (the mode breaks them as faultyBot does). It counts their use.
type fastDef struct {
	testgame.Definition
	mode                        string
	lazy, peeked, awaited, bids int
	unviewed                    int // choices handed no view (mode "reads")
}

func (d *fastDef) New(setup engine.Setup) (engine.Game, error) {
	g, err := d.Definition.New(setup)
	if err != nil {
		return nil, err
	}
	return &fastGame{Game: g, d: d}, nil
}

func (d *fastDef) NewBot(seat int, seed uint64) engine.Bot {
	return &fastBot{d: d, inner: d.Definition.NewBot(seat, seed)}
}

type fastGame struct {
	engine.Game
	d *fastDef
}

func (g *fastGame) PeekView(viewer int) engine.View {
	g.d.peeked++
	return g.View(viewer)
}

func (g *fastGame) AwaitedSeat() (seat int, answer, ok bool) {
	p := g.Prompt()
	if g.Outcome().Finished || p.Simultaneous || len(p.Waiting) != 1 {
		return 0, false, false
	}
	g.d.awaited++
	return p.Waiting[0].Seat, p.DecisionKind() == engine.DecisionAnswer, true
}

func (g *fastGame) AwaitedSeats() (seats uint64, ok bool) {
	p := g.Prompt()
	if g.Outcome().Finished || !p.Simultaneous {
		return 0, false
	}
	g.d.bids++
	for _, w := range p.Waiting {
		seats |= 1 << uint(w.Seat)
	}
	return seats, true
}

type fastBot struct {
	d     *fastDef
	inner engine.Bot
}

func (b *fastBot) Choose(view engine.View, legal []engine.Action) engine.Action {
	return b.inner.Choose(view, legal)
}

func (b *fastBot) ChooseFrom(view engine.View, g engine.LegalSource, seat int) engine.Action {
	b.d.lazy++
	switch b.d.mode {
	case "illegal":
		return testgame.Add{N: 99}
	case "nil":
		return nil
	}
	if view == nil { // a bot reading its game (mode "reads")
		b.d.unviewed++
		view = g.(engine.Game).View(seat)
	}
	return b.inner.Choose(view, g.Legal(seat))
}

// ReadsGame implements engine.GameReader in mode "reads": the bot reads
// its view from the game itself.
func (b *fastBot) ReadsGame(g engine.LegalSource) bool { return b.d.mode == "reads" }
