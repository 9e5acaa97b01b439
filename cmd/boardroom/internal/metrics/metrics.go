// Package metrics is boardroom's Prometheus instrumentation: it implements
// the observers that lobby and sshserver declare (lobby.Observer,
// sshserver.Observer), times the store's writes (Store), counts the lobby's
// tables at each scrape, and serves it all with the Go runtime and process
// collectors as Prometheus text on its own registry, never the global one.
// Only cmd wires it; no other package imports Prometheus.
package metrics

import (
	"net/http"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
	"github.com/prometheus/client_golang/prometheus/promhttp"

	"boardroom/lobby"
	"boardroom/sshserver"
)

// Bucket bounds in seconds. Applying an action, drawing a frame and a
// store write take from tens of microseconds to, on a loaded server, tens
// of milliseconds; the upper buckets show the stalls.
var (
	fastBuckets = []float64{.0001, .00025, .0005, .001, .0025, .005, .01, .025, .05, .1, .25, .5, 1}
	// Bots that search with playouts may think for seconds.
	botBuckets = []float64{.0001, .0005, .001, .005, .01, .05, .1, .25, .5, 1, 2.5, 5, 10}
)

// tableStatuses are the statuses boardroom_tables shows, each at zero when
// no table has it.
var tableStatuses = []string{lobby.TableForming, lobby.TablePlaying, lobby.TableFinished, lobby.TableAbandoned}

// Metrics holds every series. It implements lobby.Observer and
// sshserver.Observer; all methods are safe for concurrent use.
type Metrics struct {
	reg      *prometheus.Registry
	games    []string
	sessions *prometheus.GaugeVec
	refused  *prometheus.CounterVec
	frames   prometheus.Histogram
	actions  *prometheus.CounterVec
	actionT  *prometheus.HistogramVec
	botT     *prometheus.HistogramVec
	storeT   *prometheus.HistogramVec
	storeErr *prometheus.CounterVec
}

var (
	_ lobby.Observer     = (*Metrics)(nil)
	_ sshserver.Observer = (*Metrics)(nil)
)

// New registers every series for the games (engine ids) on a registry of
// its own, with each label value the server knows of at zero.
func New(games []string) *Metrics {
	reg := prometheus.NewRegistry()
	m := &Metrics{
		reg:   reg,
		games: append([]string(nil), games...),
		sessions: prometheus.NewGaugeVec(prometheus.GaugeOpts{Name: "boardroom_sessions",
			Help: "SSH sessions open now, by kind: player (terminal UI with a key), guest (terminal UI without), exec (a plain-text command)."},
			[]string{"kind"}),
		refused: prometheus.NewCounterVec(prometheus.CounterOpts{Name: "boardroom_refused_total",
			Help: "Connections, sessions, channels and requests refused by a limit of the SSH server, by the limit."},
			[]string{"reason"}),
		frames: prometheus.NewHistogram(prometheus.HistogramOpts{Name: "boardroom_frame_seconds",
			Help:    "Time from a message reaching a session's program (key, lobby update, resize) to its frame handed to the connection.",
			Buckets: fastBuckets}),
		actions: prometheus.NewCounterVec(prometheus.CounterOpts{Name: "boardroom_actions_applied_total",
			Help: "Game actions applied and stored, by game and actor (player, bot, table)."},
			[]string{"game", "actor"}),
		actionT: prometheus.NewHistogramVec(prometheus.HistogramOpts{Name: "boardroom_action_seconds",
			Help:    "Time to apply one action: the game's rules, then the store's write; the fan-out to screens excluded.",
			Buckets: fastBuckets}, []string{"game"}),
		botT: prometheus.NewHistogramVec(prometheus.HistogramOpts{Name: "boardroom_bot_think_seconds",
			Help:    "Time a bot took to choose an action, by game.",
			Buckets: botBuckets}, []string{"game"}),
		storeT: prometheus.NewHistogramVec(prometheus.HistogramOpts{Name: "boardroom_store_write_seconds",
			Help:    "Time of one write to the database, by operation.",
			Buckets: fastBuckets}, []string{"op"}),
		storeErr: prometheus.NewCounterVec(prometheus.CounterOpts{Name: "boardroom_store_write_errors_total",
			Help: "Writes to the database that failed, by operation."}, []string{"op"}),
	}
	reg.MustRegister(m.sessions, m.refused, m.frames, m.actions, m.actionT, m.botT, m.storeT, m.storeErr,
		collectors.NewGoCollector(), collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}))
	for _, k := range sshserver.SessionKinds() {
		m.sessions.WithLabelValues(k)
	}
	for _, r := range sshserver.RefusalReasons() {
		m.refused.WithLabelValues(r)
	}
	for _, g := range m.games {
		for _, a := range []string{lobby.ActorPlayer, lobby.ActorBot, lobby.ActorTable} {
			m.actions.WithLabelValues(g, a)
		}
	}
	for _, op := range storeOps {
		m.storeErr.WithLabelValues(op)
	}
	return m
}

