package cluster

import (
	"context"
	"errors"
	"log/slog"
	"slices"
	"sync"
	"sync/atomic"
	"time"

	"boardroom/engine"
	"boardroom/lobby"
)

// A Peer is what makes a lobby.Service a node of a cluster, apart from
// the bus: it applies the other nodes' notices to the node (through the
// hooks the lobby declares, lobby.ClusterNode), serves the calls the other
// nodes forward to the tables this node owns, forwards this node's calls
// on tables it holds only a replica of, and keeps who watches which
// tables from the other nodes. It knows no NATS: a Transport carries its
// calls and claims (*Cluster over NATS; an in-process bus in tests).
type Peer struct {
	name string
	inc  string // this process's incarnation (set by the Cluster before Run)
	tr   Transport
	log  *slog.Logger

	mu  sync.Mutex
	svc lobby.ClusterNode // nil until Attach

	presMu   sync.Mutex
	presence map[string]nodePresence // other nodes' watchers, by node

	moderation atomic.Pointer[func(context.Context)] // moderation.go
}

// Transport carries a Peer's calls to the owners of tables and claims
// table leases.
type Transport interface {
	// Call sends a table call to the table's owner and returns its answer
	// (lobby.ErrNoOwner when none answers in time).
	Call(ctx context.Context, c lobby.TableCall) (lobby.CallResult, error)
	// Claim makes this node the owner of a table (lobby.Cluster.Claim).
	Claim(ctx context.Context, tableID int64) (int64, error)
}

// NewPeer returns the peer of the node called name; Attach gives it its
// node once the lobby.Service exists (the Service needs its Cluster first).
func NewPeer(name string, tr Transport, log *slog.Logger) *Peer {
	if log == nil {
		log = slog.New(slog.DiscardHandler)
	}
	return &Peer{name: name, tr: tr, log: log, presence: map[string]nodePresence{}}
}

// Attach sets the node the peer works for.
func (p *Peer) Attach(node lobby.ClusterNode) {
	p.mu.Lock()
	p.svc = node
	p.mu.Unlock()
}

func (p *Peer) node() lobby.ClusterNode {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.svc
}

// Adopt, Relinquish and Owned hand the lease loop's decisions to the node.
func (p *Peer) Adopt(ctx context.Context, tableID, token int64) error {
	return p.node().Adopt(ctx, tableID, token)
}

// Relinquish: see Adopt.
func (p *Peer) Relinquish(tableID int64) { p.node().Relinquish(tableID) }

// Owned: see Adopt.
func (p *Peer) Owned() map[int64]int64 { return p.node().Owned() }

// Receive applies another node's notice: a replica catches up (from the
// store when a notice was missed), lobbies and chat reload, an owner
// records who watches its tables from where.
func (p *Peer) Receive(ctx context.Context, n lobby.Notice) {
	if n.Node == p.name && n.Incarnation == p.inc {
		return // this very process's own
	}
	node := p.node()
	if node == nil {
		return
	}
	switch n.Kind {
	case lobby.NoticeTable:
		node.ReceiveTable(ctx, n)
	case lobby.NoticeLobbies:
		if err := node.ReloadLobbies(ctx, n.LobbyID, n.Accounts); err != nil {
			p.log.Error("reloading lobbies failed", "err", err)
		}
	case lobby.NoticeChat:
		if n.Chat != nil {
			node.ReceiveChat(*n.Chat)
		}
	case lobby.NoticeHandle:
		if n.AccountID != 0 && n.Handle != "" {
			node.LearnHandle(n.AccountID, n.Handle)
		}
	case lobby.NoticePresence:
		p.receivePresence(node, n.Node+" "+n.Incarnation, n.Presence)
	case lobby.NoticeInvite:
		if n.AccountID != 0 && n.Invitation != nil {
			node.ReceiveInvitation(n.AccountID, *n.Invitation)
		}
	case lobby.NoticeBlocks:
		node.ForgetBlocks(n.AccountID)
	case lobby.NoticeModeration:
		p.receiveModeration(ctx)
	case lobby.NoticeTournament:
		p.receiveTournament(ctx, node, n.TournamentID)
	case lobby.NoticeOwner:
		node.OwnerHeard(n.Node, n.Owned)
	case lobby.NoticeWrongCode:
		if n.AccountID != 0 {
			node.WrongCode(n.AccountID, n.Addr)
		}
	}
}

