package loadgen

import (
	"context"
	"crypto/rand"
	"errors"
	"fmt"
	"log/slog"
	"os"
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

// actionBy tells the other humans of the table that h acted at at.
func (t *playTable) actionBy(h *human, at time.Time) {
	for _, o := range t.humans {
		if o != h && o.vt != nil {
			o.vt.expectPeer(at)
		}
	}
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
	for {
		text, _ := h.vt.snapshot()
		n := seatCount(text)
		if n >= cfg.Seats {
			break
		}
		if err := h.send([]Key{{Name: "+", Bytes: []byte("+")}}, false); err != nil {
			return err
		}
		if err := h.waitFor(ctx, "another seat", cfg.Timeout, func(s string) bool { return seatCount(s) > n }); err != nil {
			return fmt.Errorf("seats: %w", err)
		}
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
		if err := h.send([]Key{{Name: "S", Bytes: []byte("S")}}, false); err != nil {
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
	before, _ := h.vt.snapshot()
	if err := h.send([]Key{{Name: "r", Bytes: []byte("r")}}, false); err != nil {
		return err
	}
	if err := h.waitFor(ctx, "ready", cfg.Timeout, func(s string) bool { return s != before }); err != nil {
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

var seatsRe = regexp.MustCompile(`Seats: (\d+) \(`)

// seatCount reads "Seats: N (min-max)" off the table screen; 0 if absent.
func seatCount(s string) int {
	m := seatsRe.FindStringSubmatch(s)
	if m == nil {
		return 0
	}
	n, _ := strconv.Atoi(m[1])
	return n
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

// RunPlay performs a play run: it opens cfg.Tables tables at cfg.Ramp
// sessions per second, plays them for cfg.Hold once every table started
// (or failed), and reports how fast actions showed on the players' screens.
func RunPlay(ctx context.Context, cfg Config, log *slog.Logger) (*PlayReport, error) {
	if err := cfg.Validate(); err != nil {
		return nil, err
	}
	if cfg.Play == "" {
		return nil, &ConfigError{"play", "no game given"}
	}
	if cfg.ProcRoot == "" {
		cfg.ProcRoot = "/proc"
	}
	rep := newPlayReport(&cfg)
	lim := newReport(&cfg)
	checkLimits(&cfg, lim, log)
	rep.Warnings, rep.Client = lim.Warnings, lim.Client
	var srvBefore ProcSample
	if cfg.ServerPID > 0 {
		var err error
		if srvBefore, err = ReadProc(cfg.ProcRoot, cfg.ServerPID); err != nil {
			return nil, fmt.Errorf("--server-pid: %w", err)
		}
	}
	sh := &shared{cfg: &cfg, hostKey: &hostKeyPin{want: cfg.HostKey}}
	hold, endHold := context.WithCancel(ctx)
	defer endHold()

	tables := make([]*playTable, cfg.Tables)
	var all, setup sync.WaitGroup
	start := time.Now()
	k := 0
launch:
	for n := range cfg.Tables {
		t := &playTable{n: n, opened: make(chan struct{}), ready: make(chan struct{}, cfg.HumansPerTable),
			started: make(chan struct{}), failed: make(chan struct{})}
		tables[n] = t
		for i := range cfg.HumansPerTable {
			t.humans = append(t.humans, &human{sh: sh, tab: t, idx: i, res: humanResult{actions: map[string]int{}}})
		}
		for _, h := range t.humans {
			at := start.Add(time.Duration(float64(k) / cfg.Ramp * float64(time.Second)))
			k++
			sleepCtx(ctx, time.Until(at))
			if ctx.Err() != nil {
				tables = tables[:n]
				break launch
			}
			if h.idx == 0 {
				t.dialAt = time.Now()
			}
			all.Add(1)
			setup.Add(1)
			go sh.runHuman(ctx, hold, h, setup.Done, all.Done, log)
		}
	}
	rep.Started = len(tables)
	setup.Wait()
	rep.RampSec = round3(time.Since(start).Seconds())
	log.Info("tables set up", "tables", len(tables), "seconds", rep.RampSec)

	sleepCtx(ctx, cfg.Settle)
	selfBefore, selfErr := ReadProc(cfg.ProcRoot, os.Getpid())
	var srvAfter ProcSample
	haveAfter := false
	if cfg.ServerPID > 0 {
		if s, err := ReadProc(cfg.ProcRoot, cfg.ServerPID); err == nil {
			srvAfter, haveAfter = s, true
		} else {
			rep.warn("server sample after setup: %v", err)
		}
	}
	sleepCtx(ctx, cfg.Hold-cfg.Settle)
	if selfErr == nil {
		if s, err := ReadProc(cfg.ProcRoot, os.Getpid()); err == nil {
			rep.Client.CPUPercent = cpuPercent(selfBefore, s)
		}
	}
	if haveAfter {
		if end, err := ReadProc(cfg.ProcRoot, cfg.ServerPID); err == nil {
			rep.setServer(srvBefore, srvAfter, end)
		}
	}
	endHold()
	all.Wait()
	rep.HostKey = sh.hostKey.fingerprint()
	rep.BytesTotal = sh.total.Load()
	rep.aggregate(tables, time.Duration((cfg.Hold-cfg.Settle).Seconds()*float64(time.Second)))
	if ctx.Err() != nil {
		rep.warn("interrupted: the run ended early")
	}
	return rep, nil
}

// runHuman sets up one human (host or joiner), signals setupDone once it
// is in the game or failed, and plays until the hold ends.
func (sh *shared) runHuman(ctx, hold context.Context, h *human, setupDone, done func(), log *slog.Logger) {
	defer done()
	var once sync.Once
	signal := func() { once.Do(setupDone) }
	defer signal()
	defer h.close()
	defer func() {
		if p := recover(); p != nil {
			h.fail("panic", fmt.Errorf("%v", p))
			h.tab.giveUp()
		}
	}()
	var err error
	if h.idx == 0 {
		err = sh.host(ctx, h)
		if err == nil {
			h.tab.startAt = time.Now()
			close(h.tab.started)
		} else {
			h.tab.giveUp()
		}
	} else {
		err = sh.join(ctx, h)
	}
	if err != nil {
		stage, cause := splitStage(err)
		h.fail(stage, cause)
		log.Debug("play setup failed", "table", h.tab.n, "human", h.idx, "err", err)
		return
	}
	h.res.ok, h.res.inGame = true, true
	signal()
	h.play(hold)
	select {
	case <-h.vt.done:
		if hold.Err() == nil {
			h.fail("play", closedErr(h.vt.err))
		}
	default:
	}
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
