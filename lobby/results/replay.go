package results

import (
	"context"
	"fmt"
	"maps"
	"sync"
	"time"

	"boardroom/engine"
	"boardroom/lobby"
)

const (
	replayEvery = 50 // a snapshot every replayEvery steps
	replayCache = 8  // finished games kept ready to replay
)

// replayGame is a finished game prepared for replay: snapshots every
// replayEvery steps, the events of every step, and the round at every step.
// It never changes once built.
type replayGame struct {
	def     engine.Definition
	table   lobby.Table // status finished; Round set per frame
	actions []lobby.ActionRecord
	snaps   [][]byte // snaps[k]: the game after k*replayEvery actions
	events  []event  // the start event, then every action's events in order
	upto    []int    // upto[step]: len of events after step actions
	rounds  []int    // rounds[step]: the round in progress after step actions
	names   []string
}

// event is one event of a replayed game's log, with the line a spectator
// reads (shown false: a spectator reads nothing of it).
type event struct {
	seq   int
	ev    engine.Event
	at    time.Time
	line  lobby.LogLine
	shown bool
}

// replays caches prepared games, newest use last.
type replays struct {
	mu    sync.Mutex
	games map[int64]*replayGame
	order []int64
}

func (c *replays) get(id int64) *replayGame {
	c.mu.Lock()
	defer c.mu.Unlock()
	g := c.games[id]
	if g != nil {
		c.touch(id)
	}
	return g
}

func (c *replays) put(id int64, g *replayGame) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.games == nil {
		c.games = map[int64]*replayGame{}
	}
	c.games[id] = g
	c.touch(id)
	for len(c.order) > replayCache {
		delete(c.games, c.order[0])
		c.order = c.order[1:]
	}
}

func (c *replays) touch(id int64) {
	for i, x := range c.order {
		if x == id {
			c.order = append(c.order[:i:i], c.order[i+1:]...)
			break
		}
	}
	c.order = append(c.order, id)
}

// replayOf returns the prepared replay of a finished table the viewer may
// see (its lobby, or a game the viewer played in).
func (s *Service) replayOf(ctx context.Context, viewer *lobby.Account, tableID int64) (*replayGame, error) {
	notFound := userErr(lobby.ErrNoResult, "there is no finished game at that table")
	rg := s.replays.get(tableID)
	if rg == nil {
		rec, err := s.store.LoadTable(ctx, tableID)
		if err != nil {
			return nil, s.storageErr(err)
		}
		if rec == nil || rec.Status != lobby.TableFinished || rec.Setup == nil {
			return nil, notFound
		}
		if rg, err = s.buildReplay(ctx, *rec); err != nil {
			s.log.Error("replay failed", "table", tableID, "err", err)
			return nil, notFound
		}
		s.replays.put(tableID, rg)
	}
	seated := func(yield func(int64) bool) {
		for _, st := range rg.table.Seats {
			if !yield(st.AccountID) {
				return
			}
		}
	}
	if !s.canSeeResult(viewer, rg.table.LobbyID, seated) {
		return nil, notFound
	}
	return rg, nil
}

// buildReplay replays a finished game once from its setup and log.
func (s *Service) buildReplay(ctx context.Context, rec lobby.TableRecord) (*replayGame, error) {
	def, err := s.reg.Get(rec.Game)
	if err != nil {
		return nil, err
	}
	info := def.Info()
	actions, err := s.store.LoadActions(ctx, rec.ID)
	if err != nil {
		return nil, err
	}
	g, err := def.New(*rec.Setup)
	if err != nil {
		return nil, err
	}
	host := s.live.Handle(rec.HostID)
	if acc, err := s.store.AccountByID(ctx, rec.HostID); err == nil && acc != nil {
		host = acc.Handle
	}
	rg := &replayGame{def: def, actions: actions, table: lobby.Table{ID: rec.ID, LobbyID: rec.LobbyID, Game: info.ID,
		GameTitle: info.Title, Options: maps.Clone(rec.Options), HostID: rec.HostID, HostHandle: host, Status: lobby.TableFinished,
		MinSeats: info.MinSeats, MaxSeats: info.MaxSeats, TurnTimer: rec.TurnTimer, CreatedAt: rec.CreatedAt,
		UpdatedAt: rec.UpdatedAt}}
	for i, sr := range rec.Seats {
		v := lobby.Seat{Index: i, AccountID: sr.AccountID, Handle: sr.Handle, Bot: sr.Bot, Ready: sr.Ready}
		if sr.Bot {
			v.Handle, v.Ready = lobby.BotName(i), true
		}
		rg.table.Seats = append(rg.table.Seats, v)
	}
	rg.names = lobby.SeatNames(rg.table.Seats)
	rg.events = append(rg.events, event{seq: 1, ev: engine.Event{Kind: "start", Text: fmt.Sprintf("%s begins.", info.Title)},
		at: rec.StartedAt})
	for step := 0; ; step++ {
		if step%replayEvery == 0 {
			snap, err := g.Snapshot()
			if err != nil {
				return nil, err
			}
			rg.snaps = append(rg.snaps, snap)
		}
		rg.upto = append(rg.upto, len(rg.events))
		rg.rounds = append(rg.rounds, g.Round())
		if step == len(actions) {
			break
		}
		r := actions[step]
		evs, err := lobby.ApplyStored(def, g, r)
		if err != nil {
			return nil, err
		}
		for _, ev := range evs {
			rg.events = append(rg.events, event{seq: len(rg.events) + 1, ev: ev, at: r.At})
		}
	}
	if !g.Outcome().Finished {
		return nil, fmt.Errorf("the log of table %d does not finish the game", rec.ID)
	}
	// Frames are read concurrently: name every public sentence now, so that
	// reading one never writes.
	for i := range rg.events {
		e := &rg.events[i]
		e.line, e.shown = lobby.EventLine(e.seq, e.ev, e.at, engine.Spectator, rg.names)
	}
	return rg, nil
}

