package enginetest

import (
	"fmt"

	"boardroom/engine"
)

// BotSeed is the seed of seat's bot in the bot-only games of the golden
// tests: the game's seed times 31 plus the seat.
func BotSeed(setup engine.Setup, seat int) uint64 { return setup.Seed*31 + uint64(seat) }

// Bots makes one bot per seat of setup, seeded with BotSeed.
func Bots(def engine.Definition, setup engine.Setup) []engine.Bot {
	bots := make([]engine.Bot, setup.Seats)
	for i := range bots {
		bots[i] = def.NewBot(i, BotSeed(setup, i))
	}
	return bots
}

// BotStep is what PlayBots shows its observer at one step.
type BotStep struct {
	Step   int         // actions applied before this step
	Game   engine.Game // the game before Action is applied
	Prompt engine.Prompt
	// Seat is the first awaited seat, Legal its legal actions and Action
	// its bot's choice; all zero when Done.
	Seat   int
	Legal  []engine.Action
	Action engine.Action
	// Last holds the events of the action applied just before this step
	// (nil at step 0), so that an observer sees every action's events,
	// the last one's at the Done step.
	Last []engine.Event
	Done bool // the game is finished; the observer's last call
}

// PlayBots plays a bot-only game of def from setup: at each step the first
// awaited seat's bot chooses among that seat's legal actions from its own
// View. observe (if not nil) is called before each action is applied and
// once more when the game is finished; an error it returns stops the game.
//
// It returns the game as far as it got, and an error when New fails, the
// prompt waits on nobody while the game is not finished, a bot's choice is
// refused, an engine.Checker reports a broken invariant, or the game has
// not finished within maxSteps actions (wrapping ErrStepLimit).
func PlayBots(def engine.Definition, setup engine.Setup, bots []engine.Bot, maxSteps int, observe func(*BotStep) error) (engine.Game, error) {
	g, err := def.New(setup)
	if err != nil {
		return nil, fmt.Errorf("new: %w", err)
	}
	checker, _ := g.(engine.Checker)
	st := &BotStep{Game: g}
	for ; ; st.Step++ {
		st.Prompt = g.Prompt()
		if g.Outcome().Finished {
			st.Done, st.Seat, st.Legal, st.Action = true, 0, nil, nil
			if observe != nil {
				if err := observe(st); err != nil {
					return g, err
				}
			}
			return g, nil
		}
		if st.Step >= maxSteps {
			return g, fmt.Errorf("%w (%d steps, round %d)", ErrStepLimit, maxSteps, g.Round())
		}
		if len(st.Prompt.Waiting) == 0 {
			return g, fmt.Errorf("step %d: prompt %q waits on nobody but the game is not finished", st.Step, st.Prompt.Phase)
		}
		st.Seat = st.Prompt.Waiting[0].Seat
		st.Legal = g.Legal(st.Seat)
		st.Action = bots[st.Seat].Choose(g.View(st.Seat), st.Legal)
		if observe != nil {
			if err := observe(st); err != nil {
				return g, err
			}
		}
		evs, err := g.Apply(st.Seat, st.Action)
		if err != nil {
			return g, fmt.Errorf("step %d: seat %d's bot chose %s, refused: %w", st.Step, st.Seat, st.Action.Kind(), err)
		}
		if checker != nil {
			if err := checker.CheckInvariants(); err != nil {
				return g, fmt.Errorf("step %d: after seat %d %s: invariant: %w", st.Step, st.Seat, st.Action.Kind(), err)
			}
		}
		st.Last = evs
	}
}
