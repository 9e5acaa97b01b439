package loadgen

import (
	"context"
	"errors"
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"time"
)

// keyRetry is how long a setup key ("+", "-", "r") may take to show its
// effect before it is typed again. Under load a key can be lost on its way
// (or its effect refused for a moment), and a table whose host waited only
// once for its seats never filled: the step counted it as missed.
const keyRetry = 2 * time.Second

// setupKeyRetry is the retry interval of the setup keys; tests shorten it.
func (sh *shared) setupKeyRetry() time.Duration {
	if sh.keyRetry > 0 {
		return sh.keyRetry
	}
	return keyRetry
}

// setSeats makes the table on the host's screen have want seats: it types
// "+" (or "-" after an overshoot, when a key it took for lost arrived late
// after all) and waits for the screen to show the new count, typing again
// when it does not show within the retry interval, until cfg.Timeout.
func (h *human) setSeats(ctx context.Context, want int) error {
	sh := h.sh
	deadline := time.Now().Add(sh.cfg.Timeout)
	for {
		text, _ := h.vt.snapshot()
		n := seatCount(text)
		if n == want {
			return nil
		}
		if n == 0 {
			return errors.New("the table screen shows no seat count")
		}
		k, moved := key("+", "+"), func(s string) bool { return seatCount(s) > n }
		if n > want {
			k, moved = key("-", "-"), func(s string) bool { c := seatCount(s); return c > 0 && c < n }
		}
		if err := h.typeKeys(k); err != nil {
			return err
		}
		wait := min(sh.setupKeyRetry(), time.Until(deadline))
		err := h.waitFor(ctx, "another seat", max(wait, 0), moved)
		if err != nil && (!errors.Is(err, context.DeadlineExceeded) || !time.Now().Before(deadline)) {
			text, _ = h.vt.snapshot()
			return fmt.Errorf("%w (the screen shows %d of %d)", err, seatCount(text), want)
		}
	}
}

// getReady presses "r" until the joiner's own seat row says ready. "r"
// toggles, so it is typed only while the screen asks for it, and again only
// when the screen still asks after the retry interval: a key that arrives
// late is then seen and not undone. Readiness is read from the seat row
// ("(you)" then "ready"), not from the prompt's absence: a frame arrives in
// pieces, and a snapshot taken between two of them may lack the prompt
// while the player is not ready (the host then waited for a start the
// server refused).
func (h *human) getReady(ctx context.Context) error {
	deadline := time.Now().Add(h.sh.cfg.Timeout)
	for {
		text, _ := h.vt.snapshot()
		if youReady(text) {
			return nil
		}
		if asksReady(text) {
			if err := h.typeKeys(key("r", "r")); err != nil {
				return err
			}
		}
		wait := min(h.sh.setupKeyRetry(), time.Until(deadline))
		err := h.waitFor(ctx, "ready", max(wait, 0), youReady)
		if err == nil {
			return nil
		}
		if !errors.Is(err, context.DeadlineExceeded) || !time.Now().Before(deadline) {
			return err
		}
	}
}

// youReadyRe matches the viewer's own row of the seat list once it is
// ready: the player's name marked "(you)", then the Ready column.
var youReadyRe = regexp.MustCompile(`\(you\)\s+ready\b`)

// youReady: the table screen's seat list shows this player ready.
func youReady(s string) bool { return youReadyRe.MatchString(s) }

// asksReady: the table screen asks this player to press r. The sentence
// may be wrapped, so spaces and line ends are collapsed first.
func asksReady(s string) bool {
	return strings.Contains(strings.Join(strings.Fields(s), " "), "Press r when you are ready")
}

// seatsRe matches "Seats: N (min-max)"; the sentence may wrap.
var seatsRe = regexp.MustCompile(`Seats:\s+(\d+)\s+\(`)

// seatCount reads "Seats: N (min-max)" off the table screen; 0 if absent.
func seatCount(s string) int {
	m := seatsRe.FindStringSubmatch(s)
	if m == nil {
		return 0
	}
	n, _ := strconv.Atoi(m[1])
	return n
}
