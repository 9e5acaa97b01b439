package live

import (
	"context"
	"fmt"
	"time"

	"boardroom/engine"
	"boardroom/lobby/play"
)

// botPlays reports whether a bot chooses the seat's moves with its full
// strategy: a bot seat, an open seat of an imported game (openseat.go), or
// a player who handed the seat over on purpose (HandOver).
func (t *Table) botPlays(i int) bool {
	return i >= 0 && i < len(t.Seats) && (t.Seats[i].Bot || t.Seats[i].Empty() || t.handedOver(i))
}

// defaultsOnly reports whether the seat takes its default actions at once
// (C-7): its player has been away for AwayAfter, stood up, or is flagged
// AFK. Defaults, not a strategy: nothing spends an absent player's money or
// accepts an offer for them.
func (t *Table) defaultsOnly(i int) bool {
	return t.Play != nil && i >= 0 && i < len(t.Play) && t.Play[i].DefaultsOnly()
}

// AutoPlayed reports whether the lobby moves for the seat without waiting
// for its player: a bot plays it, or it takes its defaults at once.
func (t *Table) AutoPlayed(i int) bool { return t.botPlays(i) || t.defaultsOnly(i) }

// SettleLocked runs after every change of a playing table: it sets turn
// deadlines and timers and lets bots move. With no Bots().Delay the bots move
// at once, here; otherwise a timer moves the next one.
func (t *Table) SettleLocked(ctx context.Context) {
	if t.Own.Replica() {
		return // the owner runs the timers and the bots
	}
	for moves := 0; ; moves++ {
		if t.Status != TablePlaying || t.Closed || t.G == nil {
			t.StopTimersLocked()
			return
		}
		due := t.scheduleLocked()
		if !due || t.botWait() > 0 {
			return
		}
		if moves > 1_000_000 {
			t.Host.Logger().Error("bots do not finish the game", "table", t.ID)
			return
		}
		if !t.BotMove(ctx) {
			if t.backoff.Retry() > 0 {
				continue // a refused write: the next round arms the retry
			}
			return
		}
	}
}

// scheduleLocked (re)arms the table's timers for the current prompt and
// reports whether a bot is due to move.
func (t *Table) scheduleLocked() bool {
	t.gen++
	gen := t.gen
	t.stopPlayTimers()
	prompt := t.G.Prompt()
	now := t.Host.Now().UTC()
	secs := play.TurnSeconds(t.TurnTimer, prompt.DecisionKind())
	deadlines := make([]time.Time, len(t.Play))
	for i := range t.Play {
		deadlines[i] = t.Play[i].Deadline
	}
	first, botDue := TurnDeadlines(prompt.Waiting, len(t.Seats), t.AutoPlayed, secs, now, deadlines)
	for i, d := range deadlines {
		t.Play[i].Deadline = d
	}
	if !first.IsZero() {
		t.turnT = t.Host.AfterFunc(first.Sub(now), "turn timer", func() { t.Host.OnTurnTimer(t, gen) })
	}
	if d := t.botWait(); botDue && d > 0 {
		t.botT = t.Host.AfterFunc(d, "bot move", func() { t.Host.OnBotTimer(t, gen) })
	}
	return botDue
}

func (t *Table) stopPlayTimers() {
	if t.botT != nil {
		t.botT.Stop()
		t.botT = nil
	}
	if t.turnT != nil {
		t.turnT.Stop()
		t.turnT = nil
	}
}

// StopTimersLocked stops every timer of the table, including away timers
// and the time limit.
func (t *Table) StopTimersLocked() {
	t.gen++
	t.stopPlayTimers()
	t.stopTimeLimit()
	t.stopIdleTimer() // a forming table's (idleforming.go)
	for i := range t.Play {
		t.stopAwayTimer(i)
		t.Play[i].Deadline = time.Time{}
	}
}

// BotMove makes one move for the first awaited seat the lobby moves for
// (BotMove says how).
func (t *Table) BotMove(ctx context.Context) bool {
	return BotMove(ctx, t.G.Prompt().Waiting, botSeats{t}, t.Host.Logger(), t.ID)
}

// chooseBot asks the seat's bot for an action from its own view and legal
// actions only (play.Choose). A panicking bot counts as choosing nothing.
func (t *Table) chooseBot(i int) engine.Action {
	p := &t.Play[i]
	if p.bot == nil {
		p.bot, p.strong = t.newBot(i, play.BotSeed(t.Setup.Seed, i))
	}
	if def, ok := t.runaway(p, i); ok {
		return def // a bot that does not end its round (runaway.go)
	}
	if slots := t.Host.Bots().Searches; p.strong && slots != nil {
		slots.Take() // waits while as many strong bots compute, at other tables
		defer slots.Free()
	}
	obs := t.Host.Observer()
	var start time.Time
	if obs != nil {
		start = time.Now()
	}
	a, panicked := play.Choose(p.bot, t.G, i)
	if obs != nil {
		obs.BotThought(t.Info.ID, time.Since(start))
	}
	if panicked != nil {
		t.Host.Logger().Error("bot panicked", "table", t.ID, "seat", i, "panic", fmt.Sprint(panicked))
	}
	return a
}

