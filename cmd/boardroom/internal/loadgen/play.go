package loadgen

import (
	"context"
	"crypto/rand"
	"errors"
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"
)

// playTable is one table of a play run and its humans.
type playTable struct {
	n      int // table number in the run
	humans []*human

	id      atomic.Int64
	opened  chan struct{} // the table has its seats: joiners may sit down
	ready   chan struct{} // one value per joiner that sat down and is ready
	started chan struct{} // the game is on the host's screen
	failed  chan struct{} // the host gave up: joiners stop waiting
	once    sync.Once

	dialAt, startAt time.Time
}

func (t *playTable) giveUp() { t.once.Do(func() { close(t.failed) }) }

var tableIDRe = regexp.MustCompile(`(?m)^table: (\d+)$`)

// setupTimeout bounds how long a table may take to start: every human
// connects, the joiners sit down and get ready, the host starts.
func (sh *shared) setupTimeout() time.Duration {
	return 3*sh.cfg.Timeout + 10*time.Second
}

// host opens the table and starts the game once every joiner is ready.
func (sh *shared) host(ctx context.Context, h *human) error {
	cfg, t := sh.cfg, h.tab
	if err := h.connect(ctx, playHandle(t.n, 0)); err != nil {
		return err
	}
	bots := cfg.Seats - cfg.HumansPerTable
	cmd := fmt.Sprintf("new %s --bots %d", cfg.Play, bots)
	if cfg.HumansPerTable == 1 {
		cmd += " --start"
	}
	out, err := h.command(ctx, cmd)
	if err != nil {
		return fmt.Errorf("new: %w", err)
	}
	m := tableIDRe.FindStringSubmatch(out)
	if m == nil {
		return fmt.Errorf("new: no table id in %q", truncate(sanitizeLine(out), 120))
	}
	id, _ := strconv.ParseInt(m[1], 10, 64)
	t.id.Store(id)
	if err := h.openPlay(id); err != nil {
		return fmt.Errorf("play: %w", err)
	}
	if cfg.HumansPerTable == 1 {
		return h.waitFor(ctx, "the game", cfg.Timeout, inGame)
	}
	// `new` seats the host and the bots: add open seats for the joiners.
	if err := h.waitFor(ctx, "the table", cfg.Timeout, func(s string) bool { return seatCount(s) > 0 }); err != nil {
		return err
	}
	if err := h.setSeats(ctx, cfg.Seats); err != nil {
		return fmt.Errorf("seats: %w", err)
	}
	close(t.opened)
	for range cfg.HumansPerTable - 1 {
		select {
		case <-t.ready:
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(sh.setupTimeout()):
			return errors.New("joiners: not all sat down and got ready in time")
		}
	}
	// Start; a joiner's ready flag may reach the lobby a moment after its
	// screen showed it, so try again until the game is on screen.
	for {
		if err := h.typeKeys(key("S", "S")); err != nil {
			return err
		}
		err := h.waitFor(ctx, "the game", 500*time.Millisecond, inGame)
		if err == nil {
			return nil
		}
		if !errors.Is(err, context.DeadlineExceeded) || time.Since(t.dialAt) > sh.setupTimeout() {
			return err
		}
	}
}

// join sits down at the host's table, gets ready and waits for the start.
func (sh *shared) join(ctx context.Context, h *human) error {
	cfg, t := sh.cfg, h.tab
	if err := h.connect(ctx, playHandle(t.n, h.idx)); err != nil {
		return err
	}
	select {
	case <-t.opened:
	case <-t.failed:
		return errors.New("the host could not open the table")
	case <-ctx.Done():
		return ctx.Err()
	case <-time.After(sh.setupTimeout()):
		return errors.New("the host did not open the table in time")
	}
	if err := h.openPlay(t.id.Load()); err != nil {
		return fmt.Errorf("play: %w", err)
	}
	if err := h.waitFor(ctx, "a seat", cfg.Timeout, screenHas("You sit in seat")); err != nil {
		return err
	}
	if err := h.getReady(ctx); err != nil {
		return err
	}
	t.ready <- struct{}{}
	select {
	case <-t.started:
	case <-t.failed:
		return errors.New("the host could not start the game")
	case <-ctx.Done():
		return ctx.Err()
	}
	return h.waitFor(ctx, "the game", cfg.Timeout, inGame)
}

// inGame: the play screen's prompt line is up.
func inGame(s string) bool { return strings.Contains(s, "you are seat ") }

// playHandle is the handle of human i of table n: "p<n>-<i>-<random>".
func playHandle(n, i int) string {
	const alphabet = "abcdefghijklmnopqrstuvwxyz0123456789"
	prefix := fmt.Sprintf("p%d-%d-", n+1, i+1)
	b := make([]byte, max(1, min(4, 16-len(prefix))))
	_, _ = rand.Read(b)
	for i := range b {
		b[i] = alphabet[int(b[i])%len(alphabet)]
	}
	return prefix + string(b)
}

// splitStage turns "stage: cause" errors into a report stage.
func splitStage(err error) (string, error) {
	msg := err.Error()
	for _, st := range []string{"dial", "handshake", "handle", "new", "play", "seats", "joiners", "waiting for"} {
		if strings.HasPrefix(msg, st) {
			return st, err
		}
	}
	return "setup", err
}
