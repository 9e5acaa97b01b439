package live

import (
	"fmt"
	"maps"
	"time"

	"boardroom/engine"
	"boardroom/lobby/tables"
)

// NoticeLocked is the notice an owner sends after a change of the table:
// its record, the actions and log lines since the last one and its live
// state. nil when the service is one node, the table is a replica, or
// nothing changed.
func (t *Table) NoticeLocked(changed bool) *Notice {
	if !t.Host.Clustered() || !t.Own.Owes(changed) {
		return nil
	}
	rec := t.Record()
	n := &Notice{Kind: NoticeTable, TableID: t.ID, Version: t.Version, Record: &rec, Live: t.liveLocked()}
	n.Actions, n.Events = t.Own.Drain()
	return n
}

// liveLocked is the table's unstored state that screens show.
func (t *Table) liveLocked() *TableLive {
	l := &TableLive{Spectators: t.SpectatorCount()}
	for i, st := range t.Seats {
		l.Connected = append(l.Connected, !st.Empty() && !st.Bot && t.Connections(st.AccountID) > 0)
		l.Away = append(l.Away, t.Status == TablePlaying && t.away(i))
		l.BotPlays = append(l.BotPlays, t.Status == TablePlaying && t.handedOver(i))
		var d time.Time
		if i < len(t.Play) {
			d = t.Play[i].Deadline
		}
		l.Deadlines = append(l.Deadlines, d)
	}
	if t.Rematch != nil {
		l.Rematch, _ = t.RematchSeatsLocked()
		l.RematchID = t.Rematch.NewID()
	}
	return l
}

// fencedLocked: the store refused this node's token, so another node owns
// the table now; it becomes a replica at once.
func (t *Table) fencedLocked() {
	t.Host.Logger().Warn("lease lost: another node owns the table", "table", t.ID)
	t.KeepLiveLocked() // failover.go
	t.StopTimersLocked()
	t.Own.Fenced(t.Host.Now().UTC()) // the new owner wrote just now
}

// SyncRecordLocked takes a stored (or announced) record as the table's
// forming state, and starts its game when the record says it started.
func (t *Table) SyncRecordLocked(rec TableRecord) error {
	t.Status, t.HostID, t.Options, t.TurnTimer = rec.Status, rec.HostID, maps.Clone(rec.Options), rec.TurnTimer
	t.UpdatedAt, t.StartedAt = rec.UpdatedAt, rec.StartedAt
	t.Seats = t.Seats[:0]
	for _, sr := range rec.Seats {
		t.Seats = append(t.Seats, SeatState{AccountID: sr.AccountID, Bot: sr.Bot, Ready: sr.Ready})
		if sr.AccountID != 0 && !sr.Bot && sr.Handle != "" {
			t.Host.SetHandle(sr.AccountID, sr.Handle)
		}
	}
	if t.Setup == nil && rec.Setup != nil && t.G == nil {
		g, err := t.Def.New(*rec.Setup)
		if err != nil {
			return err
		}
		t.Setup = rec.Setup
		t.LogEvent(engine.Event{Kind: "start", Text: fmt.Sprintf("%s begins.", t.Info.Title)}, rec.StartedAt)
		t.Begin(g, nil)
	}
	return nil
}

// ApplyLogLocked applies the actions of log after the table's version.
// events, when given, are the owner's log lines for them; otherwise the
// game's own events are logged.
func (t *Table) ApplyLogLocked(log []ActionRecord, events []NoticeEvent) error {
	for _, r := range log {
		if r.Seq <= t.Version {
			continue
		}
		if r.Seq != t.Version+1 {
			return fmt.Errorf("lobby: table %d: action %d after %d", t.ID, r.Seq, t.Version)
		}
		sealed := t.beforeAction(r.Seat)
		evs, err := tables.ApplyStored(t.Def, t.G, r)
		if err != nil {
			return err
		}
		if events == nil {
			for _, ev := range evs {
				t.LogEvent(ev, r.At)
			}
		}
		t.Actions.Append(engine.LoggedAction{Seat: r.Seat, Action: r.Action})
		t.Version++
		t.afterAction(sealed, evs)
	}
	for _, e := range events {
		if e.Seq > t.Log.Seq() {
			t.Log.SkipTo(e.Seq)
			t.LogEvent(e.Event, e.At)
		}
	}
	return nil
}

func (t *Table) ListedLocked() listed {
	l := listed{Status: t.Status, updatedAt: t.UpdatedAt}
	if t.G != nil {
		l.round = t.G.Round()
	}
	if lv := t.Own.Live(); lv != nil {
		l.marks = fmt.Sprint(lv.Connected, lv.Away, lv.BotPlays, lv.Spectators)
	}
	return l
}

// listed is what a lobby's table list shows of a replica.
type listed struct {
	Status    string
	updatedAt time.Time
	round     int
	marks     string // the seats' connected, away and bot marks and the spectators
}
