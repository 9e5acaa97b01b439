package lobby

import (
	"context"
	"errors"
	"slices"
	"time"

	"boardroom/engine"
)

// errorCodes name the sentinels a forwarded call may answer with, so that
// the calling node returns the same sentinel (errors.Is holds across nodes).
var errorCodes = map[string]error{
	"notFound": ErrNotFound, "forbidden": ErrForbidden, "guest": ErrGuest, "noHandle": ErrNoHandle,
	"notHost": ErrNotHost, "seatTaken": ErrSeatTaken, "tableFull": ErrTableFull, "notForming": ErrNotForming,
	"notPlaying": ErrNotPlaying, "notReady": ErrNotReady, "notSeated": ErrNotSeated, "shuttingDown": ErrShuttingDown,
	"badSeats": ErrBadSeats, "badTimer": ErrBadTimer, "tooManyTables": ErrTooManyTables, "storage": ErrStorage,
	"stale": ErrStale, "tooManyGames": ErrTooManyGames, "noResult": ErrNoResult, "noOwner": ErrNoOwner,
	"fenced": ErrFenced, "rateLimited": ErrRateLimited,
}

// encodeErr turns a call's error into its wire form.
func encodeErr(err error) (code, msg string) {
	if err == nil {
		return "", ""
	}
	if re, ok := engine.IsRuleError(err); ok {
		return "engine:" + re.Code, re.Msg
	}
	for c, sentinel := range errorCodes {
		if errors.Is(err, sentinel) {
			return c, err.Error()
		}
	}
	return "other", err.Error()
}

// decodeErr is encodeErr's inverse: the sentinel (with the owner's
// sentence), the rule error, or a plain error with the sentence.
func decodeErr(code, msg string) error {
	switch {
	case code == "":
		return nil
	case len(code) > 7 && code[:7] == "engine:":
		return &engine.RuleError{Code: code[7:], Msg: msg}
	}
	if sentinel, ok := errorCodes[code]; ok {
		if msg == "" || msg == sentinel.Error() {
			return sentinel
		}
		return &Error{Msg: msg, Err: sentinel}
	}
	return errors.New(msg)
}

// How long a call waits for a table that is changing owner.
const (
	defaultOwnerWait = 12 * time.Second
	ownerRetry       = 250 * time.Millisecond
)

// forward runs c at the table's owner when this node holds only a replica
// of it; handled is false when this node should run the call itself (it
// owns the table, there is no cluster, or it does not know the table: the
// local method then answers as usual). After a successful call the replica
// is brought up to date, so the caller reads what it did.
func (s *Service) forward(ctx context.Context, acc *Account, c TableCall) (res CallResult, handled bool, err error) {
	if s.cfg.Cluster == nil {
		return CallResult{}, false, nil
	}
	c.Account = viewerID(acc)
	deadline := time.Now().Add(s.cfg.OwnerWait)
	for {
		s.mu.RLock()
		t, ok := s.tables[c.TableID]
		s.mu.RUnlock()
		if !ok {
			return CallResult{}, false, nil
		}
		t.mu.Lock()
		replica, finished := t.replica, t.status == TableFinished
		t.mu.Unlock()
		if !replica {
			return CallResult{}, false, nil
		}
		res, err = s.cfg.Cluster.Call(ctx, c)
		if err == nil {
			err = decodeErr(res.Err, res.Msg)
		}
		if errors.Is(err, ErrNoOwner) && finished && s.adoptFinished(ctx, c.TableID) {
			continue // this node runs it now
		}
		if !errors.Is(err, ErrNoOwner) || time.Now().After(deadline) || ctx.Err() != nil {
			if err == nil || res.Err != "" {
				s.resync(ctx, t)
			}
			return res, true, err
		}
		select {
		case <-ctx.Done():
			return res, true, err
		case <-time.After(ownerRetry):
		}
	}
}

// adoptFinished makes this node the owner of a finished table that no node
// answers for, when no other node holds a live lease of it (the one that
// ran the game died, or let it go). The lease loop adopts only forming and
// playing tables; without this, a game's rematch would die with the node
// that ran it. It reports whether this node owns the table now.
func (s *Service) adoptFinished(ctx context.Context, tableID int64) bool {
	token, err := s.cfg.Cluster.Claim(context.WithoutCancel(ctx), tableID)
	if err != nil {
		return false // another node holds the lease: it answers, or will
	}
	if err := s.Adopt(ctx, tableID, token); err != nil {
		// The lease loop lets the lease go again (a table served, not run).
		s.log.Warn("cannot adopt a finished table", "table", tableID, "err", err)
		return false
	}
	s.log.Info("finished table adopted: its node is gone", "table", tableID)
	return true
}

