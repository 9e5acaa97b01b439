package metrics

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"time"
)

// ErrNotLoopback refuses a metrics address that other hosts could reach
// when the operator did not say so.
var ErrNotLoopback = errors.New("--metrics listens on a loopback address (127.0.0.1:PORT, [::1]:PORT or localhost:PORT) " +
	"unless --metrics-public is given: the endpoint has no authentication, and it tells anyone who reaches it how many " +
	"people play, when, and which limits a flood hits")

// CheckAddr accepts a host:port address for the metrics endpoint: a
// loopback one, or any when public is set.
func CheckAddr(addr string, public bool) error {
	host, _, err := net.SplitHostPort(addr)
	if err != nil {
		return fmt.Errorf("--metrics: %w", err)
	}
	if public || host == "localhost" {
		return nil
	}
	if ip := net.ParseIP(host); ip != nil && ip.IsLoopback() {
		return nil
	}
	return ErrNotLoopback
}

// Serve serves /metrics on addr until ctx ends and returns the address it
// listens on (addr may have port 0). The address must have passed
// CheckAddr.
func Serve(ctx context.Context, addr string, m *Metrics, log *slog.Logger) (net.Addr, error) {
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return nil, fmt.Errorf("--metrics: %w", err)
	}
	mux := http.NewServeMux()
	mux.Handle("GET /metrics", m.Handler())
	srv := &http.Server{Handler: mux, ReadHeaderTimeout: 10 * time.Second, WriteTimeout: 30 * time.Second}
	go func() {
		defer func() {
			if r := recover(); r != nil {
				log.Error("panic in metrics server", "panic", r)
			}
		}()
		if err := srv.Serve(ln); err != nil && !errors.Is(err, http.ErrServerClosed) {
			log.Warn("metrics server stopped", "err", err)
		}
	}()
	context.AfterFunc(ctx, func() { _ = srv.Close() })
	log.Info("metrics listening", "addr", ln.Addr().String())
	return ln.Addr(), nil
}
