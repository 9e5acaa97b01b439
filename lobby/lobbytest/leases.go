package lobbytest

import (
	"context"
	"fmt"
	"sort"
	"sync"
	"time"

	"boardroom/lobby"
)

// Leases is an in-memory lobby.LeaseStore with db/postgres's semantics,
// for the cluster tests of lobby and lobby/cluster (one fake, so that both
// test what Postgres does): a table's token rises every time it gets a new
// lease holder, also when the node whose lease ran out or that released it
// takes it back; a live lease of another process (another node, or another
// incarnation of the same name) is refused; renewals extend
// live leases only; and a write with a token that is not the table's is
// fenced (LeasedStore). It is safe for concurrent use.
type Leases struct {
	mu     sync.Mutex
	live   func(ctx context.Context, now time.Time) ([]int64, error)
	tables map[int64]bool // forming or playing, when live is nil
	leases map[int64]Lease
	tokens map[int64]int64 // the last token handed out per table
	names  map[string]lobby.NodeName
}

// Lease is a table's lease: its holder (zero when released) and until when.
type Lease struct {
	Owner lobby.LeaseOwner
	Token int64
	Until time.Time
}

// NewLeases makes leases over the given forming and playing tables
// (SetLive changes them).
func NewLeases(tables ...int64) *Leases {
	l := &Leases{tables: map[int64]bool{}, leases: map[int64]Lease{}, tokens: map[int64]int64{}, names: map[string]lobby.NodeName{}}
	for _, id := range tables {
		l.tables[id] = true
	}
	return l
}

// SetLive says whether a table is forming or playing (OrphanTables lists
// only those).
func (l *Leases) SetLive(id int64, live bool) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if live {
		l.tables[id] = true
	} else {
		delete(l.tables, id)
	}
}

// ClaimTable implements lobby.LeaseStore.
func (l *Leases) ClaimTable(_ context.Context, id int64, owner lobby.LeaseOwner, ttl time.Duration, now time.Time) (int64, bool, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	cur, ok := l.leases[id]
	live := ok && cur.Owner.Node != "" && now.Before(cur.Until)
	switch {
	case live && cur.Owner != owner:
		return 0, false, nil
	case live:
		cur.Until = now.Add(ttl)
		l.leases[id] = cur
		return cur.Token, true, nil
	}
	l.tokens[id]++
	l.leases[id] = Lease{Owner: owner, Token: l.tokens[id], Until: now.Add(ttl)}
	return l.tokens[id], true, nil
}

// RenewLeases implements lobby.LeaseStore.
func (l *Leases) RenewLeases(_ context.Context, owner lobby.LeaseOwner, ttl time.Duration, now time.Time) (map[int64]int64, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	out := map[int64]int64{}
	for id, cur := range l.leases {
		if cur.Owner == owner && now.Before(cur.Until) {
			cur.Until = now.Add(ttl)
			l.leases[id] = cur
			out[id] = cur.Token
		}
	}
	return out, nil
}

// ReleaseTable implements lobby.LeaseStore; the token stays, the next
// claim raises it.
func (l *Leases) ReleaseTable(_ context.Context, id int64, owner lobby.LeaseOwner) error {
	l.mu.Lock()
	defer l.mu.Unlock()
	if cur, ok := l.leases[id]; ok && cur.Owner == owner {
		l.leases[id] = Lease{Token: cur.Token}
	}
	return nil
}

// OrphanTables implements lobby.LeaseStore, in the order of their ids.
func (l *Leases) OrphanTables(ctx context.Context, now time.Time) ([]int64, error) {
	l.mu.Lock()
	live := l.live
	l.mu.Unlock()
	var ids []int64
	if live != nil {
		var err error
		if ids, err = live(ctx, now); err != nil {
			return nil, err
		}
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	if live == nil {
		for id := range l.tables {
			ids = append(ids, id)
		}
	}
	var out []int64
	for _, id := range ids {
		if cur, ok := l.leases[id]; !ok || cur.Owner.Node == "" || !now.Before(cur.Until) {
			out = append(out, id)
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i] < out[j] })
	return out, nil
}

// Holder is the node holding a live lease of the table at now, and its
// token ("" and 0: none).
func (l *Leases) Holder(id int64, now time.Time) (string, int64) {
	owner, token := l.HolderOwner(id, now)
	return owner.Node, token
}

