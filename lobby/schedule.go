package lobby

import (
	"context"
	"errors"
	"fmt"
	"time"

	"boardroom/engine"
	"boardroom/lobby/live"
	"boardroom/lobby/play"
)

// botPlays reports whether a bot chooses the seat's moves with its full
// strategy: a bot seat, an open seat of an imported game (openseat.go), or
// a player who handed the seat over on purpose (HandOver).
func (t *table) botPlays(i int) bool {
	return i >= 0 && i < len(t.seats) && (t.seats[i].bot || t.seats[i].empty() || t.handedOver(i))
}

// defaultsOnly reports whether the seat takes its default actions at once
// (C-7): its player has been away for AwayAfter, stood up, or is flagged
// AFK. Defaults, not a strategy: nothing spends an absent player's money or
// accepts an offer for them.
func (t *table) defaultsOnly(i int) bool {
	return t.play != nil && i >= 0 && i < len(t.play) && t.play[i].DefaultsOnly()
}

// autoPlayed reports whether the lobby moves for the seat without waiting
// for its player: a bot plays it, or it takes its defaults at once.
func (t *table) autoPlayed(i int) bool { return t.botPlays(i) || t.defaultsOnly(i) }

// TimerText words a turn-timer setting for the players of a game (rules
// C-7, C-14): play.TimerText.
func TimerText(info engine.Info, setting int) string { return play.TimerText(info, setting) }

// settleLocked runs after every change of a playing table: it sets turn
// deadlines and timers and lets bots move. With no BotDelay the bots move
// at once, here; otherwise a timer moves the next one.
func (t *table) settleLocked(ctx context.Context) {
	if t.own.Replica() {
		return // the owner runs the timers and the bots
	}
	for moves := 0; ; moves++ {
		if t.status != TablePlaying || t.closed || t.g == nil {
			t.stopTimersLocked()
			return
		}
		due := t.scheduleLocked()
		if !due || t.botWait() > 0 {
			return
		}
		if moves > 1_000_000 {
			t.s.logger().Error("bots do not finish the game", "table", t.id)
			return
		}
		if !t.botMove(ctx) {
			if t.backoff.Retry() > 0 {
				continue // a refused write: the next round arms the retry
			}
			return
		}
	}
}

// scheduleLocked (re)arms the table's timers for the current prompt and
// reports whether a bot is due to move.
func (t *table) scheduleLocked() bool {
	t.gen++
	gen := t.gen
	t.stopPlayTimers()
	prompt := t.g.Prompt()
	now := t.s.now().UTC()
	secs := play.TurnSeconds(t.turnTimer, prompt.DecisionKind())
	deadlines := make([]time.Time, len(t.play))
	for i := range t.play {
		deadlines[i] = t.play[i].deadline
	}
	first, botDue := live.TurnDeadlines(prompt.Waiting, len(t.seats), t.autoPlayed, secs, now, deadlines)
	for i, d := range deadlines {
		t.play[i].deadline = d
	}
	if !first.IsZero() {
		t.turnT = t.s.afterFunc(first.Sub(now), "turn timer", func() { t.s.onTurnTimer(t, gen) })
	}
	if d := t.botWait(); botDue && d > 0 {
		t.botT = t.s.afterFunc(d, "bot move", func() { t.s.onBotTimer(t, gen) })
	}
	return botDue
}

func (t *table) stopPlayTimers() {
	if t.botT != nil {
		t.botT.Stop()
		t.botT = nil
	}
	if t.turnT != nil {
		t.turnT.Stop()
		t.turnT = nil
	}
}

// stopTimersLocked stops every timer of the table, including away timers
// and the time limit.
func (t *table) stopTimersLocked() {
	t.gen++
	t.stopPlayTimers()
	t.stopTimeLimit()
	t.stopIdleTimer() // a forming table's (idleforming.go)
	for i := range t.play {
		t.stopAwayTimer(i)
		t.play[i].deadline = time.Time{}
	}
}

func (s *Service) onBotTimer(t *table, gen uint64) {
	_ = s.update(t, func() error {
		if t.gen != gen || t.status != TablePlaying {
			return nil
		}
		t.botMove(s.bg)
		t.settleLocked(s.bg)
		return nil
	})
}