// errorCodes name the sentinels a forwarded call may answer with, so that
// the calling node returns the same sentinel (errors.Is holds across nodes).
var errorCodes = map[string]error{
	"notFound": lobby.ErrNotFound, "forbidden": lobby.ErrForbidden, "guest": lobby.ErrGuest, "noHandle": lobby.ErrNoHandle,
	"notHost": lobby.ErrNotHost, "seatTaken": lobby.ErrSeatTaken, "tableFull": lobby.ErrTableFull, "notForming": lobby.ErrNotForming,
	"notPlaying": lobby.ErrNotPlaying, "notReady": lobby.ErrNotReady, "notSeated": lobby.ErrNotSeated, "shuttingDown": lobby.ErrShuttingDown,
	"badSeats": lobby.ErrBadSeats, "badTimer": lobby.ErrBadTimer, "tooManyTables": lobby.ErrTooManyTables, "storage": lobby.ErrStorage,
	"stale": lobby.ErrStale, "tooManyGames": lobby.ErrTooManyGames, "noResult": lobby.ErrNoResult, "noOwner": lobby.ErrNoOwner,
	"fenced": lobby.ErrFenced, "rateLimited": lobby.ErrRateLimited,
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
		return &lobby.Error{Msg: msg, Err: sentinel}
	}
	return errors.New(msg)
}

// ownerRetry is how often a call retries a table that is changing owner.
const ownerRetry = 250 * time.Millisecond

// Forward runs c at the table's owner when this node holds only a replica
// of it; handled is false when this node should run the call itself (it
// owns the table, or it does not know the table: the local method then
// answers as usual). A call no owner answers is retried for wait, and no
// try outlasts it: the caller has its answer within wait (and a round
// trip), lobby.ErrNoOwner if no owner answered. After a successful call the
// replica is brought up to date, so the caller reads what it did.
func (p *Peer) Forward(ctx context.Context, c lobby.TableCall, wait time.Duration) (res lobby.CallResult, handled bool, err error) {
	node := p.node()
	if node == nil {
		return lobby.CallResult{}, false, nil
	}
	deadline := time.Now().Add(wait)
	for {
		held, replica, finished := node.Holds(c.TableID)
		if !held || !replica {
			return lobby.CallResult{}, false, nil
		}
		res, err = p.call(ctx, c, deadline)
		if errors.Is(err, lobby.ErrNoOwner) && finished && p.adoptFinished(ctx, node, c.TableID) {
			continue // this node runs it now
		}
		left := time.Until(deadline)
		if !errors.Is(err, lobby.ErrNoOwner) || left <= 0 || ctx.Err() != nil {
			if err == nil || res.Err != "" {
				node.Resync(ctx, c.TableID)
			}
			return res, true, err
		}
		select {
		case <-ctx.Done():
			return res, true, err
		case <-time.After(min(ownerRetry, left)):
		}
	}
}

// call is one try of a forwarded call, given up at deadline: an owner
// that does not answer by then is no owner.
func (p *Peer) call(ctx context.Context, c lobby.TableCall, deadline time.Time) (lobby.CallResult, error) {
	tctx, cancel := context.WithDeadline(ctx, deadline)
	defer cancel()
	res, err := p.tr.Call(tctx, c)
	if err != nil {
		if ctx.Err() == nil && tctx.Err() != nil {
			return res, noOwner(c, err)
		}
		return res, err
	}
	return res, decodeErr(res.Err, res.Msg)
}

// adoptFinished makes this node the owner of a finished table that no node
// answers for, when no other node holds a live lease of it (the one that
// ran the game died, or let it go). The lease loop adopts only forming and
// playing tables; without this, a game's rematch would die with the node
// that ran it. It reports whether this node owns the table now.
func (p *Peer) adoptFinished(ctx context.Context, node lobby.ClusterNode, tableID int64) bool {
	token, err := p.tr.Claim(context.WithoutCancel(ctx), tableID)
	if err != nil {
		return false // another node holds the lease: it answers, or will
	}
	if err := node.Adopt(ctx, tableID, token); err != nil {
		// The lease loop lets the lease go again (a table served, not run).
		p.log.Warn("cannot adopt a finished table", "table", tableID, "err", err)
		return false
	}
	p.log.Info("finished table adopted: its node is gone", "table", tableID)
	return true
}

