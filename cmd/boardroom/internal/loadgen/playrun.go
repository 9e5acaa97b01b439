package loadgen

import (
	"context"
	crand "crypto/rand"
	"encoding/binary"
	"fmt"
	"log/slog"
	"math/rand/v2"
	"os"
	"runtime"
	"sync"
	"time"
)

// RunPlay performs a play run: it opens cfg.Tables tables at cfg.Ramp
// sessions per second, plays them for cfg.Hold once every table started
// (or failed), and reports, per second and over the hold after the settle
// time, how fast actions showed on the players' screens and what the
// server and the load tool cost.
func RunPlay(ctx context.Context, cfg Config, log *slog.Logger) (*PlayReport, error) {
	if err := cfg.Validate(); err != nil {
		return nil, err
	}
	if cfg.Play == "" {
		return nil, &ConfigError{"play", "no game given"}
	}
	pol, err := policyFor(cfg.Play)
	if err != nil {
		return nil, err
	}
	if cfg.ProcRoot == "" {
		cfg.ProcRoot = "/proc"
	}
	if cfg.Seed == 0 {
		var b [8]byte
		_, _ = crand.Read(b[:])
		cfg.Seed = binary.LittleEndian.Uint64(b[:]) | 1
	}
	rep := newPlayReport(&cfg)
	lim := newReport(&cfg)
	checkLimits(&cfg, lim, log)
	rep.Warnings, rep.Client = lim.Warnings, lim.Client
	var srvBefore ProcSample
	if cfg.ServerPID > 0 {
		if srvBefore, err = ReadProc(cfg.ProcRoot, cfg.ServerPID); err != nil {
			return nil, fmt.Errorf("--server-pid: %w", err)
		}
	}
	sh := &shared{cfg: &cfg, hostKey: &hostKeyPin{want: cfg.HostKey}, meter: &meter{},
		dialSlots: make(chan struct{}, handshakesInFlight)}
	hold, endHold := context.WithCancel(ctx)
	defer endHold()

	start := time.Now()
	ticks := &secondTicker{sh: sh, start: start, onSecond: cfg.OnSecond}
	tickCtx, stopTicks := context.WithCancel(context.Background())
	tickDone := make(chan struct{})
	go func() {
		defer close(tickDone)
		defer func() {
			if p := recover(); p != nil {
				log.Error("per-second report stopped", "panic", p)
			}
		}()
		ticks.run(tickCtx)
	}()

	tables := make([]*playTable, 0, cfg.Tables)
	var all sync.WaitGroup
	launch := func(upto int) {
		var setup sync.WaitGroup
		batch := time.Now()
		k := 0
		for n := len(tables); n < upto; n++ {
			t := &playTable{n: n, opened: make(chan struct{}), ready: make(chan struct{}, cfg.HumansPerTable),
				started: make(chan struct{}), failed: make(chan struct{})}
			for i := range cfg.HumansPerTable {
				t.humans = append(t.humans, &human{sh: sh, tab: t, idx: i, policy: pol,
					rng: rand.New(rand.NewPCG(cfg.Seed, uint64(n)<<8|uint64(i))),
					res: humanResult{actions: map[string]int{}}})
			}
			for _, h := range t.humans {
				at := batch.Add(time.Duration(float64(k) / cfg.Ramp * float64(time.Second)))
				k++
				sleepCtx(ctx, time.Until(at))
				if ctx.Err() != nil {
					break
				}
				if h.idx == 0 {
					t.dialAt = time.Now()
					tables = append(tables, t)
				}
				all.Add(1)
				setup.Add(1)
				go sh.runHuman(ctx, hold, h, setup.Done, all.Done, log)
			}
		}
		setup.Wait()
	}

	var srvAfter ProcSample
	haveAfter := false
	var selfBefore ProcSample
	var selfErr error
	var lastStep samples
	for i, upto := range rampSteps(&cfg) {
		stepStart := time.Now()
		launch(upto)
		if ctx.Err() != nil {
			break
		}
		rep.Started = len(tables)
		rep.RampSec = round3(time.Since(stepStart).Seconds())
		log.Info("tables set up", "tables", len(tables), "seconds", rep.RampSec)
		// The ramp's garbage is collected now, before the settle: with the
		// tool's own target (--self-gogc) its next collection then comes
		// after the measured window at most loads, and a collection of
		// the tool, which takes the cores from the server it measures, is
		// not counted as the server's latency.
		runtime.GC()
		sleepCtx(ctx, cfg.Settle)
		sh.meter.measure(true)
		var srv0 ProcSample
		haveSrv := false
		if cfg.ServerPID > 0 {
			if s, err := ReadProc(cfg.ProcRoot, cfg.ServerPID); err == nil {
				srv0, haveSrv = s, true
			} else {
				rep.warn("server sample after setup: %v", err)
			}
		}
		self0, err0 := ReadProc(cfg.ProcRoot, os.Getpid())
		if i == 0 {
			srvAfter, haveAfter, selfBefore, selfErr = srv0, haveSrv, self0, err0
		}
		sleepCtx(ctx, cfg.Hold-cfg.Settle)
		if cfg.StepTables == 0 {
			continue
		}
		// A step of the ramp: measure it alone, stop at the first that
		// misses the goal.
		sh.meter.measure(false)
		srv1, err1 := ReadProc(cfg.ProcRoot, cfg.ServerPID)
		self1, _ := ReadProc(cfg.ProcRoot, os.Getpid())
		lastStep = sh.meter.cut()
		st := newStep(&cfg, tables, lastStep, srv0, srv1, haveSrv && err1 == nil, self0, self1)
		rep.Steps = append(rep.Steps, st)
		if cfg.OnStep != nil {
			cfg.OnStep(st)
		}
		if !st.OK {
			break
		}
		rep.CapacityPlayers = st.Players
	}
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
	if cfg.MemProfile != "" {
		if err := writeHeapProfile(cfg.MemProfile); err != nil {
			rep.warn("memprofile: %v", err)
		}
	}
	stopTicks()
	<-tickDone
	sh.meter.measure(false)
	endHold()
	all.Wait()
	rep.HostKey = sh.hostKey.fingerprint()
	rep.BytesTotal = sh.total.Load()
	rep.ConnectRetries = sh.connectRetries.Load()
	rep.Seconds = ticks.rows
	rep.summarizeSeconds()
	tot := sh.meter.totals()
	if cfg.StepTables > 0 {
		tot = lastStep // the summary is the last step's
	}
	rep.aggregate(tables, tot, time.Duration(tot.seconds)*time.Second)
	if ctx.Err() != nil {
		rep.warn("interrupted: the run ended early")
	}
	return rep, nil
}