// Serve runs a forwarded call on a table this node owns, as the caller's
// own node would run it.
func (s *Service) Serve(ctx context.Context, c TableCall) (res CallResult) {
	defer func() {
		if r := recover(); r != nil {
			s.log.Error("panic serving a call", "table", c.TableID, "method", c.Method, "panic", r)
			res = CallResult{Err: "other", Msg: "the server failed; please try again"}
		}
	}()
	s.mu.RLock()
	t, ok := s.tables[c.TableID]
	s.mu.RUnlock()
	if ok {
		t.mu.Lock()
		ok = !t.replica
		t.mu.Unlock()
	}
	if !ok {
		res.Err, res.Msg = encodeErr(ErrNoOwner)
		return res
	}
	var acc *Account
	if c.Account != 0 {
		a, err := s.store.AccountByID(ctx, c.Account)
		if err != nil {
			res.Err, res.Msg = encodeErr(s.storageErr(err))
			return res
		}
		acc = a
		if a != nil {
			s.setHandle(a.ID, a.Handle) // the caller may be new to this node
		}
	}
	var err error
	switch c.Method {
	case CallSit:
		var seat int
		seat, err = s.Sit(ctx, acc, c.TableID, c.Seat)
		res.Int = int64(seat)
	case CallStand:
		err = s.Stand(ctx, acc, c.TableID)
	case CallReady:
		err = s.SetReady(ctx, acc, c.TableID, c.On)
	case CallAddBot:
		err = s.AddBot(ctx, acc, c.TableID)
	case CallRemoveBot:
		err = s.RemoveBot(ctx, acc, c.TableID, c.Seat)
	case CallBotLevel:
		err = s.SetBotLevel(ctx, acc, c.TableID, c.Seat, c.Value)
	case CallSeats:
		err = s.SetSeats(ctx, acc, c.TableID, c.N)
	case CallOption:
		err = s.SetOption(ctx, acc, c.TableID, c.Key, c.Value)
	case CallTurnTimer:
		err = s.SetTurnTimer(ctx, acc, c.TableID, c.N)
	case CallStart:
		err = s.Start(ctx, acc, c.TableID)
	case CallSpectate:
		err = s.Spectate(ctx, acc, c.TableID, c.On)
	case CallAct:
		var a engine.Action
		if a, err = t.def.DecodeAction(c.Action); err == nil {
			err = s.Act(ctx, acc, c.TableID, c.N, a)
		}
	case CallHandOver:
		err = s.HandOver(ctx, acc, c.TableID, c.On)
	case CallRematch:
		res.Int, err = s.Rematch(ctx, acc, c.TableID, c.On)
	case CallLeft:
		err = s.update(t, func() error {
			if t.status == TableForming && t.seatOf(c.Account) >= 0 {
				return t.standLocked(ctx, c.Account)
			}
			return nil
		})
	case CallRematchView:
		res.Int64s, res.Pending, res.Int, err = s.RematchState(ctx, acc, c.TableID)
	default:
		err = errors.New("unknown call " + c.Method)
	}
	t.mu.Lock()
	res.Version = t.version
	t.mu.Unlock()
	res.Err, res.Msg = encodeErr(err)
	return res
}

// encodeAction is an action in the log's encoding, for a forwarded Act.
func encodeAction(a engine.Action) []byte {
	if a == nil {
		return nil
	}
	la, err := engine.Log(0, a)
	if err != nil {
		return nil
	}
	return la.Action
}

// nodePresence is who watches which tables from another node, as of at.
type nodePresence struct {
	at     time.Time
	tables map[int64][]int64
}

// watchedElsewhere reports whether a session on another node watches the
// table as the account (told within PresenceTTL).
func (s *Service) watchedElsewhere(tableID, accountID int64) bool {
	s.presMu.Lock()
	defer s.presMu.Unlock()
	now := time.Now()
	for _, p := range s.presence {
		if now.Sub(p.at) > PresenceTTL {
			continue
		}
		for _, id := range p.tables[tableID] {
			if id == accountID {
				return true
			}
		}
	}
	return false
}

