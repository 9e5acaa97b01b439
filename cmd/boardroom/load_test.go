package main

import (
	"context"
	"log/slog"
	"os"
	"path/filepath"
	"regexp"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"boardroom/cmd/boardroom/internal/loadgen"
)

// TestLoadPlaysRealServer runs `boardroom load --play unipoly` against the
// real server (bots quick): every table starts, both humans of a table play
// and each sees the other's moves.
func TestLoadPlaysRealServer(t *testing.T) {
	if testing.Short() {
		t.Skip("plays real games for a few seconds")
	}
	ctx, cancel := context.WithCancel(context.Background())
	var out, errOut syncBuffer
	done := make(chan int, 1)
	go func() {
		done <- serve(ctx, serveOptions{Listen: "127.0.0.1:0", Data: filepath.Join(t.TempDir(), "data"),
			LogLevel: slog.LevelWarn, PublicHost: "localhost", BotDelay: 20 * time.Millisecond}, registry, &out, &errOut)
	}()
	defer func() {
		cancel()
		select {
		case <-done:
		case <-time.After(20 * time.Second):
			t.Error("serve did not stop")
		}
	}()
	addrRe := regexp.MustCompile(`listening on (127\.0\.0\.1:\d+)`)
	var addr string
	require.Eventually(t, func() bool {
		if m := addrRe.FindStringSubmatch(out.String()); m != nil {
			addr = m[1]
		}
		return addr != ""
	}, 20*time.Second, 10*time.Millisecond, "stderr: %s", &errOut)

	for _, humans := range []int{2, 1} {
		cfg := loadgen.DefaultConfig()
		cfg.Addr, cfg.Play, cfg.Tables, cfg.HumansPerTable, cfg.Seats = addr, "unipoly", 2, humans, 4
		cfg.Ramp, cfg.Hold, cfg.Settle, cfg.Timeout = 20, 3*time.Second, 200*time.Millisecond, 10*time.Second
		cfg.Think = loadgen.Think{} // flat out
		rep, err := loadgen.RunPlay(ctx, cfg, slog.New(slog.DiscardHandler))
		require.NoError(t, err)
		require.Equal(t, 2, rep.Playing, "humans %d: failures %+v\n%s", humans, rep.Failures, rep.ScreenFailed)
		require.Equal(t, 2*humans, rep.InGame)
		require.Positive(t, rep.Actions)
		require.Positive(t, rep.ByAction["roll"])
		require.Positive(t, rep.SelfMS.N)
		if humans > 1 {
			require.Positive(t, rep.PeerMS.N, "each human's moves show on the other's screen")
		} else {
			require.Zero(t, rep.PeerMS.N)
		}
	}
}

// TestLoadThinksAndReportsEachSecond plays four humans at one table of the
// real server as people do, thinking between moves, and checks the report
// of each second: actions, own and every other screen's latencies, the
// server's and the load tool's CPU and memory (the server runs in this
// process, so its pid is ours).
func TestLoadThinksAndReportsEachSecond(t *testing.T) {
	if testing.Short() {
		t.Skip("plays a real game for a few seconds")
	}
	ctx := context.Background()
	addr := serveForLoad(t)

	cfg := loadgen.DefaultConfig()
	cfg.Addr, cfg.Play, cfg.Tables, cfg.HumansPerTable, cfg.Seats = addr, "unipoly", 1, 4, 4
	cfg.Ramp, cfg.Hold, cfg.Settle, cfg.Timeout = 50, 4*time.Second, time.Second, 10*time.Second
	cfg.Think, cfg.Seed = loadgen.Think{Min: 100 * time.Millisecond, Max: 300 * time.Millisecond}, 42
	cfg.ServerPID = os.Getpid()
	var live []loadgen.Second
	cfg.OnSecond = func(s loadgen.Second) { live = append(live, s) }
	rep, err := loadgen.RunPlay(ctx, cfg, slog.New(slog.DiscardHandler))
	require.NoError(t, err)
	require.Equal(t, 1, rep.Playing, "failures %+v\n%s", rep.Failures, rep.ScreenFailed)
	require.Equal(t, 4, rep.InGame)
	require.Equal(t, "100ms-300ms", rep.Think)
	require.Equal(t, uint64(42), rep.Seed)

	require.Equal(t, live, rep.Seconds, "each second was reported as it ended")
	require.GreaterOrEqual(t, len(rep.Seconds), 4)
	actions, measured := 0, 0
	for i, s := range rep.Seconds {
		if i > 0 {
			require.Greater(t, s.T, rep.Seconds[i-1].T, "one row a second")
		}
		require.GreaterOrEqual(t, s.ServerCPU, 0.0, "second %d: the server's CPU", s.T)
		require.Positive(t, s.ServerRSSKiB)
		require.GreaterOrEqual(t, s.LoadCPU, 0.0)
		require.Equal(t, s.Self.N, s.Actions, "every applied action has its own latency")
		if s.Measured {
			actions += s.Actions
			measured++
		}
	}
	require.Positive(t, measured)
	require.Equal(t, rep.Actions, actions, "the summary is the sum of the measured seconds")
	// Four humans think 100-300 ms a decision: at most one action per
	// human per 100 ms, and the game keeps them busy.
	require.Positive(t, rep.Actions)
	require.LessOrEqual(t, rep.ActionsPerSec, 4*10.0)
	require.Positive(t, rep.ByAction["roll"])
	require.Positive(t, rep.AllMS.N, "moves show on all three other screens")
	require.Equal(t, rep.SelfMS.N, rep.Actions)
	require.LessOrEqual(t, rep.AllMS.N, rep.Actions)
	require.GreaterOrEqual(t, rep.PeerMS.N, rep.AllMS.N)
	require.GreaterOrEqual(t, rep.AllMS.P99, rep.PeerMS.P50, "every screen takes at least as long as the median one")
}

