package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"log/slog"

	"boardroom/cmd/boardroom/internal/metrics"
	"boardroom/engine"
	"boardroom/lobby"
)

// observeOptions are what an operator watches the server with: the
// Prometheus endpoint and the log format.
type observeOptions struct {
	// Metrics is the address of the Prometheus endpoint; "" = off. It must
	// be a loopback address unless MetricsPublic (metrics.CheckAddr).
	Metrics       string
	MetricsPublic bool
	// JSONLogs writes one JSON object a line (for log shippers) instead
	// of key=value text.
	JSONLogs bool
}

// addObserveFlags defines --metrics, --metrics-public and --log-format on
// fs, each falling back to a BOARDROOM_* environment variable; the returned
// function reads them after fs.Parse.
func addObserveFlags(fs *flag.FlagSet, envOr func(k, def string) string) func() (observeOptions, error) {
	addr := fs.String("metrics", envOr("BOARDROOM_METRICS", ""),
		"serve Prometheus metrics at http://`address`/metrics (e.g. 127.0.0.1:9100); off by default (env BOARDROOM_METRICS)")
	public := fs.Bool("metrics-public", envBool(envOr("BOARDROOM_METRICS_PUBLIC", "")),
		"let --metrics listen on an address other hosts can reach; the endpoint has no authentication (env BOARDROOM_METRICS_PUBLIC=1)")
	format := fs.String("log-format", envOr("BOARDROOM_LOG_FORMAT", "text"),
		"text (key=value) or json (one object a line, for log shippers) (env BOARDROOM_LOG_FORMAT)")
	return func() (observeOptions, error) {
		o := observeOptions{Metrics: *addr, MetricsPublic: *public}
		switch *format {
		case "text":
		case "json":
			o.JSONLogs = true
		default:
			return observeOptions{}, fmt.Errorf("--log-format: %q is not text or json", *format)
		}
		if o.Metrics != "" {
			if err := metrics.CheckAddr(o.Metrics, o.MetricsPublic); err != nil {
				return observeOptions{}, err
			}
		}
		return o, nil
	}
}

// newLogger is the server's logger in the chosen format.
func newLogger(w io.Writer, o observeOptions, level slog.Level) *slog.Logger {
	opts := &slog.HandlerOptions{Level: level}
	if o.JSONLogs {
		return slog.New(slog.NewJSONHandler(w, opts))
	}
	return slog.New(slog.NewTextHandler(w, opts))
}

// newMetrics makes the metrics of the registry's games when they are on
// (nil otherwise): the lobby is told of actions and bots through lcfg, and
// writes to the returned store, which times them.
func newMetrics(o observeOptions, reg *engine.Registry, store metrics.Backend, lcfg *lobby.Config) (*metrics.Metrics, lobby.Store) {
	if o.Metrics == "" {
		return nil, store
	}
	var games []string
	for _, d := range reg.List() {
		games = append(games, d.Info().ID)
	}
	m := metrics.New(games)
	lcfg.Observer = m
	return m, m.Store(store)
}

// serveMetrics counts the lobby's tables and serves the endpoint until ctx
// ends; it prints where.
func serveMetrics(ctx context.Context, o observeOptions, m *metrics.Metrics, svc *lobby.Service, stdout io.Writer, log *slog.Logger) error {
	m.WatchTables(svc.TableCounts)
	m.WatchSearches(svc.SearchesWaiting)
	addr, err := metrics.Serve(ctx, o.Metrics, m, log)
	if err != nil {
		return err
	}
	fmt.Fprintf(stdout, "metrics on http://%s/metrics\n", addr)
	return nil
}