// receivePresence records another node's watchers, then lets the owned
// tables whose watchers changed notice who left or came back.
func (s *Service) receivePresence(node string, tables map[int64][]int64) {
	s.presMu.Lock()
	if s.presence == nil {
		s.presence = map[string]nodePresence{}
	}
	old := s.presence[node]
	s.presence[node] = nodePresence{at: time.Now(), tables: tables}
	s.presMu.Unlock()
	changed := map[int64]bool{}
	for id, accs := range tables {
		if !slices.Equal(accs, old.tables[id]) {
			changed[id] = true
		}
	}
	for id := range old.tables {
		if _, ok := tables[id]; !ok {
			changed[id] = true
		}
	}
	s.reconcile(changed)
}

// Presence lists the local watchers of the tables this node does not own,
// and forgets other nodes that stopped telling theirs (a dead node's
// players are then away at the tables this node owns).
func (s *Service) Presence() map[int64][]int64 {
	out := map[int64][]int64{}
	for _, t := range s.allTables() {
		t.mu.Lock()
		if t.replica {
			for _, id := range t.watchers {
				if id != 0 {
					out[t.id] = append(out[t.id], id)
				}
			}
		}
		t.mu.Unlock()
	}
	for id, accs := range out {
		slices.Sort(accs)
		out[id] = slices.Compact(accs) // in order, each once: owners compare the lists
	}
	expired := map[int64]bool{}
	s.presMu.Lock()
	for node, p := range s.presence {
		if time.Since(p.at) > PresenceTTL {
			for id := range p.tables {
				expired[id] = true
			}
			delete(s.presence, node)
		}
	}
	s.presMu.Unlock()
	s.reconcile(expired)
	return out
}

// announcePresence tells the owners at once that a session here started or
// stopped watching a table they own.
func (s *Service) announcePresence(t *table) {
	if s.cfg.Cluster == nil {
		return
	}
	t.mu.Lock()
	replica := t.replica
	t.mu.Unlock()
	if replica {
		s.announce(&Notice{Kind: NoticePresence, Presence: s.Presence()})
	}
}

// reconcile marks the seats of the owned tables among ids away or back by
// whether their players now watch from any node.
func (s *Service) reconcile(ids map[int64]bool) {
	for id := range ids {
		s.mu.RLock()
		t, ok := s.tables[id]
		s.mu.RUnlock()
		if !ok {
			continue
		}
		_ = s.update(t, func() error {
			if t.replica {
				return nil
			}
			t.changed(false) // the seats' connected marks changed
			if t.status != TablePlaying || t.g == nil {
				return nil
			}
			for i, st := range t.seats {
				if st.bot || st.empty() || i >= len(t.play) {
					continue
				}
				switch on := t.connections(st.accountID) > 0; {
				case on && t.play[i].gone:
					t.backLocked(s.bg, i)
				case !on && !t.play[i].gone:
					// Presence says where players watch, not whether they
					// are online elsewhere: a session here still counts.
					t.absentLocked(i, s.hub.online(st.accountID))
				}
			}
			return nil
		})
	}
}

// receiveChat adds another node's chat message to the cached channel and
// tells the local sessions. The message takes a token from its author's
// bucket here too: the rate holds across the cluster.
func (s *Service) receiveChat(m ChatMessage) {
	if m.AuthorID != 0 {
		s.chargeChat(m.AuthorID)
	}
	var exclude map[int64]bool // the players, from a spectators' chat during their game
	if m.Channel.Spectators && m.Channel.Table != 0 {
		s.mu.RLock()
		t := s.tables[m.Channel.Table]
		s.mu.RUnlock()
		if t != nil {
			t.mu.Lock()
			if t.status == TablePlaying {
				exclude = map[int64]bool{}
				for _, st := range t.seats {
					if !st.bot && !st.empty() {
						exclude[st.accountID] = true
					}
				}
			}
			t.mu.Unlock()
		}
	}
	s.chatMu.Lock()
	if l := s.chat[m.Channel]; l != nil {
		l.msgs = append(l.msgs, m)
		if len(l.msgs) > chatKeep {
			l.msgs = append(l.msgs[:0:0], l.msgs[len(l.msgs)-chatKeep:]...)
		}
	}
	s.chatMu.Unlock()
	s.hub.publish(publication{u: Update{Topic: Topic{Kind: TopicChat, Channel: m.Channel}}, exclude: exclude})
}
