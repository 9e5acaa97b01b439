package engine

// Fast paths for callers that run many games and read little of them: a
// bot-only simulation, or a bot that searches with playouts. Both are
// optional; a game that implements neither is driven the ordinary way by
// the helpers below, so callers need not care which games have them.

// ViewPeeker is implemented by games that can lend a viewer's view
// instead of building a snapshot of it. PeekView(viewer) holds exactly
// what View(viewer) holds (the same secrecy), but it is valid only until
// the game's next Apply: the game rewrites it in place then. A caller that
// keeps a view beyond that (a lobby publishing it to sessions, a renderer)
// calls View; a bot choosing its action at once may read a peeked one.
type ViewPeeker interface {
	PeekView(viewer int) View
}

// PeekView returns g's lent view of viewer when g is a ViewPeeker and its
// View otherwise. The result is valid until g's next Apply.
func PeekView(g Game, viewer int) View {
	if p, ok := g.(ViewPeeker); ok {
		return p.PeekView(viewer)
	}
	return g.View(viewer)
}

// Quieter is implemented by games that can leave out the sentences of
// their events for a caller that never reads them. With quiet on, Apply
// returns the same events (kinds, recipients and money changes) with empty
// Text and Redacted, and changes the state exactly as it would otherwise:
// snapshots, views, legal actions, prompts and outcomes are the same. A
// quiet game may reuse memory for what it returns: its events, and the
// templates of its Legal lists (their Param bounds), are valid until its
// next Apply. A concrete action made with Template.With stays valid. A game that players
// watch is never quiet: its log is made of those sentences. Every game
// keeps its switch as a Quiet (quiet.go) and writes its sentences through it.
type Quieter interface {
	SetQuiet(on bool)
}

// SetQuiet turns g's event sentences off (on = true) or back on when g is
// a Quieter, and reports whether it is one.
func SetQuiet(g Game, on bool) bool {
	q, ok := g.(Quieter)
	if ok {
		q.SetQuiet(on)
	}
	return ok
}

// Muter is implemented by games that can leave out their events
// altogether for a caller that never reads them (the simulator reads
// prompts, views, legal actions and outcomes only). With mute on, Apply
// returns no events (nil) and changes the state exactly as it would
// otherwise: snapshots, views, legal actions, prompts and outcomes are the
// same. A game that players watch is never muted: its log is its events.
type Muter interface {
	SetMute(on bool)
}

// SetMute turns g's events off (on = true) or back on when g is a Muter,
// and reports whether it is one.
func SetMute(g Game, on bool) bool {
	m, ok := g.(Muter)
	if ok {
		m.SetMute(on)
	}
	return ok
}

// Batcher is implemented by games that can keep more memory between
// steps to make fewer allocations, for a caller that plays a game through
// at once (a simulation, a benchmark). A game not told so keeps little
// between steps, as a table's game, which lives for hours with a move every
// few seconds, must: what it kept would be held (and scanned by the
// collector) for the whole game. Batch changes nothing a caller can
// observe but memory.
type Batcher interface {
	SetBatch(on bool)
}

// SetBatch tells g whether it is played through at once when g is a
// Batcher, and reports whether it is one.
func SetBatch(g Game, on bool) bool {
	b, ok := g.(Batcher)
	if ok {
		b.SetBatch(on)
	}
	return ok
}

// SeatAwaiter is implemented by games that can tell a caller driving
// them step by step (the simulator) the usual step without building its
// Prompt and Outcome. AwaitedSeat reports ok when the game is not over and
// its Prompt is not simultaneous and waits on one seat alone: that seat,
// and answer when the Prompt's DecisionKind is DecisionAnswer. When ok is
// false (the game is over, or an auction waits on several seats) the
// caller asks Outcome and Prompt. It changes nothing; the conformance
// suite's fast_paths check holds it to Prompt and Outcome at every step.
type SeatAwaiter interface {
	AwaitedSeat() (seat int, answer, ok bool)
}

// SeatsAwaiter is implemented by games that can tell a caller driving
// them step by step (the simulator) the seats a simultaneous prompt (a
// sealed bid) waits on without building its Prompt and Outcome.
// AwaitedSeats reports ok when the game is not over and its Prompt is
// simultaneous, with bit s of seats set for each seat in the Prompt's
// Waiting list (seats below 64). When ok is false the caller asks
// Outcome and Prompt. It changes nothing; the conformance suite's
// fast_paths check holds it to Prompt and Outcome at every step.
type SeatsAwaiter interface {
	AwaitedSeats() (seats uint64, ok bool)
}

// ViewOf returns view as a *V whether the game handed a V (View) or a lent
// *V (PeekView), and nil when it is neither. A *V made from a V points at
// a copy, so it is as safe to keep as the V was.
func ViewOf[V any](view View) *V {
	// The lent *V first, and without a type switch: a switch whose first
	// case is V copies the whole V out of the interface before it looks at
	// the next case (2% of a property game's sim).
	if p, ok := view.(*V); ok {
		return p
	}
	if x, ok := view.(V); ok {
		return &x
	}
	return nil
}

// LegalSource lists a seat's legal actions: what Game.Legal does.
type LegalSource interface {
	Legal(seat int) []Action
}

// LazyChooser is implemented by bots that can choose without being handed
// the whole Legal list: ChooseFrom(view, g, seat) returns what
// Choose(view, g.Legal(seat)) would (and changes the bot as that would),
// but asks g for the list only when it reads it. A game's own bot may ask
// its game for only the kinds of actions it considers instead (a property
// game's turn lists every build, mortgage and trade template, and its bot
// reads a few of them). view is g's view of seat, lent or not; seat is
// awaited by g.
type LazyChooser interface {
	ChooseFrom(view View, g LegalSource, seat int) Action
}