// frame rebuilds the game after step actions from the nearest snapshot.
func (rg *replayGame) frame(step int) (lobby.ReplayFrame, error) {
	steps := len(rg.actions)
	step = min(max(step, 0), steps)
	k := step / replayEvery
	g, err := rg.def.Restore(rg.snaps[k])
	if err != nil {
		return lobby.ReplayFrame{}, err
	}
	for _, r := range rg.actions[k*replayEvery : step] {
		a, err := rg.def.DecodeAction(r.Action)
		if err != nil {
			return lobby.ReplayFrame{}, err
		}
		if _, err := g.Apply(r.Seat, a); err != nil {
			return lobby.ReplayFrame{}, err
		}
	}
	st := lobby.GameState{Table: rg.table, Seat: engine.Spectator, Version: step, View: g.View(engine.Spectator),
		Outcome: g.Outcome()}
	st.Table.Seats = append([]lobby.Seat(nil), rg.table.Seats...)
	st.Table.Options = maps.Clone(rg.table.Options)
	st.Table.Round = rg.rounds[step]
	if step < steps {
		st.Prompt = g.Prompt()
	}
	evs := rg.events[:rg.upto[step]]
	if len(evs) > lobby.LogKeep {
		evs = evs[len(evs)-lobby.LogKeep:]
	}
	lines := make([]lobby.LogLine, 0, len(evs))
	for i := range evs {
		if evs[i].shown { // named when built: no write here
			lines = append(lines, evs[i].line)
		}
	}
	st.Log = lobby.LinesOf(lines)
	return lobby.ReplayFrame{Step: step, Steps: steps, Round: rg.rounds[step], State: st}, nil
}

// Replay shows a finished game the viewer may see after step of its
// actions (clamped to 0..Steps), as a spectator saw it then: the public
// view, whom the game waited on, and the game's log up to that step (the
// lobby's own notices, such as a player being away, are not replayed). The
// last frame is the finished game, with what the game reveals at its end.
func (s *Service) Replay(ctx context.Context, viewer *lobby.Account, tableID int64, step int) (lobby.ReplayFrame, error) {
	rg, err := s.replayOf(ctx, viewer, tableID)
	if err != nil {
		return lobby.ReplayFrame{}, err
	}
	f, err := rg.frame(step)
	if err != nil {
		s.log.Error("replay frame failed", "table", tableID, "step", step, "err", err)
		return lobby.ReplayFrame{}, userErr(lobby.ErrNoResult, "that game cannot be replayed")
	}
	return f, nil
}

// ReplayRoundStart returns the first step at which the round is in
// progress (round 1 and below: step 0). A round the game never reached is
// ErrNotFound.
func (s *Service) ReplayRoundStart(ctx context.Context, viewer *lobby.Account, tableID int64, round int) (int, error) {
	rg, err := s.replayOf(ctx, viewer, tableID)
	if err != nil {
		return 0, err
	}
	for step, r := range rg.rounds {
		if r >= round {
			return step, nil
		}
	}
	return 0, userErr(lobby.ErrNotFound, fmt.Sprintf("the game ended in round %d", rg.rounds[len(rg.rounds)-1]))
}
