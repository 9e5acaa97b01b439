package tourneys

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"slices"
	"time"

	"boardroom/lobby/tournament"
)

// The seating lease (issue 31: everything survives a failover). A round
// (or an arena seating) is moved on in the store before its tables are
// opened and linked; a node that dies between the two would leave the
// round with no table and every other node waiting for it. So the move
// writes a lease with the round (the seating node and an expiry), the
// seater clears it once every table is linked, and a node that finds a
// running round whose lease expired claims it by a compare-and-set and
// opens the tables not linked yet. Every node arms a timer on the lease's
// expiry (scheduleTournament), so the claim needs no game to end.

// seatingLease is how long a node has to open and link a round's tables.
const seatingLease = 30 * time.Second

// seatingHolder names one seating attempt in the lease, so that only that
// attempt clears it.
func seatingHolder() string {
	var b [8]byte
	_, _ = rand.Read(b[:])
	return hex.EncodeToString(b[:])
}

// seatingPending reports whether the tournament's current round still
// needs tables: its lease is set (seating began and has not finished), or
// it has none at all (a seating that died before the lease existed).
func seatingPending(rec tournament.Record, games []tournament.GameRecord) bool {
	if rec.Status != tournament.Running || rec.Round == 0 {
		return false
	}
	return !rec.SeatingUntil.IsZero() ||
		!slices.ContainsFunc(games, func(g tournament.GameRecord) bool { return g.Round == rec.Round })
}

// resumeSeating finishes a round whose seating did not finish (step held).
// In a cluster a lease that has not expired is left to its node; alone, a
// lease is always a seating that stopped with the process. The claim is a
// compare-and-set: of two nodes, one seats.
func (b *Book) resumeSeating(ctx context.Context, st tournament.Store, tr *tourney, rec tournament.Record,
	entries []tournament.Entry, games []tournament.GameRecord) error {
	now := b.lobby.Now().UTC()
	if b.lobby.Clustered() && now.Before(rec.SeatingUntil) {
		return nil // its node seats it now; the lease's timer is armed
	}
	judged := now
	if !b.lobby.Clustered() && judged.Before(rec.SeatingUntil) {
		judged = rec.SeatingUntil // alone, the lease is this process's own, left by a stop
	}
	holder := seatingHolder()
	ok, err := st.ClaimSeating(ctx, rec.ID, rec.Round, holder, now.Add(seatingLease), judged)
	if err != nil {
		return b.lobby.StorageErr(err)
	}
	if !ok {
		return errTournamentMoved
	}
	b.mu.Lock()
	if tr.rec.Round == rec.Round {
		tr.rec.SeatingNode, tr.rec.SeatingUntil = holder, now.Add(seatingLease)
	}
	b.mu.Unlock()
	var linked []tournament.GameRecord
	var earlier []tournament.GameRecord
	for _, g := range games {
		if g.Round == rec.Round {
			linked = append(linked, g)
		} else {
			earlier = append(earlier, g)
		}
	}
	// The round's seating again, as its first seater computed it: Swiss
	// from the rounds before it (its tables by number); an arena seats
	// whoever waits now, after the tables already linked.
	var seating [][]tournament.Seat
	first := 1
	switch rec.Format {
	case tournament.Swiss:
		seating = tournament.NextRound(seatingOrder(rec, entries), pureGames(earlier), rec.TableSize)
	case tournament.Arena:
		seating = b.arenaSeating(rec, entries, games)
		for _, g := range linked {
			first = max(first, g.Table+1)
		}
	}
	b.log.Info("tournament round seated again after its seating stopped", "tournament", rec.ID, "round", rec.Round,
		"linked", len(linked), "node", rec.SeatingNode)
	for i, seats := range seating {
		no := first + i
		if rec.Format == tournament.Swiss && slices.ContainsFunc(linked, func(g tournament.GameRecord) bool { return g.Table == no }) {
			continue
		}
		if err := b.openTournamentTable(ctx, st, tr, rec, no, seats); err != nil {
			b.log.Error("a tournament table did not open", "tournament", rec.ID, "round", rec.Round, "err", err)
			b.announce(rec.ID)
			return err
		}
	}
	return b.seated(ctx, st, tr, rec.Round, holder)
}

// seated clears the lease of a round whose tables are all linked.
func (b *Book) seated(ctx context.Context, st tournament.Store, tr *tourney, round int, holder string) error {
	if err := st.ReleaseSeating(ctx, tr.id, round, holder); err != nil {
		return b.lobby.StorageErr(err)
	}
	b.mu.Lock()
	if tr.rec.Round == round {
		tr.rec.SeatingNode, tr.rec.SeatingUntil = "", time.Time{}
	}
	b.mu.Unlock()
	b.announce(tr.id)
	b.scheduleTournament(tr)
	return nil
}

// arenaSeating seats an arena's waiting players: the active ones not in
// a running game, by standing.
func (b *Book) arenaSeating(rec tournament.Record, entries []tournament.Entry, games []tournament.GameRecord) [][]tournament.Seat {
	running := map[tournament.PlayerID]bool{}
	for _, g := range games {
		if !g.Finished {
			for _, p := range g.Players() {
				running[p] = true
			}
		}
	}
	pure := pureGames(games)
	var waiting []tournament.PlayerID
	for _, p := range tournament.Active(tournament.Standings(seatingOrder(rec, entries), pure)) {
		if !running[p] {
			waiting = append(waiting, p)
		}
	}
	seating, _ := tournament.SeatWaiting(waiting, rec.TableSize, tournament.Company(pure), !anyRunning(games))
	return seating
}
