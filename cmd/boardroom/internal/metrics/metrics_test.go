package metrics

import (
	"bufio"
	"context"
	"errors"
	"net/http/httptest"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"boardroom/db"
	"boardroom/lobby"
	"boardroom/sshserver"
)

// scrape reads the handler's text exposition into series -> value, the
// series written as Prometheus writes it: name{label="value",...}.
func scrape(t *testing.T, m *Metrics) map[string]float64 {
	t.Helper()
	rec := httptest.NewRecorder()
	m.Handler().ServeHTTP(rec, httptest.NewRequest("GET", "/metrics", nil))
	require.Equal(t, 200, rec.Code)
	require.Contains(t, rec.Header().Get("Content-Type"), "text/plain")
	out := map[string]float64{}
	sc := bufio.NewScanner(rec.Body)
	for sc.Scan() {
		line := sc.Text()
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		i := strings.LastIndexByte(line, ' ')
		require.Positive(t, i, line)
		v, err := strconv.ParseFloat(line[i+1:], 64)
		require.NoError(t, err, line)
		out[line[:i]] = v
	}
	require.NoError(t, sc.Err())
	return out
}

func TestObserversShowInScrape(t *testing.T) {
	m := New([]string{"unipoly", "technopoly"})
	got := scrape(t, m)
	// Every known label value is there from the start, at zero.
	for _, k := range sshserver.SessionKinds() {
		require.Contains(t, got, `boardroom_sessions{kind="`+k+`"}`)
	}
	for _, r := range sshserver.RefusalReasons() {
		require.Contains(t, got, `boardroom_refused_total{reason="`+r+`"}`)
	}
	require.Contains(t, got, `boardroom_actions_applied_total{actor="bot",game="technopoly"}`)
	require.Contains(t, got, `go_goroutines`, "the Go runtime collector")
	require.Contains(t, got, `process_resident_memory_bytes`, "the process collector")

	m.SessionStarted(sshserver.SessionPlayer)
	m.SessionStarted(sshserver.SessionPlayer)
	m.SessionEnded(sshserver.SessionPlayer)
	m.SessionStarted(sshserver.SessionExec)
	m.Refused(sshserver.RefusedUnauthPerAddress)
	m.Frame(3 * time.Millisecond)
	m.ActionApplied("unipoly", lobby.ActorBot, 200*time.Microsecond)
	m.ActionApplied("unipoly", lobby.ActorPlayer, 2*time.Second)
	m.BotThought("unipoly", 40*time.Millisecond)

	got = scrape(t, m)
	for series, want := range map[string]float64{
		`boardroom_sessions{kind="player"}`:                                 1,
		`boardroom_sessions{kind="exec"}`:                                   1,
		`boardroom_sessions{kind="guest"}`:                                  0,
		`boardroom_refused_total{reason="unauthenticated-per-address"}`:     1,
		`boardroom_refused_total{reason="sessions-per-key"}`:                0,
		`boardroom_frame_seconds_count`:                                     1,
		`boardroom_frame_seconds_bucket{le="0.0025"}`:                       0,
		`boardroom_frame_seconds_bucket{le="0.005"}`:                        1,
		`boardroom_actions_applied_total{actor="bot",game="unipoly"}`:       1,
		`boardroom_actions_applied_total{actor="player",game="unipoly"}`:    1,
		`boardroom_actions_applied_total{actor="player",game="technopoly"}`: 0,
		`boardroom_action_seconds_count{game="unipoly"}`:                    2,
		`boardroom_action_seconds_bucket{game="unipoly",le="0.00025"}`:      1,
		`boardroom_action_seconds_bucket{game="unipoly",le="1"}`:            1,
		`boardroom_action_seconds_bucket{game="unipoly",le="+Inf"}`:         2,
		`boardroom_bot_think_seconds_count{game="unipoly"}`:                 1,
		`boardroom_bot_think_seconds_bucket{game="unipoly",le="0.05"}`:      1,
		`boardroom_bot_think_seconds_bucket{game="unipoly",le="0.01"}`:      0,
	} {
		require.Containsf(t, got, series, "missing %s", series)
		require.Equalf(t, want, got[series], "%s", series)
	}
}

