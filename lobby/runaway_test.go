package lobby_test

import (
	"encoding/json"
	"strings"
	"testing"

	"boardroom/engine"
	"boardroom/engine/testgame"
	"boardroom/lobby"

	"github.com/stretchr/testify/require"
)

// waitMove is a move that changes nothing, legal whenever a seat is
// awaited: with it a bot can move for ever without ending its turn.
type waitMove struct{}

func (waitMove) Kind() string { return "wait" }

// loopGame is the test game with waitMove, and a bot that always makes it.
type loopGame struct{ testgame.Definition }

type loopPlay struct{ engine.Game }

func (g loopPlay) Legal(seat int) []engine.Action {
	l := g.Game.Legal(seat)
	if g.Prompt().Awaits(seat) {
		l = append(l, waitMove{})
	}
	return l
}

func (g loopPlay) Apply(seat int, a engine.Action) ([]engine.Event, error) {
	if _, ok := a.(waitMove); ok {
		if !g.Prompt().Awaits(seat) {
			return nil, engine.Errf(engine.CodeNotYourTurn, "Not now.")
		}
		return []engine.Event{{Kind: "wait", Text: "Someone waits."}}, nil
	}
	return g.Game.Apply(seat, a)
}

func (d loopGame) New(s engine.Setup) (engine.Game, error) {
	g, err := d.Definition.New(s)
	return loopPlay{g}, err
}

func (d loopGame) Restore(b []byte) (engine.Game, error) {
	g, err := d.Definition.Restore(b)
	return loopPlay{g}, err
}

func (d loopGame) DecodeAction(data []byte) (engine.Action, error) {
	var k struct{ Kind string }
	if json.Unmarshal(data, &k) == nil && k.Kind == "wait" {
		return waitMove{}, nil
	}
	return d.Definition.DecodeAction(data)
}

type loopBot struct{}

func (loopBot) Choose(_ engine.View, legal []engine.Action) engine.Action {
	for _, a := range legal {
		if _, ok := a.(waitMove); ok {
			return a
		}
	}
	return nil
}

func (loopGame) NewBot(int, uint64) engine.Bot { return loopBot{} }

// TestBotThatNeverEndsItsRoundTakesDefaults: a bot that makes a move
// changing nothing over and over makes Config.BotMovesPerRound of them in
// a round; then its seat makes only its default moves until the round
// ends (the log says so once), so the game goes on to its end.
func TestBotThatNeverEndsItsRoundTakesDefaults(t *testing.T) {
	e := newEnvWith(t, lobby.Config{BotMovesPerRound: 5}, loopGame{})
	ada := e.player("ada")
	tb := e.startWith(ada, nil, 1, nil)
	st := e.state(ada, tb.ID)
	require.Equal(t, 6, st.Version, "five waits, then the default bid")
	require.Equal(t, []bool{false, true}, st.View.(testgame.View).Committed)
	notices := 0
	for _, l := range st.Log.All() {
		if strings.Contains(l.Text, "Bot 2 made 5 moves this round; until the round ends that seat takes only its default actions (") {
			notices++
		}
	}
	require.Equal(t, 1, notices)

	require.NoError(t, e.act(ada, tb.ID, testgame.Bid{Amount: 0}))
	e.playOut(tb.ID, 1, ada)
	st = e.state(ada, tb.ID)
	require.True(t, st.Outcome.Finished, "the game reached its end: the bot's seat added with its default moves")
}