// GameReader is implemented by LazyChooser bots that read what their seat
// may see from some games themselves (their own game's kind), through a
// part of the game that shows only that: ReadsGame(g) reports that
// ChooseFrom(nil, g, seat) returns what ChooseFrom(view, g, seat) would
// with g's view of seat, so that a caller need not make or fill one.
type GameReader interface {
	ReadsGame(g LegalSource) bool
}

// ViewFor returns the view to hand bot choosing for seat in g through
// ChooseAction: nil when bot reads g itself (GameReader), else g's lent
// view of seat (PeekView).
func ViewFor(bot Bot, g Game, seat int) View {
	if r, ok := bot.(GameReader); ok && r.ReadsGame(g) {
		if _, lazy := bot.(LazyChooser); lazy {
			return nil
		}
	}
	return PeekView(g, seat)
}

// ChooseAction asks bot for seat's action in g, whose view of seat is
// view: through LazyChooser when the bot is one, else with g's whole Legal
// list. The action is the same either way.
func ChooseAction(bot Bot, view View, g LegalSource, seat int) Action {
	if lc, ok := bot.(LazyChooser); ok {
		return lc.ChooseFrom(view, g, seat)
	}
	return bot.Choose(view, g.Legal(seat))
}

// Renewer is implemented by games that can become a new game in the
// memory of a finished one, for a caller that plays game after game and
// keeps nothing of the last (a simulation's worker). Renew(setup) turns
// the game into one observably identical to Definition.New(setup) (the
// same snapshots, views, legal actions, prompts, events and outcome, and
// not quiet, muted or batched), whether the game before had ended or was
// cut off anywhere, and reuses its buffers. Everything the game handed out
// before (views, lent or not, events, legal lists, actions) is invalid
// from then on: the game may write over it. A setup New refuses is
// refused; the caller then makes a new game rather than play that one.
// The engine's conformance suite (enginetest, check renew) plays a
// renewed game against a new one step by step.
type Renewer interface {
	Renew(setup Setup) error
}

// Renew returns a game of setup: g renewed when it is a Renewer of def's
// (its memory reused, see Renewer), else def.New(setup). g may be nil.
func Renew(def Definition, g Game, setup Setup) (Game, error) {
	if r, ok := g.(Renewer); ok {
		if err := r.Renew(setup); err != nil {
			return nil, err
		}
		return g, nil
	}
	return def.New(setup)
}

// BotRenewer is implemented by bots that can become a new bot in their own
// memory: Renew(seat, seed) makes the bot what its maker (Definition.NewBot
// or its level's NewBotLevel) makes for seat and seed, choosing as that one
// would, and reuses its maps and lists. The caller keeps nothing the bot
// returned before.
type BotRenewer interface {
	Renew(seat int, seed uint64)
}

// StepPlayer is implemented by games that can play a simulator's usual
// steps in a loop of their own, calling their own methods where the
// simulator's loop makes six interface calls a step (Round, AwaitedSeat,
// the auditor's Before and After, Apply; the bot's ChooseFrom stays one).
// PlaySteps(r) plays the steps the simulator would play itself from the
// game's answers, exactly as it would (the same calls of the bots and the
// auditor, in the same order), and returns before any other: the game
// over, a prompt neither SeatAwaiter nor SeatsAwaiter tells, a seat whose
// bot r.Bots does not serve, the round above r.MaxRounds (when above 0),
// or r.Actions at r.MaxSteps before a step. A step is one of two kinds:
//   - one awaited seat (SeatAwaiter): r.Turns.SeeOne(seat, answer), the
//     seat's bot asked (ChooseFrom(v, g, seat), v nil when r.Reads[seat],
//     else PeekView(seat)), Before, Apply, After, r.Actions counted;
//   - a sealed bid (SeatsAwaiter, a mask of seats not empty, every seat
//     of it served): each bidder in seat order, those after the first
//     only while the game still awaits them, as above but without turns;
//     the limit of actions is not asked between the bidders.
//
// A bot choosing nothing (nil) or an action Apply refuses stops it with
// r.Failed set, r.Seat and r.Action the seat and its action, r.Err
// Apply's error (nil when the bot chose nothing): the caller reports it.
// The caller checks no invariant between the steps it leaves to the game.
type StepPlayer interface {
	PlaySteps(r *StepRun)
}

// StepRun is what a StepPlayer plays with, and what it tells back.
type StepRun struct {
	// Bots is each seat's bot the steps may ask (nil: a seat they do
	// not serve); Reads says, per seat, that its bot is handed no view
	// (GameReader).
	Bots  []LazyChooser
	Reads []bool
	// Auditor watches every action (nil: none).
	Auditor Auditor
	// MaxRounds (when above 0) and MaxSteps bound the steps, as above.
	MaxRounds, MaxSteps int
	// Actions is the actions applied so far, counted on by PlaySteps.
	Actions int
	// Turns counts the turns (TurnCount.SeeOne) of the steps.
	Turns TurnCount
	// Failed says that PlaySteps stopped on Seat's Action (nil: its bot
	// chose nothing) with Apply's Err.
	Failed bool
	Seat   int
	Action Action
	Err    error
}

// TurnCount counts turns the same way for every game: a turn starts
// whenever a different seat than the last one becomes the one acting in
// an ordinary (not simultaneous, not answering) decision.
type TurnCount struct {
	N, Last int
	Started bool
}

// SeeOne counts a step of seat alone, answering when answer: a turn when
// it does not answer and seat is another than the last one seen.
func (t *TurnCount) SeeOne(seat int, answer bool) {
	if answer {
		return
	}
	if !t.Started || seat != t.Last {
		t.N++
		t.Last, t.Started = seat, true
	}
}
