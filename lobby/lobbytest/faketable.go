package lobbytest

import (
	"context"
	"fmt"

	"boardroom/engine"
	"boardroom/engine/testgame"
	"boardroom/lobby"
)

func (f *Lobby) table(id int64) (*fakeTable, error) {
	for _, t := range f.tables {
		if t.t.ID == id {
			return t, nil
		}
	}
	return nil, lobby.ErrNotFound
}

// do runs a change of a table under the lock and publishes its topic.
func (f *Lobby) do(id int64, name string, fn func(t *fakeTable) error) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.record(name)
	t, err := f.table(id)
	if err != nil {
		return err
	}
	if err := fn(t); err != nil {
		return err
	}
	f.publish(lobby.Update{Topic: lobby.Topic{Kind: lobby.TopicTable, ID: id}})
	f.publish(lobby.Update{Topic: lobby.Topic{Kind: lobby.TopicLobby, ID: t.t.LobbyID}})
	return nil
}

func (f *Lobby) Tables(_ context.Context, _ *lobby.Account, lobbyID int64) ([]lobby.Table, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	var out []lobby.Table
	for _, t := range f.tables {
		if t.t.LobbyID == lobbyID {
			out = append(out, t.t)
		}
	}
	return out, nil
}

func (f *Lobby) Table(_ context.Context, _ *lobby.Account, id int64) (lobby.Table, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	t, err := f.table(id)
	if err != nil {
		return lobby.Table{}, err
	}
	c := t.t
	c.Seats = append([]lobby.Seat(nil), t.t.Seats...)
	return c, nil
}

func (f *Lobby) CreateTable(_ context.Context, host *lobby.Account, lobbyID int64, game string, seats int, opts map[string]string) (lobby.Table, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.record("create")
	if host == nil {
		return lobby.Table{}, lobby.ErrGuest
	}
	def := testgame.Definition{}
	if game != def.Info().ID {
		return lobby.Table{}, engine.ErrUnknownGame
	}
	o, err := def.ValidateOptions(seats, opts)
	if err != nil {
		return lobby.Table{}, err
	}
	t := &fakeTable{t: lobby.Table{ID: int64(len(f.tables) + 1), LobbyID: lobbyID, Game: game, GameTitle: def.Info().Title,
		Options: o, HostID: host.ID, HostHandle: host.Handle, Status: lobby.TableForming, MinSeats: 2, MaxSeats: 4}}
	for i := 0; i < seats; i++ {
		t.t.Seats = append(t.t.Seats, lobby.Seat{Index: i})
	}
	t.t.Seats[0] = lobby.Seat{Index: 0, AccountID: host.ID, Handle: host.Handle, Connected: true}
	f.tables = append(f.tables, t)
	return t.t, nil
}

func (f *Lobby) Sit(_ context.Context, acc *lobby.Account, id int64, seat int) (int, error) {
	got := -1
	err := f.do(id, "sit", func(t *fakeTable) error {
		if acc == nil {
			return lobby.ErrGuest
		}
		if t.t.Status != lobby.TableForming {
			return lobby.ErrNotForming
		}
		for i, s := range t.t.Seats {
			if (seat < 0 || seat == i) && s.Empty() {
				t.t.Seats[i] = lobby.Seat{Index: i, AccountID: acc.ID, Handle: acc.Handle, Connected: true}
				got = i
				return nil
			}
		}
		if seat >= 0 {
			return lobby.ErrSeatTaken
		}
		return lobby.ErrTableFull
	})
	return got, err
}

func (f *Lobby) Stand(_ context.Context, acc *lobby.Account, id int64) error {
	return f.do(id, "stand", func(t *fakeTable) error {
		s := t.t.SeatOf(acc.ID)
		if s < 0 {
			return lobby.ErrNotSeated
		}
		t.t.Seats[s] = lobby.Seat{Index: s}
		return nil
	})
}

func (f *Lobby) SetReady(_ context.Context, acc *lobby.Account, id int64, ready bool) error {
	return f.do(id, "ready", func(t *fakeTable) error {
		s := t.t.SeatOf(acc.ID)
		if s < 0 {
			return lobby.ErrNotSeated
		}
		t.t.Seats[s].Ready = ready
		return nil
	})
}

func hostOnly(t *fakeTable, acc *lobby.Account) error {
	if acc == nil || acc.ID != t.t.HostID {
		return lobby.ErrNotHost
	}
	return nil
}

func (f *Lobby) AddBot(_ context.Context, host *lobby.Account, id int64) error {
	return f.do(id, "addbot", func(t *fakeTable) error {
		if err := hostOnly(t, host); err != nil {
			return err
		}
		for i, s := range t.t.Seats {
			if s.Empty() {
				t.t.Seats[i] = lobby.Seat{Index: i, Bot: true, Handle: fmt.Sprintf("bot-%d", i+1), Ready: true, Level: engine.LevelStandard}
				return nil
			}
		}
		return lobby.ErrTableFull
	})
}

func (f *Lobby) SetBotLevel(_ context.Context, host *lobby.Account, id int64, seat int, level string) error {
	return f.do(id, "botlevel", func(t *fakeTable) error {
		if err := hostOnly(t, host); err != nil {
			return err
		}
		if seat < 0 || seat >= len(t.t.Seats) || !t.t.Seats[seat].Bot {
			return lobby.ErrNotFound
		}
		if level != engine.LevelStandard && level != engine.LevelStrong {
			return lobby.ErrBadLevel
		}
		t.t.Seats[seat].Level = level
		return nil
	})
}