// TestSearchesWaitingAreReadAtScrape: the strong bots' moves waiting for a
// slot are read at each scrape.
func TestSearchesWaitingAreReadAtScrape(t *testing.T) {
	m := New([]string{"unipoly"})
	waiting := 3
	m.WatchSearches(func() int { return waiting })
	require.Equal(t, 3.0, scrape(t, m)["boardroom_bot_searches_waiting"])
	waiting = 0
	require.Zero(t, scrape(t, m)["boardroom_bot_searches_waiting"])
}

func TestTablesAreCountedAtScrape(t *testing.T) {
	m := New([]string{"unipoly", "technopoly"})
	counts := []lobby.TableCount{{Game: "unipoly", Status: lobby.TablePlaying, Tables: 2}}
	m.WatchTables(func() []lobby.TableCount { return counts })
	got := scrape(t, m)
	require.Equal(t, 2.0, got[`boardroom_tables{game="unipoly",status="playing"}`])
	for _, st := range []string{"forming", "finished", "abandoned"} {
		v, ok := got[`boardroom_tables{game="unipoly",status="`+st+`"}`]
		require.True(t, ok, st)
		require.Zero(t, v, st)
	}
	require.Contains(t, got, `boardroom_tables{game="technopoly",status="playing"}`)

	counts = []lobby.TableCount{{Game: "unipoly", Status: lobby.TableFinished, Tables: 1},
		{Game: "technopoly", Status: lobby.TableForming, Tables: 3}}
	got = scrape(t, m)
	require.Zero(t, got[`boardroom_tables{game="unipoly",status="playing"}`], "read again at each scrape")
	require.Equal(t, 1.0, got[`boardroom_tables{game="unipoly",status="finished"}`])
	require.Equal(t, 3.0, got[`boardroom_tables{game="technopoly",status="forming"}`])
}

// TestStoreTimesWrites: writes through the wrapper are timed by operation,
// failed ones counted; reads are not; the lobby still finds the store's
// optional import marker.
func TestStoreTimesWrites(t *testing.T) {
	ctx := context.Background()
	raw, err := db.Open(ctx, filepath.Join(t.TempDir(), "boardroom.db"), nil)
	require.NoError(t, err)
	t.Cleanup(func() { _ = raw.Close() })
	m := New(nil)
	var st lobby.Store = m.Store(raw)
	_, ok := st.(interface {
		lobby.ImportStore
		lobby.ImportDigestStore
	})
	require.True(t, ok, "the import marker passes through")

	now := time.Date(2025, 6, 1, 9, 0, 0, 0, time.UTC)
	acc, err := st.CreateAccount(ctx, "SHA256:a", "ada", now)
	require.NoError(t, err)
	_, err = st.CreateAccount(ctx, "SHA256:b", "ADA", now)
	require.True(t, errors.Is(err, lobby.ErrHandleTaken), "%v", err)
	_, err = st.AccountByID(ctx, acc.ID)
	require.NoError(t, err)
	id, err := st.CreateTable(ctx, lobby.TableRecord{LobbyID: lobby.PublicLobbyID, Game: "unipoly", HostID: acc.ID,
		Status: lobby.TableForming, Seats: []lobby.SeatRecord{{AccountID: acc.ID}, {}}, CreatedAt: now, UpdatedAt: now})
	require.NoError(t, err)
	require.Positive(t, id)

	got := scrape(t, m)
	require.Equal(t, 2.0, got[`boardroom_store_write_seconds_count{op="account"}`])
	require.Equal(t, 1.0, got[`boardroom_store_write_errors_total{op="account"}`])
	require.Equal(t, 1.0, got[`boardroom_store_write_seconds_count{op="table"}`])
	require.Zero(t, got[`boardroom_store_write_errors_total{op="table"}`])
	require.NotContains(t, got, `boardroom_store_write_seconds_count{op="action"}`, "no action written yet")
}

func TestCheckAddr(t *testing.T) {
	for _, addr := range []string{"127.0.0.1:9100", "[::1]:9100", "localhost:9100", "127.0.0.1:0"} {
		require.NoError(t, CheckAddr(addr, false), addr)
	}
	for _, addr := range []string{":9100", "0.0.0.0:9100", "[::]:9100", "192.0.2.7:9100", "metrics.example.org:9100"} {
		require.ErrorIs(t, CheckAddr(addr, false), ErrNotLoopback, addr)
		require.NoError(t, CheckAddr(addr, true), "%s with --metrics-public", addr)
	}
	require.Error(t, CheckAddr("nope", true), "not host:port")
}
