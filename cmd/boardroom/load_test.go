package main

import (
	"context"
	"log/slog"
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