func (f *Lobby) RemoveBot(_ context.Context, host *lobby.Account, id int64, seat int) error {
	return f.do(id, "removebot", func(t *fakeTable) error {
		if err := hostOnly(t, host); err != nil {
			return err
		}
		t.t.Seats[seat] = lobby.Seat{Index: seat}
		return nil
	})
}

func (f *Lobby) SetSeats(_ context.Context, host *lobby.Account, id int64, n int) error {
	return f.do(id, "seats", func(t *fakeTable) error {
		if err := hostOnly(t, host); err != nil {
			return err
		}
		if n < t.t.MinSeats || n > t.t.MaxSeats {
			return engine.Errf(engine.CodeBadSetup, "Test Game needs 2-4 seats.")
		}
		for len(t.t.Seats) < n {
			t.t.Seats = append(t.t.Seats, lobby.Seat{Index: len(t.t.Seats)})
		}
		t.t.Seats = t.t.Seats[:n]
		return nil
	})
}

func (f *Lobby) SetOption(_ context.Context, host *lobby.Account, id int64, k, v string) error {
	return f.do(id, "option", func(t *fakeTable) error {
		if err := hostOnly(t, host); err != nil {
			return err
		}
		t.t.Options[k] = v
		return nil
	})
}

func (f *Lobby) SetTurnTimer(_ context.Context, host *lobby.Account, id int64, secs int) error {
	return f.do(id, "timer", func(t *fakeTable) error {
		if err := hostOnly(t, host); err != nil {
			return err
		}
		t.t.TurnTimer = secs
		return nil
	})
}

func (f *Lobby) Start(_ context.Context, host *lobby.Account, id int64) error {
	return f.do(id, "start", func(t *fakeTable) error {
		if err := hostOnly(t, host); err != nil {
			return err
		}
		for _, s := range t.t.Seats {
			if s.Empty() || (!s.Bot && !s.Ready) {
				return lobby.ErrNotReady
			}
		}
		g, err := testgame.Definition{}.New(engine.Setup{Seats: len(t.t.Seats), Options: t.t.Options, Seed: 7})
		if err != nil {
			return err
		}
		t.game = g
		t.t.Status = lobby.TablePlaying
		t.t.Round = 1
		if t.t.TurnTimer > 0 {
			t.dline = f.Now.Add(30 * 1e9)
		}
		return nil
	})
}

func (f *Lobby) Spectate(_ context.Context, _ *lobby.Account, id int64, on bool) error {
	return f.do(id, fmt.Sprintf("spectate %v", on), func(t *fakeTable) error {
		if on {
			t.t.Spectators++
		} else {
			t.t.Spectators--
		}
		return nil
	})
}

func (f *Lobby) GameState(_ context.Context, viewer *lobby.Account, id int64) (lobby.GameState, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	t, err := f.table(id)
	if err != nil {
		return lobby.GameState{}, err
	}
	if t.game == nil {
		return lobby.GameState{}, lobby.ErrNotPlaying
	}
	seat := engine.Spectator
	if viewer != nil {
		seat = t.t.SeatOf(viewer.ID)
	}
	gs := lobby.GameState{Table: t.t, Seat: seat, View: t.game.View(seat), Prompt: t.game.Prompt(),
		Log: lobby.LinesOf(t.log), Outcome: t.game.Outcome(), Deadline: t.dline, Version: t.version}
	if seat >= 0 {
		gs.Legal = append([]engine.Action(nil), t.game.Legal(seat)...) // valid until the next Apply: keep a copy
	}
	return gs, nil
}

func botAwaited(t *fakeTable) int {
	for i, s := range t.t.Seats {
		if s.Bot && t.game.Prompt().Awaits(i) {
			return i
		}
	}
	return -1
}

func (f *Lobby) Act(_ context.Context, acc *lobby.Account, id int64, version int, a engine.Action) error {
	return f.do(id, "act "+a.Kind(), func(t *fakeTable) error {
		if t.game == nil {
			return lobby.ErrNotPlaying
		}
		seat := t.t.SeatOf(acc.ID)
		if seat < 0 {
			return lobby.ErrNotSeated
		}
		if version != t.version {
			return lobby.ErrStale
		}
		evs, err := t.game.Apply(seat, a)
		if err != nil {
			return err
		}
		t.version++
		for _, e := range evs {
			t.log = append(t.log, lobby.LogLine{Seq: len(t.log) + 1, Kind: e.Kind, Text: e.TextFor(seat)})
		}
		// Bots answer at once.
		for n := 0; n < 100; n++ {
			i := botAwaited(t)
			if i < 0 {
				break
			}
			{
				bot := testgame.Definition{}.NewBot(i, 1)
				if evs, err := t.game.Apply(i, bot.Choose(t.game.View(i), t.game.Legal(i))); err == nil {
					t.version++
					for _, e := range evs {
						t.log = append(t.log, lobby.LogLine{Seq: len(t.log) + 1, Kind: e.Kind, Text: e.TextFor(-1)})
					}
				}
			}
		}
		if t.game.Outcome().Finished {
			t.t.Status = lobby.TableFinished
		}
		return nil
	})
}

func (f *Lobby) HandOver(_ context.Context, acc *lobby.Account, id int64, on bool) error {
	return f.do(id, fmt.Sprintf("handover %v", on), func(t *fakeTable) error {
		if t.game == nil || t.t.Status != lobby.TablePlaying {
			return lobby.ErrNotPlaying
		}
		seat := t.t.SeatOf(acc.ID)
		if seat < 0 {
			return lobby.ErrNotSeated
		}
		t.t.Seats[seat].BotPlays = on
		return nil
	})
}
