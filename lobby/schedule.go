package lobby

import (
	"context"
	"errors"
	"fmt"
	"time"

	"boardroom/engine"
)

// botControlled reports whether a bot plays the seat now: a bot seat, an
// open seat of an imported game (openseat.go), or a player flagged away.
func (t *table) botControlled(i int) bool {
	return i >= 0 && i < len(t.seats) && (t.seats[i].bot || t.seats[i].empty() || t.away(i))
}

// settleLocked runs after every change of a playing table: it sets turn
// deadlines and timers and lets bots move. With no BotDelay the bots move
// at once, here; otherwise a timer moves the next one.
func (t *table) settleLocked(ctx context.Context) {
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
			t.s.log.Error("bots do not finish the game", "table", t.id)
			return
		}
		if !t.botMove(ctx) {
			if t.backoff.retry > 0 {
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
	awaited := map[int]bool{}
	botDue := false
	for _, w := range prompt.Waiting {
		if w.Seat >= 0 && w.Seat < len(t.seats) {
			awaited[w.Seat] = true
			botDue = botDue || t.botControlled(w.Seat)
		}
	}
	now := t.s.clock.Now().UTC()
	var first time.Time
	for i := range t.play {
		p := &t.play[i]
		if !awaited[i] || t.botControlled(i) || t.turnTimer <= 0 {
			p.deadline = time.Time{}
			continue
		}
		if p.deadline.IsZero() {
			p.deadline = now.Add(time.Duration(t.turnTimer) * time.Second)
		}
		if first.IsZero() || p.deadline.Before(first) {
			first = p.deadline
		}
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

// botSeed derives a bot's seed from the game's seed (splitmix64).
func botSeed(seed uint64, seatIdx int) uint64 {
	z := seed + uint64(seatIdx+1)*0x9E3779B97F4A7C15
	z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9
	z = (z ^ (z >> 27)) * 0x94D049BB133111EB
	return z ^ (z >> 31)
}

// botMove makes one move for the first awaited seat a bot plays. A bot
// that chooses an illegal action gets the prompt's default instead.
func (t *table) botMove(ctx context.Context) bool {
	for _, w := range t.g.Prompt().Waiting {
		i := w.Seat
		if !t.botControlled(i) {
			continue
		}
		legal := t.g.Legal(i)
		a := t.chooseBot(i, legal)
		if a != nil {
			err := t.apply(ctx, i, a)
			if err == nil {
				return true
			}
			if errors.Is(err, ErrStorage) {
				return false
			}
			t.s.log.Warn("bot chose an illegal action; applying the default", "table", t.id, "seat", i, "kind", a.Kind(), "err", err)
		} else {
			t.s.log.Warn("bot chose no action; applying the default", "table", t.id, "seat", i)
		}
		for _, fallback := range append([]engine.Action{w.Default}, legal...) {
			if fallback == nil {
				continue
			}
			err := t.apply(ctx, i, fallback)
			if err == nil {
				return true
			}
			if errors.Is(err, ErrStorage) {
				return false
			}
		}
		t.s.log.Error("no action applies for a bot seat", "table", t.id, "seat", i)
		return false
	}
	return false
}

// chooseBot asks the seat's bot for an action from its own view and legal
// actions only. A panicking bot counts as choosing nothing.
func (t *table) chooseBot(i int, legal []engine.Action) (a engine.Action) {
	p := &t.play[i]
	if p.bot == nil {
		p.bot = t.def.NewBot(i, botSeed(t.setup.Seed, i))
	}
	defer func() {
		if r := recover(); r != nil {
			t.s.log.Error("bot panicked", "table", t.id, "seat", i, "panic", fmt.Sprint(r))
			a = nil
		}
	}()
	return p.bot.Choose(t.g.View(i), legal)
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
				if i < 0 || i >= len(t.play) || t.botControlled(i) {
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
				t.play[i].lapses++
				if t.play[i].lapses >= afkLapses && !t.play[i].afk {
					t.play[i].afk = true
					t.logEvent(engine.Event{Kind: "away", Text: fmt.Sprintf("%s missed %d turns in a row; a bot plays for them until they act again.",
						s.handle(t.seats[i].accountID), afkLapses)}, now)
					t.changed(true)
				}
				break
			}
		}
		t.settleLocked(s.bg)
		return nil
	})
}

func (t *table) startAwayTimer(i int) {
	t.stopAwayTimer(i)
	p := &t.play[i]
	gen := p.awayGen
	p.awayTimer = t.s.afterFunc(t.s.cfg.AwayAfter, "away timer", func() { t.s.onAway(t, i, gen) })
}

func (t *table) stopAwayTimer(i int) {
	p := &t.play[i]
	if p.awayTimer != nil {
		p.awayTimer.Stop()
		p.awayTimer = nil
	}
	p.awayGen++
}

// onAway flags a seat whose player has not watched the table for AwayAfter.
func (s *Service) onAway(t *table, i int, gen uint64) {
	_ = s.update(t, func() error {
		if t.status != TablePlaying || t.play[i].awayGen != gen || t.connections(t.seats[i].accountID) > 0 {
			return nil
		}
		t.play[i].awayTimer = nil
		t.leaveLocked(s.bg, i)
		return nil
	})
}

// leaveLocked flags a player away at once: a bot plays for them.
func (t *table) leaveLocked(ctx context.Context, i int) {
	t.stopAwayTimer(i)
	if !t.play[i].gone {
		t.play[i].gone = true
		t.logEvent(engine.Event{Kind: "away", Text: fmt.Sprintf("%s is away; a bot plays for them until they return.",
			t.s.handle(t.seats[i].accountID))}, t.s.clock.Now().UTC())
		t.changed(true)
	}
	t.settleLocked(ctx)
}

// backLocked gives a returning player their seat back from the bot.
func (t *table) backLocked(ctx context.Context, i int) {
	t.stopAwayTimer(i)
	p := &t.play[i]
	if p.gone || p.afk {
		p.gone, p.afk, p.lapses = false, false, 0
		t.logEvent(engine.Event{Kind: "back", Text: fmt.Sprintf("%s is back.", t.s.handle(t.seats[i].accountID))}, t.s.clock.Now().UTC())
		t.changed(true)
		t.settleLocked(ctx)
	}
	if t.status == TablePlaying && t.connections(t.seats[i].accountID) == 0 {
		t.startAwayTimer(i)
	}
}