// TestLoadFindsCapacityStepByStep runs capacity searches of up to two
// steps of one table each: with a goal no server keeps (1ns) the search
// stops after the first step with no capacity; with a loose goal it goes
// on while steps keep it, and the capacity is the last such step's players.
func TestLoadFindsCapacityStepByStep(t *testing.T) {
	if testing.Short() {
		t.Skip("plays real games for a few seconds")
	}
	addr := serveForLoad(t)
	search := func(goal time.Duration) *loadgen.PlayReport {
		cfg := loadgen.DefaultConfig()
		cfg.Addr, cfg.Play, cfg.Tables, cfg.HumansPerTable, cfg.Seats = addr, "projectopoly", 2, 2, 4
		cfg.Ramp, cfg.Hold, cfg.Settle, cfg.Timeout = 50, 3*time.Second, 500*time.Millisecond, 10*time.Second
		cfg.Think, cfg.StepTables, cfg.StopP99 = loadgen.Think{Min: 50 * time.Millisecond, Max: 100 * time.Millisecond}, 1, goal
		var steps []loadgen.Step
		cfg.OnStep = func(s loadgen.Step) { steps = append(steps, s) }
		rep, err := loadgen.RunPlay(context.Background(), cfg, slog.New(slog.DiscardHandler))
		require.NoError(t, err)
		require.Equal(t, steps, rep.Steps, "each step was reported as it ended")
		require.NotEmpty(t, rep.Steps, "failures %+v\n%s", rep.Failures, rep.ScreenFailed)
		for i, st := range rep.Steps {
			require.Equal(t, i+1, st.Tables)
			require.Equal(t, 2*(i+1), st.Players)
			require.Equal(t, st.Players, st.InGame, "failures %+v", rep.Failures)
			require.Positive(t, st.Actions, "step %d", i+1)
			require.Positive(t, st.WindowSec)
			if i < len(rep.Steps)-1 {
				require.True(t, st.OK, "only the last step may miss the goal: %+v", rep.Steps)
			}
		}
		return rep
	}

	rep := search(time.Nanosecond)
	require.Len(t, rep.Steps, 1, "stops at the first step that misses the goal")
	require.False(t, rep.Steps[0].OK)
	require.Zero(t, rep.CapacityPlayers)

	rep = search(650 * time.Millisecond)
	want := 0
	for _, st := range rep.Steps {
		if st.OK {
			want = st.Players
		}
	}
	require.Equal(t, want, rep.CapacityPlayers)
	if rep.Steps[0].OK {
		require.Len(t, rep.Steps, 2, "a step that keeps the goal is followed by the next")
	}
}

// serveForLoad runs the real server on 127.0.0.1:0 (bots quick) until the
// test ends and returns its address.
func serveForLoad(t *testing.T) string {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	var out, errOut syncBuffer
	done := make(chan int, 1)
	go func() {
		done <- serve(ctx, serveOptions{Listen: "127.0.0.1:0", Data: filepath.Join(t.TempDir(), "data"),
			LogLevel: slog.LevelWarn, PublicHost: "localhost", BotDelay: 20 * time.Millisecond}, registry, &out, &errOut)
	}()
	t.Cleanup(func() {
		cancel()
		select {
		case <-done:
		case <-time.After(20 * time.Second):
			t.Error("serve did not stop")
		}
	})
	addrRe := regexp.MustCompile(`listening on (127\.0\.0\.1:\d+)`)
	var addr string
	require.Eventually(t, func() bool {
		if m := addrRe.FindStringSubmatch(out.String()); m != nil {
			addr = m[1]
		}
		return addr != ""
	}, 20*time.Second, 10*time.Millisecond, "stderr: %s", &errOut)
	return addr
}
