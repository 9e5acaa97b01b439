package loadgen

import (
	"context"
	"fmt"
	"io"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

// fakeTable is a table screen behind a pipe: it reads the keys a human
// types and redraws "Seats: N (2-6)" and the ready request, losing or
// holding back keys as a loaded server may.
type fakeTable struct {
	seats int
	ready bool
	// drop is how many of the first keys are lost; hold keeps the first key
	// back and applies it together with the next one.
	drop int
	hold bool
	keys []string // every key received, lost ones included
}

func (f *fakeTable) screen() string {
	ask, row := "You sit in seat 2. Press r when\nyou are ready.", "│  >  2     p2 (you)  not yet  connected │"
	if f.ready {
		ask, row = "You sit in seat 2.", "│  >  2     p2 (you)  ready    connected │"
	}
	return fmt.Sprintf("\x1b[2J\x1b[HTurn timer: off · Seats: %d (2-6)\r\n%s\r\n%s", f.seats, row, ask)
}

func (f *fakeTable) apply(k byte) {
	switch k {
	case '+':
		f.seats++
	case '-':
		f.seats--
	case 'r':
		f.ready = !f.ready
	}
}

// serve runs the table until keys closes; out receives each frame.
func (f *fakeTable) serve(keys io.Reader, out io.WriteCloser) {
	defer out.Close()
	defer func() { _ = recover() }()
	_, _ = io.WriteString(out, f.screen())
	var held []byte
	b := make([]byte, 1)
	for {
		if _, err := keys.Read(b); err != nil {
			return
		}
		f.keys = append(f.keys, string(b))
		switch {
		case f.drop > 0:
			f.drop--
			continue
		case f.hold:
			held, f.hold = []byte{b[0]}, false
			continue
		}
		for _, k := range append(held, b[0]) {
			f.apply(k)
		}
		held = nil
		_, _ = io.WriteString(out, f.screen())
	}
}

// setupHuman connects a human's screen and keys to f.
func setupHuman(t *testing.T, f *fakeTable) (*human, func()) {
	t.Helper()
	cfg := DefaultConfig()
	cfg.Timeout = 10 * time.Second
	sh := &shared{cfg: &cfg, meter: &meter{}, keyRetry: 30 * time.Millisecond}
	keysR, keysW := io.Pipe()
	outR, outW := io.Pipe()
	done := make(chan struct{})
	go func() { defer close(done); f.serve(keysR, outW) }()
	h := &human{sh: sh, in: &lockedWriter{w: keysW}}
	h.vt = newVTReader(sh, outR, io.Discard)
	go h.vt.loop()
	require.NoError(t, h.waitFor(context.Background(), "the table", cfg.Timeout, func(s string) bool { return seatCount(s) > 0 }))
	return h, func() { _ = keysW.Close(); <-done; <-h.vt.done }
}

// TestSetSeatsRetriesALostKey: the host's first "+" is lost; the table
// still gets its seats instead of waiting out the timeout.
func TestSetSeatsRetriesALostKey(t *testing.T) {
	f := &fakeTable{seats: 2, drop: 1}
	h, stop := setupHuman(t, f)
	require.NoError(t, h.setSeats(context.Background(), 4))
	stop()
	require.Equal(t, 4, f.seats)
	require.Equal(t, []string{"+", "+", "+"}, f.keys)
}

// TestSetSeatsUndoesALateKey: the first "+" arrives late, together with
// the retry, so the table overshoots; the host takes the extra seat away.
func TestSetSeatsUndoesALateKey(t *testing.T) {
	f := &fakeTable{seats: 2, hold: true}
	h, stop := setupHuman(t, f)
	require.NoError(t, h.setSeats(context.Background(), 3))
	stop()
	require.Equal(t, 3, f.seats)
	require.Equal(t, []string{"+", "+", "-"}, f.keys)
}

// TestSetSeatsGivesUp: a table that never takes the key fails at the
// timeout with what the screen shows.
func TestSetSeatsGivesUp(t *testing.T) {
	f := &fakeTable{seats: 2, drop: 1 << 30}
	h, stop := setupHuman(t, f)
	h.sh.cfg.Timeout = 200 * time.Millisecond
	err := h.setSeats(context.Background(), 4)
	stop()
	require.ErrorIs(t, err, context.DeadlineExceeded)
	require.ErrorContains(t, err, "shows 2 of 4")
	require.Greater(t, len(f.keys), 1, "the key was typed again")
}

// TestGetReadyRetriesALostKey: the joiner's first "r" is lost; it presses
// again because the screen still asks, and stops once it does not.
func TestGetReadyRetriesALostKey(t *testing.T) {
	f := &fakeTable{seats: 4, drop: 1}
	h, stop := setupHuman(t, f)
	require.NoError(t, h.getReady(context.Background()))
	stop()
	require.True(t, f.ready)
	require.Equal(t, []string{"r", "r"}, f.keys)
}

// TestReadyIsReadFromTheSeatRow: a joiner is ready when its own row of the
// seat list says so; a frame drawn only in part (no prompt yet, no row) is
// neither ready nor asking, so getReady waits for it instead of taking the
// missing prompt for readiness (the host then pressed S for 40 s while the
// server refused: "p2-2 is not ready yet").
func TestReadyIsReadFromTheSeatRow(t *testing.T) {
	partial := "Table #3 · Projectopoly · forming\n│     Seat  Player  Ready    Status │"
	require.False(t, asksReady(partial))
	require.False(t, youReady(partial), "a frame in part is not readiness")
	require.False(t, youReady("│  >  2     p2 (you)  not yet  connected │"))
	require.True(t, youReady("│  >  2     p2 (you)  ready    connected │"))
	require.False(t, youReady("│     3     Bot 3 [bot]  ready    bot │"), "another seat's readiness is not ours")
}

func TestAsksReadyAcrossLines(t *testing.T) {
	require.True(t, asksReady("You sit in seat 2. Press r when\n   you are ready."))
	require.False(t, asksReady("You sit in seat 2."))
	require.Equal(t, 3, seatCount("Turn timer: off · Seats:\n3 (2-6)"))
}

// TestTurnedAway: only a connection closed during the handshake (the
// server's cap on unauthenticated connections) is dialled again.
func TestTurnedAway(t *testing.T) {
	require.True(t, turnedAway(fmt.Errorf("handshake: %w", syscall.ECONNRESET)))
	require.True(t, turnedAway(fmt.Errorf("handshake: ssh: handshake failed: %w", io.EOF)))
	require.False(t, turnedAway(fmt.Errorf("dial: %w", syscall.ECONNREFUSED)))
	require.False(t, turnedAway(fmt.Errorf("handshake: %w", context.DeadlineExceeded)))
	require.False(t, turnedAway(fmt.Errorf("handle: %w", io.EOF)))
}
