package tourneys

import (
	"context"
	"errors"
	"fmt"
	"slices"

	"boardroom/lobby/errs"
	"boardroom/lobby/tournament"
)

// Tournaments in a cluster (issue 31: "everything survives a restart and a
// failover"). The store is the tournament's truth; a node's book is a copy.
// A node reads a tournament again from the store before every step it
// takes while clustered, when it does not know one it is asked about, and
// when another node announces a change (NoticeTournament). Starting,
// seating a round and ending move the tournament in the store by a
// compare-and-set on its status and round (Store.MoveTournament): of two
// nodes that try the same step, one wins and seats the tables (so they are
// its own); the other reads the new state and does what is left, if
// anything. Every node arms the tournament's clock (its start time, an
// arena's window); the compare-and-set decides which one acts on it, so a
// node that dies does not stop the clock.

// errTournamentMoved: another node moved the tournament first.
var errTournamentMoved = errors.New("the tournament moved on another node")

// moveTournament writes rec over from (status and round), as a
// compare-and-set; errTournamentMoved when another node was first.
func (b *Book) moveTournament(ctx context.Context, st tournament.Store, rec, from tournament.Record) error {
	ok, err := st.MoveTournament(ctx, rec, from.Status, from.Round)
	if err != nil {
		return b.lobby.StorageErr(err)
	}
	if !ok {
		return errTournamentMoved
	}
	return nil
}

// refreshTournament reads the tournament, its entries and its games from
// the store into the book.
func (b *Book) refreshTournament(ctx context.Context, st tournament.Store, tr *tourney) error {
	rec, err := storedTournament(ctx, st, tr.id)
	if err != nil {
		return err
	}
	entries, err := st.Entries(ctx, tr.id)
	if err != nil {
		return fmt.Errorf("lobby: reading tournament %d: %w", tr.id, err)
	}
	games, err := st.TournamentGames(ctx, tr.id)
	if err != nil {
		return fmt.Errorf("lobby: reading tournament %d: %w", tr.id, err)
	}
	b.mu.Lock()
	tr.rec, tr.entries, tr.games = rec, entries, games
	for _, g := range games {
		b.table[g.TableID] = tr.id
	}
	b.mu.Unlock()
	return nil
}

// refreshClustered refreshes the tournament when the service is a node of
// a cluster (one node's book is already the store's).
func (b *Book) refreshClustered(ctx context.Context, st tournament.Store, tr *tourney) error {
	if !b.lobby.Clustered() {
		return nil
	}
	if err := b.refreshTournament(ctx, st, tr); err != nil {
		return b.lobby.StorageErr(err)
	}
	return nil
}

func storedTournament(ctx context.Context, st tournament.Store, id int64) (tournament.Record, error) {
	recs, err := st.Tournaments(ctx)
	if err != nil {
		return tournament.Record{}, fmt.Errorf("lobby: reading tournament %d: %w", id, err)
	}
	i := slices.IndexFunc(recs, func(r tournament.Record) bool { return r.ID == id })
	if i < 0 {
		return tournament.Record{}, fmt.Errorf("lobby: reading tournament %d: %w", id, errs.ErrNotFound)
	}
	return recs[i], nil
}

// knownTournament returns the book's tournament, reading it from the store
// when this node has not heard of it (created on another node): nil when
// the store has none of that id either.
func (b *Book) knownTournament(ctx context.Context, id int64) *tourney {
	b.mu.Lock()
	tr := b.byID[id]
	b.mu.Unlock()
	if tr != nil || !b.lobby.Clustered() {
		return tr
	}
	st, err := b.tournamentStore()
	if err != nil {
		return nil
	}
	rec, err := storedTournament(ctx, st, id)
	if err != nil {
		return nil
	}
	fresh := newTourney(rec)
	b.mu.Lock()
	if b.byID == nil {
		b.byID, b.table = map[int64]*tourney{}, map[int64]int64{}
	}
	if tr = b.byID[id]; tr == nil {
		tr = fresh
		b.byID[id] = tr
	}
	b.mu.Unlock()
	if tr == fresh {
		tr.step.Lock()
		err := b.refreshTournament(ctx, st, tr)
		tr.step.Unlock()
		if err != nil {
			b.log.Warn("reading a tournament of another node", "tournament", id, "err", err)
		}
		b.scheduleTournament(tr)
	}
	return tr
}

