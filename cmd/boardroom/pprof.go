package main

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"net/http/pprof"
	"runtime/metrics"
	"time"
)

// errPprofNotLoopback refuses a --pprof address that other hosts could reach.
var errPprofNotLoopback = errors.New("--pprof must listen on a loopback address (127.0.0.1:PORT, [::1]:PORT or localhost:PORT)")

// checkPprofAddr accepts only loopback host:port addresses.
func checkPprofAddr(addr string) error {
	host, _, err := net.SplitHostPort(addr)
	if err != nil {
		return fmt.Errorf("--pprof: %w", err)
	}
	if host == "localhost" {
		return nil
	}
	if ip := net.ParseIP(host); ip != nil && ip.IsLoopback() {
		return nil
	}
	return errPprofNotLoopback
}

// startPprof serves the runtime profiles (/debug/pprof/...) on a loopback
// address until ctx ends. It is opt-in (`serve --pprof 127.0.0.1:6060`) and
// meant for measuring the server under `boardroom load`.
func startPprof(ctx context.Context, addr string, log *slog.Logger) error {
	if err := checkPprofAddr(addr); err != nil {
		return err
	}
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return fmt.Errorf("--pprof: %w", err)
	}
	mux := http.NewServeMux()
	mux.HandleFunc("/debug/pprof/", pprof.Index)
	mux.HandleFunc("/debug/pprof/cmdline", pprof.Cmdline)
	mux.HandleFunc("/debug/pprof/profile", pprof.Profile)
	mux.HandleFunc("/debug/pprof/symbol", pprof.Symbol)
	mux.HandleFunc("/debug/pprof/trace", pprof.Trace)
	mux.HandleFunc("/debug/gc", gcMetrics)
	srv := &http.Server{Handler: mux, ReadHeaderTimeout: 10 * time.Second}
	go func() {
		defer func() {
			if r := recover(); r != nil {
				log.Error("panic in pprof server", "panic", r)
			}
		}()
		if err := srv.Serve(ln); err != nil && !errors.Is(err, http.ErrServerClosed) {
			log.Warn("pprof server stopped", "err", err)
		}
	}()
	context.AfterFunc(ctx, func() { _ = srv.Close() })
	log.Info("pprof listening", "addr", ln.Addr().String())
	return nil
}

// gcSamples are the runtime's figures that decide what a collection costs:
// the heap it keeps, the part of it with pointers that marking must scan,
// the goroutines' stacks it scans, and how many goroutines there are.
var gcSamples = []string{
	"/gc/heap/live:bytes",
	"/gc/scan/heap:bytes",
	"/gc/scan/stack:bytes",
	"/gc/scan/globals:bytes",
	"/gc/heap/goal:bytes",
	"/gc/cycles/total:gc-cycles",
	"/sched/goroutines:goroutines",
	"/memory/classes/heap/objects:bytes",
	"/memory/classes/heap/stacks:bytes",
	"/memory/classes/heap/unused:bytes",
	"/memory/classes/heap/free:bytes",
	"/memory/classes/metadata/other:bytes",
	"/memory/classes/total:bytes",
}

// gcMetrics writes gcSamples as "name value" lines (GET /debug/gc on the
// --pprof address): what a collection has to mark, read without a profile.
func gcMetrics(w http.ResponseWriter, _ *http.Request) {
	s := make([]metrics.Sample, len(gcSamples))
	for i, n := range gcSamples {
		s[i].Name = n
	}
	metrics.Read(s)
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	for _, v := range s {
		if v.Value.Kind() == metrics.KindUint64 {
			fmt.Fprintf(w, "%s %d\n", v.Name, v.Value.Uint64())
		}
	}
}
