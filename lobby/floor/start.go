package floor

import (
	"context"
	"fmt"
	"strings"

	"boardroom/engine"
)

// Start begins the game (host only): every seat must be filled and every
// seated player but the host ready.
func (fl *Floor) Start(ctx context.Context, host *Account, tableID int64) error {
	if _, ok, err := fl.forward(ctx, host, TableCall{TableID: tableID, Method: CallStart}); ok {
		return err
	}
	return fl.withTable(host, tableID, func(t *table) error {
		if err := t.HostForming(host); err != nil {
			return err
		}
		var waiting []string
		for i, st := range t.Seats {
			if st.Empty() {
				return userErr(ErrNotReady, fmt.Sprintf("seat %d is empty: invite a player or add a bot", i+1))
			}
			if !st.Bot && !st.Ready && st.AccountID != host.ID {
				waiting = append(waiting, fl.cfg.Sanitize(fl.host.Handle(st.AccountID), 40))
			}
		}
		if len(waiting) > 0 {
			// The host is ready by starting; everyone else named here
			// still has to press ready.
			verb := "is"
			if len(waiting) > 1 {
				verb = "are"
			}
			return userErr(ErrNotReady, fmt.Sprintf("not everyone is ready: %s %s not ready yet (the host is ready by starting)",
				andList(waiting), verb))
		}
		opts, err := t.Def.ValidateOptions(len(t.Seats), t.Options)
		if err != nil {
			return err
		}
		setup := engine.Setup{Seats: len(t.Seats), Options: opts, Seed: fl.cfg.Seed(t.ID)}
		g, err := t.Def.New(setup)
		if err != nil {
			return err
		}
		before := t.Snapshot()
		t.Setup, t.Options, t.Status, t.StartedAt = &setup, opts, TablePlaying, fl.clock.Now().UTC()
		for i := range t.Seats {
			t.Seats[i].Ready = true
		}
		if err := t.Save(ctx, before); err != nil {
			return err
		}
		fl.log.Info("game started", "table", t.ID, "game", t.Info.ID, "seats", len(t.Seats))
		t.Begin(g, nil)
		t.LogEvent(engine.Event{Kind: "start", Text: fmt.Sprintf("%s begins.", t.Info.Title)}, t.StartedAt)
		t.StartTimeLimitLocked()
		for i, st := range t.Seats {
			if !st.Bot && t.Connections(st.AccountID) == 0 {
				t.StartAwayTimer(i)
			}
		}
		t.SettleLocked(ctx)
		return nil
	})
}

// Spectate counts the viewer (guests too) as watching the table.
func (fl *Floor) Spectate(ctx context.Context, viewer *Account, tableID int64, on bool) error {
	if _, ok, err := fl.forward(ctx, viewer, TableCall{TableID: tableID, Method: CallSpectate, On: on}); ok {
		return err
	}
	t, err := fl.Lookup(viewerID(viewer), tableID)
	if err != nil {
		return err
	}
	return fl.Update(t, func() error {
		before := t.SpectatorCount()
		switch {
		case viewer == nil && on:
			t.GuestSpectators++
		case viewer == nil:
			t.GuestSpectators = max(0, t.GuestSpectators-1)
		case on:
			t.Spectating[viewer.ID] = true
		default:
			delete(t.Spectating, viewer.ID)
		}
		t.Changed(t.SpectatorCount() != before) // the lobby's list shows the count
		return nil
	})
}

// andList joins names as "a", "a and b", "a, b and c".
func andList(names []string) string {
	switch len(names) {
	case 0:
		return ""
	case 1:
		return names[0]
	}
	return strings.Join(names[:len(names)-1], ", ") + " and " + names[len(names)-1]
}