// NewBot makes the bot of seat i: of the level of the bot account the seat
// holds, the standard bot for a player's seat handed over to a bot.
func (t *Table) NewBot(i int, seed uint64) engine.Bot {
	b, _ := t.newBot(i, seed)
	return b
}

// newBot is NewBot, and whether the bot is the strong one.
func (t *Table) newBot(i int, seed uint64) (engine.Bot, bool) {
	level := ""
	if t.Seats[i].Bot {
		level = t.Host.BotLevel(t.Seats[i].AccountID)
	}
	b, ok := play.NewBot(t.Def, level, i, seed)
	if !ok {
		t.Host.Logger().Warn("no bot of the seat's level; playing the standard bot", "table", t.ID, "seat", i, "level", level)
	}
	return b, ok && level == engine.LevelStrong
}

// AbsentLocked marks a player who no longer watches the table away at once
// (the others see it and a log line says so) and starts the away timer:
// their turn timers run as usual, and after AwayAfter their seat takes its
// default actions at once (onAway). online says the player still has a
// session (they went back to the lobby): the log says they left the table,
// not that they disconnected.
func (t *Table) AbsentLocked(i int, online bool) {
	p := &t.Play[i]
	if p.Leave() {
		kind, what := "away", "disconnected"
		if online {
			kind, what = "left", "left the table"
		}
		t.LogEvent(engine.Event{Kind: kind, Text: fmt.Sprintf("%s %s; their seat waits for them.",
			t.Host.Handle(t.Seats[i].AccountID), what)}, t.Host.Now().UTC())
		t.Changed(true)
	}
	if !p.Idle {
		t.StartAwayTimer(i)
	}
}

func (t *Table) StartAwayTimer(i int) {
	t.stopAwayTimer(i)
	if t.Daily() {
		return // nobody needs to stay connected at a daily table: the seat waits for its deadline (pace.go)
	}
	p := &t.Play[i]
	gen := p.awayGen
	p.awayTimer = t.Host.AfterFunc(t.Host.AwayAfter(), "away timer", func() { t.Host.OnAway(t, i, gen) })
}

func (t *Table) stopAwayTimer(i int) {
	p := &t.Play[i]
	if p.awayTimer != nil {
		p.awayTimer.Stop()
		p.awayTimer = nil
	}
	p.awayGen++
}

// LeaveLocked flags a player who stood up away at once: their seat takes
// its default actions until they return.
func (t *Table) LeaveLocked(ctx context.Context, i int) {
	t.Play[i].Leave()
	t.IdleLocked(ctx, i, fmt.Sprintf("%s left the table", t.Host.Handle(t.Seats[i].AccountID)))
}

func (t *Table) IdleLocked(ctx context.Context, i int, why string) {
	t.stopAwayTimer(i)
	if t.Play[i].GoIdle() {
		t.LogEvent(engine.Event{Kind: "away", Text: why + "; their seat takes only its default actions (" + t.Info.DefaultsOnlyText() + ") until they return."},
			t.Host.Now().UTC())
		t.Changed(true)
	}
	t.SettleLocked(ctx)
}

// BackLocked gives a returning player their seat back. A seat they handed
// to a bot stays with it until they act (HandOver).
func (t *Table) BackLocked(ctx context.Context, i int) {
	t.stopAwayTimer(i)
	p := &t.Play[i]
	if p.Back() {
		t.LogEvent(engine.Event{Kind: "back", Text: fmt.Sprintf("%s is back.", t.Host.Handle(t.Seats[i].AccountID))}, t.Host.Now().UTC())
		t.Changed(true)
		t.SettleLocked(ctx)
	}
	if t.Status == TablePlaying && t.Connections(t.Seats[i].AccountID) == 0 {
		t.StartAwayTimer(i)
	}
}

// botSeats is a table as a bot turn asks it (BotSeats); its lock is
// held.
type botSeats struct{ t *Table }

func (b botSeats) AutoPlayed(i int) bool { return b.t.AutoPlayed(i) }

func (b botSeats) BotPlays(i int) bool { return b.t.botPlays(i) }

func (b botSeats) Legal(i int) []engine.Action { return b.t.G.Legal(i) }

func (b botSeats) Choose(i int) engine.Action { return b.t.chooseBot(i) }

func (b botSeats) Apply(ctx context.Context, i int, a engine.Action) error {
	return b.t.Apply(ctx, i, a)
}