// learnTournaments adds to the book the tournaments another node created
// that this node did not hear of (a lost notice), before a list.
func (b *Book) learnTournaments(ctx context.Context) {
	if !b.lobby.Clustered() {
		return
	}
	st, err := b.tournamentStore()
	if err != nil {
		return
	}
	recs, err := st.Tournaments(ctx)
	if err != nil {
		b.log.Warn("reading the tournaments", "err", err)
		return
	}
	for _, rec := range recs {
		b.knownTournament(ctx, rec.ID)
	}
}

// ReceiveTournament reads a tournament another node changed again from
// the store and sets its clock (lobby/cluster calls it on a
// NoticeTournament). The reading waits for a step of this node's own, so
// it runs apart from the notice's delivery.
func (b *Book) ReceiveTournament(ctx context.Context, id int64) {
	if _, err := b.tournamentStore(); err != nil {
		return
	}
	b.busy.Add(1)
	go func() {
		defer b.busy.Done()
		b.lobby.Guard("tournament notice", func() {
			tr := b.knownTournament(b.bg, id)
			if tr == nil {
				return
			}
			st, _ := b.tournamentStore()
			tr.step.Lock()
			err := b.refreshTournament(b.bg, st, tr)
			tr.step.Unlock()
			if err != nil {
				b.log.Warn("reading a tournament another node changed", "tournament", id, "err", err)
				return
			}
			b.scheduleTournament(tr)
		})
	}()
}

// tournamentOfTable is the tournament a table plays for, as the store
// says (nil: none).
func (b *Book) tournamentOfTable(tableID int64) *tourney {
	st, err := b.tournamentStore()
	if err != nil {
		return nil
	}
	id, err := st.TournamentOfTable(b.bg, tableID)
	if err != nil {
		b.log.Warn("reading a table's tournament", "table", tableID, "err", err)
		return nil
	}
	if id == 0 {
		return nil
	}
	return b.knownTournament(b.bg, id)
}

// refreshIdle reads the tournament from the store for a player's view when
// the service is a node of a cluster and no step of it runs here (a step
// announces what it did; a view does not wait for it): a notice that was
// lost does not leave the page stale.
func (b *Book) refreshIdle(ctx context.Context, tr *tourney) {
	if !b.lobby.Clustered() || !tr.step.TryLock() {
		return
	}
	defer tr.step.Unlock()
	st, err := b.tournamentStore()
	if err != nil {
		return
	}
	if err := b.refreshTournament(ctx, st, tr); err != nil {
		b.log.Warn("reading a tournament", "tournament", tr.id, "err", err)
	}
}

// joinOpen stores a new entry only while the tournament is still open in
// the store (a compare-and-set with the start, which may run on another
// node between this node's reading and its write): a join that came too
// late is refused with a sentence, never silently left out of round 1.
func (b *Book) joinOpen(ctx context.Context, st tournament.Store, tr *tourney, e tournament.EntryRecord) error {
	if joinHook != nil {
		joinHook()
	}
	ok, err := st.JoinOpen(ctx, tr.id, e)
	if err != nil {
		return b.lobby.StorageErr(err)
	}
	if ok {
		return nil
	}
	if err := b.refreshTournament(ctx, st, tr); err != nil {
		return b.lobby.StorageErr(err)
	}
	b.scheduleTournament(tr)
	b.mu.Lock()
	status := tr.rec.Status
	b.mu.Unlock()
	if status == tournament.Open {
		return errs.User(ErrBadTournament, "you already play in that tournament")
	}
	return errs.User(ErrBadTournament, "that tournament started a moment ago: players join before the start")
}