// botMove makes one move for the first awaited seat the lobby moves for
// (live.BotMove says how).
func (t *table) botMove(ctx context.Context) bool {
	return live.BotMove(ctx, t.g.Prompt().Waiting, botSeats{t}, t.s.logger(), t.id)
}

// botSeats is a table as a bot turn asks it (live.BotSeats); its lock is
// held.
type botSeats struct{ t *table }

func (b botSeats) AutoPlayed(i int) bool                             { return b.t.autoPlayed(i) }
func (b botSeats) BotPlays(i int) bool                               { return b.t.botPlays(i) }
func (b botSeats) Legal(i int) []engine.Action                       { return b.t.g.Legal(i) }
func (b botSeats) Choose(i int, legal []engine.Action) engine.Action { return b.t.chooseBot(i, legal) }
func (b botSeats) Apply(ctx context.Context, i int, a engine.Action) error {
	return b.t.apply(ctx, i, a)
}

// chooseBot asks the seat's bot for an action from its own view and legal
// actions only (play.Choose). A panicking bot counts as choosing nothing.
func (t *table) chooseBot(i int, legal []engine.Action) engine.Action {
	p := &t.play[i]
	if p.bot == nil {
		p.bot = t.newBot(i, play.BotSeed(t.setup.Seed, i))
	}
	obs := t.s.observer()
	var start time.Time
	if obs != nil {
		start = time.Now()
	}
	a, panicked := play.Choose(p.bot, t.g, i, legal)
	if obs != nil {
		obs.BotThought(t.info.ID, time.Since(start))
	}
	if panicked != nil {
		t.s.logger().Error("bot panicked", "table", t.id, "seat", i, "panic", fmt.Sprint(panicked))
	}
	return a
}

// newBot makes the bot of seat i: of the level of the bot account the seat
// holds, the standard bot for a player's seat handed over to a bot.
func (t *table) newBot(i int, seed uint64) engine.Bot {
	level := ""
	if t.seats[i].bot {
		level = t.s.BotLevel(t.seats[i].accountID)
	}
	b, ok := play.NewBot(t.def, level, i, seed)
	if !ok {
		t.s.logger().Warn("no bot of the seat's level; playing the standard bot", "table", t.id, "seat", i, "level", level)
	}
	return b
}

// onTurnTimer applies the default action of every awaited seat whose
// deadline has passed. Three lapses in a row flag the seat away (C-7).
func (s *Service) onTurnTimer(t *table, gen uint64) {
	_ = s.update(t, func() error {
		if t.gen != gen || t.status != TablePlaying {
			return nil
		}
		now := s.clock.Now().UTC()
		for lapsed := true; lapsed && t.status == TablePlaying; {
			lapsed = false
			for _, w := range t.g.Prompt().Waiting {
				i := w.Seat
				if i < 0 || i >= len(t.play) || t.autoPlayed(i) {
					continue
				}
				p := &t.play[i]
				if p.deadline.IsZero() || now.Before(p.deadline) {
					continue
				}
				lapsed = true
				p.deadline = time.Time{}
				if w.Default == nil {
					s.log.Error("the prompt has no default action", "table", t.id, "seat", i)
				} else if err := t.apply(s.bg, i, w.Default); err != nil && !errors.Is(err, ErrStorage) { // ErrStorage: logged by the back-off
					s.log.Error("the default action failed", "table", t.id, "seat", i, "err", err)
				}
				if t.play[i].Lapse() {
					t.logEvent(engine.Event{Kind: "away", Text: fmt.Sprintf("%s missed %d turns in a row; their seat takes only its default actions until they act again.",
						s.handle(t.seats[i].accountID), play.AFKLapses)}, now)
					t.changed(true)
				}
				break
			}
		}
		t.settleLocked(s.bg)
		return nil
	})
}

// absentLocked marks a player who no longer watches the table away at once
// (the others see it and a log line says so) and starts the away timer:
// their turn timers run as usual, and after AwayAfter their seat takes its
// default actions at once (onAway). online says the player still has a
// session (they went back to the lobby): the log says they left the table,
// not that they disconnected.
func (t *table) absentLocked(i int, online bool) {
	p := &t.play[i]
	if p.Leave() {
		kind, what := "away", "disconnected"
		if online {
			kind, what = "left", "left the table"
		}
		t.logEvent(engine.Event{Kind: kind, Text: fmt.Sprintf("%s %s; their seat waits for them.",
			t.s.handle(t.seats[i].accountID), what)}, t.s.now().UTC())
		t.changed(true)
	}
	if !p.Idle {
		t.startAwayTimer(i)
	}
}