// HolderOwner is the process holding a live lease of the table at now, and
// its token (zero and 0: none).
func (l *Leases) HolderOwner(id int64, now time.Time) (lobby.LeaseOwner, int64) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if cur, ok := l.leases[id]; ok && cur.Owner.Node != "" && now.Before(cur.Until) {
		return cur.Owner, cur.Token
	}
	return lobby.LeaseOwner{}, 0
}

// ClaimNodeName implements lobby.NodeNames as db/postgres does.
func (l *Leases) ClaimNodeName(_ context.Context, n lobby.NodeName, window time.Duration, now time.Time) (lobby.NodeName, bool, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	cur, ok := l.names[n.Name]
	if ok && cur.Incarnation != n.Incarnation && cur.HeartbeatAt.After(now.Add(-window)) {
		return cur, false, nil
	}
	n.HeartbeatAt = now
	l.names[n.Name] = n
	return n, true, nil
}

// HeartbeatNodeName implements lobby.NodeNames.
func (l *Leases) HeartbeatNodeName(_ context.Context, name, incarnation string, now time.Time) (lobby.NodeName, bool, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	cur, ok := l.names[name]
	if !ok || cur.Incarnation != incarnation {
		return cur, false, nil
	}
	cur.HeartbeatAt = now
	l.names[name] = cur
	return lobby.NodeName{}, true, nil
}

// LiveNodeNames implements lobby.NodeNames.
func (l *Leases) LiveNodeNames(_ context.Context, window time.Duration, now time.Time) ([]lobby.NodeName, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	var out []lobby.NodeName
	for _, n := range l.names {
		if n.HeartbeatAt.After(now.Add(-window)) {
			out = append(out, n)
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out, nil
}

// ReleaseNodeName implements lobby.NodeNames.
func (l *Leases) ReleaseNodeName(_ context.Context, name, incarnation string) error {
	l.mu.Lock()
	defer l.mu.Unlock()
	if cur, ok := l.names[name]; ok && cur.Incarnation == incarnation {
		delete(l.names, name)
	}
	return nil
}

// fenceLocked refuses a write with a token that is not the table's (0:
// a write without a lease, never refused).
func (l *Leases) fenceLocked(id, token int64) error {
	if token != 0 && l.leases[id].Token != token {
		return fmt.Errorf("table %d: lease token %d is stale (the table's is %d): %w", id, token, l.leases[id].Token, lobby.ErrFenced)
	}
	return nil
}

// LeasedStore is a Store with Leases over its tables, as db/postgres is:
// OrphanTables finds the store's forming and playing tables, and table
// writes with a stale token are refused with lobby.ErrFenced (the check
// and the write under the leases' lock, as in one transaction).
type LeasedStore struct {
	lobby.Store
	*Leases
}

// NewLeasedStore wraps st with fresh leases.
func NewLeasedStore(st lobby.Store) LeasedStore {
	l := NewLeases()
	l.live = func(ctx context.Context, now time.Time) ([]int64, error) {
		recs, err := st.LoadTables(ctx, now.Add(time.Hour))
		if err != nil {
			return nil, err
		}
		var ids []int64
		for _, r := range recs {
			if r.Status == lobby.TableForming || r.Status == lobby.TablePlaying {
				ids = append(ids, r.ID)
			}
		}
		return ids, nil
	}
	return LeasedStore{Store: st, Leases: l}
}

var (
	_ lobby.LeaseStore = (*Leases)(nil)
	_ lobby.LeaseStore = LeasedStore{}
)

// SaveTable implements lobby.Store, fenced.
func (s LeasedStore) SaveTable(ctx context.Context, rec lobby.TableRecord) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if err := s.fenceLocked(rec.ID, rec.Token); err != nil {
		return err
	}
	return s.Store.SaveTable(ctx, rec)
}

// AppendAction implements lobby.Store, fenced.
func (s LeasedStore) AppendAction(ctx context.Context, tableID int64, rec lobby.ActionRecord) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if err := s.fenceLocked(tableID, rec.Token); err != nil {
		return err
	}
	return s.Store.AppendAction(ctx, tableID, rec)
}

// FinishGame implements lobby.Store, fenced.
func (s LeasedStore) FinishGame(ctx context.Context, end lobby.GameEnd) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if err := s.fenceLocked(end.TableID, end.Token); err != nil {
		return err
	}
	return s.Store.FinishGame(ctx, end)
}