// Serve runs a forwarded call on a table this node owns, as the caller's
// own node would run it.
func (p *Peer) Serve(ctx context.Context, c lobby.TableCall) (res lobby.CallResult) {
	defer func() {
		if r := recover(); r != nil {
			p.log.Error("panic serving a call", "table", c.TableID, "method", c.Method, "panic", r)
			res = lobby.CallResult{Err: "other", Msg: "the server failed; please try again"}
		}
	}()
	node := p.node()
	if node == nil {
		res.Err, res.Msg = encodeErr(lobby.ErrNoOwner)
		return res
	}
	if held, replica, _ := node.Holds(c.TableID); !held || replica {
		res.Err, res.Msg = encodeErr(lobby.ErrNoOwner)
		return res
	}
	acc, err := node.Caller(ctx, c.Account)
	if err != nil {
		res.Err, res.Msg = encodeErr(err)
		return res
	}
	res, err = serve(ctx, node, acc, c)
	res.Version = node.Version(c.TableID)
	res.Err, res.Msg = encodeErr(err)
	return res
}

// serve runs c's method on the node.
func serve(ctx context.Context, node lobby.ClusterNode, acc *lobby.Account, c lobby.TableCall) (res lobby.CallResult, err error) {
	switch c.Method {
	case lobby.CallSit:
		var seat int
		seat, err = node.Sit(ctx, acc, c.TableID, c.Seat)
		res.Int = int64(seat)
	case lobby.CallStand:
		err = node.Stand(ctx, acc, c.TableID)
	case lobby.CallReady:
		err = node.SetReady(ctx, acc, c.TableID, c.On)
	case lobby.CallAddBot:
		err = node.AddBot(ctx, acc, c.TableID)
	case lobby.CallRemoveBot:
		err = node.RemoveBot(ctx, acc, c.TableID, c.Seat)
	case lobby.CallBotLevel:
		err = node.SetBotLevel(ctx, acc, c.TableID, c.Seat, c.Value)
	case lobby.CallSeats:
		err = node.SetSeats(ctx, acc, c.TableID, c.N)
	case lobby.CallOption:
		err = node.SetOption(ctx, acc, c.TableID, c.Key, c.Value)
	case lobby.CallTurnTimer:
		err = node.SetTurnTimer(ctx, acc, c.TableID, c.N)
	case lobby.CallStart:
		err = node.Start(ctx, acc, c.TableID)
	case lobby.CallSpectate:
		err = node.Spectate(ctx, acc, c.TableID, c.On)
	case lobby.CallAct:
		var a engine.Action
		if a, err = node.DecodeAction(c.TableID, c.Action); err == nil {
			err = node.Act(ctx, acc, c.TableID, c.N, a)
		}
	case lobby.CallHandOver:
		err = node.HandOver(ctx, acc, c.TableID, c.On)
	case lobby.CallRematch:
		res.Int, err = node.Rematch(ctx, acc, c.TableID, c.On)
	case lobby.CallLeft:
		err = node.LeaveForming(ctx, c.TableID, c.Account)
	case lobby.CallClose:
		err = node.CloseTable(ctx, c.TableID, c.Value)
	case lobby.CallRematchView:
		res.Int64s, res.Pending, res.Int, err = node.RematchState(ctx, acc, c.TableID)
	default:
		err = errors.New("unknown call " + c.Method)
	}
	return res, err
}

// nodePresence is who watches which tables from another node, as of at.
type nodePresence struct {
	at     time.Time
	tables map[int64][]int64
}

// WatchedElsewhere reports whether a session on another node watches the
// table as the account (told within lobby.PresenceTTL).
func (p *Peer) WatchedElsewhere(tableID, accountID int64) bool {
	p.presMu.Lock()
	defer p.presMu.Unlock()
	now := time.Now()
	for _, np := range p.presence {
		if now.Sub(np.at) > lobby.PresenceTTL {
			continue
		}
		for _, id := range np.tables[tableID] {
			if id == accountID {
				return true
			}
		}
	}
	return false
}

// receivePresence records another node's watchers, then lets the owned
// tables whose watchers changed notice who left or came back.
func (p *Peer) receivePresence(node lobby.ClusterNode, from string, tables map[int64][]int64) {
	p.presMu.Lock()
	old := p.presence[from]
	p.presence[from] = nodePresence{at: time.Now(), tables: tables}
	p.presMu.Unlock()
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
	node.Reconcile(changed)
}

// Presence lists the local watchers of the tables this node does not own,
// and forgets other nodes that stopped telling theirs (a dead node's
// players are then away at the tables this node owns).
func (p *Peer) Presence() map[int64][]int64 {
	node := p.node()
	if node == nil {
		return map[int64][]int64{}
	}
	out := node.Watchers()
	expired := map[int64]bool{}
	p.presMu.Lock()
	for name, np := range p.presence {
		if time.Since(np.at) > lobby.PresenceTTL {
			for id := range np.tables {
				expired[id] = true
			}
			delete(p.presence, name)
		}
	}
	p.presMu.Unlock()
	node.Reconcile(expired)
	return out
}
