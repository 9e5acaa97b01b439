package loadgen

import (
	"context"
	"fmt"
	"log/slog"
	"os"
	"sync"
	"time"
)

// Run performs one load run: it starts cfg.Sessions sessions at cfg.Ramp per
// second, waits until each is ready or has failed, settles, holds them open
// for cfg.Hold (measuring the server over the part of the hold after the
// settle time), closes them and returns the report. Cancelling ctx ends the
// run early; the report then covers what happened so far.
func Run(ctx context.Context, cfg Config, log *slog.Logger) (*Report, error) {
	if err := cfg.Validate(); err != nil {
		return nil, err
	}
	if cfg.ProcRoot == "" {
		cfg.ProcRoot = "/proc"
	}
	rep := newReport(&cfg)
	checkLimits(&cfg, rep, log)

	var srvBefore, srvAfter ProcSample
	var err error
	haveAfter := false
	if cfg.ServerPID > 0 {
		if srvBefore, err = ReadProc(cfg.ProcRoot, cfg.ServerPID); err != nil {
			return nil, fmt.Errorf("--server-pid: %w", err)
		}
	}
	sh := &shared{cfg: &cfg, hostKey: &hostKeyPin{want: cfg.HostKey}}
	if cfg.WaitFor != "" {
		sh.needle = NormalizeText(cfg.WaitFor)
	}
	hold, endHold := context.WithCancel(ctx)
	defer endHold()

	results := make([]sessionResult, cfg.Sessions)
	var all, ready sync.WaitGroup
	start := time.Now()
	stopProgress := progress(log, sh)
	timer := time.NewTimer(0)
	<-timer.C
launch:
	for i := range cfg.Sessions {
		at := start.Add(time.Duration(float64(i) / cfg.Ramp * float64(time.Second)))
		if d := time.Until(at); d > 0 {
			timer.Reset(d)
			select {
			case <-ctx.Done():
				timer.Stop()
				break launch
			case <-timer.C:
			}
		}
		if ctx.Err() != nil {
			break
		}
		all.Add(1)
		ready.Add(1)
		rep.Started++
		go func() {
			defer all.Done()
			results[i] = sh.runSession(ctx, hold, i, ready.Done)
		}()
	}
	ready.Wait()
	stopProgress()
	rampEnd := time.Now()
	rep.RampSec = round3(rampEnd.Sub(start).Seconds())
	log.Info("ramp done", "started", rep.Started, "ready", sh.ready.Load(), "failed", sh.failed.Load(), "seconds", rep.RampSec)

	sleepCtx(ctx, cfg.Settle)
	selfBefore, selfErr := ReadProc(cfg.ProcRoot, os.Getpid())
	bytesBefore := sh.total.Load()
	readyAtSample := sh.ready.Load()
	if cfg.ServerPID > 0 {
		if srvAfter, err = ReadProc(cfg.ProcRoot, cfg.ServerPID); err != nil {
			rep.warn("server sample after the ramp: %v", err)
		} else {
			haveAfter = true
		}
	}
	windowStart := time.Now()
	log.Info("holding", "until", rampEnd.Add(cfg.Hold).Format(time.TimeOnly))
	sleepCtx(ctx, time.Until(rampEnd.Add(cfg.Hold)))
	window := time.Since(windowStart)
	bytesWindow := sh.total.Load() - bytesBefore
	if selfErr == nil {
		if selfAfter, err := ReadProc(cfg.ProcRoot, os.Getpid()); err == nil {
			rep.Client.CPUPercent = cpuPercent(selfBefore, selfAfter)
		}
	}
	if haveAfter {
		if srvEnd, err := ReadProc(cfg.ProcRoot, cfg.ServerPID); err != nil {
			rep.warn("server sample at the end of the hold: %v", err)
		} else {
			rep.setServer(srvBefore, srvAfter, srvEnd, readyAtSample)
		}
	}
	endHold()
	all.Wait()

	rep.HostKey = sh.hostKey.fingerprint()
	rep.aggregate(results[:rep.Started], window, bytesWindow)
	if ctx.Err() != nil {
		rep.warn("interrupted: the run ended early")
	}
	return rep, nil
}

// checkLimits raises this process's open-file limit and warns when it, or
// the server's, is too low for the run.
func checkLimits(cfg *Config, rep *Report, log *slog.Logger) {
	need := uint64(cfg.Sessions) + 64
	soft, hard, err := RaiseNoFile()
	rep.Client.NoFileSoft, rep.Client.NoFileHard = soft, hard
	switch {
	case err != nil:
		rep.warn("could not raise the open-file limit: %v", err)
	case soft < need:
		rep.warn("open-file limit %d (hard %d) is below the %d this run needs; raise the hard limit (ulimit -Hn) or run fewer sessions", soft, hard, need)
	default:
		log.Debug("open-file limit", "soft", soft, "hard", hard)
	}
	if cfg.ServerPID > 0 {
		if n, err := MaxOpenFiles(cfg.ProcRoot, cfg.ServerPID); err == nil && n >= 0 && uint64(n) < need {
			rep.warn("the server's open-file limit is %d, below the %d sessions need", n, need)
		}
	}
}

// progress logs the ramp's progress once a second until stopped.
func progress(log *slog.Logger, sh *shared) (stop func()) {
	done := make(chan struct{})
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		defer func() {
			if p := recover(); p != nil {
				log.Error("progress reporter panicked", "panic", p)
			}
		}()
		t := time.NewTicker(time.Second)
		defer t.Stop()
		for {
			select {
			case <-done:
				return
			case <-t.C:
				log.Info("ramping", "ready", sh.ready.Load(), "failed", sh.failed.Load())
			}
		}
	}()
	return func() { close(done); wg.Wait() }
}

func sleepCtx(ctx context.Context, d time.Duration) {
	if d <= 0 {
		return
	}
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-ctx.Done():
	case <-t.C:
	}
}