// secondTicker turns the meter's samples into one Second a second.
type secondTicker struct {
	sh       *shared
	start    time.Time
	onSecond func(Second)
	rows     []Second
}

func (st *secondTicker) run(ctx context.Context) {
	cfg := st.sh.cfg
	read := func(pid int) (ProcSample, bool) {
		if pid <= 0 {
			return ProcSample{}, false
		}
		s, err := readProc(cfg.ProcRoot, pid, false)
		return s, err == nil
	}
	srv0, haveSrv := read(cfg.ServerPID)
	self0, _ := read(os.Getpid())
	mach0, machErr := readMachine(cfg.ProcRoot)
	tk := time.NewTicker(time.Second)
	defer tk.Stop()
	lastT := 0
	for {
		select {
		case <-ctx.Done():
			return
		case <-tk.C:
		}
		s, measured := st.sh.meter.take()
		srv1, ok := read(cfg.ServerPID)
		self1, _ := read(os.Getpid())
		mach1, err := readMachine(cfg.ProcRoot)
		// A tick that came late (a busy machine) and the next on time
		// would round to the same second: the rows stay one a second.
		t := max(int(time.Since(st.start).Round(time.Second)/time.Second), lastT+1)
		lastT = t
		sec := newSecond(t, int(st.sh.inGame.Load()),
			s, measured, srv0, srv1, haveSrv && ok, self0, self1)
		if machErr == nil && err == nil {
			sec.StealPct = stealPercent(mach0, mach1)
		}
		st.rows = append(st.rows, sec)
		if st.onSecond != nil {
			st.onSecond(sec)
		}
		srv0, haveSrv, self0 = srv1, ok, self1
		mach0, machErr = mach1, err
	}
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
	h.playing.Store(true)
	sh.inGame.Add(1)
	defer func() {
		h.playing.Store(false)
		sh.inGame.Add(-1)
	}()
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