func (t *table) startAwayTimer(i int) {
	t.stopAwayTimer(i)
	if t.daily() {
		return // nobody needs to stay connected at a daily table: the seat waits for its deadline (pace.go)
	}
	p := &t.play[i]
	gen := p.awayGen
	p.awayTimer = t.s.afterFunc(t.s.awayAfter(), "away timer", func() { t.s.onAway(t, i, gen) })
}

func (t *table) stopAwayTimer(i int) {
	p := &t.play[i]
	if p.awayTimer != nil {
		p.awayTimer.Stop()
		p.awayTimer = nil
	}
	p.awayGen++
}

// onAway lets the seat of a player who has not watched the table for
// AwayAfter take its default actions at once.
func (s *Service) onAway(t *table, i int, gen uint64) {
	_ = s.update(t, func() error {
		if t.status != TablePlaying || t.play[i].awayGen != gen || t.connections(t.seats[i].accountID) > 0 {
			return nil
		}
		t.play[i].awayTimer = nil
		t.idleLocked(s.bg, i, fmt.Sprintf("%s has been away for %s", s.handle(t.seats[i].accountID), s.cfg.AwayAfter.Round(time.Second)))
		return nil
	})
}

// leaveLocked flags a player who stood up away at once: their seat takes
// its default actions until they return.
func (t *table) leaveLocked(ctx context.Context, i int) {
	t.play[i].Leave()
	t.idleLocked(ctx, i, fmt.Sprintf("%s left the table", t.s.handle(t.seats[i].accountID)))
}

func (t *table) idleLocked(ctx context.Context, i int, why string) {
	t.stopAwayTimer(i)
	if t.play[i].GoIdle() {
		t.logEvent(engine.Event{Kind: "away", Text: why + "; their seat takes only its default actions (" + t.info.DefaultsOnlyText() + ") until they return."},
			t.s.now().UTC())
		t.changed(true)
	}
	t.settleLocked(ctx)
}

// backLocked gives a returning player their seat back. A seat they handed
// to a bot stays with it until they act (HandOver).
func (t *table) backLocked(ctx context.Context, i int) {
	t.stopAwayTimer(i)
	p := &t.play[i]
	if p.Back() {
		t.logEvent(engine.Event{Kind: "back", Text: fmt.Sprintf("%s is back.", t.s.handle(t.seats[i].accountID))}, t.s.now().UTC())
		t.changed(true)
		t.settleLocked(ctx)
	}
	if t.status == TablePlaying && t.connections(t.seats[i].accountID) == 0 {
		t.startAwayTimer(i)
	}
}

// HandOver hands acc's seat to a bot that plays with its full strategy
// (on), or takes it back (off). Any action of the player takes it back too
// (Act). The choice lasts while the lobby runs: like being away, it is not
// stored, and after a restart the seat takes its defaults until the player
// returns.
func (s *Service) HandOver(ctx context.Context, acc *Account, tableID int64, on bool) error {
	if _, ok, err := s.forward(ctx, acc, TableCall{TableID: tableID, Method: CallHandOver, On: on}); ok {
		return err
	}
	return s.withTable(acc, tableID, func(t *table) error {
		if t.status != TablePlaying || t.g == nil {
			return ErrNotPlaying
		}
		i := t.seatOf(acc.ID)
		if i < 0 {
			return ErrNotSeated
		}
		if t.play[i].Handed == on {
			return nil
		}
		if so, ok := t.g.(engine.SeatsOut); ok && on && so.Out(i) {
			return userErr(ErrNotPlaying, "you are out of this game: there is no seat left to hand to a bot")
		}
		t.play[i].HandOver(on)
		name := s.handle(acc.ID)
		text := fmt.Sprintf("%s let a bot play for them until they act again.", name)
		if !on {
			text = fmt.Sprintf("%s takes their seat back from the bot.", name)
		}
		t.logEvent(engine.Event{Kind: "handover", Text: text}, s.clock.Now().UTC())
		t.changed(true)
		t.settleLocked(ctx)
		return nil
	})
}