// WatchTables adds boardroom_tables, counted by count at each scrape (the
// lobby's Service.TableCounts). Call it once, when the lobby exists.
func (m *Metrics) WatchTables(count func() []lobby.TableCount) {
	m.reg.MustRegister(&tablesCollector{
		desc: prometheus.NewDesc("boardroom_tables",
			"Tables the lobby holds, by game and status; finished and abandoned ones stay for a while after their game.",
			[]string{"game", "status"}, nil),
		games: m.games,
		count: count,
	})
}

// WatchSearches adds boardroom_bot_searches_waiting, read by waiting at
// each scrape (the lobby's Service.SearchesWaiting). Call it once, when
// the lobby exists.
func (m *Metrics) WatchSearches(waiting func() int) {
	m.reg.MustRegister(prometheus.NewGaugeFunc(prometheus.GaugeOpts{Name: "boardroom_bot_searches_waiting",
		Help: "Strong bots' moves waiting for one of the node's --max-searches slots."},
		func() float64 { return float64(waiting()) }))
}

// Handler serves the registry as Prometheus text (or protobuf, as the
// scraper asks).
func (m *Metrics) Handler() http.Handler {
	return promhttp.HandlerFor(m.reg, promhttp.HandlerOpts{ErrorHandling: promhttp.ContinueOnError})
}

// SessionStarted implements sshserver.Observer.
func (m *Metrics) SessionStarted(kind string) { m.sessions.WithLabelValues(kind).Inc() }

// SessionEnded implements sshserver.Observer.
func (m *Metrics) SessionEnded(kind string) { m.sessions.WithLabelValues(kind).Dec() }

// Refused implements sshserver.Observer.
func (m *Metrics) Refused(reason string) { m.refused.WithLabelValues(reason).Inc() }

// Frame implements sshserver.Observer.
func (m *Metrics) Frame(took time.Duration) { m.frames.Observe(took.Seconds()) }

// ActionApplied implements lobby.Observer.
func (m *Metrics) ActionApplied(game, actor string, took time.Duration) {
	m.actions.WithLabelValues(game, actor).Inc()
	m.actionT.WithLabelValues(game).Observe(took.Seconds())
}

// BotThought implements lobby.Observer.
func (m *Metrics) BotThought(game string, took time.Duration) {
	m.botT.WithLabelValues(game).Observe(took.Seconds())
}

// tablesCollector reads the lobby's table counts at each scrape, so that
// the gauge can never drift from the lobby's own state.
type tablesCollector struct {
	desc  *prometheus.Desc
	games []string
	count func() []lobby.TableCount
}

func (c *tablesCollector) Describe(ch chan<- *prometheus.Desc) { ch <- c.desc }

func (c *tablesCollector) Collect(ch chan<- prometheus.Metric) {
	type key struct{ game, status string }
	n := map[key]int{}
	for _, g := range c.games {
		for _, st := range tableStatuses {
			n[key{g, st}] = 0
		}
	}
	for _, tc := range c.count() {
		n[key{tc.Game, tc.Status}] += tc.Tables
	}
	for k, v := range n {
		ch <- prometheus.MustNewConstMetric(c.desc, prometheus.GaugeValue, float64(v), k.game, k.status)
	}
}
