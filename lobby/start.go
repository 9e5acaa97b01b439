package lobby

import (
	"context"
	"crypto/rand"
	"encoding/binary"
	"errors"
	"fmt"
	"strings"

	"boardroom/engine"
)

// Start begins the game (host only): every seat must be filled and every
// seated player but the host ready.
func (s *Service) Start(ctx context.Context, host *Account, tableID int64) error {
	if _, ok, err := s.forward(ctx, host, TableCall{TableID: tableID, Method: CallStart}); ok {
		return err
	}
	return s.withTable(host, tableID, func(t *table) error {
		if err := t.hostForming(host); err != nil {
			return err
		}
		var waiting []string
		for i, st := range t.seats {
			if st.empty() {
				return userErr(ErrNotReady, fmt.Sprintf("seat %d is empty: invite a player or add a bot", i+1))
			}
			if !st.bot && !st.ready && st.accountID != host.ID {
				waiting = append(waiting, Sanitize(s.handle(st.accountID), 40))
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
		opts, err := t.def.ValidateOptions(len(t.seats), t.options)
		if err != nil {
			return err
		}
		setup := engine.Setup{Seats: len(t.seats), Options: opts, Seed: s.cfg.Seed(t.id)}
		g, err := t.def.New(setup)
		if err != nil {
			return err
		}
		before := t.snapshot()
		t.setup, t.options, t.status, t.startedAt = &setup, opts, TablePlaying, s.clock.Now().UTC()
		for i := range t.seats {
			t.seats[i].ready = true
		}
		if err := t.save(ctx, before); err != nil {
			return err
		}
		s.log.Info("game started", "table", t.id, "game", t.info.ID, "seats", len(t.seats))
		t.begin(g, nil)
		t.logEvent(engine.Event{Kind: "start", Text: fmt.Sprintf("%s begins.", t.info.Title)}, t.startedAt)
		t.startTimeLimitLocked()
		for i, st := range t.seats {
			if !st.bot && t.connections(st.accountID) == 0 {
				t.startAwayTimer(i)
			}
		}
		t.settleLocked(ctx)
		return nil
	})
}

// randomSeed reads a game seed from crypto/rand.
func randomSeed() uint64 {
	var b [8]byte
	if _, err := rand.Read(b[:]); err != nil {
		panic(errors.Join(errors.New("lobby: crypto/rand failed"), err))
	}
	return binary.LittleEndian.Uint64(b[:])
}

// Spectate counts the viewer (guests too) as watching the table.
func (s *Service) Spectate(ctx context.Context, viewer *Account, tableID int64, on bool) error {
	if _, ok, err := s.forward(ctx, viewer, TableCall{TableID: tableID, Method: CallSpectate, On: on}); ok {
		return err
	}
	t, err := s.lookupTable(viewerID(viewer), tableID)
	if err != nil {
		return err
	}
	return s.update(t, func() error {
		before := t.spectatorCount()
		switch {
		case viewer == nil && on:
			t.guestSpectators++
		case viewer == nil:
			t.guestSpectators = max(0, t.guestSpectators-1)
		case on:
			t.spectating[viewer.ID] = true
		default:
			delete(t.spectating, viewer.ID)
		}
		t.changed(t.spectatorCount() != before) // the lobby's list shows the count
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
