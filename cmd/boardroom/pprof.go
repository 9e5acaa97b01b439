package main

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"net/http/pprof"
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
